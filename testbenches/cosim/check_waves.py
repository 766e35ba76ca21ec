#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compare the co-simulation's wave files signal by signal (names and values).

Usage: check_waves.py RTL.fst MODEL.fst [--expect-diff NAME ...] [--min-common N]

Both files are converted with GTKWave's fst2vcd. Every signal whose full hierarchical name
appears in both files is compared at every time either file records (a register X_q beside a
valid_q only while that valid_q is 1 in the RTL's file, a stage-boundary payload such as om_top.om_top.acc_op.* only while acc_valid is 1;
nothing while om_top.rst_ni is 0); the
script prints the
common signals' count and, per differing signal, the first time and both values. Exit status 0
when at least --min-common signals are common and exactly the --expect-diff signals differ
(none by default), else 1.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools/gen"))
import top_table  # noqa: E402

# om_top.sv's stage-boundary payloads and the valid beside them (defs/top_ports.toml).
BOUNDARY = top_table.gated()


def read_vcd(path: str) -> dict[str, list[tuple[int, str]]]:
    """Signal name -> [(time, value bits)] from fst2vcd's output."""
    text = subprocess.run(["fst2vcd", path], check=True, capture_output=True, text=True).stdout
    scopes: list[str] = []
    ids: dict[str, list[str]] = {}
    changes: dict[str, list[tuple[int, str]]] = {}
    t = 0
    lines = iter(text.splitlines())
    for line in lines:
        tok = line.split()
        if not tok:
            continue
        if tok[0] == "$scope":
            scopes.append(tok[2])
        elif tok[0] == "$upscope":
            scopes.pop()
        elif tok[0] == "$var":
            name = ".".join(scopes + [tok[4]])
            ids.setdefault(tok[3], []).append(name)
            changes[name] = []
        elif tok[0] == "$enddefinitions":
            break
    for line in lines:
        if not line or line[0] == "$":
            continue
        if line[0] == "#":
            t = int(line[1:])
            continue
        if line[0] in "bB":
            value, ident = line[1:].split()
        else:
            value, ident = line[0], line[1:]
        for name in ids.get(ident, []):
            changes[name].append((t, value.lstrip("0") or "0"))
    return changes


def value_at(ch: list[tuple[int, str]], t: int) -> str | None:
    v = None
    for time, val in ch:
        if time > t:
            break
        v = val
    return v


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rtl")
    ap.add_argument("model")
    ap.add_argument("--expect-diff", nargs="*", default=[])
    ap.add_argument("--min-common", type=int, default=1)
    args = ap.parse_args()
    a = read_vcd(args.rtl)
    b = read_vcd(args.model)
    common = sorted(set(a) & set(b))
    start = max(min((c[0][0] for c in a.values() if c), default=0), min((c[0][0] for c in b.values() if c), default=0))
    differ: dict[str, str] = {}
    # Registers settle to their reset values only at a clock edge in reset: compare out of reset.
    reset = a.get("om_top.rst_ni", [(0, "1")])
    for name in common:
        times = sorted({t for t, _ in a[name]} | {t for t, _ in b[name]})
        # A payload register counts only while its stage's valid_q (RTL) is 1: its value in a
        # bubble is not specified.
        scope, leaf = name.rsplit(".", 1)
        qual = a.get(scope + ".valid_q") if leaf != "valid_q" and leaf.endswith("_q") else None
        # Likewise a stage-boundary payload of om_top.sv (fields under om_top.om_top.<payload>) while its valid is 1.
        parts = name.split(".")
        if len(parts) > 2 and parts[2] in BOUNDARY:
            qual = a.get(".".join(parts[:2] + [BOUNDARY[parts[2]]]))
        for t in times:
            if t < start or value_at(reset, t) != "1":
                continue
            if qual is not None and value_at(qual, t) != "1":
                continue
            va, vb = value_at(a[name], t), value_at(b[name], t)
            if va != vb:
                differ[name] = f"first at time {t}: rtl {va} model {vb}"
                break
    print(f"{len(common)} common signals, {len(differ)} differ")
    for name, what in differ.items():
        print(f"  {name}: {what}")
    ok = len(common) >= args.min_common and set(differ) == set(args.expect_diff)
    if not ok:
        print(f"expected exactly these to differ: {args.expect_diff}; at least {args.min_common} common", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Where the Verilated om_top spends its instructions, per generated function and per RTL module.

Usage: scripts/profile_rtl.py SHORT.callgrind LONG.callgrind CYCLES_SHORT CYCLES_LONG --gen DIR [--rtl DIR] [--md]

The two callgrind files are `omsim run ... --cycles N` at two cycle counts; each cost is the marginal one,
(cost(LONG) - cost(SHORT)) / (CYCLES_LONG - CYCLES_SHORT), in instructions per simulated cycle. DIR holds the
generated C++ (Vom_top.dir) the profiled binary was built from, with debug information.

Module attribution: every line of a generated Vom_top function names the signals it touches by hierarchical name
(om_top__DOT__u_csr__DOT__u_reg__DOT__...); the instance path before the signal name is mapped to its module through
the instantiations in rtl/*.sv and the generated register block. A line naming no signal (temporaries, loop control)
goes to the module of the line before it. Wide-arithmetic helpers of verilated_funcs.h that the compiler inlined are
attributed to the generated line they were inlined after (callgrind lists a function's costs in address order), and
helpers that were called to the calling line. Everything outside the Verilated model (harness, model, scoreboard) is
one row, "outside om_top".
"""
from __future__ import annotations

import argparse
import collections
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIG = re.compile(r"om_top__DOT__((?:[A-Za-z0-9_]+?__DOT__)*)[A-Za-z0-9_]+")
INST = re.compile(r"^\s*(om_\w+)\s*(?:#\s*\([^;]*?\))?\s*(u_\w+)\s*\(", re.M | re.S)


def instance_modules(rtl_dirs: list[Path]) -> dict[str, dict[str, str]]:
    """{parent module: {instance name: child module}} from the instantiations in the sources."""
    children: dict[str, dict[str, str]] = collections.defaultdict(dict)
    for d in rtl_dirs:
        for f in d.glob("*.sv"):
            text = f.read_text()
            m = re.search(r"^\s*module\s+(\w+)", text, re.M)
            if m:
                for child, inst in INST.findall(text):
                    children[m.group(1)][inst] = child
    return children


def module_of(path: str, children: dict[str, dict[str, str]]) -> str:
    """Module of an instance path such as u_datapath__DOT__g_clamp__BRA__0__KET____DOT__g_enc__DOT__u_enc__DOT__."""
    mod = "om_top"
    for part in [p for p in path.split("__DOT__") if p]:
        if part in children.get(mod, {}):
            mod = children[mod][part]
    return mod


def parse(path: Path) -> tuple[dict, dict]:
    """(self cost by (file, fn, line), inclusive cost of calls by (file, fn, line, callee)), callgrind format."""
    names: dict[tuple[str, str], str] = {}
    cost: dict[tuple[str, str, int], int] = collections.Counter()
    calls: dict[tuple[str, str, int, str], int] = collections.Counter()
    fl = fi = fn = cfn = ""
    line = 0
    pending_call = False

    def name(kind: str, value: str) -> str:
        m = re.match(r"\((\d+)\)(?: (.*))?", value)
        if not m:
            return value
        if m.group(2) is not None:
            names[(kind, m.group(1))] = m.group(2)
        return names.get((kind, m.group(1)), "?")

    for raw in path.read_text().splitlines():
        if raw.startswith(("fl=", "fi=", "fe=")):
            v = name("fl", raw[3:])
            if raw.startswith("fl="):
                fl = fi = v
            else:
                fi = v
        elif raw.startswith("fn="):
            fn = name("fn", raw[3:])
            fi = fl
        elif raw.startswith("cfn="):
            cfn = name("fn", raw[4:])
        elif raw.startswith(("cfl=", "cfi=")):
            name("fl", raw[4:])
        elif raw.startswith("calls="):
            pending_call = True
        elif raw and (raw[0].isdigit() or raw[0] in "+-*"):
            parts = raw.split()
            p = parts[0]
            line = line + int(p) if p[0] in "+-" else (line if p == "*" else int(p))
            ir = int(parts[1]) if len(parts) > 1 else 0
            if pending_call:
                calls[(fi, fn, line, cfn)] += ir
                pending_call = False
            else:
                cost[(fi, fn, line)] += ir
    return cost, calls


def attribute(cg: Path, gen: Path, children: dict) -> tuple[collections.Counter, collections.Counter]:
    """Instructions by module and by generated function (self + called helpers)."""
    cost, calls = parse(cg)
    sources: dict[str, list[str]] = {}
    by_mod: collections.Counter = collections.Counter()
    by_fn: collections.Counter = collections.Counter()
    last_mod: dict[str, str] = {}
    # Order each function's records by appearance: dict order is insertion (= file) order.
    for (fi, fn, line), ir in cost.items():
        if "Vom_top" not in fn:
            by_mod["outside om_top"] += ir
            continue
        by_fn[fn] += ir
        base = Path(fi).name
        if base.startswith("Vom_top"):
            if base not in sources:
                f = gen / base
                sources[base] = f.read_text().splitlines() if f.exists() else []
            text = sources[base][line - 1] if 0 < line <= len(sources[base]) else ""
            mods = [module_of(m, children) for m in SIG.findall(text)]
            if mods:
                last_mod[fn] = collections.Counter(mods).most_common(1)[0][0]
        by_mod[last_mod.get(fn, "om_top")] += ir
    for (fi, fn, line, callee), ir in calls.items():
        if "Vom_top" in fn and "Vom_top" not in callee:
            by_fn[fn] += ir
            by_mod[last_mod.get(fn, "om_top")] += ir
            by_mod["outside om_top"] -= ir  # the helper's own lines were counted outside
    return by_mod, by_fn


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("short", type=Path)
    ap.add_argument("long", type=Path)
    ap.add_argument("n_short", type=int)
    ap.add_argument("n_long", type=int)
    ap.add_argument("--gen", type=Path, required=True, help="the generated Vom_top.dir of the profiled build")
    ap.add_argument("--rtl", type=Path, nargs="*", default=[ROOT / "rtl"])
    args = ap.parse_args()
    gen_rtl = [d for d in args.gen.parents if (d / "gen" / "rtl").is_dir()]
    children = instance_modules(args.rtl + [d / "gen" / "rtl" for d in gen_rtl[:1]])
    children["om_csr"].setdefault("u_reg", "om_csr_reg")
    ms, fs = attribute(args.short, args.gen, children)
    ml, fl = attribute(args.long, args.gen, children)
    n = args.n_long - args.n_short
    total = (sum(ml.values()) - sum(ms.values())) / n
    print(f"Marginal instructions per simulated cycle: {total:,.0f}\n")
    print("| RTL module | instr/cycle | share |\n|---|---:|---:|")
    for mod in sorted(ml, key=lambda k: -(ml[k] - ms[k])):
        d = (ml[mod] - ms[mod]) / n
        if d >= 0.005 * total:
            print(f"| {mod} | {d:,.0f} | {100 * d / total:.1f} % |")
    print("\n| generated function | instr/cycle | share |\n|---|---:|---:|")
    for fn in sorted(fl, key=lambda k: -(fl[k] - fs[k])):
        d = (fl[fn] - fs[fn]) / n
        if d >= 0.005 * total:
            short = re.sub(r"\(.*", "", fn).replace("Vom_top___024root___", "")
            print(f"| `{short}` | {d:,.0f} | {100 * d / total:.1f} % |")


if __name__ == "__main__":
    main()

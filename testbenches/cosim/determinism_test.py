#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest: the same seed and configuration give the same results, byte for byte.

Usage: determinism_test.py OMSIM WORK_DIR [--waves]

Runs `omsim run` twice per case and compares: the JSON summary (without its wall-clock speeds), the coverage
file and the recorded stimulus byte for byte; with --waves (a traced build), a failing run's FST files, which may
differ only in the date field of their header block. A third run with another seed must differ (so the
comparison can fail).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# FST header block: type (1 byte), section length (8), start and end time, endianness test, memory use, scope,
# hierarchy-variable, variable and block counts (8 x 8), timescale (1), writer (128), then the date (119).
FST_DATE = slice(1 + 8 + 8 * 8 + 1 + 128, 1 + 8 + 8 * 8 + 1 + 128 + 119)


def fail(msg: str) -> None:
    print(f"FAIL: {msg}")
    sys.exit(1)


def run(omsim: str, out: Path, seed: int, extra: list[str], expect: int) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    cmd = [omsim, "run", "--config", "fl11_1", "--seed", str(seed), "--cycles", "20000", "--json",
           "--coverage-out", str(out / "cov.json"), "--record", str(out / "run.stim"), *extra]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode != expect:
        fail(f"{' '.join(cmd)} exited {p.returncode}, expected {expect}\n{p.stdout}\n{p.stderr}")
    summary = json.loads(p.stdout.replace(str(out), "RUN"))  # the runs write to different folders
    summary.pop("cycles_per_second", None)  # wall-clock speed, not a result
    summary.get("waves_replay", {}).pop("secs", None)  # likewise the time the waves took
    return summary


def same_bytes(a: Path, b: Path, ignore: slice | None = None) -> bool:
    x, y = bytearray(a.read_bytes()), bytearray(b.read_bytes())
    if ignore is not None and len(x) == len(y):
        x[ignore] = y[ignore] = b"\0" * (ignore.stop - ignore.start)
    return x == y


def main() -> None:
    omsim, work = sys.argv[1], Path(sys.argv[2])
    waves = "--waves" in sys.argv[3:]
    cases = [("pass", [], 0)]
    if waves:
        cases.append(("fail", ["--fault", "wr_data@3000", "--waves", "WAVES"], 1))
    for name, extra, expect in cases:
        runs = []
        for k in (1, 2):
            d = work / f"{name}{k}"
            args = [str(d / "w") if a == "WAVES" else a for a in extra]
            runs.append((d, run(omsim, d, 7, args, expect)))
        (a, sa), (b, sb) = runs
        if sa != sb:
            fail(f"{name}: summaries differ:\n{sa}\n{sb}")
        for f in ("cov.json", "run.stim"):
            if not same_bytes(a / f, b / f):
                fail(f"{name}: {f} differs between two runs of one seed")
        if waves and name == "fail":
            for f in ("rtl.fst", "model.fst", "cosim.fst"):
                if not same_bytes(a / "w" / f, b / "w" / f, FST_DATE):
                    fail(f"{name}: {f} differs beyond its date field")
        print(f"{name}: two runs of seed 7 agree byte for byte")
    other = run(omsim, work / "other", 8, [], 0)
    if same_bytes(work / "other" / "cov.json", work / "pass1" / "cov.json") or other == runs[0][1]:
        fail("seed 8 gives the same results as seed 7: the comparison cannot see a difference")
    print("PASS")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make fuzz: runs every libFuzzer target of a fuzz build for a bounded time from its kept corpus.

Usage: fuzz.py BUILD_DIR [--seconds N] [--only NAME ...]

Each target BUILD_DIR/bin/<name> starts from a working corpus BUILD_DIR/corpus/<name> seeded with the kept inputs
testbenches/fuzz/corpus/<name> and runs N seconds. A crash (an input that breaks a property, a sanitizer report or
an uncaught exception) is copied into testbenches/fuzz/corpus/<name>/ so that, once the bug is fixed and the file
committed, the default build replays it as a CTest. Writes BUILD_DIR/fuzz.json (executions, executions per second of
wall-clock and of CPU time, corpus size and crashes per target). Exit 0 when no target crashed, 1 when one did, 2 on
a usage or set-up error.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent
KEPT = SRC / "testbenches" / "fuzz" / "corpus"


def run_target(build: Path, name: str, seconds: int) -> dict:
    work = build / "corpus" / name
    crashes = build / "crashes" / name
    for d in (work, crashes):
        d.mkdir(parents=True, exist_ok=True)
    for seed in (KEPT / name).iterdir():
        shutil.copy(seed, work / seed.name)
    cmd = [str(build / "bin" / name), str(work), f"-max_total_time={seconds}", "-print_final_stats=1",
           f"-artifact_prefix={crashes}/", "-rss_limit_mb=4096"]
    print("$ " + " ".join(cmd), flush=True)
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True)
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    # On a shared machine the wall-clock rate depends on the load; the rate per CPU second does not.
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    log = p.stderr
    stats = dict(re.findall(r"^stat::(\w+):\s+(\d+)$", log, re.M))
    found = sorted(f.name for f in crashes.iterdir())
    for f in found:
        shutil.copy(crashes / f, KEPT / name / f)
    execs = int(stats.get("number_of_executed_units", 0))
    secs = max(1, int(stats.get("total_time", seconds)))
    result = {"executions": execs, "executions_per_second": round(execs / secs), "seconds": secs,
              "cpu_seconds": round(cpu, 1), "executions_per_cpu_second": round(execs / max(cpu, 0.1)),
              "corpus": len(list(work.iterdir())), "crashes": found, "exit_code": p.returncode}
    print(f"{name}: {execs} executions in {secs} s ({result['executions_per_second']}/s; "
          f"{result['cpu_seconds']} CPU s, {result['executions_per_cpu_second']}/CPU s), corpus "
          f"{result['corpus']}, crashes {found or 'none'}")
    if p.returncode != 0 and not found:
        print(log[-4000:])
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build", type=Path)
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    if args.seconds <= 0:
        print(f"fuzz.py: --seconds must be > 0, got {args.seconds}", file=sys.stderr)
        return 2
    names = sorted(d.name for d in KEPT.iterdir() if d.is_dir())
    if args.only:
        unknown = sorted(set(args.only) - set(names))
        if unknown:
            print(f"fuzz.py: unknown targets {unknown} (known: {names})", file=sys.stderr)
            return 2
        names = args.only
    missing = [n for n in names if not (args.build / "bin" / n).is_file()]
    if missing:
        print(f"fuzz.py: {missing} not built in {args.build}/bin (make fuzz builds them)", file=sys.stderr)
        return 2
    results = {n: run_target(args.build, n, args.seconds) for n in names}
    (args.build / "fuzz.json").write_text(json.dumps(results, indent=1) + "\n")
    bad = [n for n, r in results.items() if r["crashes"] or r["exit_code"] != 0]
    print(f"fuzz: {len(names)} targets, {'crashes in ' + ', '.join(bad) if bad else 'no crash'}; "
          f"{args.build / 'fuzz.json'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

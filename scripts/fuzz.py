#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make fuzz: runs every libFuzzer target of a fuzz build for a bounded time from its kept corpus.

Usage: fuzz.py BUILD_DIR [--seconds N] [--runs N] [--only NAME ...] [--out FILE]

Each target BUILD_DIR/bin/<name> starts from a working corpus BUILD_DIR/corpus/<name> seeded with the kept inputs
testbenches/fuzz/corpus/<name> and runs N seconds, or until N executions with --runs (then --seconds, if given, still
bounds it). A crash (an input that breaks a property, a sanitizer report or an uncaught exception) is copied into
testbenches/fuzz/corpus/<name>/ so that, once the bug is fixed and the file committed, the default build replays it
as a CTest. Writes FILE (default BUILD_DIR/fuzz.json): executions, executions per second of wall-clock and of CPU
time, corpus size and crashes per target. Exit 0 when no target crashed, 1 when one did, 2 on a usage or set-up
error or when a target stopped early without a finding (interrupted: its verdict is unknown).
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent
KEPT = SRC / "testbenches" / "fuzz" / "corpus"
# libFuzzer options of one target. The coverage reader's longest kept seed is a real 60 KB coverage file, and
# libFuzzer's default longest input is the longest seed: every mutation would parse and write back up to 60 KB.
# Inputs of at most 4 KB (the seed is read truncated; a nine-bin file of the same format is a seed too) cover the
# same grammar at seven times the rate (docs/sanitizers.md); every build's corpus replay (ctest -L fuzz) still reads the whole file.
TARGET_OPTIONS = {"coverage_json_fuzz": ["-max_len=4096"]}


def run_target(build: Path, name: str, seconds: int | None, runs: int | None) -> dict:
    work = build / "corpus" / name
    crashes = build / "crashes" / name
    # A crash of an earlier run is in the kept corpus already; only this run's are reported.
    shutil.rmtree(crashes, ignore_errors=True)
    for d in (work, crashes):
        d.mkdir(parents=True, exist_ok=True)
    for seed in (KEPT / name).iterdir():
        shutil.copy(seed, work / seed.name)
    cmd = [str(build / "bin" / name), str(work), "-print_final_stats=1", f"-artifact_prefix={crashes}/",
           "-rss_limit_mb=4096", *TARGET_OPTIONS.get(name, [])]
    cmd += [f"-max_total_time={seconds}"] if seconds else []
    cmd += [f"-runs={runs}"] if runs else []
    print("$ " + " ".join(cmd), flush=True)
    cpu0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    cpu1, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic() - t0
    # On a shared machine the wall-clock rate depends on the load; the rate per CPU second does not.
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    log = p.stderr
    stats = dict(re.findall(r"^stat::(\w+):\s+(\d+)$", log, re.M))
    # libFuzzer's slow-unit reports measure wall-clock time: on a shared machine a starved process writes them for
    # inputs that take milliseconds alone, so they are counted, not kept as findings.
    artifacts = sorted(f.name for f in crashes.iterdir())
    slow = [f for f in artifacts if f.startswith("slow-unit-")]
    found = [f for f in artifacts if f not in slow]
    for f in found:
        shutil.copy(crashes / f, KEPT / name / f)
    execs = int(stats.get("number_of_executed_units", 0))
    secs = max(1, round(wall))
    result = {"executions": execs, "executions_per_second": round(execs / secs), "seconds": secs,
              "cpu_seconds": round(cpu, 1), "executions_per_cpu_second": round(execs / max(cpu, 0.1)),
              "corpus": len(list(work.iterdir())), "crashes": found, "slow_units": len(slow),
              "exit_code": p.returncode}
    print(f"{name}: {execs} executions in {secs} s ({result['executions_per_second']}/s; "
          f"{result['cpu_seconds']} CPU s, {result['executions_per_cpu_second']}/CPU s), corpus "
          f"{result['corpus']}, crashes {found or 'none'}")
    if p.returncode != 0 and not found:
        print(log[-4000:])
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build", type=Path)
    ap.add_argument("--seconds", type=int, help="wall-clock seconds per target (default 60 without --runs)")
    ap.add_argument("--runs", type=int, help="executions per target")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--out", type=Path, help="the result file (default BUILD_DIR/fuzz.json)")
    args = ap.parse_args()
    if args.seconds is None and args.runs is None:
        args.seconds = 60
    for opt in ("seconds", "runs"):
        value = getattr(args, opt)
        if value is not None and value <= 0:
            print(f"fuzz.py: --{opt} must be > 0, got {value}", file=sys.stderr)
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
    results = {n: run_target(args.build, n, args.seconds, args.runs) for n in names}
    out = args.out or args.build / "fuzz.json"
    out.write_text(json.dumps(results, indent=1) + "\n")
    bad = [n for n, r in results.items() if r["crashes"]]
    # A non-zero exit without a crash file is no finding (libFuzzer writes one for crashes, leaks, OOMs and
    # timeouts): the run was interrupted or could not start, so its verdict is unknown.
    stopped = [f"{n} (exit {r['exit_code']})" for n, r in results.items() if r["exit_code"] and not r["crashes"]]
    print(f"fuzz: {len(names)} targets, {'crashes in ' + ', '.join(bad) if bad else 'no crash'}"
          f"{'; stopped without a finding: ' + ', '.join(stopped) if stopped else ''}; {out}")
    return 1 if bad else 2 if stopped else 0


if __name__ == "__main__":
    sys.exit(main())

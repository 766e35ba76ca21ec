#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Cost of checkpoints and of a failure's waves in `omsim run` for make bench.

Usage: python3 bench/checkpoint_bench.py BUILD_DIR [--traced-build DIR] [--cycles N] [--fail-cycles N ...]
                                         [--repetitions N] --out FILE

checkpoint_overhead: a passing `omsim run --config fl11_1 --seed 1 --cycles N` with --waves (so it checkpoints
every 32768 cycles; a passing run writes no waves) over the same run without --waves, in BUILD_DIR (the release
build, untraced); median CPU time of alternating repetitions. Target <= 1.1.

waves: in the traced build (default preset; the release build's om_top cannot trace), `omsim run --config fl11_1
--seed 5 --cycles N --fault wr_data@0.9N --json` with and without --waves DIR for each N of --fail-cycles:
waves_secs is the time from the divergence to the written waves (the JSON's waves_replay.secs: restore the
checkpoint, replay to the window, trace it), replayed_cycles how far before the failure the replay began;
waves_over_run the CPU time with --waves over without (target <= 1.3). At the smallest N the replay from cycle 0
(--checkpoint-every 0) is timed too, the way waves were written before checkpoints.
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

PASSING = ["run", "--config", "fl11_1", "--seed", "1"]
FAILING = ["run", "--config", "fl11_1", "--seed", "5"]


def timed(cmd: list[str]) -> tuple[float, dict]:
    """CPU time of the child and its JSON output (exit status 0 or 1 both give one)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, check=False, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        sys.exit(f"checkpoint_bench: {' '.join(cmd)} exited {proc.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, json.loads(proc.stdout)


def overhead(omsim: Path, cycles: int, reps: int, tmp: Path) -> dict:
    runs: dict[str, list[float]] = {"plain": [], "checkpoints": []}
    for rep in range(reps):
        for key, extra in (("plain", []), ("checkpoints", ["--waves", str(tmp / "pass")])):
            print(f"[waves] overhead {rep + 1}/{reps}: {key}", file=sys.stderr, flush=True)
            cpu, doc = timed([str(omsim), *PASSING, "--cycles", str(cycles), "--json", *extra])
            if doc.get("mismatches", 1) != 0:
                sys.exit(f"checkpoint_bench: the passing run failed: {doc.get('failure')}")
            runs[key].append(cpu)
    med = {k: statistics.median(v) for k, v in runs.items()}
    return {"cycles": cycles, "cpu_s": runs, "ratio": round(med["checkpoints"] / med["plain"], 4),
            "target": 1.1}


def failing(omsim: Path, cycles: int, reps: int, tmp: Path, from_zero: bool) -> dict:
    fault = ["--cycles", str(cycles), "--fault", f"wr_data@{cycles * 9 // 10}", "--json"]
    cpu: dict[str, list[float]] = {"plain": [], "waves": []}
    secs: list[float] = []
    doc: dict = {}
    for rep in range(reps):
        for key in ("plain", "waves"):
            print(f"[waves] {cycles} cycles {rep + 1}/{reps}: {key}", file=sys.stderr, flush=True)
            extra = ["--waves", str(tmp / f"w{cycles}")] if key == "waves" else []
            t, d = timed([str(omsim), *FAILING, *fault, *extra])
            cpu[key].append(t)
            if key == "waves":
                doc = d
                if not d["waves_replay"]["reproduced"]:
                    sys.exit(f"checkpoint_bench: the replay did not reproduce the failure: {d['waves']}")
                secs.append(d["waves_replay"]["secs"])
    med = {k: statistics.median(v) for k, v in cpu.items()}
    result = {
        "cycles": cycles,
        "failure_cycle": doc["failure"]["cycle"],
        "replayed_from": doc["waves_replay"]["from_cycle"],
        "replayed_cycles": doc["failure"]["cycle"] - doc["waves_replay"]["from_cycle"],
        "waves_secs": round(statistics.median(secs), 3),
        "cpu_s": cpu,
        "waves_over_run": round(med["waves"] / med["plain"], 4),
        "target_waves_over_run": 1.3,
    }
    if from_zero:
        print(f"[waves] {cycles} cycles: replay from cycle 0", file=sys.stderr, flush=True)
        _, d = timed([str(omsim), *FAILING, *fault, "--waves", str(tmp / "zero"), "--checkpoint-every", "0"])
        result["waves_secs_from_cycle_0"] = round(d["waves_replay"]["secs"], 3)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_dir", type=Path)
    ap.add_argument("--traced-build", type=Path, help="build with a traced om_top (default: BUILD_DIR/../default)")
    ap.add_argument("--cycles", type=int, default=2000000, help="cycles of the overhead runs")
    ap.add_argument("--fail-cycles", type=int, nargs="+", default=[1000000, 10000000])
    ap.add_argument("--repetitions", type=int, default=5, help="of the overhead pair and the 1e6-cycle failing runs")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    omsim = args.build_dir.resolve() / "bin" / "omsim"
    traced = (args.traced_build or args.build_dir.resolve().parent / "default").resolve() / "bin" / "omsim"
    result: dict = {"checkpoint_every": 32768}
    with tempfile.TemporaryDirectory() as tmp:
        result["checkpoint_overhead"] = overhead(omsim, args.cycles, args.repetitions, Path(tmp))
        if traced.exists():
            result["failing"] = [failing(traced, n, 1 if n > 2000000 else args.repetitions, Path(tmp),
                                         n == min(args.fail_cycles)) for n in args.fail_cycles]
        else:
            print(f"[waves] no traced build at {traced}: the waves figures are skipped", file=sys.stderr)
    o = result["checkpoint_overhead"]
    print(f"  checkpoint overhead ({o['cycles']} cycles, passing run): {o['ratio']:.3f} (target <= 1.1)")
    for f in result.get("failing", []):
        zero = f" (replay from cycle 0: {f['waves_secs_from_cycle_0']:.2f} s)" if "waves_secs_from_cycle_0" in f else ""
        print(f"  {f['cycles']:>9} cycles: failure at {f['failure_cycle']}, replayed {f['replayed_cycles']} cycles "
              f"from {f['replayed_from']}: waves in {f['waves_secs']:.2f} s{zero}; "
              f"--waves over run {f['waves_over_run']:.3f} (target <= 1.3)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()

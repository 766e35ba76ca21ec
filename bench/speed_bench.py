#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Simulation cost of `omsim run` for make bench: instructions per simulated cycle, cycles/s, checked pixels/s.

Usage: python3 bench/speed_bench.py BUILD_DIR [--cycles SHORT LONG] [--rate-cycles N] --out FILE

Instructions per simulated cycle: `omsim run --config fl11_1 --seed 1 --sides S --cycles N` under callgrind
(instruction counts do not depend on the machine's load), run at SHORT and LONG cycles; the marginal cost
(Ir(LONG) - Ir(SHORT)) / (LONG - SHORT) leaves out start-up and the final drain. S is rtl (the Verilated om_top
alone), model (the cycle model alone) and rtl,model (the lockstep, every port and stage boundary compared every
cycle); the scoreboard against om::ref runs in each. The ratio to BEFORE is the speed-up over the revision before
the simulation-speed work, measured the same way. The simulator's share: the inclusive instructions of the sides'
eval() and tick() (om::sim's RtlSide / ModelSide: the Verilated om_top or om::Top, nothing of the harness), so
model_over_rtl is given twice, for the simulators alone and for the whole run with the harness both sides share
(stimulus, memory timing, scoreboard, coverage). Cycles/s and checked pixels/s: the same runs at RATE cycles
without callgrind, CPU time of the process on one core (the harness is single-threaded). Throughput: bin/
om_bench_throughput (sustained RT operations per clock from om_top's perf counters, ideal and random memory, and the
depth-stencil path's cycles per pixel).
"""
from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

RUN = ["run", "--config", "fl11_1", "--seed", "1"]
SIDES = {"rtl": "rtl", "model": "model", "lockstep": "rtl,model"}
# Instructions per simulated cycle at the revision before this work (acfd2c6), same command and method.
BEFORE = {"rtl": 128000, "model": 5500, "lockstep": 130000}
TARGET = {"rtl": 12800, "model": 1800, "lockstep": 14000}
# The product's targets: the cycle model at least 10x cheaper than the RTL alone, the lockstep (RTL and model compared
# at every port and stage boundary every cycle) at most 1.2x the RTL alone.
MODEL_OVER_RTL = 10.0
LOCKSTEP_OVER_RTL = 1.2
TOTALS = re.compile(r"^(?:summary|totals):\s+(\d+)", re.M)
# callgrind_annotate --inclusive=yes rows of the sides' eval() and tick() (sim/src/sides.cc).
SIDE_CALL = re.compile(r"^\s*([\d,]+) \([^)]*\)\s+[^\n]*?(?:Rtl|Model)Side::(?:eval|tick)\(", re.M)


def instructions(omsim: Path, sides: str, cycles: int) -> tuple[int, int]:
    """(whole run, the sides' eval() and tick()) instructions of one run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(omsim), *RUN,
                        "--sides", sides, "--cycles", str(cycles)], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        m = TOTALS.search(out.read_text())
        if m is None:
            sys.exit(f"speed_bench: no instruction total in {out}")
        table = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)], check=True,
                               stdout=subprocess.PIPE, text=True).stdout
        calls = [int(c.replace(",", "")) for c in SIDE_CALL.findall(table)]
        if len(calls) != 2 * len(sides.split(",")):
            sys.exit(f"speed_bench: expected eval() and tick() of each side in {out}, found {len(calls)} rows")
        return int(m.group(1)), sum(calls)


def timed_run(omsim: Path, sides: str, cycles: int) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([str(omsim), *RUN, "--sides", sides, "--cycles", str(cycles), "--json"], check=True,
                          stdout=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    doc = json.loads(proc.stdout)
    if doc.get("mismatches", 1) != 0:
        sys.exit(f"speed_bench: omsim run --sides {sides} failed: {proc.stdout[:400]}")
    return {"cycles": doc["cycles"], "pixels": doc["pixels"], "cpu_s": cpu}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_dir", type=Path)
    ap.add_argument("--cycles", type=int, nargs=2, default=[20000, 60000], metavar=("SHORT", "LONG"))
    ap.add_argument("--rate-cycles", type=int, default=1000000)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    bindir = args.build_dir.resolve() / "bin"
    # omsim's `run` is the co-simulation's command line, which om_cosim_cli also is (built without the driver).
    omsim = bindir / "omsim" if (bindir / "omsim").exists() else bindir / "om_cosim_cli"
    short, long_ = args.cycles
    result: dict = {"command": " ".join(["omsim", *RUN, "--sides S"]), "cycles": [short, long_],
                    "instructions_per_cycle": {}, "simulator_instructions_per_cycle": {}, "before_instructions_per_cycle": BEFORE,
                    "speedup": {}, "target_instructions_per_cycle": TARGET, "cycles_per_s": {},
                    "checked_pixels_per_s": {}, "rate_cycles": args.rate_cycles}
    for key, sides in SIDES.items():
        print(f"[speed] callgrind {sides}: {short} and {long_} cycles", file=sys.stderr, flush=True)
        (total_l, sim_l), (total_s, sim_s) = instructions(omsim, sides, long_), instructions(omsim, sides, short)
        ir = (total_l - total_s) / (long_ - short)
        result["instructions_per_cycle"][key] = round(ir)
        result["simulator_instructions_per_cycle"][key] = round((sim_l - sim_s) / (long_ - short))
        result["speedup"][key] = round(BEFORE[key] / ir, 2)
        run = timed_run(omsim, sides, args.rate_cycles)
        result["cycles_per_s"][key] = round(run["cycles"] / run["cpu_s"])
        result["checked_pixels_per_s"][key] = round(run["pixels"] / run["cpu_s"])
    throughput = args.build_dir.resolve() / "bin" / "om_bench_throughput"
    if throughput.exists():
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "throughput.json"
            subprocess.run([str(throughput), "--json", str(out)], check=True)
            result["throughput"] = json.loads(out.read_text())
    ipc = result["instructions_per_cycle"]
    sim = result["simulator_instructions_per_cycle"]
    result["model_over_rtl"] = round(ipc["rtl"] / ipc["model"], 2)
    result["simulator_model_over_rtl"] = round(sim["rtl"] / sim["model"], 2)
    result["lockstep_over_rtl"] = round(ipc["lockstep"] / ipc["rtl"], 3)
    result["target_model_over_rtl"] = MODEL_OVER_RTL
    result["target_lockstep_over_rtl"] = LOCKSTEP_OVER_RTL
    result["targets_met"] = {k: ipc[k] <= TARGET[k] for k in TARGET}
    result["targets_met"]["model_over_rtl"] = ipc["rtl"] >= MODEL_OVER_RTL * ipc["model"]
    result["targets_met"]["simulator_model_over_rtl"] = sim["rtl"] >= MODEL_OVER_RTL * sim["model"]
    result["targets_met"]["lockstep_over_rtl"] = ipc["lockstep"] <= LOCKSTEP_OVER_RTL * ipc["rtl"]
    if "throughput" in result:
        result["targets_met"]["ideal_memory_ops_per_clock"] = result["throughput"]["ideal"]["rt_ops_per_clock"] >= 0.95
    print(f"  {'side':<9} {'instr/cycle':>12} {'simulator':>10} {'before':>8} {'speed-up':>9} {'target':>8} "
          f"{'cycles/s':>10} {'pixels/s':>10}")
    for key in SIDES:
        print(f"  {key:<9} {ipc[key]:>12} {sim[key]:>10} {BEFORE[key]:>8} {result['speedup'][key]:>8}x "
              f"{TARGET[key]:>8} {result['cycles_per_s'][key]:>10} {result['checked_pixels_per_s'][key]:>10}")
    print(f"  model_over_rtl: simulators {result['simulator_model_over_rtl']}, whole run {result['model_over_rtl']} "
          f"(target >= {MODEL_OVER_RTL:g}); lockstep_over_rtl {result['lockstep_over_rtl']} "
          f"(target <= {LOCKSTEP_OVER_RTL:g})")
    if "throughput" in result and "depth_stencil" in result["throughput"]:
        ds = result["throughput"]["depth_stencil"]
        print(f"  depth-stencil path: {ds['ideal']['cycles_per_pixel']:.3f} cycles/pixel (ideal memory), "
              f"{ds['random']['cycles_per_pixel']:.3f} (random memory)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()

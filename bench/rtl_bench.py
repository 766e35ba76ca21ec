#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""RTL simulation speed for make bench: Verilated om_top cycles/s per configuration, and Icarus vs Verilator.

Usage: python3 bench/rtl_bench.py BUILD_DIR [--configs fl9_3 fl11_1] [--cycles N] [--repetitions N] --out FILE

Runs bin/om_top_speed (the Verilated om_top with its memory model; one RGBA8 SRC_ALPHA/INV_SRC_ALPHA blend per
cycle) for each configuration, alternating them, and takes the median of the CPU-time rates. Then builds the
targets om_icarus_sims and om_datapath_vbinary and runs testbenches/icarus/bench_datapath.py, which times
om_rt_datapath under one SystemVerilog testbench and vector file in Icarus 11 and in Verilator --binary.
Writes verilator_cycles_per_s ({config: cycles/s}) and verilator_over_icarus (speed ratio; target >= 100).
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

RATE = re.compile(r"cpu [0-9.]+ s: ([0-9]+) cycles/s")


def top_rate(build: Path, config: str, cycles: int) -> float:
    out = subprocess.run([str(build / "bin" / "om_top_speed"), str(cycles), config], check=True,
                         capture_output=True, text=True).stdout
    m = RATE.search(out)
    if m is None:
        sys.exit(f"rtl_bench: unexpected om_top_speed output: {out!r}")
    return float(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_dir", type=Path)
    ap.add_argument("--configs", nargs="+", default=["fl9_3", "fl11_1"])
    ap.add_argument("--cycles", type=int, default=300000)
    ap.add_argument("--repetitions", type=int, default=3)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    build = args.build_dir.resolve()
    rates: dict[str, list[float]] = {c: [] for c in args.configs}
    for _ in range(args.repetitions):
        for c in args.configs:
            rates[c].append(top_rate(build, c, args.cycles))
    med = {c: statistics.median(v) for c, v in rates.items()}
    subprocess.run(["cmake", "--build", str(build), "--target", "om_icarus_sims", "om_datapath_vbinary"],
                   check=True, stdout=subprocess.DEVNULL)
    icarus_json = build / "bench" / "icarus_vs_verilator.json"
    subprocess.run([sys.executable, str(Path(__file__).resolve().parents[1] / "testbenches" / "icarus" /
                                        "bench_datapath.py"), str(build), "--out", str(icarus_json)], check=True)
    ivv = json.loads(icarus_json.read_text())
    result = {
        "verilator_cycles_per_s": {c: round(v) for c, v in med.items()},
        "verilator_over_icarus": round(ivv["verilator_over_icarus"], 1),
        "target_verilator_over_icarus": 100,
        "samples_cycles_per_s": rates,
        "icarus_vs_verilator": ivv,
        "note": "om_top_speed: CPU-time rate, median of alternating runs; Icarus vs Verilator: om_rt_datapath, same "
                "SV testbench and vectors, CPU time of each simulator",
    }
    for c, v in med.items():
        print(f"  Verilated om_top {c:<7} {v / 1e3:9.1f} kcycles/s (median of {args.repetitions})")
    print(f"  verilator_over_icarus {result['verilator_over_icarus']}  (target >= 100)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()

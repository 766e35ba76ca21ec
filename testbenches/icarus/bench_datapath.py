#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Icarus vs Verilator on the same module and vectors: om_rt_datapath under tb_icarus_datapath.sv.

Usage: python3 testbenches/icarus/bench_datapath.py BUILD_DIR [--ops N] [--out FILE]

Needs the targets om_icarus_sims and om_datapath_vbinary of BUILD_DIR. Writes N random ops (plus every format
through each path) with om_icarus_vectors and runs them through the testbench under vvp; the Verilator --binary
build of the same testbench runs the same vectors repeated (so its process start does not dominate). Both must
report 0 failed. Rates are simulated cycles per CPU second of the simulator process (getrusage, so other load on
the machine matters less); --out writes them as JSON (key verilator_over_icarus).
"""
from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
from pathlib import Path

RESULT = re.compile(r"om_rt_datapath: (\d+) passed, (\d+) failed \((\d+) cycles\)")


MAX_OPS = 16384  # capacity of the testbench's expected-result arrays


def cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd: list[str]) -> tuple[float, int, int]:
    """Runs one simulation; returns (CPU seconds, ops passed, cycles)."""
    start = cpu_seconds()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    seconds = cpu_seconds() - start
    m = RESULT.search(out)
    if m is None or int(m.group(2)) != 0:
        sys.exit(f"bench_datapath: {cmd[0]} did not pass:\n{out}")
    return seconds, int(m.group(1)), int(m.group(3))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_dir", type=Path)
    ap.add_argument("--ops", type=int, default=800)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    icarus_dir = args.build_dir.resolve() / "testbenches" / "icarus"
    vectors = icarus_dir / "bench_vectors"
    subprocess.run([str(args.build_dir.resolve() / "bin" / "om_icarus_vectors"), str(vectors), str(args.ops)],
                   check=True, capture_output=True)
    lines = (vectors / "datapath.hex").read_text().splitlines(keepends=True)
    repeat = max(1, MAX_OPS // len(lines))
    (vectors / "datapath_repeated.hex").write_text("".join(lines * repeat))
    t_icarus, ops, cycles = run(["vvp", "-n", str(icarus_dir / "tb_icarus_datapath.vvp"),
                                 f"+vectors={vectors / 'datapath.hex'}"])
    t_verilator, v_ops, v_cycles = run([str(icarus_dir / "vbinary" / "Vtb_icarus_datapath"),
                                        f"+vectors={vectors / 'datapath_repeated.hex'}"])
    icarus_rate, verilator_rate = cycles / t_icarus, v_cycles / t_verilator
    result = {
        "module": "om_rt_datapath",
        "icarus": {"ops": ops, "cycles": cycles, "cpu_s": t_icarus, "cycles_per_s": icarus_rate},
        "verilator": {"ops": v_ops, "cycles": v_cycles, "cpu_s": t_verilator, "cycles_per_s": verilator_rate},
        "verilator_over_icarus": verilator_rate / icarus_rate,
    }
    print(f"om_rt_datapath under the same SV testbench and vectors ({ops} ops):")
    print(f"  Icarus 11 (vvp)            {icarus_rate:12.0f} cycles/s  ({cycles} cycles, {t_icarus:.2f} s CPU)")
    print(f"  Verilator --binary (-O3)   {verilator_rate:12.0f} cycles/s  ({v_cycles} cycles = vectors x{repeat},"
          f" {t_verilator:.2f} s CPU)")
    print(f"  Verilator / Icarus         {result['verilator_over_icarus']:12.0f}x")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()

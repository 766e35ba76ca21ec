#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest: the whole om_top under Icarus (4-state) replays a lockstep run's port trace.

Usage: top_replay.py OMSIM VVP TB_VVP WORK_DIR --config NAME --seed N --cycles N [--rts N] [--corrupt]

Records the port trace of `OMSIM run` (the Verilated om_top in lockstep with the cycle model, `--ports`), replays
its inputs on tb_icarus_top.vvp and requires every cycle after reset to pass: no X/Z on an output, every output
equal to the recorded one. With --corrupt the replay gets the trace with one recorded output bit flipped (bit 0 of
mem_wr_data_o in a cycle with a write) and must report exactly that cycle and port, and nothing else.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

INPUTS = 14  # om/sim/port_trace.h: the inputs come first on every line, then the outputs
MEM_WR_VALID, MEM_WR_DATA = INPUTS + 6, INPUTS + 8


def fail(msg: str) -> None:
    print(f"FAIL: {msg}")
    sys.exit(1)


def corrupt(trace: Path, out: Path) -> int:
    """Writes `trace` with bit 0 of mem_wr_data_o flipped in the middle write cycle; returns that cycle."""
    lines = trace.read_text().splitlines()
    writes = [i for i, line in enumerate(lines[1:]) if line.split()[MEM_WR_VALID] == "1"]
    if not writes:
        fail(f"{trace}: no cycle with a write to corrupt")
    cycle = writes[len(writes) // 2]
    fields = lines[1 + cycle].split()
    fields[MEM_WR_DATA] = f"{int(fields[MEM_WR_DATA], 16) ^ 1:x}"
    lines[1 + cycle] = " ".join(fields)
    out.write_text("\n".join(lines) + "\n")
    return cycle


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("omsim")
    ap.add_argument("vvp")
    ap.add_argument("tb")
    ap.add_argument("work", type=Path)
    ap.add_argument("--config", required=True)
    ap.add_argument("--seed", required=True)
    ap.add_argument("--cycles", required=True)
    ap.add_argument("--rts")
    ap.add_argument("--corrupt", action="store_true")
    a = ap.parse_args()
    a.work.mkdir(parents=True, exist_ok=True)
    trace = a.work / "ports.txt"
    cmd = [a.omsim, "run", "--config", a.config, "--seed", a.seed, "--cycles", a.cycles, "--ports", str(trace)]
    if a.rts:
        cmd += ["--rts", a.rts]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        fail(f"{' '.join(cmd)} exited {p.returncode}\n{p.stdout}\n{p.stderr}")
    lines = len(trace.read_text().splitlines()) - 1
    want = None
    if a.corrupt:
        bad = a.work / "ports_corrupt.txt"
        want = corrupt(trace, bad)
        trace = bad
    t0 = time.monotonic()
    p = subprocess.run([a.vvp, "-n", a.tb, f"+ports={trace}"], capture_output=True, text=True, timeout=600)
    secs = time.monotonic() - t0
    print(p.stdout, end="")
    m = re.search(r"^(\d+) cycles checked, (\d+) failed$", p.stdout, re.M)
    if p.returncode != 0 or m is None:
        fail(f"the replay did not finish (exit {p.returncode})\n{p.stderr}")
    checked, failed = int(m[1]), int(m[2])
    # Only the reset cycles at the start go unchecked.
    if checked < lines - 20 or checked == 0:
        fail(f"{checked} of {lines} recorded cycles checked")
    if want is None:
        if failed:
            fail(f"{failed} cycles of {checked} differ from the Verilated run or have X/Z outputs")
        print(f"PASS: {a.config} seed {a.seed}: {checked} cycles replayed under Icarus in {secs:.1f} s")
        return
    found = re.findall(r"^FAIL cycle (\d+) port (\w+):", p.stdout, re.M)
    if failed != 1 or found != [(str(want), "mem_wr_data_o")]:
        fail(f"the corrupted cycle {want} (mem_wr_data_o) should be the only failure; reported {found}")
    print(f"PASS: the corrupted trace is reported at cycle {want}, port mem_wr_data_o")


if __name__ == "__main__":
    main()

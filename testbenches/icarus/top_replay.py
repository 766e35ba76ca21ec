#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest: the whole om_top under Icarus (4-state) replays a lockstep run's port trace.

Usage: top_replay.py OMSIM VVP TB_VVP WORK_DIR --config NAME --seed N --cycles N [--rts N] [--corrupt output|x]

Records the port trace of `OMSIM run` (the Verilated om_top in lockstep with the cycle model, `--ports`), replays
its inputs on tb_icarus_top.vvp and requires every cycle after reset to pass: no X/Z on an output, every output
equal to the recorded one. The checks can fail: `--corrupt output` flips one recorded output bit (bit 0 of
mem_wr_data_o in a cycle with a write), and the replay must report exactly that cycle and port and nothing else;
`--corrupt x` makes the first read response all X (mem_rsp_data_i), and the replay must report X/Z on an output.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools/gen"))
import top_table  # noqa: E402

# The column of each port on a line of the trace (om/sim/port_trace.h), by its RTL name.
COLUMN = {s.rtl: i for i, (s, _) in enumerate(top_table.trace_columns())}
MEM_RSP_VALID, MEM_RSP_DATA = COLUMN["mem_rsp_valid_i"], COLUMN["mem_rsp_data_i"]
MEM_WR_VALID, MEM_WR_DATA = COLUMN["mem_wr_valid_o"], COLUMN["mem_wr_data_o"]


def fail(msg: str) -> None:
    print(f"FAIL: {msg}")
    sys.exit(1)


def corrupt(trace: Path, out: Path, what: str) -> int:
    """Writes `trace` with one cycle corrupted (see the usage); returns that cycle."""
    lines = trace.read_text().splitlines()
    if what == "output":
        cycles = [i for i, line in enumerate(lines[1:]) if line.split()[MEM_WR_VALID] == "1"]
    else:
        cycles = [i for i, line in enumerate(lines[1:]) if line.split()[MEM_RSP_VALID] == "1"]
    if not cycles:
        fail(f"{trace}: no cycle to corrupt ({what})")
    cycle = cycles[len(cycles) // 2] if what == "output" else cycles[0]
    fields = lines[1 + cycle].split()
    if what == "output":
        fields[MEM_WR_DATA] = f"{int(fields[MEM_WR_DATA], 16) ^ 1:x}"
    else:
        fields[MEM_RSP_DATA] = "x"
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
    ap.add_argument("--corrupt", choices=("output", "x"))
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
        bad = a.work / f"ports_{a.corrupt}.txt"
        want = corrupt(trace, bad, a.corrupt)
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
    found = re.findall(r"^FAIL cycle (\d+) port (\w+): (X/Z in|got)", p.stdout, re.M)
    if a.corrupt == "output":
        if failed != 1 or found != [(str(want), "mem_wr_data_o", "got")]:
            fail(f"the corrupted cycle {want} (mem_wr_data_o) should be the only failure; reported {found}")
        print(f"PASS: the corrupted trace is reported at cycle {want}, port mem_wr_data_o")
        return
    xs = [f for f in found if f[2] == "X/Z in"]
    if not xs or int(xs[0][0]) <= want:
        fail(f"the X read response of cycle {want} should give X/Z on an output after it; reported {found}")
    print(f"PASS: the X read response of cycle {want} is reported as X/Z on {xs[0][1]} at cycle {xs[0][0]}")


if __name__ == "__main__":
    main()

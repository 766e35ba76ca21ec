#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest: a failing `omsim run --waves` writes the failure's window replayed from the run's last checkpoint
before it, not from cycle 0, and the replay fails exactly as the run did.

Usage: waves_checkpoint_test.py OMSIM WORK_DIR

Checks:
  1. `omsim run --fault wr_data@70000 --waves W --json` exits 1 and its waves_replay says the replay began at a
     checkpoint: from_cycle > 0, a multiple of --checkpoint-every, at or before the window's first cycle
     (failure cycle - --window); reproduced is true; the report's "replayed" line names the same cycle;
  2. every FST file in W starts at or after that cycle (10 time units per cycle) and holds the failing cycle;
  3. the same run with --checkpoint-every 0 (the replay runs from cycle 0) fails at the same cycle on the same
     field, and `omsim wave-diff` finds no difference between its files and W's.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

RUN = ["run", "--config", "fl11_1", "--seed", "5", "--cycles", "100000", "--fault", "wr_data@70000"]
EVERY = 16384
WINDOW = 200


def fail(msg: str) -> None:
    print(f"FAIL: {msg}")
    sys.exit(1)


def omsim_run(omsim: str, waves: Path, extra: list[str]) -> tuple[dict, str]:
    cmd = [omsim, *RUN, "--waves", str(waves), "--window", str(WINDOW), "--json", *extra]
    print("$ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode != 1:
        fail(f"exit {p.returncode}, expected 1 (a divergence):\n{p.stdout}\n{p.stderr}")
    return json.loads(p.stdout), p.stderr


def fst_times(path: Path) -> tuple[int, int]:
    """First and last time stamp of an FST file (GTKWave's fst2vcd)."""
    text = subprocess.run(["fst2vcd", str(path)], check=True, capture_output=True, text=True).stdout
    times = [int(m) for m in re.findall(r"^#(\d+)$", text, re.M)]
    if not times:
        fail(f"{path} holds no time stamps")
    return times[0], times[-1]


def main() -> int:
    omsim, work = sys.argv[1], Path(sys.argv[2])
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    doc, report = omsim_run(omsim, work / "ckpt", ["--checkpoint-every", str(EVERY)])
    failure, replay = doc["failure"], doc.get("waves_replay")
    if replay is None:
        fail(f"no waves_replay in the JSON: {sorted(doc)}")
    c, start = failure["cycle"], replay["from_cycle"]
    print(f"failure at cycle {c} ({failure['field']}), waves replayed from cycle {start} in {replay['secs']:.2f} s")
    if c < 70000:
        fail(f"the fault armed at 70000 fired at {c}")
    if not (0 < start <= c - WINDOW and start % EVERY == 0):
        fail(f"from_cycle {start}: expected a checkpoint (multiple of {EVERY}) in (0, {c - WINDOW}]")
    if c - start > EVERY + WINDOW:
        fail(f"replayed {c - start} cycles: more than the checkpoint interval plus the window")
    if replay["reproduced"] is not True:
        fail(f"the replay did not reproduce the failure: {doc['waves']}")
    if f"replayed   : from cycle {start} (a checkpoint)" not in report:
        fail(f"the report does not say where the replay began:\n{report}")

    for name in ("rtl.fst", "model.fst", "cosim.fst"):
        first, last = fst_times(work / "ckpt" / name)
        print(f"{name}: times {first}..{last}")
        if first < 10 * start:
            fail(f"{name} starts at {first}, before the checkpoint's cycle {start} (time {10 * start})")
        if not first <= 10 * c <= last:
            fail(f"{name} ({first}..{last}) does not hold the failing cycle {c} (time {10 * c})")

    full, _ = omsim_run(omsim, work / "full", ["--checkpoint-every", "0"])
    if full["waves_replay"]["from_cycle"] != 0:
        fail(f"--checkpoint-every 0 replayed from {full['waves_replay']['from_cycle']}, expected 0")
    for key in ("kind", "cycle", "field"):
        if full["failure"][key] != failure[key]:
            fail(f"failure {key}: {failure[key]} with checkpoints, {full['failure'][key]} without")
    for name in ("rtl.fst", "model.fst", "cosim.fst"):
        cmd = [omsim, "wave-diff", str(work / "ckpt" / name), str(work / "full" / name), "--json"]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        diff = json.loads(p.stdout)
        if diff["first"] is not None or diff["only_a"] or diff["only_b"]:
            fail(f"{name} differs between the checkpoint replay and the replay from cycle 0: {p.stdout[:800]}")
        print(f"{name}: {diff['compared']} signals equal to the replay from cycle 0")
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

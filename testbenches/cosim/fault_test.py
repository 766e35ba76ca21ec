#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest: a deliberately broken model (omsim run --fault) must stop the lockstep with the
first-divergence report and the wave files, and the waves must open with the saved layouts.

Usage: fault_test.py OMSIM WORK_DIR LAYOUTS (the generated layouts of fl11_1)

Checks, in order:
  1. `omsim run --fault wr_data --waves W` exits 1 and prints the report: cycle, port/field with
     both values, seed, configuration, revision and a reproduce command;
  2. W holds rtl.fst, model.fst, cosim.fst; `omsim wave-diff` (omsim.waves.diff) finds at least 40 signal
     names in both rtl.fst and model.fst, with equal values except the corrupted port (mem_wr_data_o);
  3. the reproduce command, run as printed, stops at the same cycle on the same field;
  4. GTKWave (under Xvfb) shows every signal of LAYOUTS/cosim.gtkw on cosim.fst and every signal of
     LAYOUTS/om_top.gtkw on both rtl.fst and model.fst; W/divergence.gtkw (the report's open command) has its
     marker on the failing cycle, the view around it and the failing port highlighted;
  5. without --fault the same run passes (exit 0): the failure comes from the fault alone; with --waves it says
     that it wrote none and why.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path


CYCLES = "20000"


def fail(msg: str) -> None:
    print(f"FAIL: {msg}")
    sys.exit(1)


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    print("$ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=600, env=env)


def field(report: str, name: str) -> str:
    m = re.search(rf"^\s*{re.escape(name)}\s*: (.*)$", report, re.M)
    if not m:
        fail(f"report has no '{name}' line:\n{report}")
    return m.group(1).strip()


def gtkwave_count(layout: Path, dump: Path, work: Path) -> int:
    script = work / "count.tcl"
    script.write_text("puts \"DISPLAYED [llength [gtkwave::getDisplayedSignals]]\"\ngtkwave::/File/Quit\n")
    # The sanitizer build's preloaded ASan runtime is for omsim's Python package; Xvfb and GTKWave stall under it.
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS")}
    p = run(["xvfb-run", "-a", "gtkwave", "-a", str(layout), str(dump), "-S", str(script)], work, env)
    m = re.search(r"DISPLAYED (\d+)", p.stdout + p.stderr)
    if not m:
        fail(f"gtkwave did not run the script on {dump}:\n{p.stdout}\n{p.stderr}")
    return int(m.group(1))


def main() -> int:
    omsim, work, layouts = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    waves = work / "waves"
    args = ["run", "--config", "fl11_1", "--seed", "5", "--cycles", CYCLES]

    # 1. The report.
    p = run([omsim, *args, "--fault", "wr_data", "--waves", str(waves)], work)
    print(p.stdout)
    if p.returncode != 1:
        fail(f"exit code {p.returncode}, expected 1\n{p.stderr}")
    rep = p.stdout
    m = re.search(r"FIRST DIVERGENCE at cycle (\d+)", rep)
    if not m:
        fail("no 'FIRST DIVERGENCE at cycle N' line")
    cycle = int(m.group(1))
    port = field(rep, "port/field")
    if not port.startswith("mem_wr_data_o"):
        fail(f"port/field is '{port}', expected mem_wr_data_o[...]")
    rtl, model = field(rep, "rtl"), field(rep, "model")
    if int(rtl, 16) ^ int(model, 16) != 1:
        fail(f"values {rtl} / {model} should differ in bit 0 (the injected fault)")
    if field(rep, "seed") != "5" or not field(rep, "config").startswith("fl11_1"):
        fail("seed or config line wrong")
    if not re.fullmatch(r"[0-9a-f]{7,40}(-dirty)?|unknown", field(rep, "revision")):
        fail("revision line is not a git hash")
    repro = field(rep, "reproduce")
    if "--fault wr_data" not in repro or "--seed 5" not in repro:
        fail(f"reproduce command lacks the fault or the seed: {repro}")

    # 2. The files and their names/values.
    for f in ("rtl.fst", "model.fst", "cosim.fst"):
        if not (waves / f).is_file() or (waves / f).stat().st_size < 100:
            fail(f"{waves / f} missing or empty")
    # The product's wave diff, its window the whole run, so every differing signal is listed.
    p = run([omsim, "wave-diff", str(waves / "rtl.fst"), str(waves / "model.fst"), "--json", "--window", CYCLES],
            work)
    if p.returncode not in (0, 1):
        fail(f"omsim wave-diff exit code {p.returncode}:\n{p.stderr}")
    diff = json.loads(p.stdout)
    differ = sorted({d["signal"] for d in diff["differences"]})
    print(f"wave-diff: {diff['compared']} common signals; differ: {differ}")
    if diff["compared"] < 40:
        fail(f"rtl.fst and model.fst share {diff['compared']} signals, expected at least 40")
    if differ != ["om_top.mem_wr_data_o", "om_top.om_top.mem_wr_data_o"]:
        fail(f"rtl.fst and model.fst differ in {differ}, expected only the corrupted port mem_wr_data_o")

    # 3. The reproduce command reproduces (its --waves goes to a relative directory in work/).
    p = run(shlex.split(repro), work)
    m2 = re.search(r"FIRST DIVERGENCE at cycle (\d+)", p.stdout)
    if p.returncode != 1 or not m2 or int(m2.group(1)) != cycle or field(p.stdout, "port/field") != port:
        fail(f"reproduce command did not reproduce cycle {cycle} / {port}:\n{p.stdout}")

    # 4. GTKWave with the saved layouts.
    if shutil.which("gtkwave") is None or shutil.which("xvfb-run") is None:
        fail("gtkwave / xvfb-run missing (scripts/setup.sh installs them)")
    cosim_layout, top_layout = layouts / "cosim.gtkw", layouts / "om_top.gtkw"
    def traces(layout: Path, prefix: str) -> int:  # signal lines, with or without a +{alias}
        return sum(1 for line in layout.read_text().splitlines() if re.match(rf"(\+\{{[^}}]*\}} )?{prefix}\.", line))

    want_cosim, want_top = traces(cosim_layout, "cosim"), traces(top_layout, "om_top")
    got = gtkwave_count(cosim_layout, waves / "cosim.fst", work)
    if got != want_cosim:
        fail(f"cosim.gtkw shows {got} of {want_cosim} signals on cosim.fst")
    for side in ("rtl.fst", "model.fst"):
        got = gtkwave_count(top_layout, waves / side, work)
        if got != want_top:
            fail(f"om_top.gtkw shows {got} of {want_top} signals on {side}")
    # The failure's own layout: printed as the open command, marker on the failing cycle's settle time, the view
    # around it, the failing port's traces highlighted (flag 0x1), every trace present in cosim.fst.
    div = waves / "divergence.gtkw"
    if field(rep, "open") != f"gtkwave {div}":
        fail(f"report's open line is '{field(rep, 'open')}', expected 'gtkwave {div}'")
    text = div.read_text()
    marker = re.search(r"^\*-?[0-9.]+ (\d+) ", text, re.M)
    start = re.search(r"^\[timestart\] (\d+)$", text, re.M)
    if not marker or int(marker.group(1)) != 10 * cycle:
        fail(f"divergence.gtkw's marker is not at time {10 * cycle}")
    if not start or not 10 * (cycle - 30) <= int(start.group(1)) < 10 * cycle:
        fail("divergence.gtkw's view does not start shortly before the marker")
    flagged = re.findall(r"^@([0-9a-f]+)\n\+\{[^}]*\} (\S+)$", text, re.M)
    lit = sorted(name for flags, name in flagged if int(flags, 16) & 1)
    if lit != ["cosim.mismatch", "cosim.model.mem_wr_data_o[127:0]", "cosim.rtl.mem_wr_data_o[127:0]"]:
        fail(f"divergence.gtkw highlights {lit}")
    got, want = gtkwave_count(div, waves / "cosim.fst", work), traces(div, "cosim")
    if got != want:
        fail(f"divergence.gtkw shows {got} of {want} signals on cosim.fst")

    # 5. The same run without the fault passes, and says that --waves wrote nothing, and why.
    p = run([omsim, *args, "--waves", str(work / "passing")], work)
    if p.returncode != 0:
        fail(f"the unbroken run failed:\n{p.stdout}\n{p.stderr}")
    if not re.search(r"^  waves\s+none written: the run passed", p.stdout, re.M):
        fail(f"a passing run with --waves does not say that it wrote none:\n{p.stdout}")
    print("PASS: report, reproduction, waves and layouts")
    return 0


if __name__ == "__main__":
    sys.exit(main())

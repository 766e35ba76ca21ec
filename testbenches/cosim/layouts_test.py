#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest: every generated wave layout loads in GTKWave against real waves and shows every signal it lists.

Usage: layouts_test.py OMSIM LAYOUTS WORK_DIR

For each configuration directory in LAYOUTS (waves/make_gtkw.py's output), a short failing run of that
configuration (`omsim run --fault wr_data --waves`) writes rtl.fst, model.fst and cosim.fst; GTKWave, headless
under Xvfb, loads om_top.gtkw on rtl.fst and on model.fst, model.gtkw on model.fst and cosim.gtkw on cosim.fst,
and a Tcl script lists the signals it displays. A signal of the layout that GTKWave did not find fails the test,
named. Each translate filter a layout names must exist, and the Surfer command file must name the same signals
as om_top.gtkw, each present in rtl.fst (Surfer itself is not run: it is not installed here).
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

TRACE = re.compile(r"^(?:\+\{(?P<alias>[^}]*)\} )?(?P<name>(?:om_top|cosim)\.\S+)$")


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess:
    print("$ " + " ".join(shlex.quote(str(c)) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=600)


def traces(layout: Path) -> list[tuple[str, str]]:
    """(name, alias) of every signal line of a save file."""
    out = []
    for line in layout.read_text().splitlines():
        m = TRACE.match(line)
        if m:
            out.append((m["name"], m["alias"] or ""))
    return out


def displayed(layout: Path, dump: Path, work: Path) -> list[str]:
    script = work / "list.tcl"
    script.write_text('foreach s [gtkwave::getDisplayedSignals] { puts "SIGNAL $s" }\nputs "DONE"\n'
                      "gtkwave::/File/Quit\n")
    p = run(["xvfb-run", "-a", "gtkwave", "-a", layout, dump, "-S", script], work)
    if "DONE" not in p.stdout:
        raise SystemExit(f"FAIL: gtkwave did not run the script on {dump}:\n{p.stdout}\n{p.stderr}")
    return [line[len("SIGNAL "):] for line in p.stdout.splitlines() if line.startswith("SIGNAL ")]


def check(layout: Path, dump: Path, work: Path) -> list[str]:
    """Problems of one layout on one file: filters it names that do not exist, signals GTKWave did not show."""
    problems = [f"{layout.name}: filter {f} missing"
                for f in re.findall(r"^\^\d+ (.*)$", layout.read_text(), re.M) if not Path(f).is_file()]
    shown = set(displayed(layout, dump, work))
    want = traces(layout)
    missing = [name for name, alias in want if name not in shown and alias not in shown]
    if missing or len(shown) < len(want):
        problems.append(f"{layout.name} on {dump.name}: GTKWave shows {len(shown)} of {len(want)} signals; "
                        f"missing: {', '.join(missing[:20]) or '(by count)'}")
    print(f"{layout.parent.name}/{layout.name} on {dump.name}: {len(shown)} of {len(want)} signals")
    return problems


def check_surfer(layouts: Path, rtl: Path) -> list[str]:
    names = [line.split(" ", 1)[1] for line in (layouts / "om_top.sucl").read_text().splitlines()
             if line.startswith("variable_add ")]
    gtkw = traces(layouts / "om_top.gtkw")
    problems = [] if len(names) == len(gtkw) else [f"om_top.sucl lists {len(names)} signals, om_top.gtkw {len(gtkw)}"]
    import pywellen  # the wave reader of omsim.waves (whose package needs the built extension)

    have = {v.full_name for v in pywellen.Waveform(str(rtl)).all_vars()}
    problems += [f"om_top.sucl: {n} is not in rtl.fst" for n in names if n not in have][:20]
    return problems


def main() -> int:
    omsim, layouts, work = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    if shutil.which("gtkwave") is None or shutil.which("xvfb-run") is None:
        print("FAIL: gtkwave / xvfb-run missing (scripts/setup.sh installs them)")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    configs = sorted(d for d in layouts.iterdir() if (d / "om_top.gtkw").is_file())
    if not configs:
        print(f"FAIL: no layouts in {layouts}")
        return 1
    problems: list[str] = []
    for lay in configs:
        waves = work / lay.name
        p = run([omsim, "run", "--config", lay.name, "--seed", "5", "--cycles", "3000", "--fault", "wr_data",
                 "--waves", waves], work)
        if p.returncode != 1 or not (waves / "cosim.fst").is_file():
            problems.append(f"{lay.name}: the failing run wrote no waves (exit {p.returncode}):\n{p.stdout}")
            continue
        for layout, dump in (("om_top.gtkw", "rtl.fst"), ("om_top.gtkw", "model.fst"),
                             ("model.gtkw", "model.fst"), ("cosim.gtkw", "cosim.fst")):
            problems += [f"{lay.name}: {x}" for x in check(lay / layout, waves / dump, work)]
        problems += [f"{lay.name}: {x}" for x in check_surfer(lay, waves / "rtl.fst")]
    for x in problems:
        print(f"FAIL: {x}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

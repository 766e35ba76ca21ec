#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest: every generated wave layout loads in GTKWave against real waves and shows every signal it lists.

Usage: layouts_test.py OMSIM LAYOUTS WORK_DIR

For each configuration directory in LAYOUTS (waves/make_gtkw.py's output), a short failing run of that
configuration (`omsim run --fault wr_data --waves`) writes rtl.fst, model.fst and cosim.fst; GTKWave, headless
under Xvfb, loads om_top.gtkw on rtl.fst and on model.fst, model.gtkw on model.fst and cosim.gtkw on cosim.fst,
and a Tcl script lists the signals it displays. A signal of the layout that GTKWave did not find fails the test,
named. Each translate filter a layout names must exist; the Surfer command files must name as many signals as
om_top.gtkw and model.gtkw, each present in rtl.fst / model.fst (Surfer itself is not run: it is not installed
here); and every signal of model.fst but its transactions must be in rtl.fst under the same name.
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


def names(dump: Path) -> set[str]:
    import pywellen  # the wave reader of omsim.waves (whose package needs the built extension)

    return {v.full_name for v in pywellen.Waveform(str(dump)).all_vars()}


def check_surfer(layouts: Path, waves: Path) -> list[str]:
    problems = []
    for sucl, gtkw, dump in (("om_top.sucl", "om_top.gtkw", "rtl.fst"), ("model.sucl", "model.gtkw", "model.fst")):
        adds = [line.split(" ", 1)[1] for line in (layouts / sucl).read_text().splitlines()
                if line.startswith("variable_add ")]
        if len(adds) != len(traces(layouts / gtkw)):
            problems.append(f"{sucl} lists {len(adds)} signals, {gtkw} {len(traces(layouts / gtkw))}")
        have = names(waves / dump)
        problems += [f"{sucl}: {n} is not in {dump}" for n in adds if n not in have][:20]
    return problems


def check_names(waves: Path) -> list[str]:
    """The model's file names its signals as the RTL's does: only its transactions (om_top.txn) are its own."""
    own = sorted(n for n in names(waves / "model.fst") - names(waves / "rtl.fst") if not n.startswith("om_top.txn."))
    return [f"model.fst has signals rtl.fst lacks: {', '.join(own[:20])}"] if own else []


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
        problems += [f"{lay.name}: {x}" for x in check_surfer(lay, waves) + check_names(waves)]
    for x in problems:
        print(f"FAIL: {x}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

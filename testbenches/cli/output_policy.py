#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest: an output problem never hides or fakes a verdict, and the exit status tells pass (0), failure (1),
usage/IO error (2) and interruption (130) apart.

Usage: output_policy.py OMSIM WORK_DIR

1. Unwritable outputs (--waves, --coverage-out, --record: a missing parent, a file where a directory goes, a
   directory where a file goes, a read-only directory) are usage errors before the run: exit 2, a message naming
   the option and the path, nothing written. So are an empty file name (which would read as the option not given)
   and two options naming one file (one write would replace the other, or the stimulus file read).
2. A failing run whose waves directory becomes unwritable after the check still prints its divergence report and
   exits 1, saying why the waves are missing.
3. Ctrl-C (SIGINT) stops a long run: exit 130, the JSON summary says PARTIAL with the cycles checked, and the
   coverage file is written.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

RUN = ["run", "--config", "fl9_3", "--seed", "3", "--cycles", "2000"]


def fail(msg: str) -> None:
    print(f"FAIL: {msg}")
    sys.exit(1)


def main() -> int:
    omsim, work = sys.argv[1], Path(sys.argv[2])
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    a_file = work / "a_file"
    a_file.write_text("x")
    ro = work / "read_only"
    ro.mkdir()
    ro.chmod(0o555)
    rows = [
        (["--waves", str(a_file / "w")], "--waves: cannot write to directory"),
        (["--waves", str(a_file)], "--waves: cannot write to directory"),
        (["--coverage-out", str(work / "missing" / "c.json")], "--coverage-out: cannot create"),
        (["--coverage-out", str(work)], "is a directory"),
        (["--record", str(work / "missing" / "r.stim")], "--record: cannot create"),
        (["--record", ""], "--record: the value is an empty string"),
        (["--coverage-out", ""], "--coverage-out: the value is an empty string"),
        (["--ports", ""], "--ports: the value is an empty string"),
        (["--waves", ""], "--waves: the value is an empty string"),
        (["--stimulus", ""], "--stimulus: the value is an empty string"),
        (["--record", str(work / "same"), "--ports", str(work / "same")], "--ports and --record name one file"),
        (["--coverage-out", str(work / "same"), "--record", str(work / ".." / work.name / "same")],
         "--coverage-out and --record name one file"),
    ]
    if os.geteuid() != 0:  # root writes into read-only directories
        rows.append((["--coverage-out", str(ro / "c.json")], "is not a writable directory"))
    for extra, message in rows:
        p = subprocess.run([omsim, *RUN, *extra], capture_output=True, text=True, timeout=120)
        if p.returncode != 2 or message not in p.stderr or p.stdout:
            fail(f"{extra}: exit {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr!r}; want 2 and '{message}'")
        print(f"ok: {extra} -> exit 2: {p.stderr.strip()}")
    if (work / "missing").exists() or (work / "same").exists():
        fail("a rejected output left a file or directory behind")
    # One file spelled two ways relative to the working directory; devices may take several outputs.
    p = subprocess.run([omsim, *RUN, "--coverage-out", "rel.json", "--ports", "./rel.json"], capture_output=True,
                       text=True, timeout=120, cwd=work)
    if p.returncode != 2 or "--ports and --coverage-out name one file './rel.json'" not in p.stderr:
        fail(f"rel.json twice: exit {p.returncode}, stderr {p.stderr!r}")
    p = subprocess.run([omsim, *RUN, "--coverage-out", os.devnull, "--ports", os.devnull], capture_output=True,
                       text=True, timeout=120)
    if p.returncode != 0:
        fail(f"two outputs to {os.devnull}: exit {p.returncode}, stderr {p.stderr!r}")
    print("ok: one file spelled twice is refused; /dev/null takes two outputs")
    # omsim coverage: -o is checked before the inputs are read; a directory as input says so.
    for args, message in [
        (["nosuch.json", "-o", str(work / "missing" / "m.json")], "-o: cannot create"),
        (["nosuch.json", "-o", str(work)], f"-o: '{work}' is a directory"),
        ([str(work)], f"{work}: cannot read: Is a directory"),
    ]:
        p = subprocess.run([omsim, "coverage", *args], capture_output=True, text=True, timeout=120)
        if p.returncode != 2 or message not in p.stderr or p.stdout:
            fail(f"coverage {args}: exit {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr!r}; want 2 and '{message}'")
        print(f"ok: coverage {args} -> exit 2: {p.stderr.strip()}")

    # 2. The waves directory is replaced by a file while the run goes on: the report stays, exit 1.
    waves = work / "waves"
    proc = subprocess.Popen([omsim, "run", "--config", "fl11_1", "--seed", "5", "--cycles", "30000", "--fault",
                             "wr_data@20000", "--waves", str(waves)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    for _ in range(200):
        if waves.is_dir():
            break
        time.sleep(0.05)
    shutil.rmtree(waves)
    waves.write_text("in the way")
    out, err = proc.communicate(timeout=300)
    if proc.returncode != 1 or "FIRST DIVERGENCE" not in out or "waves      : not written" not in out:
        fail(f"a failure with unwritable waves: exit {proc.returncode}\n{out}\n{err}")
    print("ok: the failure is reported and exits 1 when its waves cannot be written")

    # 3. Ctrl-C.
    cov = work / "partial.json"
    proc = subprocess.Popen([omsim, "run", "--config", "fl11_1", "--seed", "1", "--cycles", "1e7", "--json",
                             "--progress", "--coverage-out", str(cov)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    seen = b""
    while b"cycles/s" not in seen:  # the progress bar: the lockstep is running
        chunk = os.read(proc.stderr.fileno(), 4096)
        if not chunk:
            fail("the run ended before it was interrupted")
        seen += chunk
    proc.send_signal(signal.SIGINT)
    out, err = (s.decode() for s in proc.communicate(timeout=120))
    if proc.returncode != 130:
        fail(f"interrupted run: exit {proc.returncode}, want 130\n{out}\n{err}")
    summary = json.loads(out)
    if summary.get("result") != "PARTIAL" or not summary.get("interrupted") or not 0 < summary["cycles"] < 10**7:
        fail(f"interrupted run's summary: {summary}")
    if json.loads(cov.read_text()).get("runs", [{}])[0].get("cycles") != summary["cycles"]:
        fail("the interrupted run's coverage file does not hold its cycles")
    print(f"ok: Ctrl-C -> exit 130, PARTIAL after {summary['cycles']} cycles, coverage written")
    ro.chmod(0o755)
    return 0


if __name__ == "__main__":
    sys.exit(main())

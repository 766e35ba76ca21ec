#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Install this checkout's omsim package into a virtual environment (the CTest fixture of the Python tests).

usage: install.py --venv DIR [--source DIR]

Creates DIR (``--system-site-packages``, so numpy, pytest, pybind11 and scikit-build-core come from the set-up
script's installs; no network) unless it exists, then runs ``pip install`` of the source tree into it without
build isolation. scikit-build-core reuses build/python/<wheel tag> (pyproject.toml), so a reinstall compiles only
what changed. That build directory is shared by every checkout build, so installs hold a lock on it.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import subprocess
import sys
import time
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--venv", type=Path, required=True, help="virtual environment to (create and) install into")
    ap.add_argument("--source", type=Path, default=Path(__file__).resolve().parents[2], help="omsim checkout")
    args = ap.parse_args()
    source = args.source.resolve()
    venv = args.venv.resolve()
    python = venv / "bin" / "python"
    lock_path = source / "build" / "python" / ".install.lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not python.exists():
            # --without-pip: Debian's python3 lacks ensurepip; the base interpreter's pip runs inside the venv.
            subprocess.run(
                [sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], check=True
            )
        cmd = [
            str(python), "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index",
            "--disable-pip-version-check", "--quiet", str(source),
        ]
        env = dict(os.environ, PIP_NO_INPUT="1")
        print(" ".join(cmd), flush=True)
        proc = subprocess.run(cmd, env=env)
        if proc.returncode != 0:
            return proc.returncode
    probe = subprocess.run(
        [str(python), "-c", "import omsim, sys; print(omsim.__file__, omsim.__version__)"],
        check=True, capture_output=True, text=True, cwd=venv,
    )
    print(f"installed {probe.stdout.strip()} in {time.monotonic() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

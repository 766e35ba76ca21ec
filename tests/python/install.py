#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Install this checkout's omsim package into a virtual environment (the CTest fixture of the Python tests).

usage: install.py --venv DIR [--source DIR] [--prebuilt BUILD/python/omsim]

Run by the project venv's python (build/venv, made by scripts/setup.sh; CMake's Python_EXECUTABLE). Creates DIR
unless it exists: a venv of the same base interpreter that sees the project venv's packages (numpy, pytest, pip,
pybind11, scikit-build-core) through a .pth file, so nothing comes from the network and nothing from the base
interpreter's own site-packages. Then runs ``pip install`` of the source tree into it without build isolation.

--prebuilt: the package tree that a C++ build with -DOM_BUILD_PYTHON=ON laid out (its extension modules and
generated modules, built for this Python); the wheel packs those and compiles nothing (bindings/prebuilt.cmake),
with its small CMake tree in BUILD/python/wheel. Without it, scikit-build-core compiles the package in
build/python/<wheel tag> (pyproject.toml), reused so a reinstall compiles only what changed; that directory is
shared by every build of the checkout, so installs hold a lock on it.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import shutil
import site
import subprocess
import sys
import time
from pathlib import Path

PTH_NAME = "_omsim_project_venv.pth"


def make_venv(venv: Path) -> Path:
    """The test venv (created once): the running interpreter's site directories added after its own by a .pth
    file (with their .pth files, as site.addsitedir does)."""
    python = venv / "bin" / "python"
    pth_text = "".join(f"import site; site.addsitedir({p!r})\n" for p in site.getsitepackages() if Path(p).is_dir())
    pths = list(venv.glob(f"lib/python*/site-packages/{PTH_NAME}"))
    if python.exists() and pths and pths[0].read_text() == pth_text:
        return python
    if (venv / "pyvenv.cfg").exists():  # an older or foreign layout (e.g. --system-site-packages): start again
        shutil.rmtree(venv)
    # --without-pip: Debian's python3 may lack ensurepip; the project venv's pip runs inside this venv.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             check=True, capture_output=True, text=True).stdout.strip()
    (Path(purelib) / PTH_NAME).write_text(pth_text)
    return python


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--venv", type=Path, required=True, help="virtual environment to (create and) install into")
    ap.add_argument("--source", type=Path, default=Path(__file__).resolve().parents[2], help="omsim checkout")
    ap.add_argument("--prebuilt", type=Path, help="package tree of a C++ build (BUILD/python/omsim) to pack")
    args = ap.parse_args()
    source = args.source.resolve()
    venv = args.venv.resolve()
    cmd = ["-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index", "--disable-pip-version-check",
           "--quiet"]
    if args.prebuilt:
        prebuilt = args.prebuilt.resolve()
        lock_path = prebuilt.parent / ".install.lock"
        cmd += [f"--config-settings=cmake.define.OM_PYTHON_PREBUILT={prebuilt}",
                f"--config-settings=build-dir={prebuilt.parent / 'wheel'}"]
    else:
        lock_path = source / "build" / "python" / ".install.lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        python = make_venv(venv)
        cmd = [str(python), *cmd, str(source)]
        print(" ".join(cmd), flush=True)
        proc = subprocess.run(cmd, env=dict(os.environ, PIP_NO_INPUT="1"))
        if proc.returncode != 0:
            return proc.returncode
    probe = subprocess.run(
        [str(python), "-c", "import omsim, sys; print(omsim.__file__, omsim.__version__)"],
        check=True, stdout=subprocess.PIPE, text=True, cwd=venv,
    )
    print(f"installed {probe.stdout.strip()} in {time.monotonic() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

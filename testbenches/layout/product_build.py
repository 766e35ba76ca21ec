#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The product without its tests: configures SOURCE_DIR with -DOM_BUILD_TESTS=OFF into BUILD_DIR, builds the omsim
command (with the driver's rtl and tlm backends and the co-simulation), and checks that no test folder was added,
that `omsim caps --backend rtl` and `--backend tlm` answer, and that `omsim run` passes a short co-simulation.

usage: product_build.py SOURCE_DIR BUILD_DIR
"""
import json
import subprocess
import sys
from pathlib import Path


def run(cmd: list[str]) -> subprocess.CompletedProcess:
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, capture_output=True, text=True)


def must(cmd: list[str]) -> str:
    p = run(cmd)
    if p.returncode != 0:
        sys.exit(f"product_build: exit {p.returncode}\n{p.stdout[-4000:]}\n{p.stderr[-4000:]}")
    return p.stdout


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    src, build = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    must(["cmake", "-S", str(src), "-B", str(build), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
          f"-DPython_EXECUTABLE={sys.executable}", "-DOM_BUILD_TESTS=OFF", "-DOM_BUILD_BENCH=OFF"])
    must(["cmake", "--build", str(build), "--target", "omsim", "-j", "2"])
    added = [p for p in (build / "testbenches", build / "tests") if p.exists()]
    if added:
        sys.exit(f"product_build: a build without tests added {', '.join(map(str, added))}")
    omsim = str(build / "bin" / "omsim")
    for backend in ("rtl", "tlm"):
        caps = json.loads(must([omsim, "caps", "--config", "fl9_3", "--backend", backend, "--json"]))
        if caps.get("config") != "fl9_3":
            sys.exit(f"product_build: omsim caps --backend {backend} answered {caps}")
    out = must([omsim, "run", "--config", "fl11_1", "--seed", "3", "--cycles", "5000"])
    if "PASS" not in out:
        sys.exit(f"product_build: omsim run did not pass:\n{out}")
    print("product_build: omsim run, caps --backend rtl/tlm work without OM_BUILD_TESTS")
    return 0


if __name__ == "__main__":
    sys.exit(main())

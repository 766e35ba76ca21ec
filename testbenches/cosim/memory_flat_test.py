#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CTest: a seeded run's resident memory does not grow with its length.

Usage: memory_flat_test.py OMSIM [SHORT LONG MARGIN_MIB]

Runs `omsim run --sides model --profile hazards` for SHORT and for LONG cycles (default 2e6 and 2e7) and compares
the peak resident memory of the two processes (os.wait4's rusage, per child): the long run may hold at most
MARGIN_MIB (default 16) more. A stimulus generated whole before the run takes about 10 bytes a cycle here, 200 MiB
more for the long run. The hazards profile binds only tiny render targets, so the memory images between drains stay
small; with large ones (the other profiles) a run holds up to a few tens of MiB of them at its largest drain interval,
which a longer run is likelier to reach.

In an AddressSanitizer build (the asan test preset) the allocator keeps freed blocks in a quarantine of up to 256 MB
and their shadow, which a longer run fills further (peak 64 MiB at 2e5 cycles, 114 MiB at 2e6 measured): the two
runs go without the quarantine (`quarantine_size_mb=0` added to ASAN_OPTIONS; ASan's other checks stay), so both
hold what the program holds (62 MiB at 2e5, 2e6 and 2e7 cycles). The option does nothing in other builds.
"""

from __future__ import annotations

import os
import subprocess
import sys


def peak_kib(omsim: str, cycles: str) -> int:
    cmd = [omsim, "run", "--config", "fl11_1", "--seed", "3", "--cycles", cycles, "--json"]
    cmd += ["--sides", "model", "--profile", "hazards"]
    env = dict(os.environ, ASAN_OPTIONS=":".join(filter(None, [os.environ.get("ASAN_OPTIONS"), "quarantine_size_mb=0"])))
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    err = p.stderr.read().decode() if p.stderr else ""
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        print(f"FAIL: {' '.join(cmd)} exited {p.returncode}\n{err}")
        sys.exit(1)
    return usage.ru_maxrss  # KiB on Linux


def main() -> int:
    omsim = sys.argv[1]
    short, long, margin = (sys.argv[2:5] + ["2e6", "2e7", "16"][len(sys.argv[2:5]) :])[:3]
    a, b = peak_kib(omsim, short), peak_kib(omsim, long)
    print(f"peak resident memory: {short} cycles {a / 1024:.1f} MiB, {long} cycles {b / 1024:.1f} MiB")
    if b > a + int(margin) * 1024:
        print(f"FAIL: the {long}-cycle run held {(b - a) / 1024:.1f} MiB more than the {short}-cycle run "
              f"(allowed {margin} MiB)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

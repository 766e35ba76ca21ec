# SPDX-License-Identifier: Apache-2.0
"""Runs a command and checks its exit code and that it explains itself on stderr.

usage: expect_exit.py CODE COMMAND [ARGS...]
"""
import subprocess
import sys


def main() -> int:
    want = int(sys.argv[1])
    cmd = sys.argv[2:]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if p.returncode != want:
        print(f"{cmd}: exit code {p.returncode}, want {want}\nstdout:\n{p.stdout}\nstderr:\n{p.stderr}")
        return 1
    if not p.stderr.strip():
        print(f"{cmd}: exit code {want} but no message on stderr")
        return 1
    print(f"{cmd}: exit {want}: {p.stderr.strip().splitlines()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

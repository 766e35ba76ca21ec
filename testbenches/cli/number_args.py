# SPDX-License-Identifier: Apache-2.0
"""Numbers on omsim's command line and in OM_SEED: each row runs omsim and checks the exit code (0 pass, 2 usage)
and that the named stream matches a pattern, so a number is never parsed silently wrong.

usage: number_args.py OMSIM
"""
import os
import re
import subprocess
import sys

ROWS = [
    # (arguments, OM_SEED or None, exit code, stream, pattern)
    ("run --seed 1e6", None, 2, "stderr", r"--seed: '1e6' is not a whole number"),
    ("run --seed 7abc", None, 2, "stderr", r"--seed: '7abc' is not a whole number"),
    ("run --seed -1", None, 2, "stderr", r"--seed: '-1' is not a whole number"),
    ("run --seed 18446744073709551616", None, 2, "stderr", r"--seed: '18446744073709551616' is too large"),
    ("run --seed 08 --cycles 2000", None, 0, "stdout", r"seed 8\b"),
    ("run --seed 0x10 --cycles 2000", None, 0, "stdout", r"seed 16\b"),
    ("run --cycles 2000", "010", 0, "stdout", r"seed 10\b"),
    ("run --cycles 2000", "1e6", 2, "stderr", r"OM_SEED: '1e6' is not a whole number"),
    ("run --rts 4294967297", None, 2, "stderr", r"--rts: '4294967297' is out of range"),
    ("run --rts 0", None, 2, "stderr", r"--rts: '0' is out of range"),
    ("run --cycles 1e13", None, 2, "stderr", r"--cycles: '1e13' is not a whole number from 1 to 1e12"),
    ("run --cycles 12x", None, 2, "stderr", r"--cycles: '12x' is not a number"),
    ("run --holes -3", None, 2, "stderr", r"--holes: '-3' is not a whole number"),
    ("coverage none.json --min nan", None, 2, "stderr", r"--min: 'nan' is not a number from 0"),
    ("coverage none.json --min 101", None, 2, "stderr", r"--min: '101' is out of range"),
]


def main() -> int:
    omsim = sys.argv[1]
    failed = 0
    for args, seed, code, stream, pattern in ROWS:
        env = {k: v for k, v in os.environ.items() if k != "OM_SEED"}
        if seed is not None:
            env["OM_SEED"] = seed
        p = subprocess.run([omsim, *args.split()], capture_output=True, text=True, timeout=120, env=env)
        text = p.stdout if stream == "stdout" else p.stderr
        ok = p.returncode == code and re.search(pattern, text)
        print(f"{'ok  ' if ok else 'FAIL'} omsim {args} (OM_SEED={seed}): exit {p.returncode}, "
              f"{(p.stderr.strip() or p.stdout.strip()).splitlines()[0] if (p.stderr or p.stdout).strip() else ''}")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

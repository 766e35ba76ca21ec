#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes one cycle-model mutant of scripts/mutants.toml: the mutated copy of its source file.

usage: mutant.py ID OUT

For the CTest fixture that builds omsim._cosim over a cycle model with that single-point change (CMakeLists.txt
here), so that test_regress.py can check that a regression finds, buckets and minimizes a real model bug. Fails
unless the mutant's text occurs exactly once in its file.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    mid, out = sys.argv[1], Path(sys.argv[2])
    table = tomllib.loads((ROOT / "scripts" / "mutants.toml").read_text())["mutant"]
    mu = next((m for m in table if m["id"] == mid), None)
    if mu is None or mu["side"] != "model":
        print(f"mutant.py: no cycle-model mutant '{mid}' in scripts/mutants.toml", file=sys.stderr)
        return 2
    text = (ROOT / mu["file"]).read_text()
    if text.count(mu["find"]) != 1:
        print(
            f"mutant.py: {mid}: '{mu['find']}' occurs {text.count(mu['find'])} times in {mu['file']}", file=sys.stderr
        )
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(f"// {mid} of scripts/mutants.toml: {mu['what']}\n" + text.replace(mu["find"], mu["replace"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

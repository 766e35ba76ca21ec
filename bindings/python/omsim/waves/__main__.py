# SPDX-License-Identifier: Apache-2.0
"""python -m omsim.waves diff|png ...: the wave commands without the omsim launcher."""

import sys

from .cli import diff_main, png_main

if __name__ == "__main__":
    cmds = {"diff": diff_main, "png": png_main}
    if len(sys.argv) < 2 or sys.argv[1] not in cmds:
        print("usage: python -m omsim.waves diff|png ...", file=sys.stderr)
        sys.exit(2)
    sys.exit(cmds[sys.argv[1]](sys.argv[2:]))

# SPDX-License-Identifier: Apache-2.0
"""The wave commands of ``omsim``: ``wave-diff`` and ``wave-png``. Exit status: 0 no difference / PNG written,
1 the files differ, 2 bad command line or a file that cannot be read or written (the message names it)."""

from __future__ import annotations

import argparse
import json
import sys

from .diff import diff
from .png import render

OK, DIFFER, USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(USAGE)


def _cycles(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number of cycles >= 0, got {text!r}")
    return int(text, 10)


def diff_main(argv: list[str]) -> int:
    ap = _Parser(prog="omsim wave-diff", description="First differing signal and time of two wave files, and "
                 "every difference in the window after it (signals matched by their full names).")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--window", type=_cycles, default=10, help="cycles after the first difference to list")
    ap.add_argument("--signals", nargs="+", help="compare only these (full names)")
    ap.add_argument("--json", action="store_true", help="JSON on stdout")
    args = ap.parse_args(argv)
    try:
        rep = diff(args.a, args.b, window=args.window, signals=args.signals)
    except (OSError, ValueError, KeyError) as e:
        print(f"omsim wave-diff: {e}", file=sys.stderr)
        return USAGE
    if args.json:
        print(json.dumps(rep.to_dict(), indent=1))
    elif rep.first is None:
        print(f"no difference in {rep.compared} common signals")
    else:
        f = rep.first
        print(f"first difference at cycle {f.cycle} (time {f.time}): {f.signal}: {f.a} / {f.b}")
        print(f"{len(rep.differences)} differences in cycles {f.cycle}..{f.cycle + rep.window} "
              f"({rep.compared} common signals)")
        print(rep.table())
    return OK if rep.first is None else DIFFER


def png_main(argv: list[str]) -> int:
    ap = _Parser(prog="omsim wave-png", description="Render a window of a wave file to PNG (headless). Without "
                 "--signals/--from/--to, a cosim.fst's window around the divergence.")
    ap.add_argument("file")
    ap.add_argument("--signals", nargs="+", help="full signal names, top to bottom")
    ap.add_argument("--from", dest="first", type=_cycles, help="first cycle")
    ap.add_argument("--to", dest="last", type=_cycles, help="last cycle")
    ap.add_argument("--marker", type=_cycles, help="draw a marker at this cycle")
    ap.add_argument("-o", "--out", required=True, help="PNG file to write")
    args = ap.parse_args(argv)
    try:
        win = render(args.file, args.out, args.signals, args.first, args.last, args.marker)
    except (OSError, ValueError, KeyError) as e:
        print(f"omsim wave-png: {e}", file=sys.stderr)
        return USAGE
    print(f"{args.out}: {len(win.signals)} signals, cycles {win.first}..{win.last}")
    return OK

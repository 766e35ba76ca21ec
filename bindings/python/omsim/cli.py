# SPDX-License-Identifier: Apache-2.0
"""The ``omsim`` command a ``pip install`` puts on PATH: ``omsim regress`` (:mod:`omsim.regress`), ``omsim
wave-diff`` and ``omsim wave-png`` (:mod:`omsim.waves`) run here, in Python; every other subcommand (``run``, ``caps``, ``coverage``, ``--help``) is the native omsim
the package carries (``omsim/bin/omsim``, the build tree's ``bin/omsim``), executed in place of this process."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Optional


def native() -> Path:
    """The native omsim executable packed with this package."""
    return Path(__file__).resolve().parent / "bin" / "omsim"


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs ``omsim ARGS``; returns the exit status (or does not return: the native command replaces it)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "regress":
        from . import regress

        return regress.main(args[1:])
    if args and args[0] in ("wave-diff", "wave-png"):
        from .waves import cli

        return (cli.diff_main if args[0] == "wave-diff" else cli.png_main)(args[1:])
    exe = native()
    if not os.access(exe, os.X_OK):
        print(
            f"omsim: the native command is missing from this package ({exe}); 'omsim regress' still works",
            file=sys.stderr,
        )
        return 2
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(exe, [str(exe), *args])
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())

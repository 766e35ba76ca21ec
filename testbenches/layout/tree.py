# SPDX-License-Identifier: Apache-2.0
"""The files of a source tree that the layout checks read."""
import subprocess
from pathlib import Path


def files(root: Path) -> list[Path]:
    """Paths relative to `root`: git's tracked and untracked-but-not-ignored files, or (outside a git checkout,
    as in the checks' self-tests) every file below `root` not under a build folder."""
    out = subprocess.run(["git", "-C", str(root), "ls-files", "--cached", "--others", "--exclude-standard"],
                         capture_output=True, text=True)
    if out.returncode == 0:
        return [Path(p) for p in out.stdout.splitlines() if (root / p).is_file()]
    return [p.relative_to(root) for p in root.rglob("*") if p.is_file() and "build" not in p.parts]

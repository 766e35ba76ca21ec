# SPDX-License-Identifier: Apache-2.0
"""Code coverage of om_top for ``omsim regress --code-coverage``: the runs of a build made with the ``coverage``
preset (om_top Verilated with ``--coverage``) each write their counts into ``$OM_CODE_COVERAGE_DIR``
(om::sim::RtlTop, when a model goes away); this module points that variable at ``OUT/code-coverage/data`` for the
workers, then merges the files with ``verilator_coverage`` and writes an lcov report with ``genhtml`` beside the
functional one (``OUT/code-coverage/html/index.html``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .regress_args import UsageError

ENV = "OM_CODE_COVERAGE_DIR"


def _built_with_coverage() -> bool:
    """Whether this package's Verilated om_top counts coverage: a model made and dropped writes a file."""
    from . import cosim

    old = os.environ.get(ENV)
    with tempfile.TemporaryDirectory(prefix="omsim-codecov-") as d:
        os.environ[ENV] = d
        try:
            side = cosim.Side("rtl")
            del side
        finally:
            if old is None:
                del os.environ[ENV]
            else:
                os.environ[ENV] = old
        return any(Path(d).iterdir())


def prepare(out_dir: Path, remote: bool) -> Path:
    """Checks the tools and the build and sets $OM_CODE_COVERAGE_DIR (inherited by local workers) to an empty
    OUT/code-coverage/data; UsageError naming what is missing."""
    if remote:
        raise UsageError("--code-coverage: only with local workers (-j or --cluster local:N), whose environment "
                         "this process sets")
    if shutil.which("verilator_coverage") is None:
        raise UsageError("--code-coverage: verilator_coverage is not on PATH (apt-get install verilator)")
    if not _built_with_coverage():
        raise UsageError("--code-coverage: this omsim's om_top has no code coverage; build the coverage preset "
                         "(cmake --preset coverage && cmake --build --preset coverage) and run its "
                         "build/coverage/bin/omsim regress")
    data = out_dir / "code-coverage" / "data"
    shutil.rmtree(data, ignore_errors=True)
    data.mkdir(parents=True)
    os.environ[ENV] = str(data.resolve())
    return data


def report(data: Path) -> str:
    """Merges the runs' files into OUT/code-coverage/merged.dat and coverage.info, and the genhtml report into
    OUT/code-coverage/html; returns a line saying where (or what failed)."""
    root = data.parent
    files = sorted(str(p) for p in data.glob("*.dat"))
    if not files:
        return "code coverage: no run wrote coverage data"
    merged, info = root / "merged.dat", root / "coverage.info"
    steps = [["verilator_coverage", "--write", str(merged), *files],
             ["verilator_coverage", "--write-info", str(info), str(merged)]]
    genhtml = shutil.which("genhtml")
    if genhtml:
        steps.append([genhtml, "--quiet", "--output-directory", str(root / "html"), "--title", "om_top", str(info)])
    for cmd in steps:
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            return f"code coverage: {' '.join(cmd[:2])} failed: {(proc.stderr or proc.stdout).strip()[-400:]}"
    where = root / "html" / "index.html" if genhtml else info
    note = "" if genhtml else " (genhtml not found: apt-get install lcov for the HTML)"
    return f"code coverage: {len(files)} runs merged -> {where}{note}"

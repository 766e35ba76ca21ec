# SPDX-License-Identifier: Apache-2.0
"""The Python examples of the documentation run as written: the block in README.md, the quick starts of the
omsim and omsim.cosim docstrings (omsim.device's: test_device_docs.py)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import omsim
import omsim.cosim

README = Path(__file__).resolve().parents[2] / "README.md"


def run_code(code: str, where: str, tmp_path: Path) -> dict[str, object]:
    scope: dict[str, object] = {}
    cwd = os.getcwd()
    os.chdir(tmp_path)  # the examples may write files (waves) relative to the working directory
    try:
        exec(compile(code, where, "exec"), scope)
    finally:
        os.chdir(cwd)
    return scope


def docstring_block(doc: str) -> str:
    block = doc.split("Quick start::\n\n", 1)[1].split("\n\n", 1)[0]
    return "\n".join(line[4:] for line in block.splitlines())


def test_readme_python_block(tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert len(blocks) == 1
    scope = run_code(blocks[0], "README.md", tmp_path)
    image = scope["image"]
    # SRC_ALPHA / INV_SRC_ALPHA of (1, 0, 0, 0.5) over a cleared (zero) R8G8B8A8 texel: R = 0.5, A = 0.25.
    assert image.shape == (4, 4) and image[2, 1] == (64 << 24) | 128
    assert int(image.sum()) == (64 << 24) | 128
    res = scope["res"]
    assert res.passed and res.cycles >= 50_000 and len(res.waves) == 3
    assert all((tmp_path / w).stat().st_size > 0 for w in res.waves)


def test_package_quick_start(tmp_path):
    scope = run_code(docstring_block(omsim.__doc__ or ""), "omsim quick start", tmp_path)
    assert int(scope["out"][0]) == 0xBF800080  # as the docstring says


def test_cosim_quick_start(tmp_path):
    scope = run_code(docstring_block(omsim.cosim.__doc__ or ""), "omsim.cosim quick start", tmp_path)
    assert scope["res"].passed and not scope["bad"].passed
    assert scope["bad"].failures[0].field.startswith("mem_wr_data_o")

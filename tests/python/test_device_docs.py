# SPDX-License-Identifier: Apache-2.0
"""The public API of omsim.device is documented: every public name has a docstring, help() explains the error
model and the array layouts, and the quick start in the module docstring runs. (omsim/_device.pyi against the
built module: test_stub.py.)"""

from __future__ import annotations

import inspect
import pydoc

import omsim
import omsim.device
import omsim.device_caps
import omsim.device_types
from omsim import _device


def test_every_public_name_is_documented():
    missing = []
    for mod in (omsim.device, omsim.device_caps, omsim.device_types):
        assert mod.__doc__
        for n in mod.__all__:
            obj = getattr(mod, n)
            if not (obj.__doc__ or "").strip():
                missing.append(f"{mod.__name__}.{n}")
            if inspect.isclass(obj):
                for k, v in vars(obj).items():
                    if k.startswith("_"):
                        continue
                    doc = v.fget.__doc__ if isinstance(v, property) else getattr(v, "__doc__", "x")
                    if (inspect.isfunction(v) or isinstance(v, property)) and not (doc or "").strip():
                        missing.append(f"{mod.__name__}.{n}.{k}")
    for n in dir(_device):
        obj = getattr(_device, n)
        if not n.startswith("_") and callable(obj) and not (obj.__doc__ or "").strip():
            missing.append(f"_device.{n}")
    assert missing == []


def test_help_explains_errors_and_arrays():
    page = pydoc.render_doc(omsim.device, renderer=pydoc.plaintext)
    for word in ("InvalidArgError", "DeviceLostError", "validate", "raise_for_result", "backends"):
        assert word in page
    draw = pydoc.render_doc(omsim.device.Device.draw, renderer=pydoc.plaintext)
    assert "(N, k, 4)" in draw and "coverage" in draw and "GIL" in draw


def test_the_quick_start_in_the_module_docstring_runs():
    doc = omsim.device.__doc__ or ""
    block = doc.split("Quick start::\n\n", 1)[1].split("\n\n", 1)[0]
    code = "\n".join(line[4:] for line in block.splitlines())
    scope: dict[str, object] = {}
    exec(compile(code, "omsim.device quick start", "exec"), scope)
    img = scope["img"]
    assert img.shape == (4, 4) and img[2, 1] != img[0, 0]  # the drawn pixel differs from the cleared ones

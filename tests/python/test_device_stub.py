"""The typed stub omsim/_device.pyi describes the built extension omsim._device exactly (public names; parameter
names in order with defaults in the same places, from the signatures pybind11 writes into the docstrings), and
the public API of omsim.device is documented (help() is useful)."""

from __future__ import annotations

import ast
import inspect
import pydoc
from pathlib import Path

import pytest

import omsim
import omsim.device
import omsim.device_caps
import omsim.device_types
from omsim import _device

STUB = Path(omsim.__file__).with_name("_device.pyi")
TREE = ast.parse(STUB.read_text())
FUNCS = {n.name: n for n in TREE.body if isinstance(n, ast.FunctionDef)}
CLASSES = {n.name: n for n in TREE.body if isinstance(n, ast.ClassDef)}
ALIASES = {n.target.id for n in TREE.body if isinstance(n, ast.AnnAssign) and "TypeAlias" in ast.unparse(n.annotation)}
ATTRS = {n.target.id for n in TREE.body if isinstance(n, ast.AnnAssign)} - ALIASES


def pybind_signature(obj: object, name: str) -> list[tuple[str, bool]]:
    """[(parameter, has default)] from the first docstring line "name(a: T, b: T = 1) -> R"."""
    first = (obj.__doc__ or "").strip().splitlines()[0]
    assert first.startswith(name + "("), f"{name}: no pybind11 signature: {first!r}"
    depth, params, cur = 0, [], ""
    for ch in first[len(name) + 1 :]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                break
            depth -= 1
        if ch == "," and depth == 0:
            params.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        params.append(cur)
    return [(p.split(":")[0].split("=")[0].strip(), "=" in p) for p in params]


def stub_signature(fn: ast.FunctionDef) -> list[tuple[str, bool]]:
    args = fn.args.posonlyargs + fn.args.args
    first_default = len(args) - len(fn.args.defaults)
    return [(a.arg, i >= first_default) for i, a in enumerate(args)]


def test_every_module_name_is_in_the_stub_and_back():
    module = {n for n in dir(_device) if not n.startswith("__")}
    assert module == set(FUNCS) | set(CLASSES) | ATTRS
    assert ALIASES and ALIASES.isdisjoint(module)


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_function_signature(name):
    assert pybind_signature(getattr(_device, name), name) == stub_signature(FUNCS[name])


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_class_members(name):
    cls = getattr(_device, name)
    stub = CLASSES[name]
    members = {k: v for k, v in cls.__dict__.items() if not k.startswith("_")}
    methods = {k: v for k, v in members.items() if callable(v) and not isinstance(v, property)}
    props = {k for k, v in cls.__dict__.items() if isinstance(v, property)}
    stub_methods = {n.name: n for n in stub.body if isinstance(n, ast.FunctionDef) and not n.decorator_list}
    stub_props = {n.name for n in stub.body if isinstance(n, ast.FunctionDef) and n.decorator_list}
    assert set(methods) == set(stub_methods)
    assert props == stub_props
    assert all(cls.__dict__[p].fset is None for p in props)  # all read-only, as the stub's @property says
    for m, fn in methods.items():
        assert pybind_signature(fn, m) == stub_signature(stub_methods[m]), m
    # No constructor: devices come from create_device (pybind11's raising __init__ is not a signature).
    assert not (cls.__init__.__doc__ or "").startswith("__init__(")


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

# SPDX-License-Identifier: Apache-2.0
"""The typed stubs omsim/_core.pyi, _device.pyi and _cosim.pyi describe the built extension modules exactly: the
same public names, and for every function and method the same parameter names, in order, with defaults in the
same places (parsed from the signatures pybind11 writes into the docstrings)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import omsim

# Every extension module of the package (the set-up script installs Verilator, so the RTL ones are built).
EXTENSIONS = ("_core", "_device", "_cosim")


def split_params(text: str) -> list[str]:
    """Split a parameter list at top-level commas (defaults may hold tuples and brackets)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return [p.strip() for p in out]


def doc_signature(obj: object, name: str) -> list[tuple[str, bool]]:
    """[(parameter name, has default)] from the first line of a pybind11 docstring "name(a: T, b: T = 1) -> R"."""
    first = (obj.__doc__ or "").strip().splitlines()[0]
    assert first.startswith(name + "("), f"{name}: no pybind11 signature in its docstring: {first!r}"
    depth, end = 0, None
    for i, ch in enumerate(first[len(name):], start=len(name)):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            end = i
            break
    params = split_params(first[len(name) + 1 : end])
    return [(p.split(":")[0].split("=")[0].strip(), "=" in p) for p in params]


def stub_signature(fn: ast.FunctionDef) -> list[tuple[str, bool]]:
    args = fn.args.posonlyargs + fn.args.args
    first_default = len(args) - len(fn.args.defaults)
    return [(a.arg, i >= first_default) for i, a in enumerate(args)]


def parse_stub(stub: Path) -> tuple[dict[str, ast.FunctionDef], dict[str, ast.ClassDef], set[str]]:
    tree = ast.parse(stub.read_text())
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    attrs = {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    # Type aliases of the stub itself (``Words4: TypeAlias = ...``) are not module names.
    aliases = {
        n.target.id
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and "TypeAlias" in ast.unparse(n.annotation)
    }
    return funcs, classes, attrs - aliases


def stub_path(ext: str) -> Path:
    return Path(omsim.__file__).with_name(ext + ".pyi")


def module(ext: str) -> ModuleType:
    return importlib.import_module("omsim." + ext)


STUBS = {ext: parse_stub(stub_path(ext)) for ext in EXTENSIONS}


def module_names(mod: ModuleType) -> set[str]:
    return {n for n in dir(mod) if not n.startswith("__")}


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_stub_is_shipped_with_py_typed(ext):
    assert stub_path(ext).is_file()
    assert stub_path(ext).with_name("py.typed").is_file()


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_every_module_name_is_in_the_stub_and_back(ext):
    funcs, classes, attrs = STUBS[ext]
    stub_names = set(funcs) | set(classes) | attrs
    names = module_names(module(ext))
    assert names - stub_names == set(), f"missing from {ext}.pyi"
    assert stub_names - names == set(), f"in {ext}.pyi but not in the module"


@pytest.mark.parametrize("ext,name", [(e, n) for e in EXTENSIONS for n in sorted(STUBS[e][0])])
def test_function_signature(ext, name):
    assert doc_signature(getattr(module(ext), name), name) == stub_signature(STUBS[ext][0][name])


def class_members(cls: type) -> tuple[dict[str, object], set[str]]:
    methods, props = {}, set()
    for k, v in cls.__dict__.items():
        if k.startswith("_") and k != "__init__":  # dunders and pybind11's own (_pybind11_conduit_v1_)
            continue
        if isinstance(v, property):
            props.add(k)
        elif callable(v):
            methods[k] = v
    return methods, props


@pytest.mark.parametrize("ext,name", [(e, n) for e in EXTENSIONS for n in sorted(STUBS[e][1])])
def test_class_members_and_signatures(ext, name):
    cls = getattr(module(ext), name)
    assert inspect.isclass(cls)
    methods, props = class_members(cls)
    stub = STUBS[ext][1][name]
    stub_methods = {n.name: n for n in stub.body if isinstance(n, ast.FunctionDef) and not n.decorator_list}
    stub_props = {n.name for n in stub.body if isinstance(n, ast.FunctionDef) and n.decorator_list}
    stub_props |= {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}
    readonly_in_stub = {n.name for n in stub.body if isinstance(n, ast.FunctionDef) and n.decorator_list}
    # pybind11 gives classes without a constructor an __init__ that only raises: the stub leaves it out.
    has_init = "__init__" in methods and (methods["__init__"].__doc__ or "").startswith("__init__(")
    if not has_init:
        methods.pop("__init__", None)
    assert set(methods) == set(stub_methods), name
    assert props == stub_props, name
    for p in props:  # read-only in the module <=> @property in the stub; writable <=> annotated attribute
        assert (cls.__dict__[p].fset is None) == (p in readonly_in_stub), f"{name}.{p}"
    for m, fn in methods.items():
        assert doc_signature(fn, m) == stub_signature(stub_methods[m]), f"{name}.{m}"


def test_every_public_function_and_class_has_a_docstring():
    undocumented = []
    public = [m.name for m in pkgutil.iter_modules(omsim.__path__) if not m.name.startswith("_")]
    assert {"cosim", "device", "ref", "validate"} <= set(public)
    for mod in [omsim] + [importlib.import_module("omsim." + name) for name in public]:
        assert mod.__doc__, mod.__name__
        for n in getattr(mod, "__all__", []):
            obj = getattr(mod, n)
            if inspect.isfunction(obj) or inspect.isclass(obj):
                if not (obj.__doc__ or "").strip():
                    undocumented.append(f"{mod.__name__}.{n}")
                for k, v in vars(obj).items() if inspect.isclass(obj) else ():
                    if not k.startswith("_") and inspect.isfunction(v) and not (v.__doc__ or "").strip():
                        undocumented.append(f"{mod.__name__}.{n}.{k}")
    for ext in EXTENSIONS:
        mod = module(ext)
        for n in module_names(mod):
            obj = getattr(mod, n)
            if callable(obj) and not (obj.__doc__ or "").strip():
                undocumented.append(f"{ext}.{n}")
    assert undocumented == []


def test_help_describes_the_package_and_its_calls():
    text = inspect.getdoc(omsim) or ""
    assert "omsim.blend" in text or "omsim.ref" in text
    import pydoc

    page = pydoc.render_doc(omsim.blend, renderer=pydoc.plaintext)
    assert "format" in page and "dest" in page and "out" in page and "Returns out" in page

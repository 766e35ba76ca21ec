"""The typed stub omsim/_core.pyi describes the built extension module exactly: the same public names, and for
every function and method the same parameter names, in order, with defaults in the same places (parsed from the
signatures pybind11 writes into the docstrings)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import omsim
from omsim import _core

STUB = Path(omsim.__file__).with_name("_core.pyi")


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


def parse_stub() -> tuple[dict[str, ast.FunctionDef], dict[str, ast.ClassDef], set[str]]:
    tree = ast.parse(STUB.read_text())
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    attrs = {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    return funcs, classes, attrs


FUNCS, CLASSES, ATTRS = parse_stub()
ALIASES = {"Words4", "Array"}  # type aliases of the stub itself


def module_names() -> set[str]:
    return {n for n in dir(_core) if not n.startswith("__")}


def test_stub_is_shipped_with_py_typed():
    assert STUB.is_file()
    assert STUB.with_name("py.typed").is_file()


def test_every_module_name_is_in_the_stub_and_back():
    stub_names = set(FUNCS) | set(CLASSES) | (ATTRS - ALIASES)
    assert module_names() - stub_names == set(), "missing from _core.pyi"
    assert stub_names - module_names() == set(), "in _core.pyi but not in the module"


@pytest.mark.parametrize("name", sorted(n for n in FUNCS))
def test_function_signature(name):
    assert doc_signature(getattr(_core, name), name) == stub_signature(FUNCS[name])


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


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_class_members_and_signatures(name):
    cls = getattr(_core, name)
    assert inspect.isclass(cls)
    methods, props = class_members(cls)
    stub = CLASSES[name]
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
    for mod in (omsim, omsim.enums, omsim.errors, omsim.tables, omsim.ref, omsim.scalar, omsim.state, omsim.validate):
        assert mod.__doc__, mod.__name__
        for n in getattr(mod, "__all__", []):
            obj = getattr(mod, n)
            if inspect.isfunction(obj) or inspect.isclass(obj):
                if not (obj.__doc__ or "").strip():
                    undocumented.append(f"{mod.__name__}.{n}")
                for k, v in vars(obj).items() if inspect.isclass(obj) else ():
                    if not k.startswith("_") and inspect.isfunction(v) and not (v.__doc__ or "").strip():
                        undocumented.append(f"{mod.__name__}.{n}.{k}")
    for n in module_names():
        obj = getattr(_core, n)
        if callable(obj) and not (obj.__doc__ or "").strip():
            undocumented.append(f"_core.{n}")
    assert undocumented == []


def test_help_describes_the_package_and_its_calls():
    text = inspect.getdoc(omsim) or ""
    assert "omsim.blend" in text or "omsim.ref" in text
    import pydoc

    page = pydoc.render_doc(omsim.blend, renderer=pydoc.plaintext)
    assert "format" in page and "dest" in page and "out" in page and "Returns out" in page

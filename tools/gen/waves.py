# SPDX-License-Identifier: Apache-2.0
"""The wave view of the packed types of defs/types.toml: how each is traced field by field, and the value names.

Verilator's --trace-structs writes a packed struct as a scope per struct (FST scope type STRUCT) holding one
variable per field, a packed array of structs as one scope per element ("rt_desc[3]"), and a packed array of plain
bits as one variable per element ("s[0]", "oc[7][3]"), element 0 first. struct_items() spells the same walk, so the
cycle model's FST (om/gen/waves.h, read by sim/src/model_waves.cc) carries the RTL's names, and the GTKWave layouts
(waves/make_gtkw.py) list them.

Value names: a field may name a value table with `enum = "<table>"` in types.toml. The tables are the enums of
defs/enums.toml, "format" (the DXGI formats of defs/formats.toml), "config" (the named configurations of
defs/configs.toml, indexed as the cfg_i strap selects them) and "write_mask" (every combination of the
D3D11_COLOR_WRITE_ENABLE bits, spelled "RGBA", "RG__", ...). The model's FST carries them as FST enum tables; the
layouts as GTKWave translate-filter files, which also name the RTL's values (om_pkg declares these fields as plain
logic, so Verilator writes no table for them).
"""
from __future__ import annotations

import dataclasses
import functools

import defs
import packed


@dataclasses.dataclass(frozen=True)
class Item:
    op: str  # "push" (open a struct scope `name`), "pop", or "var"
    name: str = ""  # scope or variable name as Verilator writes it ("s[0]", "rt_desc[3]")
    lsb: int = 0  # var: the field's least significant bit in the packed type
    width: int = 0
    enum: str = ""  # var: value table name, or ""


def _elements(name: str, dims: tuple[int, ...]):
    """Element names of a packed array field, element 0 first (the outermost index first)."""
    if not dims:
        yield name, ()
        return
    for i in range(dims[0]):
        for sub, idx in _elements(f"{name}[{i}]", dims[1:]):
            yield sub, (i,) + idx


def _field_enum(t: packed.Type, f: packed.Field) -> str:
    if f.type and packed.types()[f.type].kind == "enum":
        return f.type
    raw = next(x for x in packed.table()["type"] if x["name"] == t.name)
    return next((x.get("enum", "") for x in raw["fields"] if x["name"] == f.name), "")


@functools.cache
def struct_items(name: str) -> tuple[Item, ...]:
    """The trace of struct `name` inside its own scope (the caller opens and closes it), declaration order."""
    t = packed.types()[name]
    lsb_of = {}
    lsb = 0
    for f in reversed(t.fields):
        lsb_of[f.name] = lsb
        lsb += f.width * f.count
    out: list[Item] = []
    for f in t.fields:
        sub = packed.types()[f.type] if f.type else None
        base = lsb_of[f.name]
        for elem, idx in _elements(f.name, f.dims):
            flat = 0
            for d, i in zip(f.dims, idx):
                flat = flat * d + i
            at = base + flat * f.width
            if sub and sub.kind == "struct":
                out.append(Item("push", elem))
                out += [dataclasses.replace(it, lsb=it.lsb + at) if it.op == "var" else it
                        for it in struct_items(sub.name)]
                out.append(Item("pop"))
            else:
                out.append(Item("var", elem, at, f.width, _field_enum(t, f)))
    return tuple(out)


def leaf_names(name: str) -> list[tuple[str, int, str]]:
    """Every variable of struct `name` as (dotted path below the struct's scope, width, value table)."""
    scope: list[str] = []
    out = []
    for it in struct_items(name):
        if it.op == "push":
            scope.append(it.name)
        elif it.op == "pop":
            scope.pop()
        else:
            out.append((".".join(scope + [it.name]), it.width, it.enum))
    return out


def _write_mask_names() -> list[tuple[int, str]]:
    bits = defs.enums()["color_write"]["values"]
    letters = [(bits[c], c[0]) for c in ("RED", "GREEN", "BLUE", "ALPHA")]
    return [(v, "".join(ch if v & b else "_" for b, ch in letters)) for v in range(16)]


@functools.cache
def tables() -> dict[str, tuple[int, list[tuple[int, str]]]]:
    """Every value table a wave uses: name -> (width in bits, [(value, label)])."""
    e = defs.enums()
    out: dict[str, tuple[int, list[tuple[int, str]]]] = {}
    used = {it.enum for t in packed.types().values() if t.kind == "struct" for it in struct_items(t.name) if it.enum}
    for name in sorted(used):
        if name in packed.types() and packed.types()[name].kind == "enum":
            t = packed.types()[name]
            out[name] = (t.bits, [(v, n) for n, v, _ in t.values])
        elif name == "format":
            out[name] = (8, [(f.dxgi, f.name) for f in defs.formats()])
        elif name == "write_mask":
            out[name] = (4, _write_mask_names())
        elif name in e:
            vals = sorted((v, n) for n, v in e[name]["values"].items())
            out[name] = (max(v for v, _ in vals).bit_length(), vals)
        else:
            raise defs.DefinitionError(f"types.toml: value table {name!r} is not in enums.toml, format or write_mask")
    out["config"] = (3, [(i, c.name) for i, c in enumerate(defs.configs())])
    return out


# --- C++ ---------------------------------------------------------------------------------------------------------------

def _cname(name: str) -> str:
    return "k" + "".join(p.capitalize() for p in name.split("_"))


def cpp_h(banner: str) -> str:
    out = [f"// {banner}", "// How the cycle model's FST traces each packed type of om_pkg: the scopes and variables Verilator's",
           "// --trace-structs writes for it (tools/gen/waves.py), and the value tables written as FST enum tables.",
           "#pragma once", "", "#include <cstdint>", "", "namespace om::gen {", "",
           "/// One step of a packed type's trace: open a struct scope, close it, or declare a field's variable.",
           "enum class WaveOp : uint8_t { kPush, kPop, kVar };", "",
           "/// A value table: `count` values and their labels, each value `bits` wide.",
           "struct WaveEnum {", "  const char* name;", "  int bits;", "  int count;", "  const uint32_t* values;",
           "  const char* const* labels;", "};", "",
           "/// One step; for kVar the field's bits [lsb + width - 1 : lsb] of the packed image and its value table",
           "/// (nullptr: none).",
           "struct WaveItem {", "  WaveOp op;", "  const char* name;", "  int lsb;", "  int width;",
           "  const WaveEnum* values;", "};", ""]
    for name, (bits, vals) in tables().items():
        c = _cname(name)
        out.append(f"inline constexpr uint32_t {c}Values[] = {{{', '.join(str(v) for v, _ in vals)}}};")
        out.append(f"inline constexpr const char* {c}Labels[] = {{{', '.join(f'{chr(34)}{n}{chr(34)}' for _, n in vals)}}};")
        out.append(f'inline constexpr WaveEnum {c}Enum = {{"{name}", {bits}, {len(vals)}, {c}Values, {c}Labels}};')
    out.append("")
    for t in packed.types().values():
        if t.kind != "struct":
            continue
        items = struct_items(t.name)
        out.append(f"/// {t.sv}, field by field.")
        out.append(f"inline constexpr WaveItem {_cname(t.name)}Wave[] = {{")
        for it in items:
            if it.op == "push":
                out.append(f'    {{WaveOp::kPush, "{it.name}", 0, 0, nullptr}},')
            elif it.op == "pop":
                out.append('    {WaveOp::kPop, "", 0, 0, nullptr},')
            else:
                ev = f"&{_cname(it.enum)}Enum" if it.enum else "nullptr"
                out.append(f'    {{WaveOp::kVar, "{it.name}", {it.lsb}, {it.width}, {ev}}},')
        out += ["};", ""]
    out += ["}  // namespace om::gen", ""]
    return "\n".join(out)

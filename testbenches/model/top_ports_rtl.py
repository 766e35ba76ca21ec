# SPDX-License-Identifier: Apache-2.0
"""Checks the generated port structs (om/gen/top_ports.h) against rtl/om_top.sv: TopIn and TopOut hold every port
of om_top but clk_i, TopTaps every stage-boundary wire (public_flat_rd), each in the RTL's declaration order (inputs
and outputs each in port order), under the RTL's name and with the RTL's width. A reordered, missing, extra or
resized field fails, naming it.

usage: top_ports_rtl.py GENERATED_TOP_PORTS_H OM_TOP_SV   (exit 0 agree, 1 disagree, 2 unreadable input)
"""
from __future__ import annotations

import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools/gen"))
import packed  # noqa: E402

# Public wires of om_top.sv that are no stage boundary: the halves of in_data_i its input-protocol assertion samples.
NOT_TAPS = {"in_data_hi", "in_data_lo"}


def sv_width(decl: str) -> int:
    """Bits of an SV declaration type: logic, logic [MSB:0] (om_pkg sizes allowed), or an om_pkg type_t."""
    decl = decl.strip()
    if decl == "logic":
        return 1
    m = re.fullmatch(r"logic\s*\[(.+):0\]", decl)
    if m:
        expr = m.group(1)
        for name, value in packed.sizes().items():
            expr = re.sub(rf"\b{name}\b", str(value), expr)
        if not re.fullmatch(r"[\d\s+\-]+", expr):
            raise ValueError(f"om_top.sv: cannot size '{decl}'")
        return eval(expr) + 1  # noqa: S307 - digits and +/- only
    m = re.fullmatch(r"(\w+)_t", decl)
    if m and m.group(1) in packed.types():
        return packed.types()[m.group(1)].bits
    raise ValueError(f"om_top.sv: cannot size '{decl}'")


def rtl(sv: str) -> tuple[list[tuple[str, str, int]], list[tuple[str, int]]]:
    """(direction, port, width) in port order without clk_i, and (wire, width) of the taps in declaration order."""
    body = sv[sv.index("module om_top"):]
    header = body[body.index(") (") + 3:body.index(");")]
    ports = []
    for line in header.splitlines():
        m = re.match(r"\s*(input|output)\s+(.+?)\s+(\w+)\s*,?\s*(//.*)?$", line)
        if m and m.group(3) != "clk_i":
            ports.append((m.group(1), m.group(3), sv_width(m.group(2))))
    taps = [(m.group(2), sv_width(m.group(1)))
            for m in re.finditer(r"^\s*(\S.*?)\s+(\w+)\s*/\*verilator public_flat_rd\*/;", body, re.M)
            if m.group(2) not in NOT_TAPS]
    return ports, taps


def members(h: str, struct: str) -> list[tuple[str, str, str]]:
    """(C++ type, member, comment) of a generated struct, in declaration order."""
    m = re.search(rf"^struct {struct} {{\n(.*?)^}};", h, re.S | re.M)
    if not m:
        raise ValueError(f"top_ports.h: no struct {struct}")
    return [(x.group(1), x.group(2), x.group(3) or "")
            for x in re.finditer(r"^\s+([\w:]+)\s+(\w+)(?:\s*=\s*\w+|\{\})?;(?:\s*//\s*(.*))?$", m.group(1), re.M)]


def cpp_width(cpp: str, comment: str, where: str) -> int:
    if cpp == "bool":
        return 1
    if cpp == "uint32_t":
        m = re.search(r"\[(\d+):0\]", comment)
        return int(m.group(1)) + 1 if m else 32
    for t in packed.types().values():
        if t.cpp == cpp:
            return t.bits
    raise ValueError(f"top_ports.h: {where}: unknown type {cpp}")


def compare(what: str, want: list[tuple[str, int]], got: list[tuple[str, int]]) -> list[str]:
    errors = []
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else None
        g = got[i] if i < len(got) else None
        if w != g:
            errors.append(f"{what} #{i}: rtl/om_top.sv has {w[0] + f' ({w[1]} bits)' if w else 'nothing'}, "
                          f"the generated C++ {g[0] + f' ({g[1]} bits)' if g else 'nothing'}")
    return errors


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    try:
        h = pathlib.Path(sys.argv[1]).read_text()
        ports, taps = rtl(pathlib.Path(sys.argv[2]).read_text())
        errors = []
        for struct, direction in (("TopIn", "input"), ("TopOut", "output")):
            got = []
            for cpp, name, comment in members(h, struct):
                # The comment names the RTL port; the member is that name without its suffix.
                port = comment.split(":")[0].split("[")[0].strip()
                if re.sub(r"(_i|_o|i)$", "", port) != name:
                    errors.append(f"{struct}.{name}: comment names port '{port}'")
                got.append((port, cpp_width(cpp, comment, f"{struct}.{name}")))
            want = [(p, w) for d, p, w in ports if d == direction]
            errors += compare(f"{struct} ({direction}s)", want, got)
        got = [(name, cpp_width(cpp, c, f"TopTaps.{name}")) for cpp, name, c in members(h, "TopTaps")]
        errors += compare("TopTaps (public_flat_rd wires)", taps, got)
    except (OSError, ValueError) as e:
        print(f"top_ports_rtl: {e}", file=sys.stderr)
        return 2
    for e in errors:
        print(f"top_ports_rtl: {e}", file=sys.stderr)
    if errors:
        print("top_ports_rtl: defs/top_ports.toml and rtl/om_top.sv disagree", file=sys.stderr)
        return 1
    print(f"top_ports_rtl: {sum(d == 'input' for d, _, _ in ports)} inputs, "
          f"{sum(d == 'output' for d, _, _ in ports)} outputs and {len(taps)} taps agree with rtl/om_top.sv")
    return 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: Apache-2.0
"""Post-processing of PeakRDL-regblock's output (om_csr_reg.sv, om_csr_reg_pkg.sv) for regs.py.

Each step rewrites one shape that PeakRDL-regblock emits into an equivalent one that a simulator of the project
needs (Verilator 5.006: packed structs; speed: decode and readback gated, software-only fields loaded in place;
Icarus 11: no variable indices into struct members, no anonymous member structs, no `automatic` in always blocks,
no `assign` to a port's members, no scoped package types). Every step checks the shape it expects and raises
RuntimeError when a regblock release emits something else, so a change fails the build instead of the logic.
"""
from __future__ import annotations

import re

import peakrdl_regblock

SUMMARY = ("structs packed (_pack_structs); decode and readback evaluated only with a request (_gate_on_request); "
           "software-only fields loaded in place (_sw_writes_in_place); for Icarus 11: loops unrolled, member structs "
           "named, block variables static, hwif_out's members assigned in one block, the hwif package imported "
           "(_unroll_loops, _name_member_structs, _static_block_variables, _member_assigns_in_block, "
           "_import_package).")


def apply(name: str, text: str) -> str:
    """The generated file `name` (om_csr_reg_pkg.sv or om_csr_reg.sv) after every step that applies to it."""
    text = _pack_structs(text, name)
    if name != "om_csr_reg.sv":
        return text
    text = _sw_writes_in_place(_gate_on_request(text))
    text = _name_member_structs(_static_block_variables(_unroll_loops(text)))
    return _import_package(_member_assigns_in_block(text))


def _pack_structs(text: str, what: str) -> str:
    """Makes every struct packed and every unpacked array member a packed array.

    Verilator 5.006 stops with an internal error (V3Unknown "No VarRef or Const under ArraySel") on a write to an
    element of an unpacked array that is a member of an unpacked struct, which PeakRDL-regblock emits for every
    register array (decode strobes, field storage, hwif). Packed structs and arrays keep every index and member
    name, so the logic is unchanged; element i of `[N-1:0]` is element i of `[N]`.
    """
    text = re.sub(r"\bstruct \{", "struct packed {", text)
    text = re.sub(r"^(\s*)(\w+) (\w+)\[(\d+)\];$", lambda m: f"{m[1]}{m[2]} [{int(m[4]) - 1}:0] {m[3]};", text,
                  flags=re.M)
    text = re.sub(r"^(\s*)\} (\w+)\[(\d+)\];$", lambda m: f"{m[1]}}} [{int(m[3]) - 1}:0] {m[2]};", text, flags=re.M)
    if re.search(r"\bstruct \{", text) or re.search(r"^\s*(\}|\w+) \w+\[\d+\];$", text, flags=re.M):
        raise RuntimeError(f"{what}: PeakRDL-regblock {peakrdl_regblock.__version__} emitted a struct shape "
                           "tools/gen/regblock_post.py cannot pack; update _pack_structs")
    return text


def _gate_on_request(text: str) -> str:
    """Evaluates the address decode and the readback mux only in a cycle with a request.

    PeakRDL-regblock compares the request address with every register's (loops over the register arrays) in
    combinational blocks that a simulator evaluates every cycle, although the bus is idle in almost all of them.
    Every decode term is ANDed with cpuif_req_masked, so with no request each strobe and is_valid_* is 0 whether the
    comparisons run or not; the readback mux is wrapped in `if (decoded_req)`, so its data are 0 in a cycle with no
    request (its only reader, PRDATA, is qualified by PREADY, which is decoded_req). The lockstep against the cycle
    model checks both. The block's shape is asserted, so a regblock release that changes it fails here.
    """
    lines = text.split("\n")

    def block_end(start: int) -> int:
        for i in range(start, len(lines)):
            if lines[i] == "    end":
                return i
        raise RuntimeError("regblock_post.py _gate_on_request: unterminated always_comb")

    def indent(body: list[str]) -> list[str]:
        return ["    " + b if b else b for b in body]

    dec = lines.index("        is_valid_rw = '0;") + 1
    dec_end = block_end(dec)
    if not lines[dec_end - 1].startswith("        decoded_err = "):
        raise RuntimeError("regblock_post.py _gate_on_request: the decode block does not end with decoded_err")
    body = lines[dec:dec_end - 1]
    terms = [b for b in body if "=" in b and not b.strip().startswith("for")]
    if not terms or any("cpuif_req_masked &" not in t for t in terms):
        raise RuntimeError("regblock_post.py _gate_on_request: a decode term is not qualified by cpuif_req_masked")
    lines[dec:dec_end - 1] = (["        decoded_reg_strb = '0;", "        if (cpuif_req_masked) begin"] + indent(body)
                              + ["        end"])

    rb = lines.index("        readback_data_var = '0;") + 1
    rb_end = lines.index("        readback_data = readback_data_var;", rb)
    lines[rb:rb_end] = ["        if (decoded_req) begin"] + indent(lines[rb:rb_end]) + ["        end"]
    return "\n".join(lines)


# A field that only software writes: its next-value block and its storage flop, as PeakRDL-regblock emits them.
_SW_FIELD = re.compile(
    r"^(?P<i> *)// Field: (?P<name>\S+)\n"
    r"(?P=i)always_comb begin\n"
    r"(?P=i)    automatic logic (?:\[\d+:0\] )?next_c;\n"
    r"(?P=i)    automatic logic load_next_c;\n"
    r"(?P=i)    next_c = (?P<st>field_storage\.[\w.\[\]]+)\.value;\n"
    r"(?P=i)    load_next_c = '0;\n"
    r"(?P=i)    if\((?P<cond>[^\n]*)\) begin // SW write\n"
    r"(?P=i)        next_c = (?P<expr>[^\n]*);\n"
    r"(?P=i)        load_next_c = '1;\n"
    r"(?P=i)    end\n"
    r"(?P=i)    (?P<combo>field_combo\.[\w.\[\]]+)\.next = next_c;\n"
    r"(?P=i)    (?P=combo)\.load_next = load_next_c;\n"
    r"(?P=i)end\n"
    r"(?P=i)always_ff @\(posedge clk or negedge arst_n\) begin\n"
    r"(?P=i)    if\(~arst_n\) begin\n"
    r"(?P=i)        (?P=st)\.value <= (?P<reset>[^\n]*);\n"
    r"(?P=i)    end else begin\n"
    r"(?P=i)        if\((?P=combo)\.load_next\) begin\n"
    r"(?P=i)            (?P=st)\.value <= (?P=combo)\.next;\n"
    r"(?P=i)        end\n"
    r"(?P=i)    end\n"
    r"(?P=i)end\n", re.M)


def _sw_writes_in_place(text: str) -> str:
    """Updates a field that only software writes inside its storage flop, without a per-cycle next-value block.

    PeakRDL-regblock computes every field's next value and load enable in an always_comb (a simulator evaluates
    each one every cycle, writing them into the wide field_combo struct) and loads the flop with them. For a field
    whose only update is the software write, the flop loads exactly when the write condition holds and takes the
    written value, so the condition and value move into the flop's always_ff: the same register contents every
    cycle, evaluated only at a clock edge. The field's field_combo members are left unused (lint.vlt). Fields with
    hardware updates (counters, single pulses) keep the generated form. Fails when no field has the expected
    shape (a regblock release that changes it).
    """
    def rewrite(m: re.Match) -> str:
        i = m["i"]
        return (f"{i}// Field: {m['name']} (software writes only: loaded in place, regblock_post.py _sw_writes_in_place)\n"
                f"{i}always_ff @(posedge clk or negedge arst_n) begin\n"
                f"{i}    if(~arst_n) begin\n"
                f"{i}        {m['st']}.value <= {m['reset']};\n"
                f"{i}    end else if({m['cond']}) begin // SW write\n"
                f"{i}        {m['st']}.value <= {m['expr']};\n"
                f"{i}    end\n"
                f"{i}end\n")

    out, n = _SW_FIELD.subn(rewrite, text)
    if n == 0:
        raise RuntimeError("regblock_post.py _sw_writes_in_place: no software-only field has the expected shape")
    return out


_FOR = re.compile(r"^(?P<i> *)for\((?P<kind>int|genvar) (?P<v>\w+)=0; (?P=v)<(?P<n>\d+); (?P=v)\+\+\) begin$")
_MEMBER_STRUCT_END = re.compile(r"^(?P<i> *)\} (?:\[(?P<hi>\d+):0\] )?(?P<name>\w+);$")
_TYPEDEF_END = re.compile(r"^ *\} (?P<name>\w+);$")


def _unroll_loops(text: str) -> str:
    """Unrolls every `for(int|genvar i=0; i<N; i++) begin ... end` into N copies with i a constant.

    Icarus Verilog 11 accepts only literal indices into a struct member (`decoded_reg_strb.RT[i0].RT_FORMAT`,
    `hwif_out.RT[i0].RT_FORMAT.DXGI.value`), which PeakRDL-regblock indexes with the variable of its decode and
    readback loops and of its generate loops over register arrays. The unrolled statements are the iterations
    in order, so the logic is unchanged. Fails on a loop of another shape and on a generate loop that declares
    something (its copies would collide).
    """
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        m = _FOR.match(lines[i])
        if m is None:
            if re.search(r"\bfor\s*\(", lines[i]):
                raise RuntimeError(f"regblock_post.py _unroll_loops: a loop of unexpected shape: {lines[i].strip()}")
            out.append(lines[i])
            i += 1
            continue
        end = next((k for k in range(i + 1, len(lines)) if lines[k] == m["i"] + "end"), None)
        if end is None:
            raise RuntimeError(f"regblock_post.py _unroll_loops: unterminated loop: {lines[i].strip()}")
        body = [b[4:] if b.startswith(m["i"] + "    ") else b for b in lines[i + 1:end]]
        if m["kind"] == "genvar" and any(re.match(r"^\s*(logic|wire|reg)\b", b) for b in body):
            raise RuntimeError(f"regblock_post.py _unroll_loops: a generate loop declares something: {lines[i].strip()}")
        unrolled = [re.sub(rf"\b{m['v']}\b", str(n), b) for n in range(int(m["n"])) for b in body]
        lines[i:end + 1] = unrolled  # unrolled again if it holds a nested loop
    return "\n".join(out)


def _name_member_structs(text: str) -> str:
    """Gives every struct that is a member of another struct a typedef of its own.

    Icarus Verilog 11 rejects an anonymous struct as a member (`struct packed { ... } [7:0] RT;`), which
    PeakRDL-regblock emits for every regfile, register and field level of its decode-strobe, field-storage and
    field-combo types. Each one becomes `typedef struct packed { ... } <outer>__<member path>_t;` before the outer
    typedef, and the member `<outer>__<member path>_t [7:0] RT;`: the same bits under the same names. Fails on a
    struct outside a typedef or one it cannot close.
    """
    out: list[str] = []
    # Open structs, outermost first: [token, body lines, typedefs it needs (innermost first)]. A struct's name
    # is known only where it closes, so the names inside it hold its token until then.
    stack: list[tuple[str, list[str], list[list[str]]]] = []
    for n, line in enumerate(text.split("\n")):
        opens = line.strip().endswith("struct packed {")
        if opens and not stack and not line.strip().startswith("typedef struct packed {"):
            raise RuntimeError(f"regblock_post.py _name_member_structs: a struct outside a typedef: {line.strip()}")
        if opens and stack and line.strip() != "struct packed {":
            raise RuntimeError(f"regblock_post.py _name_member_structs: unexpected member struct: {line.strip()}")
        if opens:
            stack.append((f"@{n}@", [line] if not stack else [], []))
            continue
        if not stack:
            out.append(line)
            continue
        token, body, nested = stack[-1]
        m = (_MEMBER_STRUCT_END if len(stack) > 1 else _TYPEDEF_END).match(line)
        if m is None:
            body.append(line)
            continue
        stack.pop()
        if stack:
            path = f"{stack[-1][0]}__{m['name']}"
            dims = f"[{m['hi']}:0] " if m["hi"] else ""
            typedef = ["typedef struct packed {"] + ["    " + b.strip() for b in body] + [f"}} {token}_t;"]
            stack[-1][2].extend([b.replace(token, path) for b in td] for td in nested + [typedef])
            stack[-1][1].append(f"{m['i']}{path}_t {dims}{m['name']};")
            continue
        indent = body[0][:len(body[0]) - len(body[0].lstrip())]
        name = m["name"]
        for td in nested:
            out += [indent + b.replace(token, name) for b in td]
        out += [b.replace(token, name) for b in body] + [line]
    if stack:
        raise RuntimeError("regblock_post.py _name_member_structs: unterminated struct")
    return "\n".join(out)


_AUTOMATIC = re.compile(r"^(?P<i> *)automatic (?P<type>logic(?: \[\d+:0\])?) (?P<name>\w+);$")


def _static_block_variables(text: str) -> str:
    """Declares the block-local variables of the generated always_comb blocks without `automatic`.

    Icarus Verilog 11 does not support overriding a variable's lifetime. Each such variable is assigned before
    it is read in every evaluation of its block (checked: its first use after the declarations is an
    assignment), so a static one holds the same values. Fails on a variable used before it is assigned.
    """
    lines = text.split("\n")
    for k, line in enumerate(lines):
        m = _AUTOMATIC.match(line)
        if m is None:
            if re.search(r"\bautomatic\b", line):
                raise RuntimeError(f"regblock_post.py _static_block_variables: unexpected declaration: {line.strip()}")
            continue
        use = next((u for u in lines[k + 1:] if re.search(rf"\b{m['name']}\b", u) and not _AUTOMATIC.match(u)), "")
        if not re.match(rf"^\s*{m['name']} (=|\|=) ", use) or "|=" in use.split(m["name"], 1)[1][:3]:
            raise RuntimeError(f"regblock_post.py _static_block_variables: {m['name']} is read before it is assigned")
        lines[k] = f"{m['i']}{m['type']} {m['name']};"
    return "\n".join(lines)


_ASSIGN_MEMBER = re.compile(r"^ *assign (?P<lhs>\w+(?:\[\d+\])?\.[\w.\[\]]+) = (?P<rhs>[^;]+);$")


def _member_assigns_in_block(text: str) -> str:
    """Moves the continuous assignments to members of hwif_out into one always_comb at the end of the module.

    Icarus Verilog 11 cannot `assign` to a member of a struct-typed port (`assign hwif_out.CTRL.X.value = ...`),
    which PeakRDL-regblock emits for every field it exports; it can assign members procedurally. The block
    assigns the same expressions to the same members, so each member follows its expression as before. Fails
    when no such assignment exists or one assigns a member of anything but hwif_out.
    """
    lines = text.split("\n")
    moved: list[str] = []
    kept: list[str] = []
    for line in lines:
        m = _ASSIGN_MEMBER.match(line)
        if m is None:
            kept.append(line)
            continue
        if not m["lhs"].startswith("hwif_out."):
            raise RuntimeError(f"regblock_post.py _member_assigns_in_block: unexpected member assignment: {line.strip()}")
        moved.append(f"        {m['lhs']} = {m['rhs']};")
    end = len(kept) - 1 - kept[::-1].index("endmodule") if "endmodule" in kept else -1
    if not moved or end < 0:
        raise RuntimeError("regblock_post.py _member_assigns_in_block: no hwif_out member assignments or no endmodule")
    block = ["", "    // hwif_out's members (regblock_post.py _member_assigns_in_block)", "    always_comb begin"] + moved + ["    end"]
    return "\n".join(kept[:end] + block + kept[end:])


def _import_package(text: str) -> str:
    """Imports the hwif package into the module instead of naming its types with the package scope.

    Icarus Verilog 11 crashes on a scoped package type (`om_csr_reg_pkg::om_csr__in_t`) in a port list;
    `import om_csr_reg_pkg::*;` in the module header and the bare type names mean the same. Fails when the
    module header or the scoped names are not there.
    """
    head = "module om_csr_reg ("
    if text.count(head) != 1 or "om_csr_reg_pkg::" not in text:
        raise RuntimeError("regblock_post.py _import_package: no `module om_csr_reg (` header with scoped hwif types")
    return text.replace("om_csr_reg_pkg::", "").replace(head, "module om_csr_reg\n    import om_csr_reg_pkg::*;\n(")

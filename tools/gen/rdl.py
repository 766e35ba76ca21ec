# SPDX-License-Identifier: Apache-2.0
"""rtl/regs/om_csr.rdl compiled (systemrdl-compiler, with PeakRDL-regblock's properties), and its performance
counters, the members of om_pkg::perf_t that packed.py adds after `busy` (defs/types.toml `counters = true`).

regs.py generates the register block and every register table from the same compiled map.
"""
from __future__ import annotations

import functools
import pathlib

from peakrdl_regblock.udps import ALL_UDPS
from systemrdl import RDLCompiler
from systemrdl.node import AddrmapNode, RegNode

RDL = pathlib.Path(__file__).resolve().parents[2] / "rtl/regs/om_csr.rdl"
PERF_PREFIX = "PERF_"


@functools.cache
def compile_rdl() -> AddrmapNode:
    rdlc = RDLCompiler()
    for udp in ALL_UDPS:  # regblock's user-defined properties (buffer_writes, ...), as its CLI registers them
        rdlc.register_udp(udp)
    rdlc.compile_file(str(RDL))
    return rdlc.elaborate().top


@functools.cache
def counters() -> tuple[tuple[str, int, str], ...]:
    """(member, width, doc) of every register of a `counter` field, in address order: register PERF_<NAME> of one
    field is member <name>, its doc the register's name."""
    out = []
    regs = (n for n in compile_rdl().descendants(unroll=True) if isinstance(n, RegNode))
    for r in sorted(regs, key=lambda r: r.absolute_address):
        fields = r.fields()
        if not any(f.get_property("counter") for f in fields):
            continue
        if r.is_array or len(fields) != 1 or not r.inst_name.startswith(PERF_PREFIX):
            raise ValueError(f"{RDL.name}: {r.inst_name}: a counter must be a plain register {PERF_PREFIX}<NAME> of "
                             "one field (its om_pkg::perf_t member is <name>)")
        name = r.get_property("name")
        out.append((r.inst_name[len(PERF_PREFIX):].lower(), fields[0].width, name[:1].lower() + name[1:]))
    return tuple(out)

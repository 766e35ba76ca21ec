#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the GTKWave layouts of the co-simulation's waves (om_top.gtkw, cosim.gtkw) beside this
script. The signal names are Verilator's for om_top; testbenches/cosim/model_waves.cc writes the
cycle model's file under the same names. Re-run after changing the layout; commit the output."""

from pathlib import Path

PORTS = [
    ("Clock, reset, strap", [("clk_i", 1), ("rst_ni", 1), ("cfg_i", 3)]),
    ("APB", [("psel_i", 1), ("penable_i", 1), ("pwrite_i", 1), ("paddr_i", 12), ("pwdata_i", 32),
             ("pstrb_i", 4), ("pready_o", 1), ("pslverr_o", 1), ("prdata_o", 32)]),
    ("Pixel in", [("in_valid_i", 1), ("in_ready_o", 1), ("in_data_i", 1214)]),
    ("Memory read", [("mem_rd_valid_o", 1), ("mem_rd_ready_i", 1), ("mem_rd_addr_o", 31),
                     ("mem_rsp_valid_i", 1), ("mem_rsp_data_i", 128)]),
    ("Memory write", [("mem_wr_valid_o", 1), ("mem_wr_ready_i", 1), ("mem_wr_addr_o", 31),
                      ("mem_wr_data_o", 128)]),
    ("Perf", [("perf_o", 193)]),
]
STAGES = [
    ("u_accept", [("done_q", 8), ("u_in_reg.valid_q", 1), ("u_in_reg.g_skid.skid_valid_q", 1),
                  ("u_px_reg.valid_q", 1), ("u_op_reg.valid_q", 1), ("u_op_reg.data_q", 289)]),
    ("u_hazard", [("tbl_valid_q", 32), ("head_q", 5), ("tail_q", 5), ("u_out_reg.valid_q", 1),
                  ("u_out_reg.data_q", 289)]),
    ("u_dest_read", [("credit_q", 5), ("u_op_fifo.count_q", 5), ("u_rd_req.valid_q", 1),
                     ("u_rd_req.data_q", 31), ("u_rsp_fifo.count_q", 5)]),
    ("u_datapath", [("valid_q", 1), ("tag_q", 31), ("write_q", 1), ("texel_q", 128)]),
    ("u_write", [("u_out_reg.valid_q", 1), ("u_out_reg.g_skid.skid_valid_q", 1),
                 ("u_out_reg.data_q", 160)]),
]
HEAD = """[*] GTKWave save file (omsim co-simulation layout, waves/README.md)
[dumpfile] "{dump}"
[timestart] 0
[size] 1800 1000
[pos] -1 -1
*-4.000000 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
[treeopen] {tree}
[sst_width] 260
[signals_width] 420
[sst_expanded] 1
[sst_vpaned_height] 300
"""


def sig(path: str, width: int, alias: str = "") -> str:
    """One trace: binary for single bits (@28), hex for vectors (@22), Verilator's [msb:0]; an alias
    (+{name}) replaces the leaf name GTKWave would show."""
    full = path if width == 1 else f"{path}[{width - 1}:0]"
    return ("@28\n" if width == 1 else "@22\n") + (f"+{{{alias}}} " if alias else "") + full + "\n"


def main() -> None:
    here = Path(__file__).resolve().parent
    out = HEAD.format(dump="rtl.fst", tree="om_top.")
    for group, sigs in PORTS:
        out += f"@200\n-{group}\n" + "".join(sig("om_top." + n, w) for n, w in sigs)
    for stage, sigs in STAGES:
        out += f"@200\n-om_top.{stage}\n" + "".join(sig(f"om_top.om_top.{stage}.{n}", w) for n, w in sigs)
    (here / "om_top.gtkw").write_text(out)
    out = HEAD.format(dump="cosim.fst", tree="cosim.")
    out += "@200\n-Lockstep\n" + sig("cosim.mismatch", 1) + "@24\ncosim.cycle[63:0]\n"
    for group, sigs in PORTS:
        out += f"@200\n-{group}: rtl / model\n"
        out += "".join(sig("cosim.rtl." + n, w, "rtl   " + n) + sig("cosim.model." + n, w, "model " + n)
                       for n, w in sigs)
    (here / "cosim.gtkw").write_text(out)


if __name__ == "__main__":
    main()

// SPDX-License-Identifier: Apache-2.0
// Texel write: takes the datapath's result (address tag, full texel, write flag) and issues the memory write when
// the flag is set; an op without a write passes through without a memory handshake. Every op retires here, in
// order, at most one per cycle (retire_o frees its om_hazard table entry). Latency 1 (in_* in t -> mem_wr_* t+1).
// Registers: u_out_reg (om_pipe_reg Skid=1: wr_req_t), so in_ready_o is registered (it is the datapath's advance).
// Timing: mem_wr_valid_o = out entry valid && write; the entry leaves when written (mem_wr_ready_i) or at once when
// it has no write. retire_o = the entry leaves; wr_o (perf strobe) = a write is accepted.
`timescale 1ns/1ps
module om_write
  import om_pkg::*;
(
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  mem_addr_t         in_addr_i,
  input  logic [TexelW-1:0] in_texel_i,
  input  logic              in_write_i,
  output logic              mem_wr_valid_o,
  input  logic              mem_wr_ready_i,
  output mem_addr_t         mem_wr_addr_o,
  output logic [TexelW-1:0] mem_wr_data_o,
  output logic              retire_o,
  output logic              wr_o
);

  wr_req_t req_in, req_q;
  logic    req_valid, req_ready;

  assign req_in.write = in_write_i;
  assign req_in.addr  = in_addr_i;
  assign req_in.texel = in_texel_i;

  om_pipe_reg #(
    .Width($bits(wr_req_t)),
    .Skid (1)
  ) u_out_reg (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (in_valid_i),
    .in_ready_o (in_ready_o),
    .in_data_i  (req_in),
    .out_valid_o(req_valid),
    .out_ready_i(req_ready),
    .out_data_o (req_q)
  );

  assign req_ready      = !req_q.write || mem_wr_ready_i;
  assign mem_wr_valid_o = req_valid && req_q.write;
  assign mem_wr_addr_o  = req_q.addr;
  assign mem_wr_data_o  = req_q.texel;
  assign retire_o       = req_valid && req_ready;
  assign wr_o           = mem_wr_valid_o && mem_wr_ready_i;

endmodule

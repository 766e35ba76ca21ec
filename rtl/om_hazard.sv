// SPDX-License-Identifier: Apache-2.0
// Read-after-write ordering per texel address (rt, y, x). Latency 1 (op in cycle t -> out_* in t+1), in order.
//
// The in-flight table holds the address of every op that has passed this stage (entered out_reg) and has not yet
// retired at om_write (write accepted by memory, or dropped without a write): entry pushed at the tail when an op
// enters out_reg, popped at the head on retire_i (ops retire in order, at most one per cycle).
// Rule (the cycle model copies it): the op at in_* passes to out_reg in cycle t iff out_reg can take it and
//   - the table is not full in cycle t, and
//   - need_rd = 0, or no valid table entry (as registered at the start of cycle t) holds its address.
// An op that does not read its destination never waits on a match: writes leave in op order, so only reads can
// overtake a write. The table is registered: a retire in cycle t stops the match from cycle t+1 on (the memory
// then already has the write, which precedes any later read by the memory ordering contract).
// Registers: u_out_reg (om_pipe_reg: op_t), tbl_addr_q[TblDepth], tbl_valid_q[TblDepth], head_q, tail_q.
// Timing: in_ready_o = out_reg ready (combinational from out_ready_i) && !stall; stall depends only on registers,
// in_valid_i and in_data_i (no offered op, no match: a stale payload never lowers in_ready_o). hazard_stall_o (perf strobe): an op with need_rd = 1 waits on a matching entry this cycle.
`timescale 1ns/1ps
module om_hazard
  import om_pkg::*;
  import om_top_pkg::*;
#(
  parameter int TblDepth = DefaultTblDepth  // ops in flight between this stage and memory write acceptance (power of two)
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic in_valid_i,
  output logic in_ready_o,
  input  op_t  in_data_i,
  output logic out_valid_o,
  input  logic out_ready_i,
  output op_t  out_data_o,
  input  logic retire_i,        // om_write retired its oldest op this cycle
  output logic busy_o,          // some op is in flight after this stage
  output logic hazard_stall_o   // perf strobe
);

  localparam int PtrW = $clog2(TblDepth);

  mem_addr_t [TblDepth-1:0] tbl_addr_d, tbl_addr_q;
  logic [TblDepth-1:0]      tbl_valid_d, tbl_valid_q;
  logic [PtrW-1:0]          head_d, head_q, tail_d, tail_q;
  logic                     match, full, stall, out_in_ready, push;

  always_comb begin
    match = 1'b0;
    for (int i = 0; i < TblDepth; i++) begin
      match = match || (tbl_valid_q[i] && (tbl_addr_q[i] == in_data_i.addr));
    end
    full  = tbl_valid_q[tail_q];
    stall = full || (in_valid_i && in_data_i.need_rd && match);
  end

  assign in_ready_o     = out_in_ready && !stall;
  assign push           = in_valid_i && in_ready_o;
  assign hazard_stall_o = in_valid_i && in_data_i.need_rd && match;
  assign busy_o         = tbl_valid_q != '0;

  always_comb begin
    tbl_addr_d  = tbl_addr_q;
    tbl_valid_d = tbl_valid_q;
    head_d      = head_q;
    tail_d      = tail_q;
    if (retire_i) begin
      tbl_valid_d[head_q] = 1'b0;
      head_d              = head_q + 1'b1;
    end
    if (push) begin
      tbl_addr_d[tail_q]  = in_data_i.addr;
      tbl_valid_d[tail_q] = 1'b1;
      tail_d              = tail_q + 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tbl_addr_q  <= '0;
      tbl_valid_q <= '0;
      head_q      <= '0;
      tail_q      <= '0;
    end else begin
      tbl_addr_q  <= tbl_addr_d;
      tbl_valid_q <= tbl_valid_d;
      head_q      <= head_d;
      tail_q      <= tail_d;
    end
  end

  om_pipe_reg #(
    .Width($bits(op_t)),
    .Skid (0)
  ) u_out_reg (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (in_valid_i && !stall),
    .in_ready_o (out_in_ready),
    .in_data_i  (in_data_i),
    .out_valid_o(out_valid_o),
    .out_ready_i(out_ready_i),
    .out_data_o (out_data_o)
  );

`ifndef __ICARUS__
  // Retirement only of an op the table holds.
  property p_retire_tracked;
    @(posedge clk_i) disable iff (!rst_ni) retire_i |-> tbl_valid_q[head_q];
  endproperty
  a_retire_tracked : assert property (p_retire_tracked);
  initial begin
    assert (TblDepth >= 2 && (TblDepth & (TblDepth - 1)) == 0)
      else $fatal(1, "om_hazard: TblDepth must be a power of two");
  end
`endif

endmodule

// SPDX-License-Identifier: Apache-2.0
// Destination read: issues the memory read of every op with need_rd = 1 and returns all ops, in order, paired with
// their destination texel (0 when not read). Read responses have no backpressure: reads are issued only against
// free space in the response FIFO (credits), so it never overflows.
//
// Registers: u_op_fifo (om_fifo OpDepth: op_t), u_rd_req (om_pipe_reg Skid=1: mem_addr_t -> mem_rd_*),
// u_rsp_fifo (om_fifo RspDepth: texel), credit_q (response slots not yet promised to an issued read).
// Timing: an op is taken in cycle t iff op FIFO not full && (need_rd = 0 || (rd_req can take a request &&
// credit_q != 0)); all terms are registers except need_rd of in_data_i. Taking a reading op loads the request
// register (mem_rd_valid_o from t+1). credit_q -1 per issued read, +1 per response popped. mem_rsp_valid_i pushes
// the response FIFO. out_valid_o (combinational from the FIFO heads) = op FIFO not empty && (head need_rd = 0 ||
// response FIFO not empty); the texel is the response FIFO head; both pop when out_ready_i. Minimum latency
// in_* -> out_*: 1 cycle without a read; with a read: request in t+1, response after the memory latency L
// (accepted in t+1 -> response earliest t+1+L), out_* the cycle after the response.
`timescale 1ns/1ps
module om_dest_read
  import om_pkg::*;
  import om_top_pkg::*;
#(
  parameter int OpDepth  = DefaultOpDepth,  // ops waiting for their texel (power of two)
  parameter int RspDepth = DefaultRspDepth   // read responses the OM can buffer = bound on outstanding reads (power of two)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  op_t               in_data_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output op_dst_t           out_data_o,
  output logic              mem_rd_valid_o,
  input  logic              mem_rd_ready_i,
  output mem_addr_t         mem_rd_addr_o,
  input  logic              mem_rsp_valid_i,
  input  logic [TexelW-1:0] mem_rsp_data_i
);

  localparam int CreditW = $clog2(RspDepth) + 1;

  logic                     op_fifo_ready, op_valid, op_pop;
  op_t                      op_head;
  logic                     req_ready, issue;
  logic                     rsp_valid, rsp_pop, rsp_push_ready;
  logic [TexelW-1:0]        rsp_head;
  logic [CreditW-1:0]       credit_d, credit_q;

  assign in_ready_o = op_fifo_ready && (!in_data_i.need_rd || (req_ready && (credit_q != '0)));
  assign issue      = in_valid_i && in_ready_o && in_data_i.need_rd;

  om_fifo #(
    .Width($bits(op_t)),
    .Depth(OpDepth)
  ) u_op_fifo (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (in_valid_i && in_ready_o),
    .in_ready_o (op_fifo_ready),
    .in_data_i  (in_data_i),
    .out_valid_o(op_valid),
    .out_ready_i(op_pop),
    .out_data_o (op_head)
  );

  om_pipe_reg #(
    .Width($bits(mem_addr_t)),
    .Skid (1)
  ) u_rd_req (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (issue),
    .in_ready_o (req_ready),
    .in_data_i  (in_data_i.addr),
    .out_valid_o(mem_rd_valid_o),
    .out_ready_i(mem_rd_ready_i),
    .out_data_o (mem_rd_addr_o)
  );

  om_fifo #(
    .Width(TexelW),
    .Depth(RspDepth)
  ) u_rsp_fifo (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (mem_rsp_valid_i),
    .in_ready_o (rsp_push_ready),
    .in_data_i  (mem_rsp_data_i),
    .out_valid_o(rsp_valid),
    .out_ready_i(rsp_pop),
    .out_data_o (rsp_head)
  );

  always_comb begin
    out_valid_o       = op_valid && (!op_head.need_rd || rsp_valid);
    out_data_o.op     = op_head;
    out_data_o.dst    = op_head.need_rd ? rsp_head : '0;
    op_pop            = out_valid_o && out_ready_i;
    rsp_pop           = op_pop && op_head.need_rd;
  end

  always_comb begin
    credit_d = credit_q;
    if (issue && !rsp_pop) begin
      credit_d = credit_q - 1'b1;
    end else if (rsp_pop && !issue) begin
      credit_d = credit_q + 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      credit_q <= CreditW'(RspDepth);
    end else begin
      credit_q <= credit_d;
    end
  end

`ifndef __ICARUS__
  // Reads accepted by memory whose response has not arrived (checking only; not part of the design's state).
  logic [CreditW-1:0] outstanding_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      outstanding_q <= '0;
    end else begin
      outstanding_q <= outstanding_q + CreditW'(mem_rd_valid_o && mem_rd_ready_i) - CreditW'(mem_rsp_valid_i);
    end
  end
  property p_rsp_expected;
    @(posedge clk_i) disable iff (!rst_ni) mem_rsp_valid_i |-> outstanding_q != '0;
  endproperty
  a_rsp_expected : assert property (p_rsp_expected);
  property p_rsp_room;
    @(posedge clk_i) disable iff (!rst_ni) mem_rsp_valid_i |-> rsp_push_ready;
  endproperty
  a_rsp_room : assert property (p_rsp_room);
`endif

endmodule

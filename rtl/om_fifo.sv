// SPDX-License-Identifier: Apache-2.0
// Synchronous FIFO with valid/ready on both sides; Depth entries (a power of two), no fall-through: a push into an
// empty FIFO is visible at the output one cycle later. in_ready_o = !full, out_valid_o = !empty (both registered).
// Registers: mem_q[Depth] (only the pushed entry is written, in place), wr_ptr_q, rd_ptr_q, count_q.
`timescale 1ns/1ps
module om_fifo #(
  parameter int Width = 1,
  parameter int Depth = 4
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     in_valid_i,
  output logic                     in_ready_o,
  input  logic [Width-1:0]         in_data_i,
  output logic                     out_valid_o,
  input  logic                     out_ready_i,
  output logic [Width-1:0]         out_data_o
);

  localparam int PtrW = (Depth > 1) ? $clog2(Depth) : 1;

  logic [Width-1:0]        mem_q [Depth];  // unpacked: a write touches one entry
  logic [PtrW-1:0]         wr_ptr_d, wr_ptr_q, rd_ptr_d, rd_ptr_q;
  logic [$clog2(Depth):0]  count_d, count_q;
  logic                    push, pop;

  assign in_ready_o  = count_q != ($clog2(Depth) + 1)'(Depth);
  assign out_valid_o = count_q != '0;
  assign out_data_o  = mem_q[rd_ptr_q];

  always_comb begin
    push     = in_valid_i && in_ready_o;
    pop      = out_valid_o && out_ready_i;
    wr_ptr_d = wr_ptr_q;
    rd_ptr_d = rd_ptr_q;
    count_d  = count_q;
    if (push) begin
      wr_ptr_d = (Depth > 1) ? wr_ptr_q + 1'b1 : '0;
    end
    if (pop) begin
      rd_ptr_d = (Depth > 1) ? rd_ptr_q + 1'b1 : '0;
    end
    if (push && !pop) begin
      count_d = count_q + 1'b1;
    end else if (pop && !push) begin
      count_d = count_q - 1'b1;
    end
  end

  // The storage is written in place with push as its load enable: a next-state copy of the whole array would cost
  // a simulator Depth x Width bits of copying every cycle.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int i = 0; i < Depth; i++) mem_q[i] <= '0;
    end else if (push) begin
      mem_q[wr_ptr_q] <= in_data_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_ptr_q <= '0;
      rd_ptr_q <= '0;
      count_q  <= '0;
    end else begin
      wr_ptr_q <= wr_ptr_d;
      rd_ptr_q <= rd_ptr_d;
      count_q  <= count_d;
    end
  end

`ifndef __ICARUS__
  initial begin
    assert (Depth >= 1 && (Depth & (Depth - 1)) == 0) else $fatal(1, "om_fifo: Depth must be a power of two");
  end
`endif

endmodule

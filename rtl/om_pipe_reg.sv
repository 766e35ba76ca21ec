// SPDX-License-Identifier: Apache-2.0
// Valid/ready pipeline register with a parameterised payload, the only flow-control element of the OM's stages.
// Skid = 0: one entry, latency 1, in_ready_o = !valid_q || out_ready_i (combinational ready pass-through).
// Skid = 1: two entries (spill register), latency 1, in_ready_o = !skid_valid_q (registered, breaks the ready path).
// Both sustain one transfer per cycle. Registers: valid_q/data_q (output entry), skid_valid_q/skid_q (Skid = 1).
// Payload registers load only when they take a new value (load enables data_en/skid_en), so an idle or stalled
// register costs a simulator no copy of its payload.
`timescale 1ns/1ps
module om_pipe_reg #(
  parameter int Width = 1,
  parameter int Skid  = 0
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             in_valid_i,
  output logic             in_ready_o,
  input  logic [Width-1:0] in_data_i,
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [Width-1:0] out_data_o
);

  logic             valid_d, valid_q, data_en;
  logic [Width-1:0] data_d, data_q;

  assign out_valid_o = valid_q;
  assign out_data_o  = data_q;

  if (Skid == 0) begin : g_simple
    assign in_ready_o = !valid_q || out_ready_i;

    always_comb begin
      valid_d = in_ready_o ? in_valid_i : valid_q;
      data_en = in_ready_o && in_valid_i;
      data_d  = in_data_i;
    end
  end else begin : g_skid
    logic             skid_valid_d, skid_valid_q, skid_en;
    logic [Width-1:0] skid_q;

    assign in_ready_o = !skid_valid_q;

    always_comb begin
      valid_d      = valid_q;
      data_en      = 1'b0;
      skid_valid_d = skid_valid_q;
      skid_en      = 1'b0;
      if (!valid_q || out_ready_i) begin
        // The output entry frees up: refill it from the skid entry first (then in_ready_o was low), else from
        // the input.
        valid_d      = skid_valid_q || in_valid_i;
        data_en      = skid_valid_q || in_valid_i;
        skid_valid_d = 1'b0;
      end else if (in_valid_i && !skid_valid_q) begin
        // Output stalled: park the accepted input in the skid entry.
        skid_valid_d = 1'b1;
        skid_en      = 1'b1;
      end
    end

    assign data_d = skid_valid_q ? skid_q : in_data_i;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        skid_valid_q <= 1'b0;
      end else begin
        skid_valid_q <= skid_valid_d;
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        skid_q <= '0;
      end else if (skid_en) begin
        skid_q <= in_data_i;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else begin
      valid_q <= valid_d;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      data_q <= '0;
    end else if (data_en) begin
      data_q <= data_d;
    end
  end

`ifndef __ICARUS__
  // Output protocol: a valid output that is not taken keeps its payload. Checked in chunks of at most 32 words kept
  // as signals (public_flat_rd): for a sampled value of 40 words or more Verilator 5.006's C++ declares the copy
  // loop's counter after the loop.
  localparam int ChunkW = 1024;
  for (genvar c = 0; c < (Width + ChunkW - 1) / ChunkW; c++) begin : g_stable
    localparam int Lo = c * ChunkW;
    localparam int W  = (Width - Lo < ChunkW) ? Width - Lo : ChunkW;
    logic [W-1:0] chunk /*verilator public_flat_rd*/;
    assign chunk = out_data_o[Lo +: W];
    property p_out_stable;
      @(posedge clk_i) disable iff (!rst_ni) out_valid_o && !out_ready_i |=> out_valid_o && $stable(chunk);
    endproperty
    a_out_stable : assert property (p_out_stable);
  end
`endif

endmodule

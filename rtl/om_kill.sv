// SPDX-License-Identifier: Apache-2.0
// The kill rule of one pixel-port transfer (one sample of a pixel) = om::draw_killed (om::ref::pixel_covered), with
// n = 1 << sample_count: removed when its sample is not below n (a clear too), or, for a draw, when the sample is not
// covered (raster coverage, SampleMask[sample], the oMask bit when the shader writes oMask, else alpha-to-coverage of
// oC0.a: fp32(fp32(a * n) + 0.5) >= sample + 1) or fails the D3D9 alpha test of oC0.a against ALPHAREF/255.
// Combinational (0 cycles), used by om_depth (which applies it first, D3D order) and om_accept. The multiplier, adder
// and the reference conversion run only with valid_i (function calls under `if`); without it killed_o is not read.
`timescale 1ns/1ps
module om_kill
  import om_pkg::*;
  import om_defs_pkg::*;
  import om_fp32_pkg::*;
(
  input  logic   valid_i,
  input  state_t state_i,
  input  pixel_t px_i,
  output logic   killed_o
);

  localparam logic [31:0] F32Half = 32'h3F00_0000;

  logic [3:0][31:0] oc0;
  logic [31:0]      sample_mask;
  logic [31:0]      a2c_sum, sample_end, alpha_ref_f;
  logic             outside, a2c_covered, alpha_pass, covered;
  assign oc0         = px_i.oc[0];
  assign sample_mask = state_i.sample_mask;  // a plain vector: Icarus 11 indexes struct members only with constants
  assign outside     = {1'b0, px_i.sample} >= (4'd1 << state_i.sample_count);

  // n as binary32 (2^sample_count) and the sample's end s + 1 (1..8), exact small integers.
  always @* begin : b_operands
    logic [31:0] sum, n_f, r;
    n_f = {1'b0, 8'(8'd127 + 8'(state_i.sample_count)), 23'd0};
    unique case (px_i.sample)
      3'd0:    sample_end = 32'h3F80_0000;
      3'd1:    sample_end = 32'h4000_0000;
      3'd2:    sample_end = 32'h4040_0000;
      3'd3:    sample_end = 32'h4080_0000;
      3'd4:    sample_end = 32'h40A0_0000;
      3'd5:    sample_end = 32'h40C0_0000;
      3'd6:    sample_end = 32'h40E0_0000;
      default: sample_end = 32'h4100_0000;
    endcase
    sum = '0;
    r   = '0;
    if (valid_i && state_i.alpha_to_coverage_enable) sum = fp32_add(fp32_mul(oc0[3], n_f), F32Half, 1'b0);
    if (valid_i && state_i.alpha_test_enable) r = unorm_to_f32({8'd0, state_i.alpha_ref}, 5'd8);
    a2c_sum     = sum;
    alpha_ref_f = r;
  end
  om_fp32_cmp u_a2c_cmp (
    .func_i(4'(CMP_GREATER_EQUAL)),
    .a_i   (a2c_sum),
    .b_i   (sample_end),
    .pass_o(a2c_covered)
  );
  om_fp32_cmp u_alpha_cmp (
    .func_i(state_i.alpha_func),
    .a_i   (oc0[3]),
    .b_i   (alpha_ref_f),
    .pass_o(alpha_pass)
  );

  assign covered  = px_i.coverage && sample_mask[{2'b0, px_i.sample}] &&
                    (px_i.omask_written ? px_i.omask : (!state_i.alpha_to_coverage_enable || a2c_covered));
  assign killed_o = outside ||
                    ((px_i.cmd != CMD_CLEAR) && (!covered || (state_i.alpha_test_enable && !alpha_pass)));

endmodule

// SPDX-License-Identifier: Apache-2.0
// The kill rule of a draw pixel's single sample = om::draw_killed (om::ref::a2c_covered, alpha_test_pass): removed when
// not covered (raster coverage, SampleMask[0], alpha-to-coverage of oC0.a: fp32(a + 0.5) >= 1.0) or failing the D3D9
// alpha test of oC0.a against ALPHAREF/255; a clear is never killed. Combinational (0 cycles), used by om_depth (which
// applies it first, D3D order) and om_accept. The adder and the reference conversion run only with valid_i (function
// calls under `if`); without it killed_o is not read.
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

  localparam logic [31:0] F32One  = 32'h3F80_0000;
  localparam logic [31:0] F32Half = 32'h3F00_0000;

  logic [3:0][31:0] oc0;
  logic [31:0]      a2c_sum, alpha_ref_f;
  logic             a2c_covered, alpha_pass;
  assign oc0 = px_i.oc[0];

  always @* begin : b_operands
    logic [31:0] sum, r;
    sum = '0;
    r   = '0;
    if (valid_i && state_i.alpha_to_coverage_enable) sum = fp32_add(oc0[3], F32Half, 1'b0);
    if (valid_i && state_i.alpha_test_enable) r = unorm_to_f32({8'd0, state_i.alpha_ref}, 5'd8);
    a2c_sum     = sum;
    alpha_ref_f = r;
  end
  om_fp32_cmp u_a2c_cmp (
    .func_i(4'(CMP_GREATER_EQUAL)),
    .a_i   (a2c_sum),
    .b_i   (F32One),
    .pass_o(a2c_covered)
  );
  om_fp32_cmp u_alpha_cmp (
    .func_i(state_i.alpha_func),
    .a_i   (oc0[3]),
    .b_i   (alpha_ref_f),
    .pass_o(alpha_pass)
  );

  assign killed_o = (px_i.cmd != CMD_CLEAR) &&
                    (!(px_i.coverage && state_i.sample_mask[0] && (!state_i.alpha_to_coverage_enable || a2c_covered)) ||
                     (state_i.alpha_test_enable && !alpha_pass));

endmodule

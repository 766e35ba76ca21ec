// SPDX-License-Identifier: Apache-2.0
// One blend factor of one channel (= om::ref::blend_factor, docs/behaviour.md §2.2, docs/arithmetic.md §5):
// INV_x = fp32_sub(1.0, x), never clamped; *_COLOR factors take the operand's own channel; SRC_ALPHA_SAT is sat_i
// (= min(As, 1 - Ad)) in R, G, B and 1.0 in the alpha slot; invalid values (0, 12, 13, 20..31) act as ZERO.
// Combinational (0 cycles).
// Ports: factor_i (D3D11_BLEND), alpha_slot_i (channel A), the channel's s_i/s1_i/d_i/k_i, the alphas s_a_i/s1_a_i/
// d_a_i, sat_i, f_o (binary32 bits).
`timescale 1ns/1ps
module om_blend_factor
  import om_defs_pkg::*;
(
  input  logic [4:0]  factor_i,
  input  logic        alpha_slot_i,
  input  logic [31:0] s_i,
  input  logic [31:0] s1_i,
  input  logic [31:0] d_i,
  input  logic [31:0] k_i,
  input  logic [31:0] s_a_i,
  input  logic [31:0] s1_a_i,
  input  logic [31:0] d_a_i,
  input  logic [31:0] sat_i,
  output logic [31:0] f_o
);

  logic [31:0] base, inv;
  logic        invert;

  always_comb begin
    invert = 1'b0;
    unique case (factor_i)
      5'(BLEND_ONE):            base = 32'h3F80_0000;
      5'(BLEND_SRC_COLOR):      base = s_i;
      5'(BLEND_INV_SRC_COLOR):  begin base = s_i;    invert = 1'b1; end
      5'(BLEND_SRC_ALPHA):      base = s_a_i;
      5'(BLEND_INV_SRC_ALPHA):  begin base = s_a_i;  invert = 1'b1; end
      5'(BLEND_DEST_ALPHA):     base = d_a_i;
      5'(BLEND_INV_DEST_ALPHA): begin base = d_a_i;  invert = 1'b1; end
      5'(BLEND_DEST_COLOR):     base = d_i;
      5'(BLEND_INV_DEST_COLOR): begin base = d_i;    invert = 1'b1; end
      5'(BLEND_SRC_ALPHA_SAT):  base = alpha_slot_i ? 32'h3F80_0000 : sat_i;
      5'(BLEND_BLEND_FACTOR):   base = k_i;
      5'(BLEND_INV_BLEND_FACTOR): begin base = k_i;  invert = 1'b1; end
      5'(BLEND_SRC1_COLOR):     base = s1_i;
      5'(BLEND_INV_SRC1_COLOR): begin base = s1_i;   invert = 1'b1; end
      5'(BLEND_SRC1_ALPHA):     base = s1_a_i;
      5'(BLEND_INV_SRC1_ALPHA): begin base = s1_a_i; invert = 1'b1; end
      default:                  base = 32'd0;  // ZERO and the invalid values
    endcase
  end

  om_fp32_add u_inv (.a_i(32'h3F80_0000), .b_i(base), .sub_i(1'b1), .y_o(inv));

  assign f_o = invert ? inv : base;

endmodule

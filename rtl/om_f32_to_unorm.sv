// SPDX-License-Identifier: Apache-2.0
// binary32 -> UNORM code (= om::ref::f32_to_unorm, spec §4.2 step list): c = clamp(f, 0, 1) (NaN -> 0),
// c = fp32_mul(c, 2^n - 1), c = fp32_add(c, 0.5), truncate. Combinational (0 cycles).
// Ports: f_i (binary32 bits), bits_i (n, 1..16), code_o (zero-extended).
`timescale 1ns/1ps
module om_f32_to_unorm (
  input  logic [31:0] f_i,
  input  logic [4:0]  bits_i,
  output logic [15:0] code_o
);

  logic [31:0] scale, clamped, scaled, rounded;
  logic [7:0]  rexp;
  logic [23:0] sig;

  // 2^n - 1 as binary32: exponent n - 1, significand n ones.
  assign scale = {1'b0, 8'(8'd126 + 8'(bits_i)), 23'((24'hFF_FFFF << (5'd24 - bits_i)) & 24'h7F_FFFF)};

  om_fp32_clamp u_clamp (.a_i(f_i), .lo_i(32'h0000_0000), .hi_i(32'h3F80_0000), .y_o(clamped));
  om_fp32_mul u_mul (.a_i(clamped), .b_i(scale), .y_o(scaled));
  om_fp32_add u_add (.a_i(scaled), .b_i(32'h3F00_0000), .sub_i(1'b0), .y_o(rounded));

  // Truncate the value in [0.5, 2^16) (its sign bit is 0): significand shifted right by 23 - exponent.
  always_comb begin
    rexp = rounded[30:23];
    sig = {1'b1, rounded[22:0]};
    code_o = (rexp < 8'd127) ? 16'd0 : 16'(sig >> (8'd150 - rexp));
  end

endmodule

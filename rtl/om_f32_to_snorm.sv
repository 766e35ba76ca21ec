// SPDX-License-Identifier: Apache-2.0
// binary32 -> SNORM code (= om::ref::f32_to_snorm, spec §4.2 step list): c = clamp(f, -1, 1) (NaN -> 0),
// c = fp32_mul(c, 2^(n-1) - 1), c = fp32_add(c, c < 0 ? -0.5 : +0.5) (-0 takes +0.5), truncate toward zero; the
// code -2^(n-1) is never produced. Combinational (0 cycles).
// Ports: f_i (binary32 bits), bits_i (n, 2..16), code_o (n-bit two's complement, zero-extended).
`timescale 1ns/1ps
module om_f32_to_snorm (
  input  logic [31:0] f_i,
  input  logic [4:0]  bits_i,
  output logic [15:0] code_o
);

  logic [31:0] scale, clamped, scaled, half, rounded;
  logic        neg;
  logic [23:0] sig;
  logic [15:0] mag;

  // 2^(n-1) - 1 as binary32: exponent n - 2, significand n - 1 ones.
  assign scale = {1'b0, 8'(8'd125 + 8'(bits_i)), 23'((24'hFF_FFFF << (5'd25 - bits_i)) & 24'h7F_FFFF)};

  om_fp32_clamp u_clamp (.a_i(f_i), .lo_i(32'hBF80_0000), .hi_i(32'h3F80_0000), .y_o(clamped));
  om_fp32_mul u_mul (.a_i(clamped), .b_i(scale), .y_o(scaled));
  assign neg = scaled[31] && (scaled[30:0] != 31'd0);
  assign half = {neg, 31'h3F00_0000};
  om_fp32_add u_add (.a_i(scaled), .b_i(half), .sub_i(1'b0), .y_o(rounded));

  // Truncate |rounded| < 2^15 toward zero, then negate for negative values.
  always_comb begin
    sig = {1'b1, rounded[22:0]};
    mag = (rounded[30:23] < 8'd127) ? 16'd0 : 16'(sig >> (8'd150 - rounded[30:23]));
    code_o = (rounded[31] ? 16'(16'd0 - mag) : mag) & 16'((17'd1 << bits_i) - 17'd1);
  end

endmodule

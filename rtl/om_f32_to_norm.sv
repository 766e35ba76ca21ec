// SPDX-License-Identifier: Apache-2.0
// binary32 -> UNORM or SNORM code (= om::ref::f32_to_unorm / f32_to_snorm, docs/arithmetic.md §6) with one set of
// fp32 units: c = clamp(f, lo, 1) (NaN -> 0; lo = 0, or -1 for SNORM), c = fp32_mul(c, max) (max = 2^n - 1, or
// 2^(n-1) - 1 for SNORM), c = fp32_add(c, c < 0 ? -0.5 : +0.5) (-0 takes +0.5), truncate toward zero; SNORM never
// produces -2^(n-1). Combinational (0 cycles).
// Ports: f_i (binary32 bits), bits_i (n: 1..16 UNORM, 2..16 SNORM), snorm_i, code_o (n-bit code, zero-extended).
`timescale 1ns/1ps
module om_f32_to_norm (
  input  logic [31:0] f_i,
  input  logic [4:0]  bits_i,
  input  logic        snorm_i,
  output logic [15:0] code_o
);

  logic [4:0]  mag_bits;   // bits of the largest code magnitude: n, or n - 1 for SNORM
  logic [31:0] scale, lo, clamped, scaled, half, rounded;
  logic        neg;
  logic [7:0]  rexp;
  logic [23:0] sig;
  logic [15:0] mag;

  // max = 2^m - 1 as binary32: exponent m - 1, significand m ones.
  assign mag_bits = snorm_i ? bits_i - 5'd1 : bits_i;
  assign scale = {1'b0, 8'(8'd126 + 8'(mag_bits)), 23'((24'hFF_FFFF << (5'd24 - mag_bits)) & 24'h7F_FFFF)};
  assign lo = snorm_i ? 32'hBF80_0000 : 32'h0000_0000;

  om_fp32_clamp u_clamp (.a_i(f_i), .lo_i(lo), .hi_i(32'h3F80_0000), .y_o(clamped));
  om_fp32_mul u_mul (.a_i(clamped), .b_i(scale), .y_o(scaled));
  assign neg = scaled[31] && (scaled[30:0] != 31'd0);
  assign half = {neg, 31'h3F00_0000};
  om_fp32_add u_add (.a_i(scaled), .b_i(half), .sub_i(1'b0), .y_o(rounded));

  // Truncate |rounded| < 2^16 toward zero (significand shifted right by 23 - exponent), then negate if negative.
  always_comb begin
    rexp = rounded[30:23];
    sig = {1'b1, rounded[22:0]};
    mag = (rexp < 8'd127) ? 16'd0 : 16'(sig >> (8'd150 - rexp));
    code_o = (rounded[31] ? 16'(16'd0 - mag) : mag) & 16'((17'd1 << bits_i) - 17'd1);
  end

endmodule

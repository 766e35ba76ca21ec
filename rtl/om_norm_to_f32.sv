// SPDX-License-Identifier: Apache-2.0
// UNORM or SNORM code -> binary32, correctly rounded (= om::ref::unorm_to_f32 / snorm_to_f32): UNORM i / (2^n - 1);
// SNORM max(s / (2^(n-1) - 1), -1) with s the two's-complement value, as the sign and the UNORM value of |s| with
// n - 1 bits (both most negative codes read -1). One om_unorm_to_f32 (no divider). Combinational (0 cycles).
// Ports: code_i (low bits_i bits used), bits_i (n: 1..16 UNORM, 2..16 SNORM), snorm_i, f_o (binary32 bits).
`timescale 1ns/1ps
module om_norm_to_f32 (
  input  logic [15:0] code_i,
  input  logic [4:0]  bits_i,
  input  logic        snorm_i,
  output logic [31:0] f_o
);

  logic [15:0] mask, code, mag;
  logic        neg, most_neg;
  logic [4:0]  mag_bits;
  logic [31:0] mag_f;

  always_comb begin
    mask = 16'((17'd1 << bits_i) - 17'd1);
    code = code_i & mask;
    neg = snorm_i && code[4'(bits_i - 5'd1)];
    most_neg = neg && (code == (16'd1 << (bits_i - 5'd1)));
    mag = neg ? 16'(16'd0 - (code | ~mask)) : code;
    mag_bits = snorm_i ? bits_i - 5'd1 : bits_i;
  end

  om_unorm_to_f32 u_mag (.code_i(mag), .bits_i(mag_bits), .f_o(mag_f));

  assign f_o = most_neg ? 32'hBF80_0000 : {neg, mag_f[30:0]};

endmodule

// SPDX-License-Identifier: Apache-2.0
// SNORM code -> binary32 max(s / (2^(n-1) - 1), -1), s the two's-complement value, correctly rounded
// (= om::ref::snorm_to_f32): the magnitude goes through om_unorm_to_f32 with n - 1 bits. Combinational (0 cycles).
// Ports: code_i (low bits_i bits used), bits_i (n, 2..16), f_o (binary32 bits).
`timescale 1ns/1ps
module om_snorm_to_f32 (
  input  logic [15:0] code_i,
  input  logic [4:0]  bits_i,
  output logic [31:0] f_o
);

  logic [15:0] code, mag;
  logic        neg, most_neg;
  logic [4:0]  mag_bits;
  logic [31:0] mag_f;

  always_comb begin
    code = code_i & 16'((17'd1 << bits_i) - 17'd1);
    neg = code[4'(bits_i - 5'd1)];
    most_neg = neg && (code == (16'd1 << (bits_i - 5'd1)));
    mag = neg ? 16'(16'd0 - (code | ~16'((17'd1 << bits_i) - 17'd1))) : code;
    mag_bits = bits_i - 5'd1;
  end

  om_unorm_to_f32 u_mag (.code_i(mag), .bits_i(mag_bits), .f_o(mag_f));

  assign f_o = most_neg ? 32'hBF80_0000 : {neg, mag_f[30:0]};

endmodule

// SPDX-License-Identifier: Apache-2.0
// UNORM code -> binary32 code / (2^n - 1), correctly rounded (= om::ref::unorm_to_f32) without a divider: the
// quotient is 0.(i)(i)(i)... in binary (the n-bit code repeated), normalised and rounded to nearest; there is never
// a tie. Combinational (0 cycles). Ports: code_i (low bits_i bits used), bits_i (n, 1..16), f_o (binary32 bits).
`timescale 1ns/1ps
module om_unorm_to_f32 (
  input  logic [15:0] code_i,
  input  logic [4:0]  bits_i,
  output logic [31:0] f_o
);

  logic [15:0] mask, code;
  logic [63:0] rep;    // the code repeated from bit 63 down: 0.rep = code / (2^n - 1)
  logic [5:0]  lz;
  logic [24:0] norm;   // the 24 significand bits and the rounding bit after normalisation
  logic [24:0] mant_rnd;
  logic [7:0]  exp_b;

  always_comb begin
    mask = 16'((17'd1 << bits_i) - 17'd1);
    code = code_i & mask;
    rep = {code, 48'd0} << (5'd16 - bits_i);
    // Doubling the number of copies five times gives >= 32 copies (64 bits for n = 1 after the sixth).
    rep = rep | (rep >> bits_i);
    rep = rep | (rep >> (7'(bits_i) << 1));
    rep = rep | (rep >> (7'(bits_i) << 2));
    rep = rep | (rep >> (8'(bits_i) << 3));
    rep = rep | (rep >> (9'(bits_i) << 4));
    rep = rep | (rep >> (10'(bits_i) << 5));
    lz = 6'd0;
    for (int i = 0; i < 16; i++) begin
      if (rep[63 - i] == 1'b0 && lz == 6'(i)) lz = 6'(i + 1);
    end
    norm = 25'((rep << lz) >> 39);
    // 24 significand bits, then the rounding bit; the infinite tail below it is never all zeros, so round to
    // nearest is "add the rounding bit".
    mant_rnd = {1'b0, norm[24:1]} + 25'(norm[0]);
    exp_b = 8'd126 - 8'(lz) + 8'(mant_rnd[24]);
    if (code == 16'd0) f_o = 32'd0;
    else if (code == mask) f_o = 32'h3F80_0000;
    else f_o = {1'b0, exp_b, mant_rnd[24] ? mant_rnd[23:1] : mant_rnd[22:0]};
  end

endmodule

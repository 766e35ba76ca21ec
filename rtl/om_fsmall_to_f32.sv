// SPDX-License-Identifier: Apache-2.0
// float16 / float11 / float10 -> binary32, exact (= om::ref::f16/f11/f10_to_f32): small-float denormals become
// normal binary32 values, INF stays INF, NaN keeps its payload (shifted up). Combinational (0 cycles).
// Ports: h_i (low bits_i bits used), bits_i (16 = f16 with sign, 11 = f11, 10 = f10; others read as f10), f_o.
`timescale 1ns/1ps
module om_fsmall_to_f32 (
  input  logic [15:0] h_i,
  input  logic [4:0]  bits_i,
  output logic [31:0] f_o
);

  logic        sign;
  logic [4:0]  exp;
  logic [9:0]  mant;   // mantissa left-aligned to 10 bits (f11/f10 mantissas padded with zeros below)
  logic [3:0]  lz;
  logic [9:0]  mant_n;
  logic [22:0] frac;

  always_comb begin
    unique case (bits_i)
      5'd16: begin
        sign = h_i[15];
        exp = h_i[14:10];
        mant = h_i[9:0];
      end
      5'd11: begin
        sign = 1'b0;
        exp = h_i[10:6];
        mant = {h_i[5:0], 4'd0};
      end
      default: begin
        sign = 1'b0;
        exp = h_i[9:5];
        mant = {h_i[4:0], 5'd0};
      end
    endcase
    // Denormal: mant * 2^-24 (f16 units after left alignment); normalise its leading one away.
    lz = 4'd0;
    for (int i = 0; i < 10; i++) begin
      if (mant[9 - i] == 1'b0 && lz == 4'(i)) lz = 4'(i + 1);
    end
    mant_n = mant << (lz + 4'd1);
    frac = {mant, 13'd0};
    if (exp == 5'd31) f_o = {sign, 8'hFF, frac};
    else if (exp != 5'd0) f_o = {sign, 8'(exp) + 8'd112, frac};
    else if (mant == 10'd0) f_o = {sign, 31'd0};
    else f_o = {sign, 8'd112 - 8'(lz), mant_n, 13'd0};
  end

endmodule

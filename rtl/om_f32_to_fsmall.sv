// SPDX-License-Identifier: Apache-2.0
// binary32 -> float16 / float11 / float10 with round toward zero (= om::ref::f32_to_f16/f11/f10): finite overflow
// -> max finite, INF -> INF, NaN -> 0x7E00 / 0x7E0 / 0x3F0, binary32 denormals -> signed zero, results in the
// small-float denormal range kept (RTZ); f11/f10: negative values (incl. -0, -INF) -> 0. Combinational (0 cycles).
// Ports: f_i (binary32 bits), bits_i (16 = f16, 11 = f11, 10 = f10; others as f10), h_o (zero-extended).
`timescale 1ns/1ps
module om_f32_to_fsmall (
  input  logic [31:0] f_i,
  input  logic [4:0]  bits_i,
  output logic [15:0] h_o
);

  logic        is_f16, is_f11;
  logic        sign, nan;
  logic [7:0]  e32;
  logic [9:0]  m10;     // f16 mantissa of a value in the normal range (RTZ)
  logic [9:0]  d10;     // f16 mantissa of a value in the denormal range (RTZ)
  logic [14:0] mag;     // f16 magnitude bits (exponent and mantissa)
  logic [23:0] sig;
  logic [5:0]  rsh;

  always_comb begin
    is_f16 = (bits_i == 5'd16);
    is_f11 = (bits_i == 5'd11);
    sign = f_i[31];
    e32 = f_i[30:23];
    nan = (e32 == 8'hFF) && (f_i[22:0] != 23'd0);
    m10 = f_i[22:13];
    sig = {1'b1, f_i[22:0]};
    // A value sig * 2^(e32 - 150) with e32 in [103, 112] is the f16 denormal floor(sig / 2^(126 - e32)) * 2^-24.
    rsh = 6'(8'd126 - e32);
    d10 = 10'(sig >> rsh);
    // Magnitude as f16 (15 bits); the f11/f10 encodings are its top 11/10 bits below the sign (same exponent).
    if (e32 == 8'hFF) mag = 15'h7C00;
    else if (e32 == 8'd0) mag = 15'd0;
    else if (e32 > 8'd142) mag = 15'h7BFF;  // 2^16 and above: max finite
    else if (e32 >= 8'd113) mag = {5'(e32 - 8'd112), m10};
    else if (e32 >= 8'd103) mag = {5'd0, d10};
    else mag = 15'd0;

    if (is_f16) begin
      h_o = nan ? 16'h7E00 : {sign, mag};
    end else if (is_f11) begin
      if (nan) h_o = 16'h07E0;
      else if (sign) h_o = 16'd0;
      else h_o = {5'd0, mag[14:4]};  // RTZ of the RTZ f16: the same exponent, fewer mantissa bits
    end else begin
      if (nan) h_o = 16'h03F0;
      else if (sign) h_o = 16'd0;
      else h_o = {6'd0, mag[14:5]};
    end
  end

endmodule

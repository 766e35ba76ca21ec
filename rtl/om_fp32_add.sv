// SPDX-License-Identifier: Apache-2.0
// Binary32 y = a + b (sub_i = 0) or a - b (sub_i = 1), bit-exact to om::ref::f32_add/f32_sub: inputs flushed, RNE,
// denormal results flushed to signed zero, NaN results 0x7FC00000, x - x = -0 + +0 = +0. Combinational (0 cycles).
// Ports: a_i, b_i (binary32 bits), sub_i (negate b), y_o (binary32 bits).
`timescale 1ns/1ps
module om_fp32_add (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        sub_i,
  output logic [31:0] y_o
);

  localparam logic [31:0] CanonicalNan = 32'h7FC0_0000;
  // Width of the aligned significands: 24 significand bits, 26 bits below them, and one carry bit on top. With
  // inputs normal, an aligned operand loses bits only when shifted by more than 26, and then the difference needs
  // at most one left shift, so the sticky bit below bit 0 keeps the rounding exact.
  localparam int SumW = 51;

  // Leading zeros of a SumW-bit value (SumW for zero): binary search on the value padded to 64 bits with a one
  // right after it.
  function automatic logic [5:0] lzc(input logic [SumW-1:0] v);
    logic [63:0] x;
    logic [5:0]  n;
    x = {v, 1'b1, {(63 - SumW){1'b0}}};
    n = 6'd0;
    if (x[63:32] == 32'd0) begin n = n + 6'd32; x = x << 32; end
    if (x[63:48] == 16'd0) begin n = n + 6'd16; x = x << 16; end
    if (x[63:56] == 8'd0) begin n = n + 6'd8; x = x << 8; end
    if (x[63:60] == 4'd0) begin n = n + 6'd4; x = x << 4; end
    if (x[63:62] == 2'd0) begin n = n + 6'd2; x = x << 2; end
    if (x[63] == 1'b0) n = n + 6'd1;
    return n;
  endfunction

  logic        sa, sb;
  logic [7:0]  ea, eb;
  logic [22:0] fa, fb;
  logic        a_zero, b_zero, a_inf, b_inf, a_nan, b_nan;
  logic        swap;
  logic        sx, sy;  // signs of the larger (x) and smaller (y) magnitude
  logic [7:0]  ex, ey;
  logic [23:0] mx, my;
  logic [7:0]  ediff;
  logic [SumW-1:0] ax, ay;
  logic        sticky;
  logic        eff_sub;
  logic [SumW:0] sum;    // SumW bits of magnitude and the sticky bit at index 0
  logic [5:0]  lz;
  logic [SumW:0] norm;
  logic signed [9:0] exp_res;
  logic [23:0] mant;
  logic        guard, rest, round_up;
  logic [24:0] mant_rnd;
  logic signed [9:0] exp_rnd;

  always_comb begin
    sa = a_i[31];
    ea = a_i[30:23];
    fa = a_i[22:0];
    sb = b_i[31] ^ sub_i;
    eb = b_i[30:23];
    fb = b_i[22:0];
    // Denormal inputs are zeros of their sign.
    a_zero = (ea == 8'd0);
    b_zero = (eb == 8'd0);
    a_inf = (ea == 8'hFF) && (fa == 23'd0);
    b_inf = (eb == 8'hFF) && (fb == 23'd0);
    a_nan = (ea == 8'hFF) && (fa != 23'd0);
    b_nan = (eb == 8'hFF) && (fb != 23'd0);

    // Order by magnitude: x is the larger.
    swap = {eb, fb} > {ea, fa};
    sx = swap ? sb : sa;
    sy = swap ? sa : sb;
    ex = swap ? eb : ea;
    ey = swap ? ea : eb;
    mx = {1'b1, swap ? fb : fa};
    my = {1'b1, swap ? fa : fb};
    ediff = ex - ey;

    ax = {1'b0, mx, 26'd0};
    ay = {1'b0, my, 26'd0};
    sticky = 1'b0;
    if (ediff >= 8'(SumW)) begin
      sticky = 1'b1;
      ay = '0;
    end else begin
      sticky = |(ay & ~({SumW{1'b1}} << ediff));
      ay = ay >> ediff;
    end
    eff_sub = sx ^ sy;
    if (eff_sub) sum = {ax, 1'b0} - {ay, sticky};
    else sum = {ax, 1'b0} + {ay, sticky};

    // Normalise so that the leading one sits at bit SumW (the carry position of {ax, 0}).
    lz = lzc(sum[SumW:1]);
    norm = sum << lz;
    // Value = norm * 2^(ex - 127 - 24 - 26 - 1 + 1 - lz) with norm's top bit at SumW: biased exponent of 1.f
    exp_res = 10'(ex) + 10'sd1 - 10'(lz);
    mant = norm[SumW:SumW-23];
    guard = norm[SumW-24];
    rest = |norm[SumW-25:0];
    round_up = guard && (rest || mant[0]);
    mant_rnd = {1'b0, mant} + 25'(round_up);
    exp_rnd = exp_res;
    if (mant_rnd[24]) exp_rnd = exp_res + 10'sd1;

    // Special cases, most specific first.
    if (a_nan || b_nan || (a_inf && b_inf && (sa != sb))) begin
      y_o = CanonicalNan;
    end else if (a_inf) begin
      y_o = {sa, 8'hFF, 23'd0};
    end else if (b_inf) begin
      y_o = {sb, 8'hFF, 23'd0};
    end else if (a_zero && b_zero) begin
      y_o = {sa & sb, 31'd0};
    end else if (a_zero) begin
      y_o = {sb, eb, fb};
    end else if (b_zero) begin
      y_o = {sa, ea, fa};
    end else if (sum == '0) begin
      y_o = 32'd0;  // exact cancellation rounds to +0
    end else if (exp_rnd >= 10'sd255) begin
      y_o = {sx, 8'hFF, 23'd0};
    end else if (exp_rnd <= 10'sd0) begin
      y_o = {sx, 31'd0};  // the exact sum of two normals is a multiple of 2^-149: a denormal result is flushed
    end else begin
      y_o = {sx, exp_rnd[7:0], mant_rnd[24] ? mant_rnd[23:1] : mant_rnd[22:0]};
    end
  end

endmodule

// SPDX-License-Identifier: Apache-2.0
// Binary32 y = a * b, bit-exact to om::ref::f32_mul: inputs flushed, RNE with gradual underflow, then denormal
// results flushed to signed zero (a product that rounds up to 2^-126 is kept), NaN results 0x7FC00000,
// INF * 0 = NaN. Combinational (0 cycles). Ports: a_i, b_i (binary32 bits), y_o (binary32 bits).
`timescale 1ns/1ps
module om_fp32_mul (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] y_o
);

  localparam logic [31:0] CanonicalNan = 32'h7FC0_0000;

  logic        sy;
  logic [7:0]  ea, eb;
  logic [22:0] fa, fb;
  logic        a_zero, b_zero, a_inf, b_inf, a_nan, b_nan;
  logic [47:0] prod;
  logic [47:0] pn;             // product with its leading one at bit 47
  logic signed [10:0] exp_n;   // biased exponent of pn as 1.f
  logic [5:0]  rsh;            // extra right shift for gradual underflow
  logic [47:0] ps;             // pn shifted right by rsh
  logic        sh_sticky;
  logic [23:0] mant;
  logic        guard, rest, round_up;
  logic [24:0] mant_rnd;
  logic signed [10:0] exp_rnd;

  always_comb begin
    sy = a_i[31] ^ b_i[31];
    ea = a_i[30:23];
    fa = a_i[22:0];
    eb = b_i[30:23];
    fb = b_i[22:0];
    a_zero = (ea == 8'd0);
    b_zero = (eb == 8'd0);
    a_inf = (ea == 8'hFF) && (fa == 23'd0);
    b_inf = (eb == 8'hFF) && (fb == 23'd0);
    a_nan = (ea == 8'hFF) && (fa != 23'd0);
    b_nan = (eb == 8'hFF) && (fb != 23'd0);

    prod = {1'b1, fa} * {1'b1, fb};  // in [2^46, 2^48)
    if (prod[47]) begin
      pn = prod;
      exp_n = 11'(ea) + 11'(eb) - 11'sd126;
    end else begin
      pn = {prod[46:0], 1'b0};
      exp_n = 11'(ea) + 11'(eb) - 11'sd127;
    end

    // Below the normal range the rounding point moves left by 1 - exp_n bits (gradual underflow).
    if (exp_n >= 11'sd1) rsh = 6'd0;
    else if (exp_n < -11'sd40) rsh = 6'd41;
    else rsh = 6'(11'sd1 - exp_n);
    sh_sticky = |(pn & ~({48{1'b1}} << rsh));
    ps = pn >> rsh;

    mant = ps[47:24];
    guard = ps[23];
    rest = (|ps[22:0]) || sh_sticky;
    round_up = guard && (rest || mant[0]);
    mant_rnd = {1'b0, mant} + 25'(round_up);
    exp_rnd = exp_n + 11'(mant_rnd[24]);

    if (a_nan || b_nan || (a_inf && b_zero) || (b_inf && a_zero)) begin
      y_o = CanonicalNan;
    end else if (a_inf || b_inf) begin
      y_o = {sy, 8'hFF, 23'd0};
    end else if (a_zero || b_zero) begin
      y_o = {sy, 31'd0};
    end else if (exp_n < 11'sd1) begin
      // Rounded at denormal precision: flushed, unless it rounded up to the minimum normal 2^-126.
      y_o = mant_rnd[23] ? {sy, 8'd1, 23'd0} : {sy, 31'd0};
    end else if (exp_rnd >= 11'sd255) begin
      y_o = {sy, 8'hFF, 23'd0};
    end else begin
      y_o = {sy, exp_rnd[7:0], mant_rnd[24] ? mant_rnd[23:1] : mant_rnd[22:0]};
    end
  end

endmodule

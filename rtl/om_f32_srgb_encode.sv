// SPDX-License-Identifier: Apache-2.0
// Unquantised sRGB encode s_o = correctly rounded binary32 (RNE) of the ideal curve at clamp(f_i, 0, 1) (NaN -> 0),
// = om::ref::f32_srgb_encode_unquantised (docs/arithmetic.md §6; the FL 9_x gamma-space S of §9).
// Combinational (0 cycles). Ports: en_i, f_i (binary32 bits), s_o (binary32 bits; 0 while en_i is low).
// en_i gates the evaluation: the exact comparison multiplies 241- to 472-bit integers, which a simulator would
// otherwise compute every cycle for an output only gamma-space blends use.
//
// Linear segment (x <= 0.0031308): s = 323 x / 25 rounded exactly (ties occur and go to even). Power segment:
// s = 1.055 x^(5/12) - 0.055, first estimated in 48-bit fixed point from x = 2^E (1 + f) as
// 2^(5E/12) * cubic_seg(f) (tables srgb_encode_scale/srgb_encode_poly of om_defs_pkg, error < 2^-39 against a
// half-ulp of >= 2^-29), truncated to 24 bits k; then the one rounding boundary m = (k + 1/2) ulp that can matter is
// settled exactly: s > m <=> 1055^12 x^5 > (1000 m + 55)^12 (integers after clearing powers of two).
`timescale 1ns/1ps
module om_f32_srgb_encode
  import om_defs_pkg::*;
(
  input  logic        en_i,
  input  logic [31:0] f_i,
  output logic [31:0] s_o
);

  localparam logic [120:0] Pow1055x12 = 121'h16e28c421b489cac688c49c99a4d681;  // 1055^12
  localparam logic [48:0]  C1055 = 49'h10e147ae147ae;  // round(1.055 * 2^48)
  localparam logic [48:0]  C0055 = 49'h0e147ae147ae;   // round(0.055 * 2^48)
  localparam int           CmpW = 472;                  // holds both sides of the exact comparison

  logic [31:0]  x;
  logic [7:0]   ex;
  logic [23:0]  sig;

  om_fp32_clamp u_clamp (.a_i(f_i), .lo_i(32'h0000_0000), .hi_i(32'h3F80_0000), .y_o(x));

  // ---------------------------------------------------------------------------------------------------------------
  // Linear segment: 323 sig / 25 has 27 or 28 integer bits; keep 24 and round to nearest even.
  logic [32:0]  lin_p;
  logic [27:0]  lin_q;
  logic [4:0]   lin_r;
  logic         lin_wide, lin_guard, lin_sticky, lin_up;
  logic [24:0]  lin_s;
  logic [7:0]   lin_e;
  logic [31:0]  lin_y;

  always_comb begin
    ex = x[30:23];
    sig = {1'b1, x[22:0]};
    lin_p = 33'd323 * 33'(sig);
    lin_q = 28'(lin_p / 33'd25);
    lin_r = 5'(lin_p - 33'(lin_q) * 33'd25);
    lin_wide = lin_q[27];
    lin_s = {1'b0, lin_wide ? lin_q[27:4] : lin_q[26:3]};
    lin_guard = lin_wide ? lin_q[3] : lin_q[2];
    lin_sticky = (lin_wide ? (lin_q[2:0] != 3'd0) : (lin_q[1:0] != 2'd0)) || (lin_r != 5'd0);
    lin_up = lin_guard && (lin_sticky || lin_s[0]);
    lin_s = lin_s + 25'(lin_up);
    lin_e = ex + (lin_wide ? 8'd4 : 8'd3) + 8'(lin_s[24]);
    lin_y = {1'b0, lin_e, lin_s[24] ? lin_s[23:1] : lin_s[22:0]};
  end

  // ---------------------------------------------------------------------------------------------------------------
  // Power segment estimate: g = (1 + f)^(5/12) by Horner on t = f[15:0] / 2^16 within segment f[22:16]. A function
  // called under an if without else (below), so a simulation computes its wide products only in the cycles that use
  // them: as an operand of the output mux (or of an if/else, which Verilator turns into one) it would compute them
  // every cycle.
  function automatic logic [31:0] pow_encode(input logic [30:0] xv);  // x > 0: no sign
    logic [7:0]         e;
    logic [23:0]        sg;
    logic [207:0]       coef;
    logic signed [55:0] acc;
    logic signed [72:0] prod;
    logic [3:0]         neg_e;   // -E, 1..9
    logic [47:0]        y48;     // x^(5/12), 48 fractional bits
    logic [48:0]        s_est;   // s estimate, 48 fractional bits, in (2^-5, 1)
    logic [2:0]         lead;    // s_est[47 - lead] is its leading one: exponent -1 - lead
    logic [23:0]        k;       // s_est truncated to 24 significant bits
    logic [35:0]        a;       // 1000 m + 55 scaled by 2^(24 - Es)
    logic [71:0]        a2;
    logic [107:0]       a3;
    logic [215:0]       a6;
    logic [CmpW-1:0]    rhs, lhs;
    logic [47:0]        x2;
    logic [95:0]        x4;
    logic [119:0]       x5;
    logic [240:0]       l0;
    logic [7:0]         sh;      // 173 + 5E - 12 Es, 140..228
    logic               pow_up;
    logic [24:0]        pow_s;
    logic [7:0]         pow_e;
    e = xv[30:23];
    sg = {1'b1, xv[22:0]};
    coef = srgb_encode_poly(xv[22:16]);
    acc = 56'($signed(coef[51:0]));
    prod = 73'(acc) * 73'($signed({1'b0, xv[15:0]}));
    acc = 56'($signed(coef[103:52])) + 56'(prod >>> 16);
    prod = 73'(acc) * 73'($signed({1'b0, xv[15:0]}));
    acc = 56'($signed(coef[155:104])) + 56'(prod >>> 16);
    prod = 73'(acc) * 73'($signed({1'b0, xv[15:0]}));
    acc = 56'($signed(coef[207:156])) + 56'(prod >>> 16);
    neg_e = 4'(8'd127 - e);
    y48 = 48'((102'(srgb_encode_scale(neg_e)) * 102'(acc[49:0])) >> 48);
    s_est = 49'((98'(C1055) * 98'(y48)) >> 48) - C0055;

    lead = 3'd4;
    k = 24'd0;
    for (int i = 3; i >= 0; i--) begin
      if (s_est[47 - i]) lead = 3'(i);
    end
    for (int i = 4; i >= 0; i--) begin
      if (lead == 3'(i)) k = s_est[47 - i -: 24];
    end
    // m = (2k + 1) 2^(Es - 24) with Es = -1 - lead: 1000 m + 55 = (1000 (2k + 1) + 55 * 2^(25 + lead)) / 2^(25 + lead).
    a = 36'd1000 * {11'd0, k, 1'b1} + (36'd55 << (6'd25 + 6'(lead)));
    a2 = 72'(a) * 72'(a);
    a3 = 108'(a2) * 108'(a);
    a6 = 216'(a3) * 216'(a3);
    rhs = CmpW'(432'(a6) * 432'(a6));
    x2 = 48'(sg) * 48'(sg);
    x4 = 96'(x2) * 96'(x2);
    x5 = 120'(x4) * 120'(sg);
    l0 = 241'(x5) * 241'(Pow1055x12);
    // 5 (e - 150) + 12 (24 - Es) = 5 e - 12 Es - 462 with Es = -1 - lead.
    sh = 8'(10'(e) * 10'd5 + 10'(lead) * 10'd12 - 10'd450);
    lhs = CmpW'(l0) << sh;
    pow_up = lhs > rhs;
    pow_s = {1'b0, k} + 25'(pow_up);
    pow_e = 8'd126 - 8'(lead) + 8'(pow_s[24]);
    return {1'b0, pow_e, pow_s[24] ? pow_s[23:1] : pow_s[22:0]};
  endfunction

  logic        pow_used;
  logic [31:0] pow_y;

  assign pow_used = en_i && (x > SRGB_ENCODE_LINEAR_MAX) && (x != 32'h3F80_0000);

  always_comb begin
    pow_y = 32'd0;
    if (pow_used) pow_y = pow_encode(x[30:0]);
  end

  always_comb begin
    if (!en_i) s_o = 32'd0;
    else if (x[30:0] == 31'd0) s_o = 32'd0;
    else if (x == 32'h3F80_0000) s_o = 32'h3F80_0000;
    else if (x <= SRGB_ENCODE_LINEAR_MAX) s_o = lin_y;
    else s_o = pow_y;
  end

endmodule

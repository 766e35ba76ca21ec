// SPDX-License-Identifier: Apache-2.0
// Unquantised sRGB encode s_o = correctly rounded binary32 (RNE) of the ideal curve at clamp(f_i, 0, 1) (NaN -> 0),
// = om::ref::f32_srgb_encode_unquantised (docs/arithmetic.md §6; the FL 9_x gamma-space S of §9).
// Combinational (0 cycles). Ports: en_i, f_i (binary32 bits), s_o (binary32 bits; 0 while en_i is low).
// en_i gates the evaluation: the power segment's wide products run only for an output that gamma-space blends use.
//
// Linear segment (x <= 0.0031308): s = 323 x / 25 rounded exactly (ties occur and go to even). Power segment
// (no ties): s = 1.055 x^(5/12) - 0.055 estimated in fixed point with 64 fractional bits from x = 2^E (1 + f) as
// K(E) g(f) - 0.055, K(E) = 1.055 * 2^(5E/12) and g(f) = (1 + f)^(5/12) a degree-6 polynomial per 1/64 of f
// (tables of om_defs_pkg, tools/gen/srgb_poly.py), then rounded to nearest by the estimate alone: its error stays
// below the closest approach of s to a rounding boundary over every binary32 input of the segment, which the
// exhaustive test proves (ctest -L exhaustive).
`timescale 1ns/1ps
module om_f32_srgb_encode
  import om_defs_pkg::*;
(
  input  logic        en_i,
  input  logic [31:0] f_i,
  output logic [31:0] s_o
);

  localparam int Frac = SRGB_ENCODE_FRAC;
  localparam int SegW = SRGB_ENCODE_SEG_BITS;
  localparam int TW = 23 - SegW;               // t: the fraction's bits below the segment index
  localparam int PW = Frac + SRGB_ENCODE_W0;   // K(E) g

  logic [31:0]  x;
  logic [7:0]   ex;
  logic [23:0]  sig;

  om_fp32_clamp u_clamp (.a_i(f_i), .lo_i(32'h0000_0000), .hi_i(32'h3F80_0000), .y_o(x));

  // ---------------------------------------------------------------------------------------------------------------
  // Linear segment: 323 sig / 25 has 27 or 28 integer bits; keep 24 and round to nearest even. 323 sig / 25 =
  // 12 sig + n / 25 with n = 23 sig < 2^29, and floor(n / 25) = floor(n (2^30 + 1) / 25 / 2^30) (2^30 + 1 = 25 *
  // Recip25): the excess n / (25 * 2^30) < 1/25 for n < 2^30 cannot reach the next integer. A multiply by a constant
  // instead of a divider, whose constant carry chains Yosys' iCE40 mapping removes one cell per pass.
  localparam logic [25:0] Recip25 = 26'd42949673;
  logic [28:0]  lin_n;
  logic [27:0]  lin_d;
  logic [27:0]  lin_q;
  logic [4:0]   lin_r;
  logic         lin_wide, lin_guard, lin_sticky, lin_up;
  logic [24:0]  lin_s;
  logic [7:0]   lin_e;
  logic [31:0]  lin_y;

  always_comb begin
    ex = x[30:23];
    sig = {1'b1, x[22:0]};
    lin_n = 29'd23 * 29'(sig);
    lin_d = 28'((55'(lin_n) * 55'(Recip25)) >> 30);
    lin_q = 28'd12 * 28'(sig) + lin_d;
    lin_r = 5'(lin_n - 29'(lin_d) * 29'd25);
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
  // Power segment. A function called under an if without else (below), so a simulation computes its wide products
  // only in the cycles that use them: as an operand of the output mux (or of an if/else, which Verilator turns into
  // one) it would compute them every cycle. Horner on t in [0, 1) with the coefficients' magnitudes: from c_1 on
  // the signs alternate, so each step subtracts, and the last (c_0, c_1 > 0) adds; products are truncated.
  function automatic logic [31:0] pow_encode(input logic [30:0] xv);  // x > 0: no sign
    logic [SegW-1:0]               seg;
    logic [TW-1:0]                 t;
    logic [SRGB_ENCODE_W5-1:0]     h5;
    logic [SRGB_ENCODE_W4-1:0]     h4;
    logic [SRGB_ENCODE_W3-1:0]     h3;
    logic [SRGB_ENCODE_W2-1:0]     h2;
    logic [SRGB_ENCODE_W1-1:0]     h1;
    logic [SRGB_ENCODE_W0-1:0]     g;       // g(f) in [1, 2^(5/12))
    logic [PW-1:0]                 kg;
    logic [Frac-1:0]               s_est;   // s estimate in (2^-5, 1)
    logic [2:0]                    lead;    // s_est[Frac - 1 - lead] is its leading one: exponent -1 - lead
    logic [23:0]                   k;       // s_est truncated to 24 significant bits
    logic                          pow_up;  // the bit below k: at or above the rounding boundary
    logic [24:0]                   pow_s;
    logic [7:0]                    pow_e;
    seg = xv[22 -: SegW];
    t = xv[TW-1:0];
    h5 = srgb_encode_c5(seg) - SRGB_ENCODE_W5'((
         (SRGB_ENCODE_W6 + TW)'(srgb_encode_c6(seg)) * (SRGB_ENCODE_W6 + TW)'(t)) >> TW);
    h4 = srgb_encode_c4(seg) - SRGB_ENCODE_W4'(((SRGB_ENCODE_W5 + TW)'(h5) * (SRGB_ENCODE_W5 + TW)'(t)) >> TW);
    h3 = srgb_encode_c3(seg) - SRGB_ENCODE_W3'(((SRGB_ENCODE_W4 + TW)'(h4) * (SRGB_ENCODE_W4 + TW)'(t)) >> TW);
    h2 = srgb_encode_c2(seg) - SRGB_ENCODE_W2'(((SRGB_ENCODE_W3 + TW)'(h3) * (SRGB_ENCODE_W3 + TW)'(t)) >> TW);
    h1 = srgb_encode_c1(seg) - SRGB_ENCODE_W1'(((SRGB_ENCODE_W2 + TW)'(h2) * (SRGB_ENCODE_W2 + TW)'(t)) >> TW);
    g = srgb_encode_c0(seg) + SRGB_ENCODE_W0'(((SRGB_ENCODE_W1 + TW)'(h1) * (SRGB_ENCODE_W1 + TW)'(t)) >> TW);
    kg = PW'(srgb_encode_scale(4'(8'd127 - xv[30:23]))) * PW'(g);
    s_est = Frac'((kg >> Frac) - PW'(SRGB_ENCODE_OFFSET));

    lead = 3'd4;
    k = 24'd0;
    pow_up = 1'b0;
    for (int i = 3; i >= 0; i--) begin
      if (s_est[Frac - 1 - i]) lead = 3'(i);
    end
    for (int i = 4; i >= 0; i--) begin
      if (lead == 3'(i)) begin
        k = s_est[Frac - 1 - i -: 24];
        pow_up = s_est[Frac - 25 - i];
      end
    end
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

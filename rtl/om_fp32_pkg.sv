// SPDX-License-Identifier: Apache-2.0
// The binary32 units and conversions as functions: om_fp32_add/mul/minmax/clamp, om_f32_to_norm, om_unorm_to_f32,
// om_norm_to_f32, om_fsmall_to_f32 and om_f32_to_srgb are thin wrappers around them, and a stage that holds no op
// most cycles calls them under `if (valid)`, so a simulator skips the arithmetic of an idle stage (a module instance
// is evaluated every cycle). Bit-exact to om::ref (see the wrapper modules for the rules). The datapath modules (they
// also run on Icarus 11) call them in `always @*` blocks that compute into block-local variables and assign each
// output once: Icarus re-evaluates an always_comb that calls them, or blocks that overwrite a default of a signal
// other blocks read, without end.
`timescale 1ns/1ps
package om_fp32_pkg;
  import om_defs_pkg::*;

  localparam logic [31:0] F32CanonicalNan = 32'h7FC0_0000;
  // Width of fp32_add's aligned significands: 24 significand bits, 26 bits below them, and one carry bit on top.
  // With inputs normal, an aligned operand loses bits only when shifted by more than 26, and then the difference
  // needs at most one left shift, so the sticky bit below bit 0 keeps the rounding exact.
  localparam int F32SumW = 51;

  // Leading zeros of an F32SumW-bit value (F32SumW for zero): binary search on the value padded to 64 bits with a
  // one right after it.
  function automatic logic [5:0] fp32_lzc(input logic [F32SumW-1:0] v);
    logic [63:0] x;
    logic [5:0]  n;
    x = {v, 1'b1, {(63 - F32SumW){1'b0}}};
    n = 6'd0;
    if (x[63:32] == 32'd0) begin n = n + 6'd32; x = x << 32; end
    if (x[63:48] == 16'd0) begin n = n + 6'd16; x = x << 16; end
    if (x[63:56] == 8'd0) begin n = n + 6'd8; x = x << 8; end
    if (x[63:60] == 4'd0) begin n = n + 6'd4; x = x << 4; end
    if (x[63:62] == 2'd0) begin n = n + 6'd2; x = x << 2; end
    if (x[63] == 1'b0) n = n + 6'd1;
    return n;
  endfunction

  // a + b (sub = 0) or a - b (sub = 1): om::ref::f32_add / f32_sub.
  function automatic logic [31:0] fp32_add(input logic [31:0] a, input logic [31:0] b, input logic sub);
    logic        sa, sb;
    logic [7:0]  ea, eb;
    logic [22:0] fa, fb;
    logic        a_zero, b_zero, a_inf, b_inf, a_nan, b_nan;
    logic        swap;
    logic        sx, sy;  // signs of the larger (x) and smaller (y) magnitude
    logic [7:0]  ex, ey;
    logic [23:0] mx, my;
    logic [7:0]  ediff;
    logic [F32SumW-1:0] ax, ay;
    logic        sticky;
    logic        eff_sub;
    logic [F32SumW:0] sum;  // F32SumW bits of magnitude and the sticky bit at index 0
    logic [5:0]  lz;
    logic [F32SumW:0] norm;
    logic signed [9:0] exp_res;
    logic [23:0] mant;
    logic        guard, rest, round_up;
    logic [24:0] mant_rnd;
    logic signed [9:0] exp_rnd;
    logic [31:0] y;
    sa = a[31];
    ea = a[30:23];
    fa = a[22:0];
    sb = b[31] ^ sub;
    eb = b[30:23];
    fb = b[22:0];
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
    if (ediff >= 8'(F32SumW)) begin
      sticky = 1'b1;
      ay = '0;
    end else begin
      sticky = |(ay & ~({F32SumW{1'b1}} << ediff));
      ay = ay >> ediff;
    end
    eff_sub = sx ^ sy;
    if (eff_sub) sum = {ax, 1'b0} - {ay, sticky};
    else sum = {ax, 1'b0} + {ay, sticky};

    // Normalise so that the leading one sits at bit F32SumW (the carry position of {ax, 0}).
    lz = fp32_lzc(sum[F32SumW:1]);
    norm = sum << lz;
    // Value = norm * 2^(ex - 127 - 24 - 26 - 1 + 1 - lz) with norm's top bit at F32SumW: biased exponent of 1.f
    exp_res = 10'(ex) + 10'sd1 - 10'(lz);
    mant = norm[F32SumW:F32SumW-23];
    guard = norm[F32SumW-24];
    rest = |norm[F32SumW-25:0];
    round_up = guard && (rest || mant[0]);
    mant_rnd = {1'b0, mant} + 25'(round_up);
    exp_rnd = exp_res;
    if (mant_rnd[24]) exp_rnd = exp_res + 10'sd1;

    // Special cases, most specific first.
    if (a_nan || b_nan || (a_inf && b_inf && (sa != sb))) begin
      y = F32CanonicalNan;
    end else if (a_inf) begin
      y = {sa, 8'hFF, 23'd0};
    end else if (b_inf) begin
      y = {sb, 8'hFF, 23'd0};
    end else if (a_zero && b_zero) begin
      y = {sa & sb, 31'd0};
    end else if (a_zero) begin
      y = {sb, eb, fb};
    end else if (b_zero) begin
      y = {sa, ea, fa};
    end else if (sum == '0) begin
      y = 32'd0;  // exact cancellation rounds to +0
    end else if (exp_rnd >= 10'sd255) begin
      y = {sx, 8'hFF, 23'd0};
    end else if (exp_rnd <= 10'sd0) begin
      y = {sx, 31'd0};  // the exact sum of two normals is a multiple of 2^-149: a denormal result is flushed
    end else begin
      y = {sx, exp_rnd[7:0], mant_rnd[24] ? mant_rnd[23:1] : mant_rnd[22:0]};
    end
    return y;
  endfunction

  // a * b: om::ref::f32_mul.
  function automatic logic [31:0] fp32_mul(input logic [31:0] a, input logic [31:0] b);
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
    logic [31:0] y;
    sy = a[31] ^ b[31];
    ea = a[30:23];
    fa = a[22:0];
    eb = b[30:23];
    fb = b[22:0];
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
      y = F32CanonicalNan;
    end else if (a_inf || b_inf) begin
      y = {sy, 8'hFF, 23'd0};
    end else if (a_zero || b_zero) begin
      y = {sy, 31'd0};
    end else if (exp_n < 11'sd1) begin
      // Rounded at denormal precision: flushed, unless it rounded up to the minimum normal 2^-126.
      y = mant_rnd[23] ? {sy, 8'd1, 23'd0} : {sy, 31'd0};
    end else if (exp_rnd >= 11'sd255) begin
      y = {sy, 8'hFF, 23'd0};
    end else begin
      y = {sy, exp_rnd[7:0], mant_rnd[24] ? mant_rnd[23:1] : mant_rnd[22:0]};
    end
    return y;
  endfunction

  // Flushed copy: a denormal becomes the zero of its sign.
  function automatic logic [31:0] fp32_ftz(input logic [31:0] v);
    return (v[30:23] == 8'd0) ? {v[31], 31'd0} : v;
  endfunction

  // take_max ? max(a, b) : min(a, b): om::ref::f32_min / f32_max.
  function automatic logic [31:0] fp32_minmax(input logic [31:0] a_in, input logic [31:0] b_in, input logic take_max);
    logic [31:0] a, b, y;
    logic        a_nan, b_nan, a_zero, b_zero;
    logic        a_lt_b;
    a = fp32_ftz(a_in);
    b = fp32_ftz(b_in);
    a_nan = (a[30:23] == 8'hFF) && (a[22:0] != 23'd0);
    b_nan = (b[30:23] == 8'hFF) && (b[22:0] != 23'd0);
    a_zero = (a[30:0] == 31'd0);
    b_zero = (b[30:0] == 31'd0);
    // Order of non-NaN values that are not both zero: by sign, then by magnitude (reversed for negatives).
    if (a[31] != b[31]) a_lt_b = a[31];
    else if (a[31]) a_lt_b = a[30:0] > b[30:0];
    else a_lt_b = a[30:0] < b[30:0];

    if (a_nan && b_nan) y = F32CanonicalNan;
    else if (a_nan) y = b;
    else if (b_nan) y = a;
    else if (a_zero && b_zero) y = take_max ? (a & b) : (a | b);
    else if (take_max) y = a_lt_b ? b : a;
    else y = a_lt_b ? a : b;
    return y;
  endfunction

  // min(max(a, lo), hi) with NaN -> +0: om::ref::f32_clamp.
  function automatic logic [31:0] fp32_clamp(input logic [31:0] a, input logic [31:0] lo, input logic [31:0] hi);
    logic [31:0] y;
    if ((a[30:23] == 8'hFF) && (a[22:0] != 23'd0)) y = 32'd0;
    else y = fp32_minmax(fp32_minmax(a, lo, 1'b1), hi, 1'b0);
    return y;
  endfunction

  // binary32 -> n-bit UNORM or SNORM code: om::ref::f32_to_unorm / f32_to_snorm (see om_f32_to_norm).
  function automatic logic [15:0] f32_to_norm(input logic [31:0] f, input logic [4:0] bits, input logic snorm);
    logic [4:0]  mag_bits;   // bits of the largest code magnitude: n, or n - 1 for SNORM
    logic [31:0] scale, lo, scaled, half, rounded;
    logic        neg;
    logic [7:0]  rexp;
    logic [23:0] sig;
    logic [15:0] mag;
    // max = 2^m - 1 as binary32: exponent m - 1, significand m ones.
    mag_bits = snorm ? bits - 5'd1 : bits;
    scale = {1'b0, 8'(8'd126 + 8'(mag_bits)), 23'((24'hFF_FFFF << (5'd24 - mag_bits)) & 24'h7F_FFFF)};
    lo = snorm ? 32'hBF80_0000 : 32'h0000_0000;
    scaled = fp32_mul(fp32_clamp(f, lo, 32'h3F80_0000), scale);
    neg = scaled[31] && (scaled[30:0] != 31'd0);
    half = {neg, 31'h3F00_0000};
    rounded = fp32_add(scaled, half, 1'b0);
    // Truncate |rounded| < 2^16 toward zero (significand shifted right by 23 - exponent), then negate if negative.
    rexp = rounded[30:23];
    sig = {1'b1, rounded[22:0]};
    mag = (rexp < 8'd127) ? 16'd0 : 16'(sig >> (8'd150 - rexp));
    return (rounded[31] ? 16'(16'd0 - mag) : mag) & 16'((17'd1 << bits) - 17'd1);
  endfunction

  // n-bit UNORM code -> binary32, correctly rounded: om::ref::unorm_to_f32 (see om_unorm_to_f32).
  function automatic logic [31:0] unorm_to_f32(input logic [15:0] code_in, input logic [4:0] bits);
    logic [15:0] mask, code;
    logic [63:0] rep;    // the code repeated from bit 63 down: 0.rep = code / (2^n - 1)
    logic [5:0]  lz;
    logic [24:0] norm;   // the 24 significand bits and the rounding bit after normalisation
    logic [24:0] mant_rnd;
    logic [7:0]  exp_b;
    logic [31:0] f;
    mask = 16'((17'd1 << bits) - 17'd1);
    code = code_in & mask;
    rep = {code, 48'd0} << (5'd16 - bits);
    // Doubling the number of copies five times gives >= 32 copies (64 bits for n = 1 after the sixth).
    rep = rep | (rep >> bits);
    rep = rep | (rep >> (7'(bits) << 1));
    rep = rep | (rep >> (7'(bits) << 2));
    rep = rep | (rep >> (8'(bits) << 3));
    rep = rep | (rep >> (9'(bits) << 4));
    rep = rep | (rep >> (10'(bits) << 5));
    lz = 6'd0;
    for (int i = 0; i < 16; i++) begin
      if (rep[63 - i] == 1'b0 && lz == 6'(i)) lz = 6'(i + 1);
    end
    norm = 25'((rep << lz) >> 39);
    // 24 significand bits, then the rounding bit; the infinite tail below it is never all zeros, so round to
    // nearest is "add the rounding bit".
    mant_rnd = {1'b0, norm[24:1]} + 25'(norm[0]);
    exp_b = 8'd126 - 8'(lz) + 8'(mant_rnd[24]);
    if (code == 16'd0) f = 32'd0;
    else if (code == mask) f = 32'h3F80_0000;
    else f = {1'b0, exp_b, mant_rnd[24] ? mant_rnd[23:1] : mant_rnd[22:0]};
    return f;
  endfunction

  // n-bit UNORM or SNORM code -> binary32: om::ref::unorm_to_f32 / snorm_to_f32 (see om_norm_to_f32).
  function automatic logic [31:0] norm_to_f32(input logic [15:0] code_in, input logic [4:0] bits, input logic snorm);
    logic [15:0] mask, code, mag;
    logic        neg, most_neg;
    logic [4:0]  mag_bits;
    logic [31:0] mag_f;
    mask = 16'((17'd1 << bits) - 17'd1);
    code = code_in & mask;
    neg = snorm && code[4'(bits - 5'd1)];
    most_neg = neg && (code == (16'd1 << (bits - 5'd1)));
    mag = neg ? 16'(16'd0 - (code | ~mask)) : code;
    mag_bits = snorm ? bits - 5'd1 : bits;
    mag_f = unorm_to_f32(mag, mag_bits);
    return most_neg ? 32'hBF80_0000 : {neg, mag_f[30:0]};
  endfunction

  // float16/11/10 bits -> binary32 (exact): om::ref::f16_to_f32 / f11_to_f32 / f10_to_f32 (see om_fsmall_to_f32).
  function automatic logic [31:0] fsmall_to_f32(input logic [15:0] h, input logic [4:0] bits);
    logic        sign;
    logic [4:0]  exp;
    logic [9:0]  mant;   // mantissa left-aligned to 10 bits (f11/f10 mantissas padded with zeros below)
    logic [3:0]  lz;
    logic [9:0]  mant_n;
    logic [22:0] frac;
    logic [31:0] f;
    unique case (bits)
      5'd16: begin
        sign = h[15];
        exp = h[14:10];
        mant = h[9:0];
      end
      5'd11: begin
        sign = 1'b0;
        exp = h[10:6];
        mant = {h[5:0], 4'd0};
      end
      default: begin
        sign = 1'b0;
        exp = h[9:5];
        mant = {h[4:0], 5'd0};
      end
    endcase
    // Denormal: mant * 2^-24 (f16 units after left alignment); normalise its leading one away.
    lz = 4'd0;
    for (int i = 0; i < 10; i++) begin
      if (mant[9 - i] == 1'b0 && lz == 4'(i)) lz = 4'(i + 1);
    end
    mant_n = mant << (lz + 4'd1);
    frac = {mant, 13'd0};
    if (exp == 5'd31) f = {sign, 8'hFF, frac};
    else if (exp != 5'd0) f = {sign, 8'(exp) + 8'd112, frac};
    else if (mant == 10'd0) f = {sign, 31'd0};
    else f = {sign, 8'd112 - 8'(lz), mant_n, 13'd0};
    return f;
  endfunction

  // binary32 -> sRGB 8-bit code by the encode thresholds: om::ref::f32_to_srgb (see om_f32_to_srgb).
  function automatic logic [7:0] f32_to_srgb(input logic [31:0] f);
    logic [31:0] clamped;
    logic [7:0]  code;
    clamped = fp32_clamp(f, 32'h0000_0000, 32'h3F80_0000);
    // Bit b of the code is set when c reaches the threshold of the code with that bit added. -0 and +0 lie below
    // every threshold; the bit patterns of non-negative values order like the values.
    code = 8'd0;
    for (int b = 7; b >= 0; b--) begin
      if (!clamped[31] && (clamped >= srgb_encode_threshold(code + (8'd1 << b) - 8'd1))) begin
        code = code | (8'd1 << b);
      end
    end
    return code;
  endfunction

endpackage

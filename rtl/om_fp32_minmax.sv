// SPDX-License-Identifier: Apache-2.0
// Binary32 y = max_i ? max(a, b) : min(a, b) with the D3D rules of om::ref::f32_min/f32_max: inputs flushed, a NaN
// operand yields the other (flushed) operand, two NaNs yield 0x7FC00000, min(-0, +0) = -0 and max(-0, +0) = +0
// (IEEE-754R). Combinational (0 cycles). Ports: a_i, b_i (binary32 bits), max_i (1 = max), y_o (binary32 bits).
`timescale 1ns/1ps
module om_fp32_minmax (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        max_i,
  output logic [31:0] y_o
);

  localparam logic [31:0] CanonicalNan = 32'h7FC0_0000;

  logic [31:0] a, b;
  logic        a_nan, b_nan, a_zero, b_zero;
  logic        a_lt_b;

  // Flushed copy: a denormal becomes the zero of its sign.
  function automatic logic [31:0] ftz(input logic [31:0] v);
    return (v[30:23] == 8'd0) ? {v[31], 31'd0} : v;
  endfunction

  always_comb begin
    a = ftz(a_i);
    b = ftz(b_i);
    a_nan = (a[30:23] == 8'hFF) && (a[22:0] != 23'd0);
    b_nan = (b[30:23] == 8'hFF) && (b[22:0] != 23'd0);
    a_zero = (a[30:0] == 31'd0);
    b_zero = (b[30:0] == 31'd0);
    // Order of non-NaN values that are not both zero: by sign, then by magnitude (reversed for negatives).
    if (a[31] != b[31]) a_lt_b = a[31];
    else if (a[31]) a_lt_b = a[30:0] > b[30:0];
    else a_lt_b = a[30:0] < b[30:0];

    if (a_nan && b_nan) y_o = CanonicalNan;
    else if (a_nan) y_o = b;
    else if (b_nan) y_o = a;
    else if (a_zero && b_zero) y_o = max_i ? (a & b) : (a | b);
    else if (max_i) y_o = a_lt_b ? b : a;
    else y_o = a_lt_b ? a : b;
  end

endmodule

// SPDX-License-Identifier: Apache-2.0
// Binary32 y = max_i ? max(a, b) : min(a, b) with the D3D rules of om::ref::f32_min/f32_max: inputs flushed, a NaN
// operand yields the other (flushed) operand, two NaNs yield 0x7FC00000, min(-0, +0) = -0 and max(-0, +0) = +0
// (IEEE-754R). Combinational (0 cycles). Ports: a_i, b_i (binary32 bits), max_i (1 = max), y_o (binary32 bits).
`timescale 1ns/1ps
module om_fp32_minmax
  import om_fp32_pkg::*;
(
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        max_i,
  output logic [31:0] y_o
);

  assign y_o = fp32_minmax(a_i, b_i, max_i);

endmodule

// SPDX-License-Identifier: Apache-2.0
// Binary32 y = a + b (sub_i = 0) or a - b (sub_i = 1), bit-exact to om::ref::f32_add/f32_sub: inputs flushed, RNE,
// denormal results flushed to signed zero, NaN results 0x7FC00000, x - x = -0 + +0 = +0. Combinational (0 cycles).
// Ports: a_i, b_i (binary32 bits), sub_i (negate b), y_o (binary32 bits).
`timescale 1ns/1ps
module om_fp32_add
  import om_fp32_pkg::*;
(
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        sub_i,
  output logic [31:0] y_o
);

  assign y_o = fp32_add(a_i, b_i, sub_i);

endmodule

// SPDX-License-Identifier: Apache-2.0
// Binary32 y = a * b, bit-exact to om::ref::f32_mul: inputs flushed, RNE with gradual underflow, then denormal
// results flushed to signed zero (a product that rounds up to 2^-126 is kept), NaN results 0x7FC00000,
// INF * 0 = NaN. Combinational (0 cycles). Ports: a_i, b_i (binary32 bits), y_o (binary32 bits).
`timescale 1ns/1ps
module om_fp32_mul
  import om_fp32_pkg::*;
(
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] y_o
);

  assign y_o = fp32_mul(a_i, b_i);

endmodule

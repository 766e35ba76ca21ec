// SPDX-License-Identifier: Apache-2.0
// Binary32 clamp y = min(max(a, lo), hi) with NaN -> +0, bit-exact to om::ref::f32_clamp (inputs flushed by the
// min/max units). Combinational (0 cycles). Ports: a_i, lo_i, hi_i (binary32 bits, lo <= hi), y_o.
`timescale 1ns/1ps
module om_fp32_clamp
  import om_fp32_pkg::*;
(
  input  logic [31:0] a_i,
  input  logic [31:0] lo_i,
  input  logic [31:0] hi_i,
  output logic [31:0] y_o
);

  assign y_o = fp32_clamp(a_i, lo_i, hi_i);

endmodule

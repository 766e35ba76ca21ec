// SPDX-License-Identifier: Apache-2.0
// Binary32 clamp y = min(max(a, lo), hi) with NaN -> +0, bit-exact to om::ref::f32_clamp (inputs flushed by the
// min/max units). Combinational (0 cycles). Ports: a_i, lo_i, hi_i (binary32 bits, lo <= hi), y_o.
`timescale 1ns/1ps
module om_fp32_clamp (
  input  logic [31:0] a_i,
  input  logic [31:0] lo_i,
  input  logic [31:0] hi_i,
  output logic [31:0] y_o
);

  logic        a_nan;
  logic [31:0] lo_max, hi_min;

  assign a_nan = (a_i[30:23] == 8'hFF) && (a_i[22:0] != 23'd0);

  om_fp32_minmax u_max (.a_i(a_i), .b_i(lo_i), .max_i(1'b1), .y_o(lo_max));
  om_fp32_minmax u_min (.a_i(lo_max), .b_i(hi_i), .max_i(1'b0), .y_o(hi_min));

  assign y_o = a_nan ? 32'd0 : hi_min;

endmodule

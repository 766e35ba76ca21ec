// SPDX-License-Identifier: Apache-2.0
// Test harness: the four binary32 units side by side behind one Verilated model (one verilate() call).
`timescale 1ns/1ps
module tb_fp32_units (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        sub_i,
  input  logic        max_i,
  input  logic [3:0]  func_i,
  output logic [31:0] add_o,
  output logic [31:0] mul_o,
  output logic [31:0] minmax_o,
  output logic        cmp_o
);

  om_fp32_add u_add (.a_i(a_i), .b_i(b_i), .sub_i(sub_i), .y_o(add_o));
  om_fp32_mul u_mul (.a_i(a_i), .b_i(b_i), .y_o(mul_o));
  om_fp32_minmax u_minmax (.a_i(a_i), .b_i(b_i), .max_i(max_i), .y_o(minmax_o));
  om_fp32_cmp u_cmp (.func_i(func_i), .a_i(a_i), .b_i(b_i), .pass_o(cmp_o));

endmodule

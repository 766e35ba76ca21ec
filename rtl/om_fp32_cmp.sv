// SPDX-License-Identifier: Apache-2.0
// Binary32 comparison pass_o = (a FUNC b) with the D3D NaN rules of om::ref::f32_compare: inputs flushed, +0 == -0;
// LESS, EQUAL, LESS_EQUAL, GREATER, GREATER_EQUAL are false and NOT_EQUAL true with a NaN operand; NEVER = 0,
// ALWAYS = 1; other func values give 0. Combinational (0 cycles). Ports: func_i (CMP_* of om_defs_pkg), a_i, b_i, pass_o.
`timescale 1ns/1ps
module om_fp32_cmp
  import om_defs_pkg::*;
(
  input  logic [3:0]  func_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        pass_o
);

  logic [31:0] a, b;
  logic        unordered, eq, lt;

  function automatic logic [31:0] ftz(input logic [31:0] v);
    return (v[30:23] == 8'd0) ? {v[31], 31'd0} : v;
  endfunction

  always_comb begin
    a = ftz(a_i);
    b = ftz(b_i);
    unordered = ((a[30:23] == 8'hFF) && (a[22:0] != 23'd0)) || ((b[30:23] == 8'hFF) && (b[22:0] != 23'd0));
    eq = (a == b) || ((a[30:0] == 31'd0) && (b[30:0] == 31'd0));
    if (a[31] != b[31]) lt = a[31] && !eq;
    else if (a[31]) lt = a[30:0] > b[30:0];
    else lt = a[30:0] < b[30:0];

    unique case (func_i)
      4'(CMP_NEVER):         pass_o = 1'b0;
      4'(CMP_LESS):          pass_o = !unordered && lt;
      4'(CMP_EQUAL):         pass_o = !unordered && eq;
      4'(CMP_LESS_EQUAL):    pass_o = !unordered && (lt || eq);
      4'(CMP_GREATER):       pass_o = !unordered && !lt && !eq;
      4'(CMP_NOT_EQUAL):     pass_o = unordered || !eq;
      4'(CMP_GREATER_EQUAL): pass_o = !unordered && !lt;
      4'(CMP_ALWAYS):        pass_o = 1'b1;
      default:               pass_o = 1'b0;
    endcase
  end

endmodule

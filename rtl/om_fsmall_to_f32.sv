// SPDX-License-Identifier: Apache-2.0
// float16 / float11 / float10 -> binary32, exact (= om::ref::f16/f11/f10_to_f32): small-float denormals become
// normal binary32 values, INF stays INF, NaN keeps its payload (shifted up). Combinational (0 cycles).
// Ports: h_i (low bits_i bits used), bits_i (16 = f16 with sign, 11 = f11, 10 = f10; others read as f10), f_o.
`timescale 1ns/1ps
module om_fsmall_to_f32
  import om_fp32_pkg::*;
(
  input  logic [15:0] h_i,
  input  logic [4:0]  bits_i,
  output logic [31:0] f_o
);

  assign f_o = fsmall_to_f32(h_i, bits_i);

endmodule

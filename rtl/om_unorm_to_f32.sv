// SPDX-License-Identifier: Apache-2.0
// UNORM code -> binary32 code / (2^n - 1), correctly rounded (= om::ref::unorm_to_f32) without a divider: the
// quotient is 0.(i)(i)(i)... in binary (the n-bit code repeated), normalised and rounded to nearest; there is never
// a tie. Combinational (0 cycles). Ports: code_i (low bits_i bits used), bits_i (n, 1..16), f_o (binary32 bits).
`timescale 1ns/1ps
module om_unorm_to_f32
  import om_fp32_pkg::*;
(
  input  logic [15:0] code_i,
  input  logic [4:0]  bits_i,
  output logic [31:0] f_o
);

  assign f_o = unorm_to_f32(code_i, bits_i);

endmodule

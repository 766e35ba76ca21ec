// SPDX-License-Identifier: Apache-2.0
// UNORM or SNORM code -> binary32, correctly rounded (= om::ref::unorm_to_f32 / snorm_to_f32): UNORM i / (2^n - 1);
// SNORM max(s / (2^(n-1) - 1), -1) with s the two's-complement value, as the sign and the UNORM value of |s| with
// n - 1 bits (both most negative codes read -1). One om_unorm_to_f32 (no divider). Combinational (0 cycles).
// Ports: code_i (low bits_i bits used), bits_i (n: 1..16 UNORM, 2..16 SNORM), snorm_i, f_o (binary32 bits).
`timescale 1ns/1ps
module om_norm_to_f32
  import om_fp32_pkg::*;
(
  input  logic [15:0] code_i,
  input  logic [4:0]  bits_i,
  input  logic        snorm_i,
  output logic [31:0] f_o
);

  assign f_o = norm_to_f32(code_i, bits_i, snorm_i);

endmodule

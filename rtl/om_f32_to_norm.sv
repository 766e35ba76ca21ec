// SPDX-License-Identifier: Apache-2.0
// binary32 -> UNORM or SNORM code (= om::ref::f32_to_unorm / f32_to_snorm, docs/arithmetic.md §6) with one set of
// fp32 units: c = clamp(f, lo, 1) (NaN -> 0; lo = 0, or -1 for SNORM), c = fp32_mul(c, max) (max = 2^n - 1, or
// 2^(n-1) - 1 for SNORM), c = fp32_add(c, c < 0 ? -0.5 : +0.5) (-0 takes +0.5), truncate toward zero; SNORM never
// produces -2^(n-1). Combinational (0 cycles).
// Ports: f_i (binary32 bits), bits_i (n: 1..16 UNORM, 2..16 SNORM), snorm_i, code_o (n-bit code, zero-extended).
`timescale 1ns/1ps
module om_f32_to_norm
  import om_fp32_pkg::*;
(
  input  logic [31:0] f_i,
  input  logic [4:0]  bits_i,
  input  logic        snorm_i,
  output logic [15:0] code_o
);

  assign code_o = f32_to_norm(f_i, bits_i, snorm_i);

endmodule

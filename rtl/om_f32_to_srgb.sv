// SPDX-License-Identifier: Apache-2.0
// Linear binary32 -> sRGB UNORM8 code (= om::ref::f32_to_srgb, docs/arithmetic.md §6): clamp to [0, 1] (NaN -> 0), then
// code = number of thresholds srgb_encode_threshold(k-1) <= c (they increase with k), found by an 8-step binary
// search (one threshold lookup and comparison per code bit). Combinational (0 cycles). Ports: f_i (binary32), code_o.
`timescale 1ns/1ps
module om_f32_to_srgb
  import om_fp32_pkg::*;
(
  input  logic [31:0] f_i,
  output logic [7:0]  code_o
);

  assign code_o = f32_to_srgb(f_i);

endmodule

// SPDX-License-Identifier: Apache-2.0
// Linear binary32 -> sRGB UNORM8 code (= om::ref::f32_to_srgb, docs/arithmetic.md §6): clamp to [0, 1] (NaN -> 0), then
// code = number of thresholds srgb_encode_threshold(k-1) <= c (they increase with k), found by an 8-step binary
// search (one threshold lookup and comparison per code bit). Combinational (0 cycles). Ports: f_i (binary32), code_o.
`timescale 1ns/1ps
module om_f32_to_srgb
  import om_defs_pkg::*;
(
  input  logic [31:0] f_i,
  output logic [7:0]  code_o
);

  logic [31:0] clamped;

  om_fp32_clamp u_clamp (.a_i(f_i), .lo_i(32'h0000_0000), .hi_i(32'h3F80_0000), .y_o(clamped));

  // Bit b of the code is set when c reaches the threshold of the code with that bit added. -0 and +0 lie below every
  // threshold; the bit patterns of non-negative values order like the values.
  always_comb begin
    code_o = 8'd0;
    for (int b = 7; b >= 0; b--) begin
      if (!clamped[31] && (clamped >= srgb_encode_threshold(code_o + (8'd1 << b) - 8'd1))) begin
        code_o = code_o | (8'd1 << b);
      end
    end
  end

endmodule

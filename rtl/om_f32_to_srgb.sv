// SPDX-License-Identifier: Apache-2.0
// Linear binary32 -> sRGB UNORM8 code (= om::ref::f32_to_srgb, spec §4.4 step 5): clamp to [0, 1] (NaN -> 0), then
// code = number of thresholds srgb_encode_threshold(k-1) <= c, found by a comparator per threshold and a binary
// search of the resulting thermometer code. Combinational (0 cycles). Ports: f_i (binary32 bits), code_o.
`timescale 1ns/1ps
module om_f32_to_srgb
  import om_defs_pkg::*;
(
  input  logic [31:0] f_i,
  output logic [7:0]  code_o
);

  logic [31:0]  clamped;
  logic [255:0] ge;  // ge[k] = (c >= T[k-1]) for k = 1..255; ge[0] = 1

  om_fp32_clamp u_clamp (.a_i(f_i), .lo_i(32'h0000_0000), .hi_i(32'h3F80_0000), .y_o(clamped));

  // -0 and +0 both lie below every threshold; the bit patterns of non-negative values order like the values.
  assign ge[0] = 1'b1;
  for (genvar k = 1; k < 256; k++) begin : g_cmp
    assign ge[k] = !clamped[31] && (clamped >= srgb_encode_threshold(8'(k - 1)));
  end

  // ge is a thermometer code (thresholds increase): the code is the index of its highest set bit.
  always_comb begin
    code_o = 8'd0;
    for (int b = 7; b >= 0; b--) begin
      if (ge[code_o | (8'd1 << b)]) code_o = code_o | (8'd1 << b);
    end
  end

endmodule

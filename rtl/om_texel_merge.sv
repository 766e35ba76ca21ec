// SPDX-License-Identifier: Apache-2.0
// Write-mask merge (= om::ref::merge_write_mask after effective_write_mask, docs/arithmetic.md §8): each channel
// the format has takes fresh_i when its mask_i bit is set, else keeps the destination bits exactly; X padding is
// stored as ones; bits above texel_bits are 0. Generic on the fmt_info() layout. Combinational (0 cycles).
// Ports: fmt_i (fmt_info_t), mask_i[3:0] (R, G, B, A), fresh_i[c] (field c), dest_i[127:0], texel_o[127:0].
`timescale 1ns/1ps
module om_texel_merge
  import om_defs_pkg::*;
(
  input  fmt_info_t        fmt_i,
  input  logic [3:0]       mask_i,
  input  logic [3:0][31:0] fresh_i,
  input  logic [127:0]     dest_i,
  output logic [127:0]     texel_o
);

  logic [3:0][127:0] placed;  // channel c's stored bits at its offset
  logic [63:0]       x_ones;

  for (genvar c = 0; c < 4; c++) begin : g_ch
    logic [31:0] m, field, kept;
    always_comb begin
      m = 32'((33'd1 << fmt_i.ch_bits[c]) - 33'd1);
      field = mask_i[c] ? fresh_i[c] : 32'(dest_i >> fmt_i.ch_offset[c]);
      kept = field & m;
      placed[c] = 128'(kept) << fmt_i.ch_offset[c];
    end
  end

  always_comb begin
    x_ones = 64'((65'd1 << fmt_i.x_bits) - 65'd1);
    texel_o = placed[0] | placed[1] | placed[2] | placed[3] | (128'(x_ones) << fmt_i.x_offset);
  end

endmodule

// SPDX-License-Identifier: Apache-2.0
// Texel -> component fields and blender-domain values (= om::ref::texel_to_raw + unpack, docs/arithmetic.md §3, §8):
// UNORM/SNORM/float16/11/10 widened to binary32, sRGB R/G/B through srgb_decode_lut (or as plain UNORM with
// srgb_as_unorm_i, the FL 9_x gamma space), FLOAT32 bits, UINT zero- and SINT sign-extended; absent R/G/B read 0,
// absent A reads 1.0 (1 for integer classes). Generic on the fmt_info() layout. Combinational (0 cycles).
// Ports: fmt_i (fmt_info_t), srgb_as_unorm_i, texel_i[127:0], raw_o[c] (field c zero-extended), val_o[c].
`timescale 1ns/1ps
module om_texel_unpack
  import om_defs_pkg::*;
  import om_fp32_pkg::*;
(
  input  fmt_info_t        fmt_i,
  input  logic             srgb_as_unorm_i,
  input  logic [127:0]     texel_i,
  output logic [3:0][31:0] raw_o,
  output logic [3:0][31:0] val_o
);

  // A channel's field is extracted and converted only when the format has it, and only by its class's conversion
  // (functions under the class's case arm: module instances would convert every field every cycle). Block-local
  // variables reach the outputs once per evaluation (see om_fp32_pkg on Icarus).
  for (genvar c = 0; c < 4; c++) begin : g_ch
    logic [5:0] bits;

    assign bits = fmt_i.ch_bits[c];

    always @* begin : b_field
      logic [31:0] field, val;
      field = '0;
      if (bits != 6'd0) field = 32'(texel_i >> fmt_i.ch_offset[c]) & 32'((33'd1 << bits) - 33'd1);
      if (bits == 6'd0) begin
        if (c != 3) val = 32'd0;
        else if ((fmt_i.cls == 3'(FMT_CLASS_UINT)) || (fmt_i.cls == 3'(FMT_CLASS_SINT))) val = 32'd1;
        else val = 32'h3F80_0000;
      end else begin
        val = field;  // UINT, FLOAT32
        unique case (fmt_i.cls)
          3'(FMT_CLASS_UNORM): val = norm_to_f32(field[15:0], bits[4:0], 1'b0);
          3'(FMT_CLASS_UNORM_SRGB): begin
            if (c == 3 || srgb_as_unorm_i) val = norm_to_f32(field[15:0], bits[4:0], 1'b0);
            if (c != 3 && !srgb_as_unorm_i) val = srgb_decode_lut(field[7:0]);
          end
          3'(FMT_CLASS_SNORM): val = norm_to_f32(field[15:0], bits[4:0], 1'b1);
          3'(FMT_CLASS_FLOAT): begin
            if (bits != 6'd32) val = fsmall_to_f32(field[15:0], bits[4:0]);
          end
          3'(FMT_CLASS_SINT): val = 32'($signed(field << (6'd32 - bits))) >>> (6'd32 - bits);
          default: ;
        endcase
      end
      raw_o[c] = field;
      val_o[c] = val;
    end
  end

endmodule

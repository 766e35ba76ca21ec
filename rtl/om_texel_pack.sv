// SPDX-License-Identifier: Apache-2.0
// Blender-domain values -> component fields (= om::ref::pack, docs/arithmetic.md §6): UNORM/SNORM via the fp32
// step list, sRGB R/G/B via the threshold encode (plain UNORM with srgb_as_unorm_i, FL 9_x gamma space),
// float16/11/10 RTZ, FLOAT32 bits, UINT clamped to [0, 2^n - 1], SINT to [-2^(n-1), 2^(n-1) - 1]; absent channels 0.
// Generic on the fmt_info() layout. Combinational (0 cycles).
// Ports: fmt_i (fmt_info_t), srgb_as_unorm_i, val_i[c] (binary32, or uint32/int32 for integer classes), raw_o[c].
`timescale 1ns/1ps
module om_texel_pack
  import om_defs_pkg::*;
  import om_fp32_pkg::*;
(
  input  fmt_info_t        fmt_i,
  input  logic             srgb_as_unorm_i,
  input  logic [3:0][31:0] val_i,
  output logic [3:0][31:0] raw_o
);

  for (genvar c = 0; c < 4; c++) begin : g_ch
    logic [5:0]  bits;
    logic [31:0] mask, half_mask;
    logic [15:0] norm_code, fs_code;
    logic [7:0]  srgb_code;
    logic signed [32:0] smax, smin, sval;

    assign bits = fmt_i.ch_bits[c];

    // The UNORM/SNORM conversion and the sRGB encode (om_f32_to_norm's and om_f32_to_srgb's functions) run only
    // for a channel stored that way: their arithmetic is skipped for the other classes. Alpha is never sRGB-encoded.
    // Block-local variables reach the outputs once per evaluation (see om_fp32_pkg on Icarus).
    always @* begin : b_conv
      logic [15:0] nc;
      logic [7:0]  sc;
      nc = '0;
      sc = '0;
      if ((bits != 6'd0) && ((fmt_i.cls == 3'(FMT_CLASS_UNORM)) || (fmt_i.cls == 3'(FMT_CLASS_SNORM)) ||
                             ((fmt_i.cls == 3'(FMT_CLASS_UNORM_SRGB)) && (c == 3 || srgb_as_unorm_i)))) begin
        nc = f32_to_norm(val_i[c], bits[4:0], fmt_i.cls == 3'(FMT_CLASS_SNORM));
      end
      if ((bits != 6'd0) && (c != 3) && (fmt_i.cls == 3'(FMT_CLASS_UNORM_SRGB)) && !srgb_as_unorm_i) begin
        sc = f32_to_srgb(val_i[c]);
      end
      norm_code = nc;
      srgb_code = sc;
    end
    om_f32_to_fsmall u_fs (.f_i(val_i[c]), .bits_i(bits[4:0]), .h_o(fs_code));

    always_comb begin
      mask = 32'((33'd1 << bits) - 33'd1);
      half_mask = mask >> 1;
      smax = $signed({1'b0, half_mask});
      smin = -smax - 33'sd1;
      sval = 33'($signed(val_i[c]));
      if (bits == 6'd0) begin
        raw_o[c] = 32'd0;
      end else begin
        unique case (fmt_i.cls)
          3'(FMT_CLASS_UNORM): raw_o[c] = 32'(norm_code);
          3'(FMT_CLASS_UNORM_SRGB): raw_o[c] = (c == 3 || srgb_as_unorm_i) ? 32'(norm_code) : 32'(srgb_code);
          3'(FMT_CLASS_SNORM): raw_o[c] = 32'(norm_code);
          3'(FMT_CLASS_FLOAT): raw_o[c] = (bits == 6'd32) ? val_i[c] : 32'(fs_code);
          3'(FMT_CLASS_UINT): raw_o[c] = (val_i[c] > mask) ? mask : val_i[c];
          3'(FMT_CLASS_SINT): begin
            if (sval > smax) raw_o[c] = 32'(smax);
            else if (sval < smin) raw_o[c] = 32'(smin) & mask;
            else raw_o[c] = val_i[c] & mask;
          end
          default: raw_o[c] = 32'd0;
        endcase
      end
    end
  end

endmodule

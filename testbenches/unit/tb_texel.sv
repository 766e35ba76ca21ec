// SPDX-License-Identifier: Apache-2.0
// Test harness: texel unpack, pack and write-mask merge for the format with DXGI value format_i (one verilate() call).
`timescale 1ns/1ps
module tb_texel
  import om_defs_pkg::*;
(
  input  logic [7:0]       format_i,
  input  logic             srgb_as_unorm_i,
  input  logic [127:0]     texel_i,
  output logic [3:0][31:0] raw_o,
  output logic [3:0][31:0] unpacked_o,
  input  logic [3:0][31:0] val_i,
  output logic [3:0][31:0] packed_o,
  input  logic [3:0]       mask_i,
  output logic [127:0]     merged_o
);

  fmt_info_t fmt;
  assign fmt = fmt_info(format_i);

  om_texel_unpack u_unpack (.fmt_i(fmt), .srgb_as_unorm_i(srgb_as_unorm_i), .texel_i(texel_i), .raw_o(raw_o),
                            .val_o(unpacked_o));
  om_texel_pack u_pack (.fmt_i(fmt), .srgb_as_unorm_i(srgb_as_unorm_i), .val_i(val_i), .raw_o(packed_o));
  om_texel_merge u_merge (.fmt_i(fmt), .mask_i(mask_i), .fresh_i(val_i), .dest_i(texel_i), .texel_o(merged_o));

endmodule

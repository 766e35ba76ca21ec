// SPDX-License-Identifier: Apache-2.0
// Test harness: every component conversion behind one Verilated model (one verilate() call). The readback
// converters have their own inputs (un_code_i feeds om_unorm_to_f32 and om_norm_to_f32 in UNORM mode); the encoders
// share f_i and bits_i.
`timescale 1ns/1ps
module tb_convert (
  input  logic [15:0] un_code_i,
  input  logic [4:0]  un_bits_i,
  output logic [31:0] un_f_o,
  output logic [31:0] nu_f_o,
  input  logic [15:0] sn_code_i,
  input  logic [4:0]  sn_bits_i,
  output logic [31:0] sn_f_o,
  input  logic [15:0] fs_h_i,
  input  logic [4:0]  fs_bits_i,
  output logic [31:0] fs_f_o,
  input  logic [31:0] f_i,
  input  logic [4:0]  bits_i,
  output logic [15:0] unorm_o,
  output logic [15:0] snorm_o,
  output logic [15:0] fsmall_o,
  output logic [7:0]  srgb_o,
  input  logic [31:0] enc_f_i,
  output logic [31:0] enc_s_o
);

  om_unorm_to_f32 u_un (.code_i(un_code_i), .bits_i(un_bits_i), .f_o(un_f_o));
  om_norm_to_f32 u_nu (.code_i(un_code_i), .bits_i(un_bits_i), .snorm_i(1'b0), .f_o(nu_f_o));
  om_norm_to_f32 u_sn (.code_i(sn_code_i), .bits_i(sn_bits_i), .snorm_i(1'b1), .f_o(sn_f_o));
  om_fsmall_to_f32 u_fs (.h_i(fs_h_i), .bits_i(fs_bits_i), .f_o(fs_f_o));
  om_f32_to_norm u_to_un (.f_i(f_i), .bits_i(bits_i), .snorm_i(1'b0), .code_o(unorm_o));
  om_f32_to_norm u_to_sn (.f_i(f_i), .bits_i(bits_i), .snorm_i(1'b1), .code_o(snorm_o));
  om_f32_to_fsmall u_to_fs (.f_i(f_i), .bits_i(bits_i), .h_o(fsmall_o));
  om_f32_to_srgb u_to_srgb (.f_i(f_i), .code_o(srgb_o));
  om_f32_srgb_encode u_enc (.en_i(1'b1), .f_i(enc_f_i), .s_o(enc_s_o));

endmodule

// SPDX-License-Identifier: Apache-2.0
// The rules the OM's control stages (om_accept -> om_hazard -> om_dest_read -> om_rt_datapath -> om_write) share:
// descriptor selection and whether a per-RT op reads its destination texel. Their payload types are om_pkg's.
`timescale 1ns/1ps
package om_top_pkg;
  import om_pkg::*;
  import om_defs_pkg::*;

  // Bit c set: channel c (0 = R .. 3 = A) exists in the format (fmt_info_t.ch_bits).
  function automatic logic [3:0] fmt_present(input logic [3:0][5:0] ch_bits);
    logic [3:0] p;
    for (int c = 0; c < 4; c++) begin
      p[c] = ch_bits[c] != 6'd0;
    end
    return p;
  endfunction

  // The blend descriptor slot `rt` uses (docs/behaviour.md §2.6, docs/arithmetic.md §7): its own with
  // IndependentBlendEnable, else RT 0's; RT 0's for every slot while RT 0's LogicOpEnable is set (logic op, enable and
  // write mask all come from RenderTarget[0]). Blending on a format that is not BLENDABLE at the configured feature
  // level (integers always; e.g. R32_FLOAT at 9_3) is undefined in D3D; the canonical choice (docs/behaviour.md §11 #7)
  // writes it with blending disabled.
  function automatic rt_desc_t desc_sel(input logic ibe, input rt_desc_t [MaxRts-1:0] desc, input logic [2:0] rt,
                                        input logic [7:0] format, input logic [2:0] fl_index);
    rt_desc_t   d;
    fmt_info_t  f;
    logic [7:0] blend_mask;  // f.blend_fl_mask, indexed outside the struct (Icarus 11: constant member indices)
    d = (ibe && !desc[0].logic_op_enable) ? desc[rt] : desc[0];
    f = fmt_info(format);
    blend_mask = 8'(f.blend_fl_mask);
    if (!blend_mask[fl_index]) d.blend_enable = 1'b0;
    return d;
  endfunction

  // A draw op reads its destination iff the datapath uses D: the logic op is on (RT 0's LogicOpEnable, every
  // slot), or blending is on for a non-integer format, or the write mask keeps some present channel of D (partial
  // mask). Clears and ops whose effective write mask (wm & present) is empty (never issued) do not read. Channels
  // absent from the format and X padding never come from D, so a mask covering every present channel needs no read.
  function automatic logic op_needs_read(input logic clear, input logic logic_op_enable_rt0,
                                         input logic blend_enable, input logic [2:0] cls,
                                         input logic [3:0] write_mask, input logic [3:0] present);
    logic [3:0] wm;
    logic       is_int;
    wm     = write_mask & present;
    is_int = (cls == 3'(FMT_CLASS_UINT)) || (cls == 3'(FMT_CLASS_SINT));
    return !clear && (wm != 4'd0) && (logic_op_enable_rt0 || (blend_enable && !is_int) || (wm != present));
  endfunction

endpackage

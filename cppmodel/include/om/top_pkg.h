// SPDX-License-Identifier: Apache-2.0
// C++ mirror of rtl/om_top_pkg.sv: the payloads of the control stages (px_t, op_t, op_dst_t) and
// the two rules every stage shares, desc_sel() and op_needs_read(). Field names are the RTL's;
// mem_addr_t is kept packed in a uint32_t (top_ports.h: mem_addr()).
#pragma once

#include <array>
#include <cstdint>

#include "om/pkg.h"
#include "om/ref/convert.h"

namespace om {

/// om_top_pkg::px_t: a surviving pixel in om_accept, waiting to be expanded into per-RT ops.
struct Px {
  bool clear = false;                      // CMD_CLEAR: write oc[0] into every slot of `slots`
  uint32_t x = 0;                          // [13:0]
  uint32_t y = 0;                          // [13:0]
  uint32_t slots = 0;                      // [7:0] RT slots that get an op, expanded in slot order
  ref::Vec4 oc1{};                         // dual-source second output of slot 0
  std::array<ref::Vec4, kPkgMaxRts> oc{};  // oC0 already fogged
};

/// om_top_pkg::op_t: one texel read-modify-write (or plain write) of render target addr.rt.
struct Op {
  uint32_t addr = 0;     // mem_addr_t {rt, y, x}
  bool clear = false;    // clear command: convert s, no blend, no mask
  bool need_rd = false;  // op_needs_read(): the datapath needs the destination texel
  ref::Vec4 s{};         // source colour: oC[rt] (oC0 for a clear)
  ref::Vec4 s1{};        // dual-source colour (oC0')
};

/// om_top_pkg::op_dst_t: an op leaving om_dest_read with its destination texel (0 when not read).
struct OpDst {
  Op op;
  ref::Texel dst;
};

/// fmt_present(fmt_info(format).ch_bits): bit c set when the format has channel c (0 = R .. 3 = A);
/// 0 for a DXGI value the OM does not implement (fmt_info().valid = 0).
uint32_t fmt_present(const FormatInfo* f);

/// fmt_info(format) as a pointer: the format row, or nullptr where fmt_info().valid = 0 (a DXGI
/// value the OM does not implement, or 0 = unbound). `format` is the 8-bit register field.
const FormatInfo* fmt_info(uint32_t format);

/// desc_sel(): the descriptor slot `rt` uses (ref::select_rt_desc: its own with
/// IndependentBlendEnable and no logic op on RT 0, else RT 0's), with blend_enable cleared when
/// `format` is not BLENDABLE at feature level `fl_index` (docs/behaviour.md §11 #7; unknown formats
/// too).
RtDesc desc_sel(const State& s, uint32_t rt, uint32_t format, uint32_t fl_index);

/// op_needs_read(): a draw op reads its destination iff wm = write_mask & present is not empty and
/// the logic op is on (RT 0's enable), or blending is on for a non-integer format, or wm !=
/// present.
bool op_needs_read(bool clear, bool logic_op_enable_rt0, bool blend_enable, FormatClass cls,
                   uint32_t write_mask, uint32_t present);

}  // namespace om

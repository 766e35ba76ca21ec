// SPDX-License-Identifier: Apache-2.0
// One render-target operation, clock-free: the function the per-RT datapath (rtl/om_rt_datapath.sv)
// computes from (format, descriptor, RT0's logic op, gamma-space flag, clear flag, S, S1, K, D)
// (docs/behaviour.md §1.1 steps 3b–3e, §5.7; docs/arithmetic.md §7–§8).
#pragma once

#include <cstdint>

#include "om/gen/defs.h"
#include "om/ref/convert.h"
#include "om/ref/state.h"

namespace om::ref {

/// Bit c (c = 0..3 for R, G, B, A) set when the format stores channel c. Inline: the model reads
/// it several times per op.
inline uint32_t present_channels(const FormatInfo& f) {
  uint32_t m = 0;
  for (int ch = 0; ch < 4; ++ch) {
    if (f.ch[ch].bits != 0) m |= 1u << ch;
  }
  return m;
}

/// The channels an RT op stores: the low 4 bits of `write_mask` (the RTL latches 4 bits) that the
/// format has. 0 means the RT is left untouched (TV36: R8_UNORM with mask G).
uint32_t effective_write_mask(const FormatInfo& f, uint32_t write_mask);

/// Merge per component at bit level: channels in effective_write_mask(f, write_mask) take `fresh`,
/// the others keep the destination bits exactly; X padding bits are stored as ones
/// (docs/behaviour.md §11 #11); bits above texel_bits are 0.
Texel merge_write_mask(const FormatInfo& f, const Raw4& fresh, const Texel& dest,
                       uint32_t write_mask);

/// Float-to-integer conversion used by clears of UINT/SINT RTs (docs/behaviour.md §5.7): NaN -> 0,
/// otherwise truncation toward zero saturated to [0, 2^32 - 1] (UINT) or [-2^31, 2^31 - 1] (SINT);
/// pack() then saturates to the channel. D3D only says "a float-to-int conversion"; this is its
/// general float-to-integer rule (D3D11.3 functional spec §3.2).
uint32_t f32_to_u32_sat(uint32_t f);
uint32_t f32_to_i32_sat(uint32_t f);

/// The texel a Clear writes (docs/behaviour.md §5.7): `colour` (binary32 RGBA) converted with
/// pack() of the RT format (sRGB views encode the linear colour; integer views through
/// f32_to_u32_sat / f32_to_i32_sat), every channel, X = ones.
Texel clear_texel(const FormatInfo& f, const Vec4& colour);

/// Inputs of one RT op, named like the datapath's ports.
struct RtOpIn {
  const FormatInfo* format = nullptr;  // bound format of this RT (required)
  RtBlendDesc desc;                    // IBE-selected descriptor (blend fields + write mask)
  bool logic_op_enable = false;        // RenderTarget[0].LogicOpEnable (applies to every RT)
  LogicOp logic_op = LogicOp::NOOP;    // RenderTarget[0].LogicOp
  bool gamma_space = false;            // FL 9_x: sRGB in gamma space (docs/arithmetic.md §9)
  bool clear = false;  // Clear command: write clear_texel(format, s), ignore everything else
  Vec4 s{};            // o[i] (binary32, or uint32/int32 for integer RTs); clear colour
  Vec4 s1{};           // o1 (dual source)
  Vec4 k{};            // BlendFactor (binary32)
  Texel dest{};        // current texel
};

struct RtOpOut {
  // The texel must be stored. false: memory keeps `dest`, and `texel` equals dest.
  bool write = false;
  Texel texel{};  // the new texel
};

/// Path selection of docs/behaviour.md §1.1 step 3c:
/// * clear: write, clear_texel (no blend, no write mask);
/// * logic_op_enable and a UINT RT: logic_rt(format, logic_op, s, D) merged under desc's mask;
/// * logic_op_enable and any other RT: RT unchanged (write = false; docs/behaviour.md §11 #9);
/// * otherwise: blend_rt(...) merged under desc's write mask (blend on an integer RT = disabled).
/// write = false also when effective_write_mask is 0. Throws std::invalid_argument for a null
/// format.
RtOpOut rt_op(const RtOpIn& in);

}  // namespace om::ref

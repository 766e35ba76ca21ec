// SPDX-License-Identifier: Apache-2.0
// One render-target operation: path selection, clears and the write-mask merge (docs/behaviour.md
// §1.1; docs/arithmetic.md §8, docs/behaviour.md §5.7).
#include "om/ref/rt_op.h"

#include <stdexcept>

#include "om/ref/blend.h"
#include "om/ref/fp32.h"
#include "om/ref/logic.h"

namespace om::ref {

uint32_t effective_write_mask(const FormatInfo& f, uint32_t write_mask) {
  return write_mask & 0xFu & present_channels(f);
}

Texel merge_write_mask(const FormatInfo& f, const Raw4& fresh, const Texel& dest,
                       uint32_t write_mask) {
  const uint32_t m = effective_write_mask(f, write_mask);
  // raw_to_texel() reads only the format's channels: with all of them written, dest adds nothing.
  if (m == present_channels(f)) return raw_to_texel(f, fresh);
  Raw4 r = texel_to_raw(f, dest);
  for (int ch = 0; ch < 4; ++ch) {
    if (m & (1u << ch)) r[ch] = fresh[ch];
  }
  return raw_to_texel(f, r);
}

uint32_t f32_to_u32_sat(uint32_t f) {
  if (f32_is_nan(f) || f32_sign(f))
    return 0;                                // NaN, negatives (truncate toward 0 then saturate: 0)
  if (f >= 0x4F800000u) return 0xFFFFFFFFu;  // >= 2^32, incl. +INF
  return f32_trunc_u32(f32_ftz(f));
}

uint32_t f32_to_i32_sat(uint32_t f) {
  if (f32_is_nan(f)) return 0;
  const uint32_t mag = f & 0x7FFFFFFFu;
  if (mag >= 0x4F000000u) return f32_sign(f) ? 0x80000000u : 0x7FFFFFFFu;  // |f| >= 2^31, incl. INF
  return static_cast<uint32_t>(f32_trunc_i32(f32_ftz(f)));
}

Texel clear_texel(const FormatInfo& f, const Vec4& colour) {
  Vec4 v = colour;
  if (f.cls == FormatClass::UINT) {
    for (uint32_t& c : v) c = f32_to_u32_sat(c);
  } else if (f.cls == FormatClass::SINT) {
    for (uint32_t& c : v) c = f32_to_i32_sat(c);
  }
  return raw_to_texel(f, pack(f, v));
}

RtOpOut rt_op(const RtOpIn& in) {
  if (in.format == nullptr) throw std::invalid_argument("rt_op: no format bound");
  const FormatInfo& f = *in.format;
  RtOpOut out;
  out.texel = in.dest;
  if (in.clear) {
    out.write = true;
    out.texel = clear_texel(f, in.s);
    return out;
  }
  const uint32_t mask = effective_write_mask(f, in.desc.render_target_write_mask);
  if (in.logic_op_enable && !format_logic_capable(f)) return out;
  if (mask == 0) return out;
  const Raw4 fresh = in.logic_op_enable
                         ? logic_rt(f, in.logic_op, in.s, texel_to_raw(f, in.dest))
                         : blend_rt(f, in.desc, in.gamma_space, in.s, in.s1, in.k, in.dest);
  out.write = true;
  out.texel = merge_write_mask(f, fresh, in.dest, mask);
  return out;
}

}  // namespace om::ref

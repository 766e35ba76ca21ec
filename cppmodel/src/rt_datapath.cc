// SPDX-License-Identifier: Apache-2.0
#include "om/rt_datapath.h"

#include "om/ref/blend.h"
#include "om/ref/logic.h"
#include "om/ref/rt_op.h"
#include "om/top_pkg.h"

namespace om {
namespace {

// 32 bits of a 128-bit texel starting at bit `offset` (bits above 127 read as 0), as the RTL's
// dest_field = 32'(dest >> ch_offset).
uint32_t field32(const ref::Texel& t, uint32_t offset) {
  const uint32_t w = offset / 32;
  const uint32_t b = offset % 32;
  if (w >= 4) return 0;
  uint64_t v = t.w[w];
  if (w + 1 < 4) v |= static_cast<uint64_t>(t.w[w + 1]) << 32;
  return static_cast<uint32_t>(v >> b);
}

// The operands stage 1 registered, as om::ref's blend steps take them.
ref::BlendOperands operands(const ref::Vec4& s, const ref::Vec4& s1, const ref::Vec4& k,
                            const ref::Vec4& d) {
  ref::BlendOperands o;
  o.s = s;
  o.s1 = s1;
  o.k = k;
  o.d = d;
  return o;
}

}  // namespace

// s4: encode for the format (plain UNORM for a gamma-space sRGB blend), merge under the mask.
inline void RtDatapath::stage4() {
  const DpCtl& c = r_.ctl_s3;
  r_.valid = c.valid;
  if (!c.valid) return;
  r_.tag = c.tag;
  r_.write = c.write;
  if (!c.write) {
    r_.texel = c.dest;
    return;
  }
  const FormatInfo& f = *c.fmt;  // write implies a valid format
  // Logic-op results are stored as bits (the merge keeps the low n bits of each channel).
  const ref::Raw4 fresh =
      c.logic_path ? r_.val_s3 : ref::pack(ref::blend_space_format(f, c.srgb_as_unorm), r_.val_s3);
  r_.texel = ref::merge_write_mask(f, fresh, c.dest, c.mask);
}

// s3: the blend equation on the factors of s2, the logic op, or the value to encode.
inline void RtDatapath::stage3() {
  const DpCtl& c = r_.ctl_s2;
  // A bubble's payload is read by no later stage: only its valid travels.
  r_.ctl_s3.valid = c.valid;
  if (!c.valid) return;
  r_.ctl_s3 = c;
  if (!c.write) return;
  ref::Vec4& val = r_.val_s3;
  if (c.clear) {
    for (int i = 0; i < 4; ++i) {
      if (c.fmt->cls == FormatClass::UINT) {
        val[i] = ref::f32_to_u32_sat(r_.src_s2[i]);
      } else if (c.fmt->cls == FormatClass::SINT) {
        val[i] = ref::f32_to_i32_sat(r_.src_s2[i]);
      } else {
        val[i] = r_.src_s2[i];
      }
    }
  } else if (c.logic_path) {
    const LogicOp op = static_cast<LogicOp>(c.logic_op);
    for (int i = 0; i < 4; ++i) {
      val[i] = ref::logic_op_apply(op, r_.src_s2[i], field32(c.dest, c.fmt->ch[i].offset));
    }
  } else if (c.blend) {
    // Step 4 on the factors s2 registered: blend_channel with Fs passed as K (BLEND_FACTOR) and Fd
    // as S1 (SRC1_COLOR) computes S*Fs op D*Fd (or MIN/MAX of S, D), exactly the RTL's s3.
    const ref::BlendOperands o = operands(r_.src_s2, r_.fd_s2, r_.fs_s2, r_.dst_s2);
    for (int i = 0; i < 4; ++i) {
      const BlendOp op = static_cast<BlendOp>(i == 3 ? c.op_a : c.op_rgb);
      val[i] = ref::blend_channel(op, Blend::BLEND_FACTOR, Blend::SRC1_COLOR, i, o);
    }
  } else {
    val = r_.src_s2;
  }
}

// s2: the source and destination factor of every channel.
inline void RtDatapath::stage2() {
  const DpCtl& c = r_.ctl_s1;
  r_.ctl_s2.valid = c.valid;
  if (!c.valid) return;
  r_.ctl_s2 = c;
  r_.src_s2 = r_.src_s1;
  r_.dst_s2 = r_.dst_s1;
  if (!c.blend || !c.write) return;
  const ref::BlendOperands o = operands(r_.src_s1, r_.src1_s1, r_.bf_s1, r_.dst_s1);
  for (int i = 0; i < 4; ++i) {
    const bool alpha = i == 3;
    r_.fs_s2[i] = ref::blend_factor(static_cast<Blend>(alpha ? c.src_a : c.src_rgb), i, o);
    r_.fd_s2[i] = ref::blend_factor(static_cast<Blend>(alpha ? c.dst_a : c.dst_rgb), i, o);
  }
}

// s1: decode, unpack D, clamp S/S1/K to the RT range (gamma-space S for sRGB at FL 9_x).
inline void RtDatapath::stage1(const RtDatapathIn& in) {
  DpCtl& c = r_.ctl_s1;
  c.valid = in.valid;
  if (!in.valid) return;
  const FormatInfo* f = fmt_info(in.format);
  const bool is_uint = f != nullptr && f->cls == FormatClass::UINT;
  const bool is_int = is_uint || (f != nullptr && f->cls == FormatClass::SINT);
  const RtDesc& d = *in.desc;
  c.tag = in.tag;
  c.fmt = f;
  c.clear = in.clear;
  c.logic_path = !in.clear && in.logic_op_enable;
  c.blend = f != nullptr && !in.clear && !in.logic_op_enable && d.blend_enable && !is_int;
  c.srgb_as_unorm = c.blend && in.gamma_space && f->cls == FormatClass::UNORM_SRGB;
  c.logic_op = in.logic_op & 0xFu;
  c.src_rgb = d.src_blend & 0x1Fu;
  c.dst_rgb = d.dest_blend & 0x1Fu;
  c.src_a = d.src_blend_alpha & 0x1Fu;
  c.dst_a = d.dest_blend_alpha & 0x1Fu;
  c.op_rgb = d.blend_op & 7u;
  c.op_a = d.blend_op_alpha & 7u;
  c.mask = in.clear ? 0xFu : (d.write_mask & fmt_present(f));
  if (f == nullptr) {
    c.write = false;
  } else if (in.clear) {
    c.write = true;
  } else if (in.logic_op_enable && !is_uint) {
    c.write = false;
  } else {
    c.write = c.mask != 0;
  }
  c.dest = *in.dest;
  if (c.blend && c.write) {
    const ref::BlendOperands o =
        ref::blend_operands(*f, in.gamma_space, *in.s, *in.s1, *in.k, c.dest);
    r_.src_s1 = o.s;
    r_.src1_s1 = o.s1;
    r_.bf_s1 = o.k;
    r_.dst_s1 = o.d;
  } else {
    r_.src_s1 = *in.s;  // the clear, logic-op and pass-through paths use S as given
  }
}

void RtDatapath::advance(const RtDatapathIn& in) {
  // Back to front, so each stage reads the previous stage's registers before they change.
  stage4();
  stage3();
  stage2();
  stage1(in);
}

}  // namespace om

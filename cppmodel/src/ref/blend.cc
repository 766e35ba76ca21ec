// SPDX-License-Identifier: Apache-2.0
// Blending of one render target (docs/arithmetic.md §4–§6, §9).
#include "om/ref/blend.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "om/ref/fp32.h"

namespace om::ref {
namespace {

constexpr int kNumFormatSlots = kNumFormats;

// Index of `f` in kFormatInfo (FormatInfo objects outside the table are looked up by DXGI value).
int format_index(const FormatInfo& f) {
  const FormatInfo* begin = kFormatInfo;
  if (&f >= begin && &f < begin + kNumFormatSlots) return static_cast<int>(&f - begin);
  for (int i = 0; i < kNumFormatSlots; ++i) {
    if (kFormatInfo[i].format == f.format) return i;
  }
  throw std::invalid_argument(std::string("format ") + (f.name ? f.name : "?") +
                              " is not in kFormatInfo");
}

// For every table entry: the plain UNORM twin of an *_UNORM_SRGB format (same name without
// "_SRGB").
struct GammaTwins {
  const FormatInfo* twin[kNumFormatSlots];
  GammaTwins() {
    for (int i = 0; i < kNumFormatSlots; ++i) {
      twin[i] = &kFormatInfo[i];
      if (kFormatInfo[i].cls != FormatClass::UNORM_SRGB) continue;
      std::string_view name = kFormatInfo[i].name;
      constexpr std::string_view kSuffix = "_SRGB";
      if (name.size() <= kSuffix.size() || name.substr(name.size() - kSuffix.size()) != kSuffix) {
        throw std::logic_error(std::string("sRGB format without _SRGB suffix: ") +
                               kFormatInfo[i].name);
      }
      name.remove_suffix(kSuffix.size());
      const FormatInfo* t = find_format(name);
      if (t == nullptr || t->cls != FormatClass::UNORM ||
          t->texel_bits != kFormatInfo[i].texel_bits) {
        throw std::logic_error(std::string("no UNORM twin for ") + kFormatInfo[i].name);
      }
      twin[i] = t;
    }
  }
};

const GammaTwins& gamma_twins() {
  static const GammaTwins twins;
  return twins;
}

uint32_t one_minus(uint32_t x) { return f32_sub(kF32One, x); }

// The lower bound clamp_input() clamps a format class to (the upper one is 1), or nullopt for the
// classes it passes unchanged. One decision per call: the operand vectors of every blended op
// clamp four channels each.
std::optional<uint32_t> clamp_low(const FormatInfo& f) {
  switch (f.cls) {
    case FormatClass::UNORM:
    case FormatClass::UNORM_SRGB:
      return kF32Zero;
    case FormatClass::SNORM:
      return kF32MinusOne;
    case FormatClass::FLOAT:
    case FormatClass::UINT:
    case FormatClass::SINT:
      return std::nullopt;
  }
  throw std::invalid_argument(std::string("format ") + f.name + ": unknown format class");
}

}  // namespace

bool format_blendable(const FormatInfo& f) {
  return f.cls != FormatClass::UINT && f.cls != FormatClass::SINT;
}

const FormatInfo& blend_space_format(const FormatInfo& f, bool gamma_space) {
  if (!gamma_space || f.cls != FormatClass::UNORM_SRGB) return f;
  return *gamma_twins().twin[format_index(f)];
}

uint32_t clamp_input(const FormatInfo& f, uint32_t x) {
  const std::optional<uint32_t> lo = clamp_low(f);
  return lo ? f32_clamp(x, *lo, kF32One) : x;
}

Vec4 clamp_input(const FormatInfo& f, const Vec4& v) {
  const std::optional<uint32_t> lo = clamp_low(f);
  if (!lo) return v;
  return {f32_clamp(v[0], *lo, kF32One), f32_clamp(v[1], *lo, kF32One),
          f32_clamp(v[2], *lo, kF32One), f32_clamp(v[3], *lo, kF32One)};
}

BlendOperands blend_operands(const FormatInfo& f, bool gamma_space, const Vec4& s, const Vec4& s1,
                             const Vec4& k, const Texel& dest) {
  if (!format_blendable(f)) {
    throw std::invalid_argument(std::string("blend_operands: ") + f.name +
                                " is an integer format and is never blended");
  }
  const FormatInfo& bf = blend_space_format(f, gamma_space);
  BlendOperands o;
  o.s = clamp_input(bf, s);
  o.s1 = clamp_input(bf, s1);
  o.k = clamp_input(bf, k);
  o.d = clamp_input(bf, unpack(bf, texel_to_raw(bf, dest)));
  if (&bf != &f) {
    for (int ch = 0; ch < 3; ++ch) o.s[ch] = f32_srgb_encode_unquantised(o.s[ch]);
  }
  return o;
}

uint32_t blend_factor(Blend factor, int ch, const BlendOperands& o) {
  if (ch < 0 || ch > 3) throw std::out_of_range("blend_factor: channel " + std::to_string(ch));
  switch (factor) {
    case Blend::ZERO:
      return kF32Zero;
    case Blend::ONE:
      return kF32One;
    case Blend::SRC_COLOR:
      return o.s[ch];
    case Blend::INV_SRC_COLOR:
      return one_minus(o.s[ch]);
    case Blend::SRC_ALPHA:
      return o.s[3];
    case Blend::INV_SRC_ALPHA:
      return one_minus(o.s[3]);
    case Blend::DEST_ALPHA:
      return o.d[3];
    case Blend::INV_DEST_ALPHA:
      return one_minus(o.d[3]);
    case Blend::DEST_COLOR:
      return o.d[ch];
    case Blend::INV_DEST_COLOR:
      return one_minus(o.d[ch]);
    case Blend::SRC_ALPHA_SAT:
      return ch == 3 ? kF32One : f32_min(o.s[3], one_minus(o.d[3]));
    case Blend::BLEND_FACTOR:
      return o.k[ch];
    case Blend::INV_BLEND_FACTOR:
      return one_minus(o.k[ch]);
    case Blend::SRC1_COLOR:
      return o.s1[ch];
    case Blend::INV_SRC1_COLOR:
      return one_minus(o.s1[ch]);
    case Blend::SRC1_ALPHA:
      return o.s1[3];
    case Blend::INV_SRC1_ALPHA:
      return one_minus(o.s1[3]);
  }
  const uint32_t v = static_cast<uint32_t>(factor);
  if (v >= 32) {
    throw std::invalid_argument("blend factor " + std::to_string(v) +
                                " does not fit the 5-bit D3D11_BLEND field");
  }
  return kF32Zero;  // 0, 12, 13, 20..31: latched but not creatable; behaves as ZERO
}

uint32_t blend_channel(BlendOp op, Blend src, Blend dest, int ch, const BlendOperands& o) {
  if (ch < 0 || ch > 3) throw std::out_of_range("blend_channel: channel " + std::to_string(ch));
  switch (op) {
    case BlendOp::MIN:
      return f32_min(o.s[ch], o.d[ch]);
    case BlendOp::MAX:
      return f32_max(o.s[ch], o.d[ch]);
    case BlendOp::ADD:
    case BlendOp::SUBTRACT:
    case BlendOp::REV_SUBTRACT:
      break;
    default:
      if (static_cast<uint32_t>(op) >= 8) {
        throw std::invalid_argument("blend op " + std::to_string(static_cast<uint32_t>(op)) +
                                    " does not fit the 3-bit D3D11_BLEND_OP field");
      }
      break;  // 0, 6, 7: behaves as ADD
  }
  const uint32_t ts = f32_mul(o.s[ch], blend_factor(src, ch, o));
  const uint32_t td = f32_mul(o.d[ch], blend_factor(dest, ch, o));
  switch (op) {
    case BlendOp::SUBTRACT:
      return f32_sub(ts, td);
    case BlendOp::REV_SUBTRACT:
      return f32_sub(td, ts);
    default:
      return f32_add(ts, td);
  }
}

Vec4 blend_vec(const RtBlendDesc& desc, const BlendOperands& o) {
  Vec4 r;
  for (int ch = 0; ch < 3; ++ch) {
    r[ch] = blend_channel(desc.blend_op, desc.src_blend, desc.dest_blend, ch, o);
  }
  r[3] = blend_channel(desc.blend_op_alpha, desc.src_blend_alpha, desc.dest_blend_alpha, 3, o);
  return r;
}

Raw4 blend_rt(const FormatInfo& f, const RtBlendDesc& desc, bool gamma_space, const Vec4& s,
              const Vec4& s1, const Vec4& k, const Texel& dest) {
  if (!desc.blend_enable || !format_blendable(f)) return pack(f, s);
  const BlendOperands o = blend_operands(f, gamma_space, s, s1, k, dest);
  return pack(blend_space_format(f, gamma_space), blend_vec(desc, o));
}

}  // namespace om::ref

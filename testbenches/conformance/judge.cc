// SPDX-License-Identifier: Apache-2.0
#include "judge.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

#include "blend_math.h"

namespace om::conformance {
namespace {

bool is_dual_desc_used(const Vector& v, int slot) {
  const om::ref::RtBlendDesc& d = v.rt[slot].desc;
  return d.blend_enable && v.rt[slot].format->cls != FormatClass::UINT &&
         v.rt[slot].format->cls != FormatClass::SINT;
}

bool any_logic(const Vector& v) {
  for (const RtVector& rt : v.rt) {
    if (rt.format != nullptr && rt.desc.logic_op_enable) return true;
  }
  return false;
}

double f32_to_double(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

int64_t to_signed(uint32_t raw, int bits) {
  int64_t v = raw;
  if (bits < 64 && (raw >> (bits - 1)) & 1u) v -= int64_t{1} << bits;
  return v;
}

/// Orders binary16 / binary32 bit patterns on a line so that adjacent finite values differ by 1 (+0
/// == -0).
int64_t ordinal(uint32_t bits, int width) {
  const uint32_t sign = 1u << (width - 1);
  const int64_t mag = bits & (sign - 1);
  return (bits & sign) ? -mag : mag;
}

/// Size of one unit in the last place of `x` in a binary format with `mant` fraction bits and
/// minimum normal exponent `emin` (denormal spacing below it).
double ulp_of(double x, int mant, int emin) {
  x = std::fabs(x);
  int e = x > 0 ? std::ilogb(x) : emin;
  if (e < emin) e = emin;
  return std::ldexp(1.0, e - mant);
}

std::string fmt(const char* f, double a, double b) {
  char buf[160];
  std::snprintf(buf, sizeof buf, f, a, b);
  return buf;
}

}  // namespace

const char* tol_name(Tol t) {
  static const char* const kNames[] = {
      "masked",       "integer",      "logic",        "unorm-noblend", "snorm-noblend",
      "srgb-noblend", "fp16-noblend", "fp32-noblend", "unorm-blend",   "snorm-blend",
      "srgb-blend",   "fp16-blend",   "fp32-blend"};
  return kNames[static_cast<int>(t)];
}

Tol classify(const Vector& v, int slot, int ch) {
  const RtVector& rt = v.rt[slot];
  const FormatInfo& f = *rt.format;
  // Logic ops come from RT0's descriptor in D3D; the vectors repeat one desc on every RT, so any RT
  // will do.
  const uint32_t mask = rt.desc.render_target_write_mask;
  if (((mask >> ch) & 1u) == 0 || f.ch[ch].bits == 0) return Tol::kMasked;
  if (f.cls == FormatClass::UINT && any_logic(v)) return Tol::kLogic;
  if (f.cls == FormatClass::UINT || f.cls == FormatClass::SINT) return Tol::kInteger;
  const bool blend = is_dual_desc_used(v, slot);
  switch (f.cls) {
    case FormatClass::UNORM:
      return blend ? Tol::kUnormBlend : Tol::kUnormNoBlend;
    case FormatClass::UNORM_SRGB:
      if (ch == 3) return blend ? Tol::kUnormBlend : Tol::kUnormNoBlend;
      return blend ? Tol::kSrgbBlend : Tol::kSrgbNoBlend;
    case FormatClass::SNORM:
      return blend ? Tol::kSnormBlend : Tol::kSnormNoBlend;
    default:
      break;
  }
  if (f.ch[ch].bits == 16) return blend ? Tol::kFp16Blend : Tol::kFp16NoBlend;
  return blend ? Tol::kFp32Blend : Tol::kFp32NoBlend;
}

double srgb_decode_ideal(uint32_t code) {
  const double c = code / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double f16_to_double(uint32_t h) {
  const int e = (h >> 10) & 0x1F;
  const double m = h & 0x3FF;
  double v = e == 0    ? std::ldexp(m, -24)
             : e == 31 ? (m != 0 ? NAN : INFINITY)
                       : std::ldexp(1024 + m, e - 25);
  return (h & 0x8000) ? -v : v;
}

double float_blend_scale(const Vector& v, int slot, int ch) {
  const RtVector& rt = v.rt[slot];
  const int bits = rt.format->ch[ch].bits;
  BlendInputs<double> in;
  for (int c = 0; c < 4; ++c) {
    const int b = rt.format->ch[c].bits;
    in.s[c] = f32_to_double(rt.oc[c]);
    in.s1[c] = v.oc1 ? f32_to_double((*v.oc1)[c]) : 0.0;
    in.k[c] = f32_to_double(v.blend_factor[c]);
    in.d[c] = b == 0    ? (c == 3 ? 1.0 : 0.0)
              : b == 16 ? f16_to_double(rt.dest[c])
                        : f32_to_double(rt.dest[c]);
  }
  (void)bits;
  const om::ref::RtBlendDesc& d = rt.desc;
  const bool alpha = ch == 3;
  const BlendOp op = alpha ? d.blend_op_alpha : d.blend_op;
  double m = std::max(std::fabs(in.s[ch]), std::fabs(in.d[ch]));
  if (op != BlendOp::MIN && op != BlendOp::MAX) {
    const double fs = blend_factor_value(alpha ? d.src_blend_alpha : d.src_blend, ch, in);
    const double fd = blend_factor_value(alpha ? d.dest_blend_alpha : d.dest_blend, ch, in);
    m = std::max({m, std::fabs(in.s[ch] * fs), std::fabs(in.d[ch] * fd)});
  }
  return m;
}

Verdict judge(const Vector& v, int slot, int ch, uint32_t model, uint32_t lavapipe) {
  Verdict r;
  r.tol = classify(v, slot, ch);
  r.exact = model == lavapipe;
  const FormatInfo& f = *v.rt[slot].format;
  const int bits = f.ch[ch].bits;
  auto codes = [&](double limit) {
    r.distance = std::fabs(static_cast<double>(model) - static_cast<double>(lavapipe));
    r.within = r.distance <= limit;
  };
  switch (r.tol) {
    case Tol::kMasked:
    case Tol::kInteger:
    case Tol::kLogic:
    case Tol::kFp32NoBlend:
      r.within = r.exact;
      r.distance = r.exact ? 0 : 1;
      break;
    case Tol::kUnormNoBlend:
    case Tol::kSrgbNoBlend:
      codes(1);
      break;
    case Tol::kUnormBlend:
      codes(2);
      break;
    case Tol::kSnormNoBlend:
    case Tol::kSnormBlend: {
      const int64_t lo = -(int64_t{1} << (bits - 1)) + 1;  // the most negative code also means -1
      const int64_t a = std::max(to_signed(model, bits), lo),
                    b = std::max(to_signed(lavapipe, bits), lo);
      r.distance = static_cast<double>(std::llabs(a - b));
      r.within = r.distance <= (r.tol == Tol::kSnormBlend ? 2 : 1);
      break;
    }
    case Tol::kSrgbBlend: {
      codes(2);
      if (!r.within) {
        const double lin = std::fabs(srgb_decode_ideal(model) - srgb_decode_ideal(lavapipe));
        r.within = lin <= 1.0 / 255;
        if (r.within)
          r.distance = 2;  // counted as "at the edge": inside only through the linear rule
      }
      break;
    }
    case Tol::kFp16NoBlend:
      r.distance = static_cast<double>(std::llabs(ordinal(model, 16) - ordinal(lavapipe, 16)));
      r.within = r.exact || (r.distance <= 1 && ((model | lavapipe) & 0x7C00) != 0x7C00);
      break;
    case Tol::kFp16Blend:
    case Tol::kFp32Blend: {
      const bool h = r.tol == Tol::kFp16Blend;
      const double a = h ? f16_to_double(model) : f32_to_double(model);
      const double b = h ? f16_to_double(lavapipe) : f32_to_double(lavapipe);
      if (!std::isfinite(a) || !std::isfinite(b)) {
        r.within = r.exact || (std::isnan(a) && std::isnan(b)) || a == b;
        r.distance = r.within ? 0 : INFINITY;
        break;
      }
      const double scale = float_blend_scale(v, slot, ch);
      const double ulp = h ? ulp_of(scale, 10, -14) : ulp_of(scale, 23, -126);
      r.distance = std::fabs(a - b) / ulp;
      r.within = r.distance <= 2;
      if (!r.within)
        r.detail = fmt("values %.9g vs %.9g", a, b) + fmt(", scale %.9g, ulp %.3g", scale, ulp);
      break;
    }
    case Tol::kCount:
      break;
  }
  if (!r.within && r.detail.empty()) {
    std::ostringstream s;
    s << "model 0x" << std::hex << model << " vs lavapipe 0x" << lavapipe << std::dec
      << ", distance " << r.distance;
    r.detail = s.str();
  }
  return r;
}

}  // namespace om::conformance

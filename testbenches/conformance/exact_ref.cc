// SPDX-License-Identifier: Apache-2.0
#include "exact_ref.h"

#include <cmath>
#include <cstring>

#include "blend_math.h"

namespace om::conformance {
namespace {

/// A binary32 shader output clamped to [0, 1] (NaN -> 0), as an exact rational.
mpq_class clamped_unit(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  if (std::isnan(f) || f <= 0) return mpq_class(0);
  if (f >= 1) return mpq_class(1);
  return mpq_class(static_cast<double>(f));  // exact: every float is a double
}

bool any_logic(const Vector& v) {
  for (const RtVector& rt : v.rt) {
    if (rt.format != nullptr && rt.desc.logic_op_enable) return true;
  }
  return false;
}

}  // namespace

bool exact_ref_applies(const Vector& v, int slot, int ch) {
  const RtVector& rt = v.rt[slot];
  return rt.format != nullptr && rt.format->cls == FormatClass::UNORM &&
         rt.format->ch[ch].bits != 0 && ((rt.desc.render_target_write_mask >> ch) & 1u) != 0 &&
         !any_logic(v);
}

mpq_class exact_unorm_code(const Vector& v, int slot, int ch) {
  const RtVector& rt = v.rt[slot];
  const FormatInfo& f = *rt.format;
  const mpq_class scale((1ul << f.ch[ch].bits) - 1);
  mpq_class x;
  if (!rt.desc.blend_enable) {
    x = clamped_unit(rt.oc[ch]);
  } else {
    BlendInputs<mpq_class> in;
    for (int c = 0; c < 4; ++c) {
      in.s[c] = clamped_unit(rt.oc[c]);
      in.s1[c] = v.oc1 ? clamped_unit((*v.oc1)[c]) : mpq_class(0);
      in.k[c] = clamped_unit(v.blend_factor[c]);
      const int b = f.ch[c].bits;
      in.d[c] = b == 0 ? mpq_class(c == 3 ? 1 : 0) : mpq_class(rt.dest[c], (1ul << b) - 1);
      in.d[c].canonicalize();
    }
    x = blend_equation(rt.desc, ch, in);
    if (x < 0) x = 0;
    if (x > 1) x = 1;
  }
  return x * scale;
}

bool srgb_ref_applies(const Vector& v, int slot, int ch) {
  const RtVector& rt = v.rt[slot];
  return rt.format != nullptr && rt.format->cls == FormatClass::UNORM_SRGB && ch < 3 &&
         ((rt.desc.render_target_write_mask >> ch) & 1u) != 0 && !any_logic(v);
}

mpq_class ideal_srgb_code(const Vector& v, int slot, int ch) {
  const RtVector& rt = v.rt[slot];
  auto unit = [](uint32_t bits) { return static_cast<long double>(clamped_unit(bits).get_d()); };
  auto decode = [](long double c) {
    return c <= 0.04045L ? c / 12.92L : std::pow((c + 0.055L) / 1.055L, 2.4L);
  };
  auto encode = [](long double l) {
    return l <= 0.0031308L ? 12.92L * l : 1.055L * std::pow(l, 1.0L / 2.4L) - 0.055L;
  };
  long double x;
  if (!rt.desc.blend_enable) {
    x = unit(rt.oc[ch]);
  } else {
    BlendInputs<long double> in;
    for (int c = 0; c < 4; ++c) {
      in.s[c] = unit(rt.oc[c]);
      in.s1[c] = v.oc1 ? unit((*v.oc1)[c]) : 0.0L;
      in.k[c] = unit(v.blend_factor[c]);
      const long double code = rt.dest[c] / 255.0L;
      in.d[c] = c == 3 ? code : decode(code);
    }
    x = blend_equation(rt.desc, ch, in);
    x = x < 0 ? 0 : x > 1 ? 1 : x;
  }
  return mpq_class(static_cast<double>(encode(x) * 255.0L));
}

double code_distance(uint32_t code, const mpq_class& x) {
  mpq_class d = mpq_class(code) - x;
  return std::fabs(d.get_d());
}

bool correctly_rounded(uint32_t code, const mpq_class& x) {
  mpq_class d = mpq_class(code) - x;
  return abs(d) <= mpq_class(1, 2);
}

}  // namespace om::conformance

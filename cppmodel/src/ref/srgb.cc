// SPDX-License-Identifier: Apache-2.0
// sRGB component conversions (docs/arithmetic.md §3, §6, §9; docs/behaviour.md §11 #4).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>
#include <string>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/srgb_ideal.h"

namespace om::ref {
namespace {

struct Dyadic {
  uint64_t num;
  int exp2;
};

// The exact midpoint between the positive normal binary32 values with bits b and b + 1, as num *
// 2^exp2.
Dyadic midpoint(uint32_t b) {
  const auto sig = [](uint32_t v) {
    return static_cast<uint64_t>((v & 0x007FFFFFu) | 0x00800000u);
  };
  const int e_lo = static_cast<int>(b >> 23) - 150;
  const int e_hi = static_cast<int>((b + 1) >> 23) - 150;  // e_lo or e_lo + 1
  return {sig(b) + (sig(b + 1) << (e_hi - e_lo)), e_lo - 1};
}

}  // namespace

uint32_t srgb_to_f32(uint32_t code) {
  if (code > 255) {
    throw std::out_of_range("srgb_to_f32: code " + std::to_string(code) +
                            " does not fit in 8 bits");
  }
  return kSrgbDecodeLut[code];
}

uint32_t f32_to_srgb(uint32_t f) {
  const uint32_t x = f32_clamp(f, kF32Zero, kF32One);
  if (f32_sign(x)) return 0;  // -0: bit patterns of non-negative values order like the values
  // Code = number of thresholds T[k-1] <= x (T is increasing).
  return static_cast<uint32_t>(
      std::upper_bound(std::begin(kSrgbEncodeThresholds), std::end(kSrgbEncodeThresholds), x) -
      std::begin(kSrgbEncodeThresholds));
}

uint32_t f32_srgb_encode_unquantised(uint32_t f) {
  const uint32_t x = f32_clamp(f, kF32Zero, kF32One);
  if (f32_is_zero(x)) return kF32Zero;
  // Estimate in long double (64-bit significand, error a few units of 2^-64), round to nearest
  // binary32, then settle exactly whenever the estimate lies within a wide margin (2^-44 relative)
  // of a rounding boundary. Exact ties occur on the linear segment (12.92 c = 323 c / 25 is dyadic
  // when 25 divides c's significand); the power segment has none in (0.0031308, 1) and its closest
  // approach to a boundary is about 2^-50 relative.
  const long double c = f32_value(x);
  const bool linear = srgb_encode_is_linear(x);
  const long double v = linear ? 12.92L * c : 1.055L * std::pow(c, 1.0L / 2.4L) - 0.055L;
  uint32_t s = f32_bits(static_cast<float>(v));
  const long double margin = std::ldexp(v, -44);
  const long double lower_mid = (static_cast<long double>(f32_value(s - 1)) + f32_value(s)) / 2;
  const long double upper_mid = (static_cast<long double>(f32_value(s)) + f32_value(s + 1)) / 2;
  if (v - lower_mid < margin) {
    const Dyadic mid = midpoint(s - 1);
    const int cmp = srgb_encode_ideal_compare(x, mid.num, mid.exp2);
    if (cmp < 0 || (cmp == 0 && (s & 1u) != 0)) --s;
  } else if (upper_mid - v < margin) {
    const Dyadic mid = midpoint(s);
    const int cmp = srgb_encode_ideal_compare(x, mid.num, mid.exp2);
    if (cmp > 0 || (cmp == 0 && (s & 1u) != 0)) ++s;
  }
  return s;
}

}  // namespace om::ref

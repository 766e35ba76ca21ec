// SPDX-License-Identifier: Apache-2.0
// float16 / float11 / float10 <-> binary32 (docs/arithmetic.md §2, §6; docs/behaviour.md §11 #24).
// All three share a 5-bit exponent with bias 15; they differ in mantissa width and in having a sign
// bit.
#include <stdexcept>
#include <string>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"

namespace om::ref {
namespace {

struct SmallFloat {
  const char* name;
  int mant_bits;
  bool has_sign;
  uint32_t canonical_nan;  // exponent all ones, top mantissa bit set (docs/behaviour.md §11 #24)
};

constexpr SmallFloat kF16{"f16", 10, true, 0x7E00u};
constexpr SmallFloat kF11{"f11", 6, false, 0x7E0u};
constexpr SmallFloat kF10{"f10", 5, false, 0x3F0u};

constexpr int kBias = 15;
constexpr uint32_t kExpMax = 31;

uint32_t widen(const SmallFloat& sf, uint32_t h) {
  const int width = 5 + sf.mant_bits + (sf.has_sign ? 1 : 0);
  if ((h >> width) != 0) {
    throw std::out_of_range(std::string(sf.name) + "_to_f32: " + std::to_string(h) +
                            " has bits above the " + std::to_string(width) + "-bit format");
  }
  const uint32_t sign = sf.has_sign ? ((h >> (width - 1)) & 1u) << 31 : 0u;
  const uint32_t exp = (h >> sf.mant_bits) & kExpMax;
  const uint32_t mant = h & ((1u << sf.mant_bits) - 1u);
  const int shift = 23 - sf.mant_bits;
  if (exp == kExpMax)
    return sign | 0x7F800000u | (mant << shift);  // INF, or NaN keeping its payload
  if (exp != 0) return sign | ((exp - kBias + 127) << 23) | (mant << shift);
  if (mant == 0) return sign;
  // Denormal mant * 2^(1 - bias - mant_bits): normalise so the leading one becomes the implicit
  // bit.
  int e = 1 - kBias + 127;  // biased binary32 exponent of 2^(1 - bias)
  uint32_t m = mant;
  while ((m & (1u << sf.mant_bits)) == 0) {
    m <<= 1;
    --e;
  }
  m &= (1u << sf.mant_bits) - 1u;
  return sign | (static_cast<uint32_t>(e) << 23) | (m << shift);
}

uint32_t narrow(const SmallFloat& sf, uint32_t f) {
  if (f32_is_nan(f))
    return sf.canonical_nan;  // NaN of either sign, before the unsigned formats' sign rule
  const bool negative = f32_sign(f);
  if (negative && !sf.has_sign) return 0;  // float11/10: negative (incl. -0, -INF) -> +0
  const uint32_t sign = negative ? 1u << (5 + sf.mant_bits) : 0u;
  const uint32_t inf = kExpMax << sf.mant_bits;
  const uint32_t exp32 = (f >> 23) & 0xFFu;
  const uint32_t mant32 = f & 0x007FFFFFu;
  if (exp32 == 0xFFu) return sign | inf;  // INF -> INF
  if (exp32 == 0) return sign;            // zero; binary32 denormals flush (docs/arithmetic.md §6)
  const int e = static_cast<int>(exp32) - 127;
  if (e > kBias) return sign | (inf - 1u);  // finite overflow -> max finite, never INF (RTZ)
  const int shift = 23 - sf.mant_bits;
  if (e >= 1 - kBias) {
    return sign | (static_cast<uint32_t>(e + kBias) << sf.mant_bits) | (mant32 >> shift);
  }
  // Small-float denormal: value = M * 2^(e - 23) with M = 1.mant, unit 2^(1 - bias - mant_bits);
  // RTZ.
  const uint32_t m = mant32 | 0x00800000u;
  const int rshift = shift + (1 - kBias) - e;
  return sign | (rshift >= 32 ? 0u : m >> rshift);
}

}  // namespace

uint32_t f16_to_f32(uint32_t h) { return widen(kF16, h); }
uint32_t f11_to_f32(uint32_t h) { return widen(kF11, h); }
uint32_t f10_to_f32(uint32_t h) { return widen(kF10, h); }
uint32_t f32_to_f16(uint32_t f) { return narrow(kF16, f); }
uint32_t f32_to_f11(uint32_t f) { return narrow(kF11, f); }
uint32_t f32_to_f10(uint32_t f) { return narrow(kF10, f); }

}  // namespace om::ref

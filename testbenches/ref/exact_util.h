// SPDX-License-Identifier: Apache-2.0
// Exact rational checks shared by the conversion tests: binary32 rounding boundaries as dyadic
// rationals and comparisons of ratios of integers against them, in 128-bit integer arithmetic (no
// floating point involved).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

namespace om::ref::testing {

/// num * 2^exp2.
struct Dyadic {
  uint64_t num;
  int exp2;
};

/// A finite non-negative binary32 value as an integer significand times a power of two.
inline Dyadic f32_dyadic(uint32_t b) {
  const uint32_t exp = (b >> 23) & 0xFFu;
  const uint64_t frac = b & 0x007FFFFFu;
  if (exp == 0) return {frac, -149};
  return {frac | 0x00800000u, static_cast<int>(exp) - 150};
}

/// The exact midpoint between the non-negative binary32 values with bits b and b + 1.
inline Dyadic f32_midpoint(uint32_t b) {
  const Dyadic lo = f32_dyadic(b);
  const Dyadic hi = f32_dyadic(b + 1);
  return {lo.num + (hi.num << (hi.exp2 - lo.exp2)), lo.exp2 - 1};
}

/// Sign of p / q - d (q > 0). Valid while p * 2^-exp2 and num * q fit in 127 bits (|exp2| <= 60
/// here).
inline int compare_ratio(uint64_t p, uint64_t q, Dyadic d) {
  using U = unsigned __int128;
  U lhs = p;
  U rhs = static_cast<U>(d.num) * q;
  if (d.exp2 < 0) {
    lhs <<= -d.exp2;
  } else {
    rhs <<= d.exp2;
  }
  return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0);
}

/// True when the binary32 bits r are the round-to-nearest-even value of p / q (p >= 0, q > 0).
inline ::testing::AssertionResult IsRneOfRatio(uint32_t r, uint64_t p, uint64_t q) {
  if (p == 0) {
    if (r == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "0/" << q << " gave bits " << std::hex << r;
  }
  if (r == 0 || r >= 0x7F800000u) {
    return ::testing::AssertionFailure() << p << "/" << q << " gave bits " << std::hex << r;
  }
  const bool even = (r & 1u) == 0;
  const int below = compare_ratio(p, q, f32_midpoint(r - 1));
  const int above = compare_ratio(p, q, f32_midpoint(r));
  if ((below > 0 || (below == 0 && even)) && (above < 0 || (above == 0 && even))) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << p << "/" << q << " is not correctly rounded by bits " << std::hex << r;
}

/// True when |x| * scale is within 0.6 of the integer k, exactly: 10 |x scale - k| <= 6.
inline bool within_0p6(uint32_t x, uint64_t scale, uint64_t k) {
  const Dyadic d = f32_dyadic(x & 0x7FFFFFFFu);
  using U = unsigned __int128;
  const int sh = d.exp2 < 0 ? -d.exp2 : 0;
  const U a = (static_cast<U>(d.num) * scale) << (d.exp2 < 0 ? 0 : d.exp2);  // |x| scale * 2^sh
  const U b = static_cast<U>(k) << sh;                                       // k * 2^sh
  const U diff = a > b ? a - b : b - a;
  return diff * 10 <= (static_cast<U>(6) << sh);
}

}  // namespace om::ref::testing

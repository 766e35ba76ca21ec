// SPDX-License-Identifier: Apache-2.0
// float16 / float11 / float10 conversions (docs/arithmetic.md §2, §6; docs/behaviour.md §11 #24)
// against formulas from the format definitions: (1 + m / 2^p) * 2^(e - 15), or m * 2^(-14 - p) when
// e = 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"

namespace om::ref {
namespace {

struct Format {
  const char* name;
  int mant_bits;
  bool has_sign;
  uint32_t (*widen)(uint32_t);
  uint32_t (*narrow)(uint32_t);
  uint32_t canonical_nan;
  uint32_t max_finite;
};

const Format kFormats[] = {
    {"f16", 10, true, f16_to_f32, f32_to_f16, 0x7E00u, 0x7BFFu},
    {"f11", 6, false, f11_to_f32, f32_to_f11, 0x7E0u, 0x7BFu},
    {"f10", 5, false, f10_to_f32, f32_to_f10, 0x3F0u, 0x3DFu},
};

int width(const Format& f) { return 5 + f.mant_bits + (f.has_sign ? 1 : 0); }

// Exact value of a finite non-negative small-float code by the definition (doubles hold these
// exactly).
double value_of(const Format& f, uint32_t code) {
  const uint32_t e = (code >> f.mant_bits) & 31u;
  const uint32_t m = code & ((1u << f.mant_bits) - 1u);
  if (e == 0) return std::ldexp(static_cast<double>(m), -14 - f.mant_bits);
  return std::ldexp(1.0 + std::ldexp(static_cast<double>(m), -f.mant_bits),
                    static_cast<int>(e) - 15);
}

// Independent RTZ narrowing: the largest finite code whose value does not exceed |x| (positive
// codes are ordered like their values), so overflow lands on the max finite code without
// special-casing.
uint32_t reference_narrow(const Format& f, uint32_t x) {
  static std::vector<double> values[3];
  std::vector<double>& v = values[&f - kFormats];
  if (v.empty()) {
    for (uint32_t c = 0; c <= f.max_finite; ++c) v.push_back(value_of(f, c));
  }
  if (f32_is_nan(x)) return f.canonical_nan;
  const bool neg = f32_sign(x);
  if (neg && !f.has_sign) return 0;
  const uint32_t sign = neg ? 1u << (width(f) - 1) : 0u;
  if ((x & 0x7FFFFFFFu) == 0x7F800000u) return sign | (31u << f.mant_bits);
  if (f32_is_denormal(x)) return sign;  // FTZ on the binary32 input
  const double mag = std::fabs(static_cast<double>(f32_value(x)));
  const auto it = std::upper_bound(v.begin(), v.end(), mag);
  return sign | static_cast<uint32_t>(it - v.begin() - 1);
}

TEST(SmallFloat, EveryCodeWidensToItsExactValue) {
  for (const Format& f : kFormats) {
    const uint32_t codes = 1u << width(f);
    const uint32_t sign_bit = f.has_sign ? codes >> 1 : 0u;
    for (uint32_t code = 0; code < codes; ++code) {
      const uint32_t mag = code & ~sign_bit;
      const bool neg = (code & sign_bit) != 0;
      const uint32_t got = f.widen(code);
      const uint32_t e = mag >> f.mant_bits;
      const uint32_t m = mag & ((1u << f.mant_bits) - 1u);
      if (e == 31) {
        // INF stays INF; NaN keeps its sign and payload, shifted into the top of the binary32
        // mantissa.
        const uint32_t want = (neg ? kF32SignBit : 0u) | 0x7F800000u | (m << (23 - f.mant_bits));
        ASSERT_EQ(got, want) << f.name << " code " << code;
        continue;
      }
      const double v = neg ? -value_of(f, mag) : value_of(f, mag);
      ASSERT_EQ(got, f32_bits(static_cast<float>(v))) << f.name << " code " << code;
      ASSERT_EQ(f32_sign(got), neg) << f.name << " code " << code << " (signed zero)";
      ASSERT_FALSE(f32_is_denormal(got)) << "small-float denormals become normal binary32";
    }
  }
}

TEST(SmallFloat, EveryCodeSurvivesARoundTripExceptNanPayloads) {
  for (const Format& f : kFormats) {
    const uint32_t codes = 1u << width(f);
    for (uint32_t code = 0; code < codes; ++code) {
      const bool nan =
          ((code >> f.mant_bits) & 31u) == 31u && (code & ((1u << f.mant_bits) - 1u)) != 0;
      ASSERT_EQ(f.narrow(f.widen(code)), nan ? f.canonical_nan : code)
          << f.name << " code " << code;
    }
  }
}

TEST(SmallFloat, NarrowingMatchesAnIndependentRtzAroundEveryRepresentableValue) {
  // Each finite code's value and its binary32 neighbours: exactly where truncation decisions
  // change.
  for (const Format& f : kFormats) {
    for (uint32_t code = 0; code <= f.max_finite; ++code) {
      const uint32_t x = f32_bits(static_cast<float>(value_of(f, code)));
      for (uint32_t y : {x - 1, x, x + 1, x + 2}) {
        if (code == 0 && y == x - 1) continue;
        for (uint32_t s : {0u, kF32SignBit}) {
          ASSERT_EQ(f.narrow(y | s), reference_narrow(f, y | s))
              << f.name << std::hex << " x=0x" << (y | s);
        }
      }
    }
  }
}

TEST(SmallFloat, NarrowingMatchesAnIndependentRtzOnRandomAndStridedInputs) {
  const uint32_t seed = [] {
    const char* env = std::getenv("OM_SEED");
    return env != nullptr ? static_cast<uint32_t>(std::strtoul(env, nullptr, 0)) : 20240611u;
  }();
  std::printf("OM_SEED=%u\n", seed);
  std::mt19937 rng(seed);
  std::vector<uint32_t> inputs;
  for (int i = 0; i < 300000; ++i) inputs.push_back(static_cast<uint32_t>(rng()));
  // Concentrate on the small formats' range: exponents 2^-30 .. 2^17, random mantissas and signs.
  for (int i = 0; i < 300000; ++i) {
    const uint32_t e = 127 - 30 + rng() % 48;
    inputs.push_back((rng() & 0x807FFFFFu) | (e << 23));
  }
  for (uint64_t x = 0; x <= 0xFFFFFFFFull; x += 65521) inputs.push_back(static_cast<uint32_t>(x));
  for (const Format& f : kFormats) {
    for (uint32_t x : inputs) {
      ASSERT_EQ(f.narrow(x), reference_narrow(f, x)) << f.name << std::hex << " x=0x" << x;
    }
  }
}

TEST(SmallFloat, Float16DirectedCases) {
  const float kTv = 1.00146484375f;  // TV26: 1 + 3 * 2^-11
  EXPECT_EQ(f32_to_f16(f32_bits(kTv)), 0x3C01u);
  EXPECT_EQ(f32_to_f16(f32_bits(-kTv)), 0xBC01u);
  EXPECT_EQ(f32_to_f16(f32_bits(65504.0f)), 0x7BFFu);
  EXPECT_EQ(f32_to_f16(f32_bits(65519.0f)), 0x7BFFu);  // TV27
  EXPECT_EQ(f32_to_f16(f32_bits(65520.0f)), 0x7BFFu);
  EXPECT_EQ(f32_to_f16(f32_bits(-1e6f)), 0xFBFFu);
  EXPECT_EQ(f32_to_f16(0x7F7FFFFFu), 0x7BFFu);
  EXPECT_EQ(f32_to_f16(0x7F800000u), 0x7C00u);
  EXPECT_EQ(f32_to_f16(0xFF800000u), 0xFC00u);
  EXPECT_EQ(f32_to_f16(0x80000000u), 0x8000u);
  EXPECT_EQ(f32_to_f16(0x7FC00000u), 0x7E00u);
  EXPECT_EQ(f32_to_f16(0xFF800001u), 0x7E00u);  // any NaN -> canonical
  EXPECT_EQ(f32_to_f16(0x33800000u), 0x0001u);  // TV28: 2^-24
  EXPECT_EQ(f32_to_f16(f32_bits(3e-8f)), 0x0000u);
  EXPECT_EQ(f32_to_f16(0x337FFFFFu), 0x0000u);  // just below 2^-24
  EXPECT_EQ(f32_to_f16(0x38800000u), 0x0400u);  // 2^-14: smallest normal
  EXPECT_EQ(f32_to_f16(0x387FFFFFu), 0x03FFu);  // just below: largest denormal
  EXPECT_EQ(f32_to_f16(0x00000001u), 0x0000u);  // binary32 denormals flush (sign kept)
  EXPECT_EQ(f32_to_f16(0x807FFFFFu), 0x8000u);
  // TV29: S = 65504 plus D = 0x7BFF widened, summed in fp32 (131008), stored with RTZ.
  EXPECT_EQ(f32_to_f16(f32_add(f32_bits(65504.0f), f16_to_f32(0x7BFFu))), 0x7BFFu);
}

TEST(SmallFloat, Float11And10DirectedCases) {
  EXPECT_EQ(f32_to_f11(f32_bits(1.0f)), 0x3C0u);  // TV30
  EXPECT_EQ(f32_to_f11(f32_bits(-1.0f)), 0u);
  EXPECT_EQ(f32_to_f10(f32_bits(70000.0f)), 0x3DFu);
  EXPECT_EQ(f32_to_f11(f32_bits(70000.0f)), 0x7BFu);
  EXPECT_EQ(f11_to_f32(0x7BFu), f32_bits(65024.0f));
  EXPECT_EQ(f10_to_f32(0x3DFu), f32_bits(64512.0f));
  for (auto narrow : {f32_to_f11, f32_to_f10}) {
    EXPECT_EQ(narrow(0x80000000u), 0u);  // -0 -> +0
    EXPECT_EQ(narrow(0xFF800000u), 0u);  // -INF -> 0
    EXPECT_EQ(narrow(0x807FFFFFu), 0u);
    EXPECT_EQ(narrow(0x00000001u), 0u);
    EXPECT_EQ(narrow(0x7F7FFFFFu), narrow == f32_to_f11 ? 0x7BFu : 0x3DFu);
  }
  EXPECT_EQ(f32_to_f11(0x7F800000u), 0x7C0u);
  EXPECT_EQ(f32_to_f10(0x7F800000u), 0x3E0u);
  EXPECT_EQ(f32_to_f11(0x7FC00000u), 0x7E0u);
  EXPECT_EQ(f32_to_f11(0xFFC00000u), 0x7E0u);  // a negative NaN is still NaN, not a negative number
  EXPECT_EQ(f32_to_f10(0xFF812345u), 0x3F0u);
  // Smallest denormals: f11 2^-20, f10 2^-19.
  EXPECT_EQ(f32_to_f11(0x35800000u), 0x001u);
  EXPECT_EQ(f32_to_f11(0x357FFFFFu), 0x000u);
  EXPECT_EQ(f32_to_f10(0x36000000u), 0x001u);
  EXPECT_EQ(f11_to_f32(0x001u), 0x35800000u);
  EXPECT_EQ(f10_to_f32(0x001u), 0x36000000u);
}

TEST(SmallFloat, WideningRejectsBitsAboveTheFormat) {
  EXPECT_THROW(f16_to_f32(0x10000u), std::out_of_range);
  EXPECT_THROW(f11_to_f32(0x800u), std::out_of_range);
  EXPECT_THROW(f10_to_f32(0x400u), std::out_of_range);
}

}  // namespace
}  // namespace om::ref

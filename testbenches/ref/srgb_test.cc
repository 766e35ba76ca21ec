// SPDX-License-Identifier: Apache-2.0
// sRGB conversions: LUT decode, threshold encode, and the unquantised encode `s` of
// docs/arithmetic.md §6 and §9.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/srgb_ideal.h"

namespace om::ref {
namespace {

constexpr uint32_t kF32OneBits = 0x3F800000u;

// Canonical quantisation of `s` spelled out with the fp32 primitives (docs/arithmetic.md §6).
uint32_t quantise(uint32_t s) {
  return f32_trunc_u32(f32_add(f32_mul(s, f32_from_int(255)), kF32Half));
}

// Exact midpoint between adjacent positive normal binary32 values b and b + 1, as num * 2^exp2.
void midpoint(uint32_t b, uint64_t* num, int* exp2) {
  const auto sig = [](uint32_t v) {
    return static_cast<uint64_t>((v & 0x007FFFFFu) | 0x00800000u);
  };
  const int e_lo = static_cast<int>(b >> 23) - 150;
  const int e_hi = static_cast<int>((b + 1) >> 23) - 150;
  *num = sig(b) + (sig(b + 1) << (e_hi - e_lo));
  *exp2 = e_lo - 1;
}

// True when s is the round-to-nearest-even binary32 of the ideal curve at x, checked with exact
// comparisons.
::testing::AssertionResult IsCorrectlyRounded(uint32_t x, uint32_t s) {
  if (x == 0) {
    return s == 0 ? ::testing::AssertionSuccess() : ::testing::AssertionFailure() << "s(0) != 0";
  }
  uint64_t num;
  int exp2;
  midpoint(s - 1, &num, &exp2);
  const int below = srgb_encode_ideal_compare(x, num, exp2);
  midpoint(s, &num, &exp2);
  const int above = srgb_encode_ideal_compare(x, num, exp2);
  const bool even = (s & 1u) == 0;
  if ((below > 0 || (below == 0 && even)) && (above < 0 || (above == 0 && even))) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << std::hex << "x=0x" << x << " s=0x" << s << std::dec
                                       << " below=" << below << " above=" << above;
}

TEST(Srgb, DecodeReadsTheGeneratedLutWithExactEnds) {
  EXPECT_EQ(srgb_to_f32(0), 0u);
  EXPECT_EQ(srgb_to_f32(255), kF32OneBits);
  for (uint32_t code = 0; code < 256; ++code) EXPECT_EQ(srgb_to_f32(code), kSrgbDecodeLut[code]);
  EXPECT_THROW(srgb_to_f32(256), std::out_of_range);
}

TEST(Srgb, DecodeIsWithinHalfAnUlpOfTheIdealCurve) {
  for (uint32_t code = 0; code < 256; ++code) {
    const long double c = code / 255.0L;
    const long double ideal = c <= 0.04045L ? c / 12.92L : std::pow((c + 0.055L) / 1.055L, 2.4L);
    const float got = f32_value(srgb_to_f32(code));
    const float ulp = std::nextafter(got, 2.0f) - got;
    EXPECT_LE(std::fabs(static_cast<long double>(got) - ideal), ulp / 2.0L) << "code " << code;
  }
}

TEST(Srgb, EncodeClampsNanInfinitiesNegativesAndDenormals) {
  EXPECT_EQ(f32_to_srgb(kF32CanonicalNan), 0u);
  EXPECT_EQ(f32_to_srgb(0xFFC00001u), 0u);
  EXPECT_EQ(f32_to_srgb(0x7F800000u), 255u);
  EXPECT_EQ(f32_to_srgb(0xFF800000u), 0u);
  EXPECT_EQ(f32_to_srgb(0x80000000u), 0u);
  EXPECT_EQ(f32_to_srgb(f32_bits(-0.5f)), 0u);
  EXPECT_EQ(f32_to_srgb(f32_bits(2.0f)), 255u);
  EXPECT_EQ(f32_to_srgb(0x007FFFFFu), 0u);  // denormal flushed before the encode
  EXPECT_EQ(f32_srgb_encode_unquantised(kF32CanonicalNan), 0u);
  EXPECT_EQ(f32_srgb_encode_unquantised(0x80000000u), 0u);
  EXPECT_EQ(f32_srgb_encode_unquantised(0x007FFFFFu), 0u);
  EXPECT_EQ(f32_srgb_encode_unquantised(0x7F800000u), kF32OneBits);
  EXPECT_EQ(f32_srgb_encode_unquantised(f32_bits(-3.0f)), 0u);
}

TEST(Srgb, EncodeOfEveryDecodedCodeReturnsTheCode) {
  for (uint32_t code = 0; code < 256; ++code) EXPECT_EQ(f32_to_srgb(srgb_to_f32(code)), code);
}

TEST(Srgb, IdealCompareIsExactOnKnownRationalValues) {
  // s(1) = 1 exactly.
  EXPECT_EQ(srgb_encode_ideal_compare(kF32OneBits, 1, 0), 0);
  EXPECT_EQ(srgb_encode_ideal_compare(kF32OneBits, (1ull << 30) + 1, -30), -1);
  EXPECT_EQ(srgb_encode_ideal_compare(kF32OneBits, (1ull << 30) - 1, -30), 1);
  // c = (3/4)^12 = 531441 / 2^24: s = 1.055 * (3/4)^5 - 0.055 = 200045 / 1024000 (not dyadic).
  const uint32_t c = f32_bits(531441.0f / 16777216.0f);
  const uint64_t lo = (200045ull << 40) / 1024000;  // floor(s * 2^40)
  EXPECT_EQ(srgb_encode_ideal_compare(c, lo, -40), 1);
  EXPECT_EQ(srgb_encode_ideal_compare(c, lo + 1, -40), -1);
  // Linear segment: c = 25 * 2^-20 gives 12.92 c = 323 * 2^-20 exactly.
  const uint32_t lin = f32_bits(std::ldexp(25.0f, -20));
  EXPECT_EQ(srgb_encode_ideal_compare(lin, 323, -20), 0);
  EXPECT_EQ(srgb_encode_ideal_compare(lin, 646, -21), 0);
  EXPECT_EQ(srgb_encode_ideal_compare(lin, 647, -21), -1);
}

TEST(Srgb, LinearSegmentEndsExactlyAtTheDecimalBreakpoint) {
  // 0.0031308 lies strictly between two binary32 neighbours; the segment test must split exactly
  // there.
  const long double bp = 0.0031308L;
  uint32_t last = f32_bits(static_cast<float>(bp));
  if (static_cast<long double>(f32_value(last)) > bp) --last;
  EXPECT_TRUE(srgb_encode_is_linear(last));
  EXPECT_FALSE(srgb_encode_is_linear(last + 1));
  EXPECT_TRUE(srgb_encode_is_linear(0));
  EXPECT_FALSE(srgb_encode_is_linear(kF32OneBits));
  EXPECT_THROW(srgb_encode_is_linear(0x3F800001u), std::invalid_argument);
  // The two pieces do not meet: 12.92 * 0.0031308 exceeds the power piece there by about 1.7e-6, so
  // `s` drops by a few ulps across the breakpoint. The quantised code is unaffected (both sides
  // give 10, far from 9.5 and 10.5).
  EXPECT_GT(f32_srgb_encode_unquantised(last), f32_srgb_encode_unquantised(last + 1));
  EXPECT_EQ(quantise(f32_srgb_encode_unquantised(last)), 10u);
  EXPECT_EQ(quantise(f32_srgb_encode_unquantised(last + 1)), 10u);
}

TEST(Srgb, IdealCompareAgreesWithLongDoubleAwayFromTies) {
  uint64_t state = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 2000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const uint32_t x = static_cast<uint32_t>(state >> 33) % 0x3F800000u + 1u;
    const long double c = f32_value(x);
    const long double v = c <= 0.0031308L ? 12.92L * c : 1.055L * std::pow(c, 1.0L / 2.4L) - 0.055L;
    // r = v * (1 +/- 2^-30), expressed as num * 2^exp2 with a 40-bit num.
    int e;
    std::frexp(v, &e);
    const long double scaled = std::ldexp(v, 40 - e);
    const uint64_t above = static_cast<uint64_t>(scaled * (1.0L + std::ldexp(1.0L, -30)));
    const uint64_t below = static_cast<uint64_t>(scaled * (1.0L - std::ldexp(1.0L, -30)));
    ASSERT_EQ(srgb_encode_ideal_compare(x, above, e - 40), -1) << std::hex << x;
    ASSERT_EQ(srgb_encode_ideal_compare(x, below, e - 40), 1) << std::hex << x;
  }
}

TEST(Srgb, UnquantisedEncodeIsCorrectlyRoundedNearItsClosestCalls) {
  // Inputs whose ideal value lies nearest to a binary32 rounding boundary (found by an exhaustive
  // long double scan of the power segment), and linear-segment inputs where 12.92 c is an exact
  // tie.
  for (uint32_t x : {0x3E68FE15u, 0x3DE0DB22u, 0x3D50545Bu, 0x3C1A7770u, 0x3B6C1D6Eu}) {
    EXPECT_TRUE(IsCorrectlyRounded(x, f32_srgb_encode_unquantised(x)));
  }
  // 12.92 * (25 q * 2^e) = 323 q * 2^e; for odd q with 2^24 <= 323 q < 2^25 that is an odd 25-bit
  // integer times a power of two: exactly halfway between two binary32 values, so RNE must pick the
  // even one.
  int ties = 0;
  for (uint32_t q = 51941; 323 * q < (1u << 25); q += 2 * 97) {
    if (323 * q < (1u << 24)) continue;
    for (int e = -30; e > -60; e -= 7) {
      const uint32_t x = f32_bits(std::ldexp(static_cast<float>(25 * q), e));
      ASSERT_TRUE(srgb_encode_is_linear(x));
      const uint32_t s = f32_srgb_encode_unquantised(x);
      ASSERT_EQ(s & 1u, 0u) << std::hex << "x=0x" << x;
      // 323 q = 2k + 1 lies between k * 2 and (k + 1) * 2; the even one of k, k + 1 wins.
      const uint32_t k = (323 * q) >> 1;
      const uint32_t even_sig = k + (k & 1u);
      EXPECT_EQ(f32_value(s), std::ldexp(static_cast<float>(even_sig), e + 1))
          << std::hex << "x=0x" << x;
      EXPECT_TRUE(IsCorrectlyRounded(x, s));
      ++ties;
    }
  }
  EXPECT_GT(ties, 1000);
}

TEST(Srgb, UnquantisedEncodeIsCorrectlyRoundedOnAStridedSweep) {
  for (uint32_t x = 0; x <= kF32OneBits; x += 1999) {
    // The curve is taken at the clamped input: binary32 denormals are flushed to zero first.
    ASSERT_TRUE(IsCorrectlyRounded(f32_ftz(x), f32_srgb_encode_unquantised(x)));
  }
  ASSERT_TRUE(IsCorrectlyRounded(kF32OneBits, f32_srgb_encode_unquantised(kF32OneBits)));
}

TEST(Srgb, ThresholdTableMatchesTheQuantisedCurveAtEveryStep) {
  // quantise(s(x)) is monotonic in x: each piece of the ideal curve rises, RNE, fp32 mul/add and
  // truncation are monotonic, and the step down at the breakpoint stays inside code 10 (see
  // LinearSegmentEndsExactlyAtThe- DecimalBreakpoint). So agreeing with the table on both sides of
  // each of the 255 thresholds and at the ends proves agreement on all of [0, 1].
  EXPECT_EQ(quantise(f32_srgb_encode_unquantised(0)), 0u);
  EXPECT_EQ(quantise(f32_srgb_encode_unquantised(kF32OneBits)), 255u);
  for (uint32_t k = 1; k <= 255; ++k) {
    const uint32_t t = kSrgbEncodeThresholds[k - 1];
    EXPECT_EQ(quantise(f32_srgb_encode_unquantised(t)), k) << "threshold " << k;
    EXPECT_EQ(quantise(f32_srgb_encode_unquantised(t - 1)), k - 1) << "below threshold " << k;
    EXPECT_EQ(f32_to_srgb(t), k);
    EXPECT_EQ(f32_to_srgb(t - 1), k - 1);
  }
}

TEST(Srgb, ThresholdTableMatchesTheQuantisedCurveOnAStridedSweep) {
  uint32_t prev_code = 0;
  for (uint32_t x = 0; x <= kF32OneBits; x += 211) {
    const uint32_t code = quantise(f32_srgb_encode_unquantised(x));
    ASSERT_GE(code, prev_code) << std::hex << "not monotonic at x=0x" << x;
    ASSERT_EQ(code, f32_to_srgb(x)) << std::hex << "x=0x" << x;
    prev_code = code;
  }
}

}  // namespace
}  // namespace om::ref

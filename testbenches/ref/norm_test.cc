// SPDX-License-Identifier: Apache-2.0
// UNORM / SNORM conversions (docs/arithmetic.md §3, §6) against exact rational arithmetic and
// the host FPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "exact_util.h"
#include "om/ref/convert.h"
#include "om/ref/fp32.h"

namespace om::ref {
namespace {

using testing::IsRneOfRatio;
using testing::within_0p6;

constexpr uint32_t kNan = 0x7FC00000u;
constexpr uint32_t kPosInf = 0x7F800000u;
constexpr uint32_t kNegInf = 0xFF800000u;
constexpr uint32_t kMinDenormal = 0x00000001u;
constexpr uint32_t kMaxDenormal = 0x007FFFFFu;

// The canonical encode written with host binary32 arithmetic (default environment: RNE); an fp32
// input below 2^-20 gives 0 either way, so the host's gradual underflow cannot differ from the
// model's FTZ.
uint32_t host_unorm(float x, int bits) {
  const float scale = static_cast<float>((1u << bits) - 1u);
  const float c = x > 1.0f ? 1.0f : (x >= 0.0f ? x : 0.0f);
  const float scaled = c * scale;
  return static_cast<uint32_t>(scaled + 0.5f);
}

int32_t host_snorm(float x, int bits) {
  const float scale = static_cast<float>((1 << (bits - 1)) - 1);
  const float c = x > 1.0f ? 1.0f : (x >= -1.0f ? x : -1.0f);
  const float scaled = c * scale;
  return static_cast<int32_t>(scaled >= 0.0f ? scaled + 0.5f : scaled - 0.5f);
}

int32_t sign_extend(uint32_t code, int bits) {
  return static_cast<int32_t>(code << (32 - bits)) >> (32 - bits);
}

TEST(Norm, UnormDecodeIsCorrectlyRoundedForEveryCodeOfWidths1To16) {
  for (int bits = 1; bits <= 16; ++bits) {
    const uint32_t max_code = (1u << bits) - 1u;
    for (uint32_t code = 0; code <= max_code; ++code) {
      ASSERT_TRUE(IsRneOfRatio(unorm_to_f32(code, bits), code, max_code)) << "bits " << bits;
    }
    EXPECT_EQ(unorm_to_f32(max_code, bits), kF32One);
  }
}

TEST(Norm, SnormDecodeIsCorrectlyRoundedForEveryCodeOfWidths2To16) {
  for (int bits = 2; bits <= 16; ++bits) {
    const uint32_t max_pos = (1u << (bits - 1)) - 1u;
    const uint32_t mask = (1u << bits) - 1u;
    for (uint32_t code = 0; code <= mask; ++code) {
      const int32_t v = sign_extend(code, bits);
      const uint32_t r = snorm_to_f32(code, bits);
      if (v < -static_cast<int32_t>(max_pos)) {
        ASSERT_EQ(r, kF32MinusOne) << "the most negative code reads -1.0, bits " << bits;
        continue;
      }
      const uint32_t magnitude = static_cast<uint32_t>(v < 0 ? -v : v);
      ASSERT_EQ(f32_sign(r), v < 0) << "code " << code << " bits " << bits;
      ASSERT_TRUE(IsRneOfRatio(r & 0x7FFFFFFFu, magnitude, max_pos)) << "bits " << bits;
    }
    EXPECT_EQ(snorm_to_f32(max_pos, bits), kF32One);
    EXPECT_EQ(snorm_to_f32(mask & ~max_pos, bits), kF32MinusOne);        // -2^(n-1)
    EXPECT_EQ(snorm_to_f32((max_pos + 2u) & mask, bits), kF32MinusOne);  // -(2^(n-1) - 1)
  }
}

// Sweep binary32 inputs of [0, 1] with a stride fine enough to land in every code (the spacing
// near 1.0 is 2^-24).
TEST(Norm, UnormEncodeIsCanonicalWithinPoint6MonotonicAndReachesEveryCode) {
  for (int bits = 1; bits <= 16; ++bits) {
    const uint32_t max_code = (1u << bits) - 1u;
    const uint32_t stride = std::min(4093u, (1u << (24 - bits)) / 2u - 1u);
    std::vector<bool> seen(max_code + 1u, false);
    uint32_t prev = 0;
    auto check = [&](uint32_t x) {
      const uint32_t k = f32_to_unorm(x, bits);
      ASSERT_EQ(k, host_unorm(f32_value(x), bits))
          << std::hex << "x=0x" << x << std::dec << " bits " << bits;
      ASSERT_GE(k, prev) << std::hex << "not monotonic at x=0x" << x;
      if (x >= 0x2B800000u) {  // 2^-40 and above: exact check of the 0.6-ULP window
        ASSERT_TRUE(within_0p6(x, max_code, k))
            << std::hex << "x=0x" << x << std::dec << " bits " << bits;
      } else {
        ASSERT_EQ(k, 0u);
      }
      seen[k] = true;
      prev = k;
    };
    for (uint32_t x = 0; x < kF32One; x += stride) check(x);
    check(kF32One);
    for (uint32_t k = 0; k <= max_code; ++k)
      ASSERT_TRUE(seen[k]) << "code " << k << " bits " << bits;
  }
}

TEST(Norm, UnormEncodeIsWithinPoint6AroundEveryRoundingPoint) {
  // The binary32 values next to (k + 0.5) / (2^n - 1), where an encoder is most likely to leave the
  // window.
  for (int bits = 1; bits <= 16; ++bits) {
    const uint32_t max_code = (1u << bits) - 1u;
    for (uint32_t k = 0; k < max_code; ++k) {
      const uint32_t centre = f32_bits(static_cast<float>((k + 0.5) / max_code));
      for (uint32_t x = centre - 3; x <= centre + 3; ++x) {
        const uint32_t got = f32_to_unorm(x, bits);
        ASSERT_TRUE(got == k || got == k + 1) << "bits " << bits << " k " << k;
        ASSERT_TRUE(within_0p6(x, max_code, got))
            << std::hex << "x=0x" << x << std::dec << " bits " << bits;
        ASSERT_EQ(got, host_unorm(f32_value(x), bits));
      }
    }
  }
}

TEST(Norm, SnormEncodeIsCanonicalWithinPoint6MonotonicAndReachesEveryCode) {
  for (int bits = 2; bits <= 16; ++bits) {
    const int32_t max_pos = (1 << (bits - 1)) - 1;
    const uint32_t stride = std::min(4093u, (1u << (25 - bits)) / 2u - 1u);
    std::vector<bool> seen(2 * max_pos + 1, false);
    int32_t prev = -max_pos;
    auto check = [&](uint32_t x) {
      const uint32_t code = f32_to_snorm(x, bits);
      ASSERT_EQ(code >> bits, 0u);
      const int32_t k = sign_extend(code, bits);
      ASSERT_EQ(k, host_snorm(f32_value(x), bits))
          << std::hex << "x=0x" << x << std::dec << " bits " << bits;
      ASSERT_GE(k, -max_pos) << "the most negative code is never produced";
      ASSERT_GE(k, prev) << std::hex << "not monotonic at x=0x" << x;
      const uint32_t mag = static_cast<uint32_t>(k < 0 ? -k : k);
      if ((x & 0x7FFFFFFFu) >= 0x2B800000u) {
        ASSERT_TRUE(f32_sign(x) == (k < 0) || k == 0);
        ASSERT_TRUE(within_0p6(x, static_cast<uint32_t>(max_pos), mag)) << std::hex << "x=0x" << x;
      } else {
        ASSERT_EQ(k, 0);
      }
      seen[k + max_pos] = true;
      prev = k;
    };
    for (uint32_t x = kF32MinusOne; x > kF32SignBit; x -= stride) check(x);  // -1 .. -0, increasing
    for (uint32_t x = 0; x < kF32One; x += stride) check(x);
    check(kF32One);
    for (int32_t k = -max_pos; k <= max_pos; ++k) ASSERT_TRUE(seen[k + max_pos]) << "code " << k;
  }
}

TEST(Norm, SnormEncodeRoundsHalfAwayFromZeroSymmetrically) {
  for (int bits = 2; bits <= 16; ++bits) {
    const uint32_t mask = (1u << bits) - 1u;
    for (uint32_t code = 0; code <= mask; code += bits > 10 ? 7 : 1) {
      const uint32_t x = snorm_to_f32(code, bits);
      const uint32_t back = f32_to_snorm(x, bits);
      const uint32_t neg = f32_to_snorm(x ^ kF32SignBit, bits);
      ASSERT_EQ((back + neg) & mask, 0u) << "encode(-x) = -encode(x), bits " << bits;
    }
  }
}

TEST(Norm, UnormEncodeHandlesNanInfinitiesDenormalsAndSignedZeros) {
  for (int bits = 1; bits <= 16; ++bits) {
    const uint32_t max_code = (1u << bits) - 1u;
    EXPECT_EQ(f32_to_unorm(kNan, bits), 0u);
    EXPECT_EQ(f32_to_unorm(0xFFFFFFFFu, bits), 0u);  // negative NaN with payload
    EXPECT_EQ(f32_to_unorm(kPosInf, bits), max_code);
    EXPECT_EQ(f32_to_unorm(kNegInf, bits), 0u);
    EXPECT_EQ(f32_to_unorm(kMinDenormal, bits), 0u);
    EXPECT_EQ(f32_to_unorm(kMaxDenormal, bits), 0u);
    EXPECT_EQ(f32_to_unorm(0x807FFFFFu, bits), 0u);
    EXPECT_EQ(f32_to_unorm(0u, bits), 0u);
    EXPECT_EQ(f32_to_unorm(kF32SignBit, bits), 0u);
    EXPECT_EQ(f32_to_unorm(0x7F7FFFFFu, bits), max_code);
  }
}

TEST(Norm, SnormEncodeHandlesNanInfinitiesDenormalsAndSignedZeros) {
  for (int bits = 2; bits <= 16; ++bits) {
    const uint32_t max_pos = (1u << (bits - 1)) - 1u;
    const uint32_t mask = (1u << bits) - 1u;
    EXPECT_EQ(f32_to_snorm(kNan, bits), 0u);
    EXPECT_EQ(f32_to_snorm(0xFFC00000u, bits), 0u);
    EXPECT_EQ(f32_to_snorm(kPosInf, bits), max_pos);
    EXPECT_EQ(f32_to_snorm(kNegInf, bits), (0u - max_pos) & mask);
    EXPECT_EQ(f32_to_snorm(kMinDenormal, bits), 0u);
    EXPECT_EQ(f32_to_snorm(0x807FFFFFu, bits), 0u);
    EXPECT_EQ(f32_to_snorm(0u, bits), 0u);
    EXPECT_EQ(f32_to_snorm(kF32SignBit, bits), 0u);
  }
}

TEST(Norm, DecodeOfZeroIsPositiveZero) {
  for (int bits = 1; bits <= 16; ++bits) EXPECT_EQ(unorm_to_f32(0, bits), 0u);
  for (int bits = 2; bits <= 16; ++bits) EXPECT_EQ(snorm_to_f32(0, bits), 0u);
}

TEST(Norm, BadWidthsAndCodesAreRejectedWithAClearError) {
  EXPECT_THROW(unorm_to_f32(0, 0), std::invalid_argument);
  EXPECT_THROW(unorm_to_f32(0, 17), std::invalid_argument);
  EXPECT_THROW(f32_to_unorm(0, 17), std::invalid_argument);
  EXPECT_THROW(snorm_to_f32(0, 1), std::invalid_argument);
  EXPECT_THROW(f32_to_snorm(0, 1), std::invalid_argument);
  EXPECT_THROW(unorm_to_f32(256, 8), std::out_of_range);
  EXPECT_THROW(snorm_to_f32(0x100, 8), std::out_of_range);
  try {
    unorm_to_f32(300, 8);
    FAIL() << "no exception";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("300"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace om::ref

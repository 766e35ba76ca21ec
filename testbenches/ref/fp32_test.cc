// SPDX-License-Identifier: Apache-2.0
#include "om/ref/fp32.h"

#include <gtest/gtest.h>

namespace om::ref {
namespace {

TEST(Fp32, AddFlushesDenormalInputsAndOutputs) {
  EXPECT_EQ(f32_add(0x00000001u, 0x00000001u), 0u);
  EXPECT_EQ(f32_add(0x80400000u, 0u), 0u);  // -denormal flushed to -0, then -0 + +0 = +0
  EXPECT_EQ(f32_add(0x80400000u, 0x80000000u), 0x80000000u);
  EXPECT_EQ(f32_sub(0x00800001u, 0x00800000u), 0u);  // exact denormal difference is flushed
}

TEST(Fp32, NanResultsAreCanonical) {
  EXPECT_EQ(f32_add(0x7F800000u, 0xFF800000u), kF32CanonicalNan);
  EXPECT_EQ(f32_mul(0x7F800000u, 0u), kF32CanonicalNan);
  EXPECT_EQ(f32_mul(0x7FC12345u, 0u), kF32CanonicalNan);
  EXPECT_EQ(f32_add(0xFFFFFFFFu, kF32One), kF32CanonicalNan);
}

TEST(Fp32, MinMaxReturnTheNonNanOperandAndOrderSignedZeros) {
  EXPECT_EQ(f32_min(0x7FC00001u, kF32One), kF32One);
  EXPECT_EQ(f32_max(kF32Half, 0xFFC00000u), kF32Half);
  EXPECT_EQ(f32_min(0x80000000u, 0u), 0x80000000u);
  EXPECT_EQ(f32_max(0x80000000u, 0u), 0u);
  EXPECT_EQ(f32_min(0x7FC00001u, 0x7F800001u), kF32CanonicalNan);
}

TEST(Fp32, MulRoundsToNearestEven) {
  // (1 + 2^-23) * (1 + 2^-23) = 1 + 2^-22 + 2^-46: rounds to 1 + 2^-22.
  EXPECT_EQ(f32_mul(0x3F800001u, 0x3F800001u), 0x3F800002u);
  EXPECT_EQ(f32_mul(0x00800000u, kF32Half), 0u);  // min normal / 2 is denormal: flushed
}

TEST(Fp32, CompareFollowsD3DNanRules) {
  EXPECT_FALSE(f32_compare(CmpFunc::LESS, kF32CanonicalNan, kF32One));
  EXPECT_TRUE(f32_compare(CmpFunc::NOT_EQUAL, kF32CanonicalNan, kF32CanonicalNan));
  EXPECT_TRUE(f32_compare(CmpFunc::ALWAYS, kF32CanonicalNan, kF32One));
  EXPECT_TRUE(f32_compare(CmpFunc::EQUAL, 0x80000000u, 0u));
}

}  // namespace
}  // namespace om::ref

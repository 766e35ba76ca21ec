// SPDX-License-Identifier: Apache-2.0
// Conversion vectors TV01-TV09, TV24-TV31, TV35-TV37: canonical values copied from
// docs/vectors.md.
#include <gtest/gtest.h>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"

namespace om::ref {
namespace {

uint32_t F(float f) { return f32_bits(f); }
constexpr uint32_t kNan = 0x7FC00000u;
constexpr uint32_t kPosInf = 0x7F800000u;
constexpr uint32_t kNegInf = 0xFF800000u;

const FormatInfo& fmt(const char* name) {
  const FormatInfo* f = find_format(name);
  if (f == nullptr) throw std::invalid_argument(name);
  return *f;
}

TEST(ConvertVectors, Tv01Unorm8EncodesPoint2To51) { EXPECT_EQ(f32_to_unorm(F(0.2f), 8), 51u); }

TEST(ConvertVectors, Tv02Unorm8EncodesHalfTo128) { EXPECT_EQ(f32_to_unorm(F(0.5f), 8), 128u); }

TEST(ConvertVectors, Tv03Unorm8ClampsOutOfRangeNanAndInfinities) {
  EXPECT_EQ(f32_to_unorm(F(1.5f), 8), 255u);
  EXPECT_EQ(f32_to_unorm(F(-0.25f), 8), 0u);
  EXPECT_EQ(f32_to_unorm(kNan, 8), 0u);
  EXPECT_EQ(f32_to_unorm(kPosInf, 8), 255u);
  EXPECT_EQ(f32_to_unorm(kNegInf, 8), 0u);
}

TEST(ConvertVectors, Tv04Unorm8EncodesOneThirdTo85) {
  EXPECT_EQ(f32_to_unorm(F(1.0f / 3.0f), 8), 85u);
}

TEST(ConvertVectors, Tv05Unorm8RoundsNearTheFirstHalfCode) {
  EXPECT_EQ(f32_to_unorm(F(0.00196f), 8), 0u);
  EXPECT_EQ(f32_to_unorm(F(0.002f), 8), 1u);
}

TEST(ConvertVectors, Tv06Snorm8ClampsToMinus127AndMapsNanToZero) {
  EXPECT_EQ(f32_to_snorm(F(-1.0f), 8), 0x81u);
  EXPECT_EQ(f32_to_snorm(F(-2.0f), 8), 0x81u);
  EXPECT_EQ(f32_to_snorm(F(1.0f), 8), 127u);
  EXPECT_EQ(f32_to_snorm(kNan, 8), 0u);
}

TEST(ConvertVectors, Tv07Snorm8RoundsHalfAwayFromZero) {
  EXPECT_EQ(f32_to_snorm(F(0.5f), 8), 64u);
  EXPECT_EQ(f32_to_snorm(F(-0.5f), 8), 0x100u - 64u);
  EXPECT_EQ(f32_to_snorm(F(0.25f), 8), 32u);
}

TEST(ConvertVectors, Tv08Unorm2AlphaOfR10G10B10A2) {
  const FormatInfo& f = fmt("R10G10B10A2_UNORM");
  EXPECT_EQ(pack(f, {0, 0, 0, F(0.5f)})[3], 2u);
  EXPECT_EQ(pack(f, {0, 0, 0, F(0.4f)})[3], 1u);
  EXPECT_EQ(pack(f, {0, 0, 0, F(0.7f)})[3], 2u);
}

TEST(ConvertVectors, Tv09Unorm16AndUnorm10EncodeHalfUpward) {
  EXPECT_EQ(f32_to_unorm(F(0.5f), 16), 32768u);
  EXPECT_EQ(f32_to_unorm(F(0.5f), 10), 512u);
}

TEST(ConvertVectors, Tv24SrgbEncodeOfFiveValues) {
  EXPECT_EQ(f32_to_srgb(F(0.5f)), 188u);
  EXPECT_EQ(f32_to_srgb(F(0.18f)), 118u);
  EXPECT_EQ(f32_to_srgb(F(0.0031308f)), 10u);
  EXPECT_EQ(f32_to_srgb(F(0.001f)), 3u);
  EXPECT_EQ(f32_to_srgb(F(1.0f)), 255u);
}

TEST(ConvertVectors, Tv25SrgbDecodeOfSixCodes) {
  EXPECT_EQ(srgb_to_f32(0), 0u);
  EXPECT_EQ(srgb_to_f32(255), kF32One);
  // docs/vectors.md prints 6-7 significant digits; the LUT holds the correctly rounded fp32 (within
  // 1e-6 relative).
  const struct {
    uint32_t code;
    double value;
  } kCases[] = {{1, 0.000303527}, {64, 0.0512695}, {128, 0.2158605}, {188, 0.502886}};
  for (const auto& c : kCases) {
    EXPECT_NEAR(f32_value(srgb_to_f32(c.code)), c.value, c.value * 2e-6) << "code " << c.code;
  }
}

TEST(ConvertVectors, Tv26Float16TruncatesTowardZero) {
  EXPECT_EQ(f32_to_f16(F(1.00146484375f)), 0x3C01u);
}

TEST(ConvertVectors, Tv27Float16OverflowsToMaxFiniteNeverInfinity) {
  EXPECT_EQ(f32_to_f16(F(65519.0f)), 0x7BFFu);
  EXPECT_EQ(f32_to_f16(F(65520.0f)), 0x7BFFu);
  EXPECT_EQ(f32_to_f16(F(1e6f)), 0x7BFFu);
  EXPECT_EQ(f32_to_f16(kPosInf), 0x7C00u);
  EXPECT_EQ(f32_to_f16(F(-0.0f)), 0x8000u);
  EXPECT_EQ(f32_to_f16(kNan), 0x7E00u);
}

TEST(ConvertVectors, Tv28Float16KeepsDenormalsAndTruncatesBelowTheSmallest) {
  EXPECT_EQ(f32_to_f16(0x33800000u), 0x0001u);  // 2^-24
  EXPECT_EQ(f32_to_f16(F(3e-8f)), 0x0000u);
}

TEST(ConvertVectors, Tv29Float16SumAboveMaxTruncatesToMaxFinite) {
  const uint32_t d = f16_to_f32(0x7BFFu);
  EXPECT_EQ(d, F(65504.0f));
  EXPECT_EQ(f32_to_f16(f32_add(F(65504.0f), d)), 0x7BFFu);
}

TEST(ConvertVectors, Tv30R11G11B10FloatClampsNegativeAndOverflow) {
  const Raw4 r = pack(fmt("R11G11B10_FLOAT"), {F(1.0f), F(-1.0f), F(70000.0f), F(0.25f)});
  EXPECT_EQ(r[0], 0x3C0u);
  EXPECT_EQ(r[1], 0x000u);
  EXPECT_EQ(r[2], 0x3DFu);
  EXPECT_EQ(r[3], 0u);  // absent alpha
}

TEST(ConvertVectors, Tv31IntegerTargetsClampToTheirRange) {
  const FormatInfo& u8 = fmt("R8_UINT");
  const FormatInfo& s8 = fmt("R8_SINT");
  EXPECT_EQ(pack(u8, {300u, 0, 0, 0})[0], 255u);
  EXPECT_EQ(pack(u8, {0xFFFFFFFFu, 0, 0, 0})[0], 255u);
  EXPECT_EQ(pack(s8, {0xFFFFFFFFu, 0, 0, 0})[0], 0xFFu);
  EXPECT_EQ(pack(s8, {static_cast<uint32_t>(-200), 0, 0, 0})[0], 0x80u);
}

TEST(ConvertVectors, Tv35Unorm8OnesEncodeTo255) {
  // The write mask itself is the blend engineer's; the conversion part is S = 1.0 -> 255 on every
  // channel.
  const FormatInfo& f = fmt("R8G8B8A8_UNORM");
  const Texel t = raw_to_texel(f, pack(f, {kF32One, kF32One, kF32One, kF32One}));
  EXPECT_EQ(t.w[0], 0xFFFFFFFFu);
  const Vec4 d = unpack(f, texel_to_raw(f, raw_to_texel(f, {10, 20, 30, 40})));
  EXPECT_EQ(pack(f, d), (Raw4{10, 20, 30, 40}));
}

TEST(ConvertVectors, Tv36R8UnormHasNoGreenToStore) {
  const FormatInfo& f = fmt("R8_UNORM");
  EXPECT_EQ(f.ch[1].bits, 0);
  const Raw4 r = pack(f, {kF32Half, kF32One, kF32One, kF32One});
  EXPECT_EQ(r, (Raw4{128, 0, 0, 0}));
  EXPECT_EQ(raw_to_texel(f, r).w, (std::array<uint32_t, 4>{128, 0, 0, 0}));
}

TEST(ConvertVectors, Tv37B8G8R8X8ReadsAlphaAsOneAndStoresXAsOnes) {
  const FormatInfo& f = fmt("B8G8R8X8_UNORM");
  const Texel t = raw_to_texel(f, pack(f, {kF32Half, 0, 0, 0}));
  EXPECT_EQ(t.w[0], 0xFF800000u);  // X = 0xFF, R = 128 at bit 16
  const Vec4 v = unpack(f, texel_to_raw(f, t));
  EXPECT_EQ(v[3], kF32One);
  EXPECT_EQ(v[0], unorm_to_f32(128, 8));
}

}  // namespace
}  // namespace om::ref

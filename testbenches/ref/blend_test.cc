// SPDX-License-Identifier: Apache-2.0
// Blend path of one RT: vectors TV10–TV23 of docs/vectors.md (canonical value and D3D window) and
// directed corner cases of docs/arithmetic.md §3–§9 (clamps, absent channels, NaN / INF / denormal
// / signed zero, invalid enum values).
#include "om/ref/blend.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "blend_oracle.h"
#include "om/ref/fp32.h"

namespace om::ref {
namespace {

const FormatInfo& fmt(const char* name) {
  const FormatInfo* f = find_format(name);
  if (f == nullptr) throw std::invalid_argument(name);
  return *f;
}
uint32_t F(float x) { return f32_bits(x); }
Vec4 V(float r, float g, float b, float a) { return {F(r), F(g), F(b), F(a)}; }

RtBlendDesc desc(Blend src, Blend dst, BlendOp op, Blend src_a, Blend dst_a, BlendOp op_a) {
  return blending_desc(src, dst, op, src_a, dst_a, op_a);
}
RtBlendDesc desc(Blend src, Blend dst, BlendOp op) { return desc(src, dst, op, src, dst, op); }

const RtBlendDesc kAlphaBlend = desc(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD);

// Blend on `format` with D given as stored component codes; returns the stored component codes.
Raw4 run(const char* format, const RtBlendDesc& d, const Vec4& s, const Raw4& dest,
         const Vec4& k = V(1, 1, 1, 1), bool gamma = false, const Vec4& s1 = Vec4{}) {
  const FormatInfo& f = fmt(format);
  return blend_rt(f, d, gamma, s, s1, k, raw_to_texel(f, dest));
}

void expect_code(uint32_t got, uint32_t canonical, std::set<uint32_t> allowed) {
  EXPECT_EQ(got, canonical);
  EXPECT_TRUE(allowed.count(got)) << got << " outside the D3D window";
}

TEST(Blend, Tv10SrcAlphaOverRedOnBlue) {
  const Raw4 r = run("R8G8B8A8_UNORM", kAlphaBlend, V(1, 0, 0, 0.5f), {0, 0, 255, 255});
  expect_code(r[0], 128, {127, 128});
  expect_code(r[1], 0, {0});
  expect_code(r[2], 128, {127, 128});
  expect_code(r[3], 191, {191});
}

TEST(Blend, Tv11SrcAlphaGeneral) {
  const Raw4 r =
      run("R8G8B8A8_UNORM", kAlphaBlend, V(0.8f, 0.4f, 0.2f, 0.25f), {51, 102, 153, 204});
  expect_code(r[0], 89, {89});
  expect_code(r[1], 102, {102});
  expect_code(r[2], 128, {127, 128});
  expect_code(r[3], 169, {169});
}

TEST(Blend, Tv12OneOneAddSaturatesAfterBlend) {
  const Raw4 r = run("R8G8B8A8_UNORM", desc(Blend::ONE, Blend::ONE, BlendOp::ADD),
                     V(0.6f, 0.6f, 0.6f, 0.6f), {200, 200, 200, 200});
  for (int c = 0; c < 4; ++c) expect_code(r[c], 255, {255});
}

TEST(Blend, Tv13SubtractIsSourceMinusDest) {
  const Vec4 s = V(0.6f, 0.6f, 0.6f, 0.6f);
  const Raw4 rev = run("R8G8B8A8_UNORM", desc(Blend::ONE, Blend::ONE, BlendOp::REV_SUBTRACT), s,
                       {100, 100, 100, 100});
  const Raw4 sub = run("R8G8B8A8_UNORM", desc(Blend::ONE, Blend::ONE, BlendOp::SUBTRACT), s,
                       {100, 100, 100, 100});
  expect_code(rev[0], 0, {0});
  expect_code(sub[0], 53, {53});
}

TEST(Blend, Tv14Modulate) {
  const Raw4 r = run("R8G8B8A8_UNORM", desc(Blend::DEST_COLOR, Blend::ZERO, BlendOp::ADD),
                     V(0.5f, 0.5f, 0.5f, 0.5f), {200, 200, 200, 200});
  expect_code(r[0], 100, {100});
}

TEST(Blend, Tv15MinIgnoresFactors) {
  const Raw4 r = run("R32G32B32A32_FLOAT", desc(Blend::ZERO, Blend::ZERO, BlendOp::MIN),
                     V(0.2f, 0.2f, 0.2f, 0.2f), {F(0.6f), F(0.6f), F(0.6f), F(0.6f)});
  EXPECT_EQ(r[0], F(0.2f));
  EXPECT_EQ(r[3], F(0.2f));
}

TEST(Blend, Tv16MaxOfNanIsTheOtherOperand) {
  const Raw4 r = run("R32G32B32A32_FLOAT", desc(Blend::ONE, Blend::ZERO, BlendOp::MAX),
                     {0x7FC00000u, 0xFF800001u, 0x7FC00000u, 0x7FC00000u},
                     {F(0.3f), F(0.3f), 0x7FA00000u, F(-0.0f)});
  EXPECT_EQ(r[0], F(0.3f));
  EXPECT_EQ(r[1], F(0.3f));
  EXPECT_EQ(r[2], kF32CanonicalNan);  // both NaN
  EXPECT_EQ(r[3], F(-0.0f));
}

TEST(Blend, Tv17NanPropagatesThroughZeroWeight) {
  const Raw4 r = run("R32G32B32A32_FLOAT", desc(Blend::ZERO, Blend::ONE, BlendOp::ADD),
                     {0x7FC00000u, 0xFFC12345u, F(1.0f), 0x7F800000u},
                     {F(0.3f), F(0.3f), 0x7F812345u, F(0.3f)});
  EXPECT_EQ(r[0], kF32CanonicalNan);
  EXPECT_EQ(r[1], kF32CanonicalNan);
  EXPECT_EQ(r[2], kF32CanonicalNan);  // D NaN, weight 1
  EXPECT_EQ(r[3], kF32CanonicalNan);  // INF * 0
}

TEST(Blend, Tv18SrcAlphaSatIsOneInTheAlphaSlot) {
  const FormatInfo& f = fmt("R8G8B8A8_UNORM");
  const BlendOperands o = blend_operands(f, false, V(0.2f, 0.2f, 0.2f, 0.75f), Vec4{},
                                         V(1, 1, 1, 1), raw_to_texel(f, {0, 0, 0, 128}));
  const float expect =
      1.0f - 128.0f / 255.0f;  // exact-enough host check of f = min(0.75, 1 - 128/255)
  EXPECT_EQ(blend_factor(Blend::SRC_ALPHA_SAT, 0, o), F(expect));
  EXPECT_NEAR(f32_value(blend_factor(Blend::SRC_ALPHA_SAT, 2, o)), 0.498039, 1e-6);
  EXPECT_EQ(blend_factor(Blend::SRC_ALPHA_SAT, 3, o), kF32One);
}

TEST(Blend, Tv19BlendFactor) {
  const Raw4 r =
      run("R8G8B8A8_UNORM", desc(Blend::BLEND_FACTOR, Blend::INV_BLEND_FACTOR, BlendOp::ADD),
          V(1, 1, 1, 1), {0, 0, 0, 0}, V(0.25f, 0.25f, 0.25f, 0.25f));
  for (int c = 0; c < 4; ++c) expect_code(r[c], 64, {64});
}

TEST(Blend, Tv20BlendFactorIsClampedPerRt) {
  const RtBlendDesc d = desc(Blend::BLEND_FACTOR, Blend::ZERO, BlendOp::ADD);
  const Vec4 s = V(0.25f, 0.25f, 0.25f, 0.25f), k = V(2, 2, 2, 2);
  expect_code(run("R8G8B8A8_UNORM", d, s, {0, 0, 0, 0}, k)[0], 64, {64});
  EXPECT_EQ(run("R32G32B32A32_FLOAT", d, s, {0, 0, 0, 0}, k)[0], F(0.5f));
}

TEST(Blend, Tv21SnormOneMinusIsNotClamped) {
  const Raw4 r = run("R8G8B8A8_SNORM", kAlphaBlend, V(0.8f, 0, 0, -0.5f), {64, 0, 0, 0});
  expect_code(r[0], 45, {45});
}

TEST(Blend, Tv22SrgbBlendsInLinearSpace) {
  const Raw4 r = run("R8G8B8A8_UNORM_SRGB", kAlphaBlend, V(1, 1, 1, 0.5f), {128, 128, 128, 0});
  expect_code(r[0], 205, {204, 205});
  expect_code(r[3], 64, {64});  // alpha is plain UNORM: 0.5 * 0.5 + 0 * 0.5 = 0.25 -> 63.75
}

TEST(Blend, Tv23SrgbBlendsInGammaSpaceAtFl9) {
  const Raw4 r = run("R8G8B8A8_UNORM_SRGB", kAlphaBlend, V(1, 1, 1, 0.5f), {128, 128, 128, 0},
                     V(1, 1, 1, 1), /*gamma=*/true);
  expect_code(r[0], 192, {191, 192});
  // The same state on B8G8R8A8_UNORM_SRGB (R stored in the third byte).
  const Raw4 b = run("B8G8R8A8_UNORM_SRGB", kAlphaBlend, V(1, 1, 1, 0.5f), {128, 128, 128, 0},
                     V(1, 1, 1, 1), true);
  expect_code(b[0], 192, {191, 192});
  // Without blending the gamma flag changes nothing: the sRGB encode of 0.5 is 188 (TV24).
  RtBlendDesc off;
  EXPECT_EQ(run("R8G8B8A8_UNORM_SRGB", off, V(0.5f, 0.5f, 0.5f, 0.5f), {0, 0, 0, 0}, V(1, 1, 1, 1),
                true)[0],
            188u);
}

TEST(Blend, GammaSpaceUsesTheEncodedSourceAndPlainDest) {
  const FormatInfo& f = fmt("R8G8B8A8_UNORM_SRGB");
  const BlendOperands o = blend_operands(f, true, V(0.5f, 2.0f, -1.0f, 0.5f), Vec4{}, V(1, 1, 1, 1),
                                         raw_to_texel(f, {128, 0, 0, 128}));
  EXPECT_EQ(o.s[0], f32_srgb_encode_unquantised(F(0.5f)));
  EXPECT_EQ(o.s[1], kF32One);  // clamped first
  EXPECT_EQ(o.s[2], kF32Zero);
  EXPECT_EQ(o.s[3], F(0.5f));  // alpha untouched
  EXPECT_EQ(o.d[0], F(128.0f / 255.0f));
  EXPECT_EQ(&blend_space_format(f, true), find_format("R8G8B8A8_UNORM"));
  EXPECT_EQ(&blend_space_format(f, false), &f);
  EXPECT_EQ(&blend_space_format(fmt("B8G8R8X8_UNORM_SRGB"), true), find_format("B8G8R8X8_UNORM"));
}

TEST(Blend, SrcAlphaSatOnRtWithoutAlphaIsMinOfAsAndZero) {
  const RtBlendDesc d = desc(Blend::SRC_ALPHA_SAT, Blend::ZERO, BlendOp::ADD);
  // Fixed point: As is clamped to >= 0 so the factor is 0 (docs/arithmetic.md §8).
  EXPECT_EQ(run("R8_UNORM", d, V(1, 0, 0, 0.5f), {200, 0, 0, 0})[0], 0u);
  // Unclamped float RT: the factor is As itself when As < 0.
  EXPECT_EQ(run("R32_FLOAT", d, V(1.5f, 0, 0, -0.5f), {0, 0, 0, 0})[0], F(-0.75f));
  EXPECT_EQ(run("R32_FLOAT", d, V(1.5f, 0, 0, 0.5f), {0, 0, 0, 0})[0], F(0.0f));
}

TEST(Blend, AbsentChannelsAreClampedLikePresentOnes) {
  const RtBlendDesc d = desc(Blend::SRC_ALPHA, Blend::ZERO, BlendOp::ADD);
  // R8G8_UNORM: S.a = 2 is clamped to 1, so R = 0.4.
  EXPECT_EQ(run("R8G8_UNORM", d, V(0.4f, 0, 0, 2.0f), {0, 0, 0, 0})[0], 102u);
  // R16G16_FLOAT: no clamp, R = 0.8 (float16 0x3A66, RTZ).
  EXPECT_EQ(run("R16G16_FLOAT", d, V(0.4f, 0, 0, 2.0f), {0, 0, 0, 0})[0], oracle::f16_encode(0.8f));
  // B8G8R8X8 has no alpha: DEST_ALPHA reads 1, INV_DEST_ALPHA 0 (TV37).
  EXPECT_EQ(run("B8G8R8X8_UNORM", desc(Blend::DEST_ALPHA, Blend::ZERO, BlendOp::ADD),
                V(0.5f, 0.5f, 0.5f, 0.5f), {7, 7, 7, 0})[0],
            128u);
  EXPECT_EQ(run("B8G8R8X8_UNORM", desc(Blend::INV_DEST_ALPHA, Blend::ZERO, BlendOp::ADD),
                V(0.5f, 0.5f, 0.5f, 0.5f), {7, 7, 7, 0})[0],
            0u);
}

TEST(Blend, NanIsZeroAtTheFixedPointInputClamp) {
  const FormatInfo& u = fmt("R8G8B8A8_UNORM");
  const FormatInfo& s = fmt("R8G8B8A8_SNORM");
  EXPECT_EQ(clamp_input(u, kF32CanonicalNan), kF32Zero);
  EXPECT_EQ(clamp_input(s, 0xFFC00001u), kF32Zero);  // not -1 (docs/behaviour.md §11 #33)
  EXPECT_EQ(clamp_input(s, F(-3.0f)), kF32MinusOne);
  EXPECT_EQ(clamp_input(u, F(-0.0f)), kF32Zero);
  EXPECT_EQ(clamp_input(u, 0x00000001u), kF32Zero);                    // denormal flushed
  EXPECT_EQ(clamp_input(fmt("R32_FLOAT"), 0x7FC12345u), 0x7FC12345u);  // float RTs: no clamp
  EXPECT_EQ(clamp_input(fmt("R16_FLOAT"), F(1e9f)), F(1e9f));
}

TEST(Blend, Float32DenormalsAreFlushedWhenBlendingAndCopiedWhenNot) {
  const Vec4 s = {0x00000001u, 0x80400000u, 0x7FC12345u, F(2.0f)};
  const Raw4 dest = {0x00700000u, 0x00000000u, 0u, 0x80000001u};
  RtBlendDesc off;
  const Raw4 copy = run("R32G32B32A32_FLOAT", off, s, dest);
  EXPECT_EQ(copy, (Raw4{0x00000001u, 0x80400000u, 0x7FC12345u, F(2.0f)}));
  const Raw4 one_one =
      run("R32G32B32A32_FLOAT", desc(Blend::ONE, Blend::ONE, BlendOp::ADD), s, dest);
  EXPECT_EQ(one_one[0], 0u);  // denormal + denormal -> +0 + +0
  EXPECT_EQ(one_one[1], 0u);  // -0 + +0 = +0
  EXPECT_EQ(one_one[2], kF32CanonicalNan);
  EXPECT_EQ(one_one[3], F(2.0f));  // 2 + (-denormal -> -0)
  const Raw4 one_zero =
      run("R32G32B32A32_FLOAT", desc(Blend::ONE, Blend::ZERO, BlendOp::ADD), s, dest);
  EXPECT_EQ(one_zero[1],
            0u);  // -0 * 1 + 0 * 0 = -0 + +0 = +0: blending canonicalises signed zero sums
  const Raw4 sub = run("R32G32B32A32_FLOAT", desc(Blend::ONE, Blend::ONE, BlendOp::SUBTRACT),
                       V(-0.0f, 1.0f, 1.0f, 1.0f), {0u, F(1.0f), F(-1.0f), F(1.0f + 1e-7f)});
  EXPECT_EQ(sub[0], F(-0.0f));  // -0 - +0 = -0
  EXPECT_EQ(sub[1], F(0.0f));   // x - x = +0
  EXPECT_EQ(sub[2], F(2.0f));
  EXPECT_EQ(sub[3], F(1.0f - (1.0f + 1e-7f)));
}

TEST(Blend, InfinitiesOnFloatRts) {
  const Raw4 r = run("R32G32B32A32_FLOAT", desc(Blend::ONE, Blend::ONE, BlendOp::ADD),
                     {0x7F800000u, 0x7F800000u, F(3e38f), 0xFF800000u},
                     {0xFF800000u, F(1.0f), F(3e38f), F(1.0f)});
  EXPECT_EQ(r[0], kF32CanonicalNan);  // INF - INF
  EXPECT_EQ(r[1], 0x7F800000u);
  EXPECT_EQ(r[2], 0x7F800000u);  // overflow
  EXPECT_EQ(r[3], 0xFF800000u);
  // UNORM: +INF clamps to 1 at the input, -INF to 0.
  const Raw4 u = run("R8G8B8A8_UNORM", desc(Blend::ONE, Blend::ZERO, BlendOp::ADD),
                     {0x7F800000u, 0xFF800000u, 0x7F800000u, 0x7FC00000u}, {9, 9, 9, 9});
  EXPECT_EQ(u, (Raw4{255, 0, 255, 0}));
}

TEST(Blend, MinMaxOfSignedZerosFollowIeee754R) {
  const Raw4 mn = run("R32G32B32A32_FLOAT", desc(Blend::ONE, Blend::ONE, BlendOp::MIN),
                      V(-0.0f, 0.0f, -0.0f, 0.0f), {0u, 0x80000000u, 0x80000000u, 0u});
  EXPECT_EQ(mn, (Raw4{0x80000000u, 0x80000000u, 0x80000000u, 0u}));
  const Raw4 mx = run("R32G32B32A32_FLOAT", desc(Blend::ONE, Blend::ONE, BlendOp::MAX),
                      V(-0.0f, 0.0f, -0.0f, 0.0f), {0u, 0x80000000u, 0x80000000u, 0u});
  EXPECT_EQ(mx, (Raw4{0u, 0u, 0x80000000u, 0u}));
}

TEST(Blend, DualSourceFactorsReadTheSecondOutput) {
  const RtBlendDesc d = desc(Blend::SRC1_COLOR, Blend::INV_SRC1_COLOR, BlendOp::ADD,
                             Blend::SRC1_ALPHA, Blend::INV_SRC1_ALPHA, BlendOp::ADD);
  const Raw4 r = run("R32G32B32A32_FLOAT", d, V(1, 1, 1, 1), {F(0.0f), F(0.0f), F(0.0f), F(0.0f)},
                     V(1, 1, 1, 1), false, V(0.25f, 0.5f, 0.75f, 0.125f));
  EXPECT_EQ(r, (Raw4{F(0.25f), F(0.5f), F(0.75f), F(0.125f)}));
}

TEST(Blend, IntegerRtTreatsBlendEnableAsDisabled) {
  const Raw4 r = run("R8G8B8A8_UINT", kAlphaBlend, {300u, 7u, 0xFFFFFFFFu, 0u}, {1, 2, 3, 4});
  EXPECT_EQ(r, (Raw4{255, 7, 255, 0}));
  const Raw4 s = run("R16_SINT", kAlphaBlend, {0xFFFF0000u, 0, 0, 0}, {1, 0, 0, 0});
  EXPECT_EQ(s[0], 0x8000u);
  EXPECT_THROW(blend_operands(fmt("R32_UINT"), false, Vec4{}, Vec4{}, Vec4{}, Texel{}),
               std::invalid_argument);
}

TEST(Blend, UnlatchableEnumValuesActAsZeroAndAdd) {
  const FormatInfo& f = fmt("R32G32B32A32_FLOAT");
  const BlendOperands o = blend_operands(f, false, V(0.5f, 0.5f, 0.5f, 0.5f), Vec4{}, V(1, 1, 1, 1),
                                         raw_to_texel(f, {F(0.25f), F(0.25f), F(0.25f), F(0.25f)}));
  for (uint32_t v : {0u, 12u, 13u, 20u, 31u}) {
    EXPECT_EQ(blend_factor(static_cast<Blend>(v), 0, o), kF32Zero) << v;
  }
  EXPECT_THROW(blend_factor(static_cast<Blend>(32), 0, o), std::invalid_argument);
  EXPECT_THROW(blend_factor(Blend::ONE, 4, o), std::out_of_range);
  for (uint32_t v : {0u, 6u, 7u}) {
    EXPECT_EQ(blend_channel(static_cast<BlendOp>(v), Blend::ONE, Blend::ONE, 0, o), F(0.75f)) << v;
  }
  EXPECT_THROW(blend_channel(static_cast<BlendOp>(8), Blend::ONE, Blend::ONE, 0, o),
               std::invalid_argument);
  // MIN/MAX never evaluate the factors, so garbage there is harmless.
  EXPECT_EQ(blend_channel(BlendOp::MIN, static_cast<Blend>(99), static_cast<Blend>(99), 0, o),
            F(0.25f));
}

TEST(Blend, SnormNegativeRangeAndMostNegativeCode) {
  // D = 0x80 (-128) reads -1; ONE/ONE ADD with S = -0.5 gives -1.5 -> clamped -1 -> -127 (0x81).
  const Raw4 r = run("R8G8B8A8_SNORM", desc(Blend::ONE, Blend::ONE, BlendOp::ADD),
                     V(-0.5f, 0.5f, -3.0f, 0.25f), {0x80, 0x80, 0x7F, 0x00});
  EXPECT_EQ(r[0], 0x81u);
  EXPECT_EQ(r[1], static_cast<uint32_t>(oracle::snorm_encode(-0.5f, 8)));
  EXPECT_EQ(r[2], 0u);  // -1 + 1 = 0
  EXPECT_EQ(r[3], 32u);
}

}  // namespace
}  // namespace om::ref

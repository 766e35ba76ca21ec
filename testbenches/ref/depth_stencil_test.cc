// SPDX-License-Identifier: Apache-2.0
// Depth/stencil and sample-coverage arithmetic of om::ref against the rules of
// docs/depth-stencil.md (the D3D11.3 functional spec §17.9–17.13, §17.17–17.18, and
// D3D11_STENCIL_OP).
#include "om/ref/depth_stencil.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "om/ref/fp32.h"

namespace om::ref {
namespace {

const DsFormatInfo& fmt(DsFormat f) { return *find_ds_format(static_cast<uint32_t>(f)); }
uint32_t f(float v) { return f32_bits(v); }

TEST(DsFormats, TableHoldsTheFourD3dDepthFormatsWithTheirLayouts) {
  EXPECT_EQ(fmt(DsFormat::D16_UNORM).depth_bits, 16);
  EXPECT_EQ(fmt(DsFormat::D16_UNORM).stencil_offset, -1);
  EXPECT_EQ(fmt(DsFormat::D24_UNORM_S8_UINT).depth_bits, 24);
  EXPECT_EQ(fmt(DsFormat::D24_UNORM_S8_UINT).stencil_offset, 24);
  EXPECT_TRUE(fmt(DsFormat::D32_FLOAT).depth_float);
  EXPECT_EQ(fmt(DsFormat::D32_FLOAT_S8X24_UINT).texel_bits, 64);
  EXPECT_EQ(fmt(DsFormat::D32_FLOAT_S8X24_UINT).stencil_offset, 32);
  EXPECT_EQ(find_ds_format(28), nullptr);  // a colour format
}

TEST(DepthStencil, StencilOpsFollowTheD3dTable) {
  struct Row {
    StencilOp op;
    uint8_t s, ref, want;
  };
  const Row rows[] = {
      {StencilOp::KEEP, 7, 9, 7},           {StencilOp::ZERO, 7, 9, 0},
      {StencilOp::REPLACE, 7, 9, 9},        {StencilOp::INCR_SAT, 7, 0, 8},
      {StencilOp::INCR_SAT, 255, 0, 255},   {StencilOp::DECR_SAT, 7, 0, 6},
      {StencilOp::DECR_SAT, 0, 0, 0},       {StencilOp::INVERT, 0x5A, 0, 0xA5},
      {StencilOp::INCR, 255, 0, 0},         {StencilOp::INCR, 3, 0, 4},
      {StencilOp::DECR, 0, 0, 255},         {StencilOp::DECR, 3, 0, 2},
      {static_cast<StencilOp>(0), 7, 9, 7}, {static_cast<StencilOp>(9), 7, 9, 7},
  };
  for (const Row& r : rows) {
    EXPECT_EQ(stencil_op(r.op, r.s, r.ref), r.want) << static_cast<int>(r.op) << " s=" << int(r.s);
  }
}

TEST(DepthStencil, StencilCompareMasksBothSidesAndComparesUnsigned) {
  EXPECT_TRUE(stencil_compare(CmpFunc::LESS, 0x10, 0x20, 0xFF));
  EXPECT_FALSE(stencil_compare(CmpFunc::LESS, 0x10, 0x20, 0x0F));  // 0 < 0 is false
  EXPECT_TRUE(stencil_compare(CmpFunc::EQUAL, 0x1F, 0xFF, 0x0F));
  EXPECT_TRUE(stencil_compare(CmpFunc::GREATER, 0x80, 0x7F, 0xFF));  // unsigned: 128 > 127
  EXPECT_FALSE(stencil_compare(CmpFunc::NEVER, 1, 1, 0xFF));
  EXPECT_TRUE(stencil_compare(CmpFunc::ALWAYS, 1, 2, 0xFF));
  EXPECT_FALSE(stencil_compare(static_cast<CmpFunc>(9), 1, 1, 0xFF));
}

TEST(DepthStencil, DepthIsClampedToTheViewportRangeWithTheD3dMinMaxRules) {
  EXPECT_EQ(depth_clamp(f(1.5f), f(0.25f), f(0.75f)), f(0.75f));
  EXPECT_EQ(depth_clamp(f(-1.0f), f(0.25f), f(0.75f)), f(0.25f));
  EXPECT_EQ(depth_clamp(f(0.5f), f(0.25f), f(0.75f)), f(0.5f));
  EXPECT_EQ(depth_clamp(0x7FC00000u, f(0.25f), f(0.75f)), f(0.25f));  // NaN: max(min, NaN) = min
  // An inverted range (the driver refuses it; DEPTH_MIN and DEPTH_MAX can still hold one): the
  // formula gives MaxDepth for every z.
  for (const uint32_t z : {f(0.0f), f(0.5f), f(1.0f), f(-2.0f), 0x7FC00000u}) {
    EXPECT_EQ(depth_clamp(z, f(0.75f), f(0.25f)), f(0.25f)) << std::hex << z;
  }
}

TEST(DepthStencil, UnormDepthRoundsToNearestAndFloatDepthIsKept) {
  EXPECT_EQ(depth_convert(f(0.0f), fmt(DsFormat::D16_UNORM)), 0u);
  EXPECT_EQ(depth_convert(f(1.0f), fmt(DsFormat::D16_UNORM)), 0xFFFFu);
  EXPECT_EQ(depth_convert(f(0.5f), fmt(DsFormat::D16_UNORM)), 32768u);  // 32767.5 + 0.5
  EXPECT_EQ(depth_convert(f(1.0f), fmt(DsFormat::D24_UNORM_S8_UINT)), 0xFFFFFFu);
  EXPECT_EQ(depth_convert(f(0.5f), fmt(DsFormat::D24_UNORM_S8_UINT)), 0x800000u);
  // (1 - 2^-24) x (2^24 - 1) = 2^24 - 2 + 2^-24: exact rounding gives 0xFFFFFE.
  EXPECT_EQ(depth_convert(0x3F7FFFFFu, fmt(DsFormat::D24_UNORM_S8_UINT)), 0xFFFFFEu);
  EXPECT_EQ(depth_convert(f(2.0f), fmt(DsFormat::D16_UNORM)), 0xFFFFu);  // a viewport beyond [0, 1]
  EXPECT_EQ(depth_convert(0x7FC00000u, fmt(DsFormat::D16_UNORM)), 0u);
  EXPECT_EQ(depth_convert(f(0.3f), fmt(DsFormat::D32_FLOAT)), f(0.3f));
  EXPECT_EQ(depth_convert(0x00000001u, fmt(DsFormat::D32_FLOAT)), 0u);  // denormal flushed
}

TEST(DepthStencil, DepthCompareIsUnsignedForUnormAndD3dFloatForFloat) {
  EXPECT_TRUE(depth_compare(CmpFunc::LESS, 5, 6, fmt(DsFormat::D16_UNORM)));
  EXPECT_FALSE(depth_compare(CmpFunc::LESS, 6, 6, fmt(DsFormat::D16_UNORM)));
  EXPECT_TRUE(depth_compare(CmpFunc::LESS_EQUAL, 6, 6, fmt(DsFormat::D24_UNORM_S8_UINT)));
  EXPECT_TRUE(depth_compare(CmpFunc::LESS, f(-1.0f), f(0.0f), fmt(DsFormat::D32_FLOAT)));
  EXPECT_TRUE(depth_compare(CmpFunc::EQUAL, 0x80000000u, 0u, fmt(DsFormat::D32_FLOAT)));
  EXPECT_FALSE(depth_compare(CmpFunc::LESS, f(0.5f), 0x7FC00000u, fmt(DsFormat::D32_FLOAT)));
  EXPECT_TRUE(depth_compare(CmpFunc::NOT_EQUAL, f(0.5f), 0x7FC00000u, fmt(DsFormat::D32_FLOAT)));
}

DsBinding bind(DsFormat f, uint32_t flags = 0, uint8_t ref = 0) {
  DsBinding b;
  b.format = &fmt(f);
  b.dsv_flags = flags;
  b.stencil_ref = ref;
  return b;
}

DsSampleIn sample(float z, uint32_t stored, uint8_t stencil = 0, bool front = true) {
  DsSampleIn in;
  in.z = f(z);
  in.stored_depth = stored;
  in.stored_stencil = stencil;
  in.front_face = front;
  return in;
}

TEST(DepthStencilSample, DefaultStateTestsLessAndWritesThePassingDepth) {
  const DepthStencilDesc d;
  const DsSampleOut near =
      depth_stencil_sample(d, bind(DsFormat::D16_UNORM), sample(0.25f, 0xFFFF));
  EXPECT_TRUE(near.pass);
  EXPECT_TRUE(near.write_depth);
  EXPECT_EQ(near.depth, 16384u);  // 0.25 x 65535 = 16383.75, + 0.5
  EXPECT_FALSE(near.write_stencil);
  const DsSampleOut far = depth_stencil_sample(d, bind(DsFormat::D16_UNORM), sample(0.75f, 100));
  EXPECT_FALSE(far.pass);
  EXPECT_EQ(far.outcome, DsOutcome::DEPTH_FAIL);
  EXPECT_FALSE(far.write_depth);
}

TEST(DepthStencilSample, WithoutAViewBothTestsPassAndNothingIsWritten) {
  DepthStencilDesc d;
  d.depth_func = CmpFunc::NEVER;
  d.stencil_enable = true;
  d.front_face.stencil_func = CmpFunc::NEVER;
  const DsSampleOut o = depth_stencil_sample(d, DsBinding{}, sample(0.5f, 0));
  EXPECT_TRUE(o.pass);
  EXPECT_FALSE(o.write_depth);
  EXPECT_FALSE(o.write_stencil);
}

TEST(DepthStencilSample, DepthDisabledCountsAsPassForTheStencilOpAndWritesNoDepth) {
  DepthStencilDesc d;
  d.depth_enable = false;
  d.depth_func = CmpFunc::NEVER;
  d.stencil_enable = true;
  d.front_face.stencil_pass_op = StencilOp::INCR;
  d.front_face.stencil_depth_fail_op = StencilOp::ZERO;
  const DsSampleOut o =
      depth_stencil_sample(d, bind(DsFormat::D24_UNORM_S8_UINT), sample(0.9f, 0, 41));
  EXPECT_TRUE(o.pass);
  EXPECT_FALSE(o.write_depth);
  EXPECT_TRUE(o.write_stencil);
  EXPECT_EQ(o.stencil, 42);
}

TEST(DepthStencilSample, StencilFailTakesTheFailOpAndRemovesTheSample) {
  DepthStencilDesc d;
  d.stencil_enable = true;
  d.front_face = {StencilOp::REPLACE, StencilOp::ZERO, StencilOp::INCR, CmpFunc::EQUAL};
  const DsSampleOut o =
      depth_stencil_sample(d, bind(DsFormat::D24_UNORM_S8_UINT, 0, 5), sample(0.1f, 0xFFFFFF, 4));
  EXPECT_EQ(o.outcome, DsOutcome::STENCIL_FAIL);
  EXPECT_FALSE(o.pass);
  EXPECT_FALSE(o.write_depth);  // the depth test passed, but the sample failed
  EXPECT_EQ(o.stencil, 5);      // REPLACE with StencilRef
}

TEST(DepthStencilSample, DepthFailTakesTheDepthFailOpOfTheBackFaceForBackFacingSamples) {
  DepthStencilDesc d;
  d.stencil_enable = true;
  d.front_face = {StencilOp::KEEP, StencilOp::INVERT, StencilOp::KEEP, CmpFunc::ALWAYS};
  d.back_face = {StencilOp::KEEP, StencilOp::DECR, StencilOp::KEEP, CmpFunc::ALWAYS};
  const DsSampleIn in = sample(0.9f, 10, 0, false);
  const DsSampleOut o = depth_stencil_sample(d, bind(DsFormat::D24_UNORM_S8_UINT), in);
  EXPECT_EQ(o.outcome, DsOutcome::DEPTH_FAIL);
  EXPECT_EQ(o.stencil, 255);  // DECR wraps
}

TEST(DepthStencilSample, TheWriteMaskKeepsUnmaskedStencilBits) {
  DepthStencilDesc d;
  d.stencil_enable = true;
  d.stencil_write_mask = 0x0F;
  d.front_face.stencil_pass_op = StencilOp::INVERT;
  const DsSampleOut o =
      depth_stencil_sample(d, bind(DsFormat::D24_UNORM_S8_UINT), sample(0.1f, 0xFFFFFF, 0xA5));
  EXPECT_EQ(o.stencil, 0xAA);
}

TEST(DepthStencilSample, ReadOnlyFlagsForceTheirWritesOff) {
  DepthStencilDesc d;
  d.stencil_enable = true;
  d.front_face.stencil_pass_op = StencilOp::INCR;
  const DsSampleIn in = sample(0.1f, 0xFFFFFF, 1);
  const uint32_t ro_depth = static_cast<uint32_t>(DsvFlag::READ_ONLY_DEPTH);
  const uint32_t ro_stencil = static_cast<uint32_t>(DsvFlag::READ_ONLY_STENCIL);
  const DsSampleOut a = depth_stencil_sample(d, bind(DsFormat::D24_UNORM_S8_UINT, ro_depth), in);
  EXPECT_TRUE(a.pass);
  EXPECT_FALSE(a.write_depth);
  EXPECT_TRUE(a.write_stencil);
  const DsSampleOut b = depth_stencil_sample(d, bind(DsFormat::D24_UNORM_S8_UINT, ro_stencil), in);
  EXPECT_TRUE(b.write_depth);
  EXPECT_FALSE(b.write_stencil);
  EXPECT_EQ(b.stencil, 1);
}

TEST(DepthStencilSample, AFormatWithoutStencilPassesTheStencilTestAndWritesNoStencil) {
  DepthStencilDesc d;
  d.stencil_enable = true;
  d.front_face.stencil_func = CmpFunc::NEVER;
  const DsSampleOut o = depth_stencil_sample(d, bind(DsFormat::D32_FLOAT), sample(0.1f, f(0.5f)));
  EXPECT_TRUE(o.pass);
  EXPECT_FALSE(o.write_stencil);
  EXPECT_EQ(o.depth, f(0.1f));
}

TEST(DepthStencilSample, DepthWriteMaskZeroTestsWithoutWriting) {
  DepthStencilDesc d;
  d.depth_write_mask = DepthWriteMask::ZERO;
  const DsSampleOut o = depth_stencil_sample(d, bind(DsFormat::D16_UNORM), sample(0.1f, 0xFFFF));
  EXPECT_TRUE(o.pass);
  EXPECT_FALSE(o.write_depth);
}

TEST(Coverage, AlphaToCoverageSingleSampleMatchesTheHalfwayRule) {
  EXPECT_EQ(a2c_mask(0x3EFFFFFFu, 1), 1u);  // 0.49999997 + 0.5 rounds to 1.0
  EXPECT_EQ(a2c_mask(0x3EFFFFFEu, 1), 0u);
  EXPECT_EQ(a2c_mask(f(1.0f), 1), 1u);
}

TEST(Coverage, AlphaToCoverageTakesTheLowestRoundedAlphaTimesNSamples) {
  EXPECT_EQ(a2c_mask(f(0.5f), 4), 0x3u);
  EXPECT_EQ(a2c_mask(f(0.125f), 4), 0x1u);  // 0.5 + 0.5 = 1
  EXPECT_EQ(a2c_mask(f(0.124f), 4), 0x0u);
  EXPECT_EQ(a2c_mask(f(1.0f), 8), 0xFFu);
  EXPECT_EQ(a2c_mask(f(7.0f), 2), 0x3u);  // clamped to n
  EXPECT_EQ(a2c_mask(f(-0.5f), 8), 0x0u);
  EXPECT_EQ(a2c_mask(0x7FC00000u, 8), 0x0u);  // NaN
  EXPECT_EQ(a2c_mask(0x7F800000u, 2), 0x3u);  // +inf
}

TEST(Coverage, FinalCoverageAndsRasterSampleMaskAndOneOfA2cOrOMask) {
  EXPECT_EQ(sample_coverage(0xF, 0xFFFFFFFF, false, 0, false, 0, 4), 0xFu);
  EXPECT_EQ(sample_coverage(0xFF, 0xFFFFFFFF, false, 0, false, 0, 4), 0xFu);  // n bits only
  EXPECT_EQ(sample_coverage(0xF, 0x5, false, 0, false, 0, 4), 0x5u);
  EXPECT_EQ(sample_coverage(0xF, 0xFFFFFFFF, true, f(0.5f), false, 0, 4), 0x3u);
  EXPECT_EQ(sample_coverage(0xF, 0xFFFFFFFF, true, f(0.0f), true, 0xC, 4), 0xCu);  // oMask wins
  EXPECT_EQ(sample_coverage(0x1, 0xFFFFFFFE, false, 0, false, 0, 1), 0x0u);
}

Texel texel(uint64_t low) {
  Texel t{};
  t.w[0] = static_cast<uint32_t>(low);
  t.w[1] = static_cast<uint32_t>(low >> 32);
  return t;
}

TEST(DepthStencil, TexelsHoldDepthAndStencilWhereSection1Says) {
  const DsFormatInfo& d24 = *find_ds_format(45);
  EXPECT_EQ(ds_texel(0xABCDEF, 0x5A, d24), texel(0x5AABCDEFu));
  EXPECT_EQ(ds_texel(0xFFABCDEF, 0, d24), texel(0x00ABCDEFu));  // bits above the depth: not depth
  EXPECT_EQ(ds_texel_depth(texel(0x5AABCDEF), d24), 0xABCDEFu);
  EXPECT_EQ(ds_texel_stencil(texel(0x5AABCDEF), d24), 0x5A);
  const DsFormatInfo& d32s8 = *find_ds_format(20);
  const Texel t = ds_texel(0x3F800000u, 0xC3, d32s8);
  EXPECT_EQ(t, texel(0xC33F800000ull));
  EXPECT_EQ(ds_texel_depth(texel(0xFFFFFFC33F800000ull), d32s8), 0x3F800000u);  // X24 ignored
  EXPECT_EQ(ds_texel_stencil(t, d32s8), 0xC3);
  const DsFormatInfo& d16 = *find_ds_format(55);
  EXPECT_EQ(ds_texel(0x1FFFF, 0x77, d16), texel(0xFFFFu));  // no stencil bits: the stencil dropped
  EXPECT_EQ(ds_texel_stencil(texel(0xFFFF), d16), 0);
  const DsFormatInfo& d32 = *find_ds_format(40);
  EXPECT_EQ(ds_texel(0xBF800000u, 9, d32), texel(0xBF800000u));
}

}  // namespace
}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// om_top per-pixel stages: SampleMask and alpha-to-coverage, the D3D9 alpha test (a failure kills
// the pixel in every RT), D3D9 fog (RT 0's RGB only) and Clear commands (every bound RT, no blend,
// mask or coverage); each checked against om::ref on the final memory image, killed pixels through
// PERF_KILLED.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>

#include "top_fixture.h"

namespace om::tb {
namespace {

uint32_t fmt(Format f) { return static_cast<uint32_t>(f); }

// Three targets that each read their destination.
State three_targets() {
  State s = ref::default_state();
  s.rt_bind[0] = {fmt(Format::R8G8B8A8_UNORM), 4, 4};
  s.rt_bind[1] = {fmt(Format::R16G16B16A16_FLOAT), 4, 4};
  s.rt_bind[2] = {fmt(Format::R32G32B32A32_FLOAT), 4, 4};
  s.ps_outputs = 0x7;
  s.rt_desc[0] = ref::to_rt_desc(blend_desc(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD,
                                            Blend::ONE, Blend::ONE, BlendOp::ADD));
  return s;
}

class Coverage : public TopTest {};

TEST_F(Coverage, SampleMaskBitZeroClearKillsEveryPixel) {
  start();
  State s = three_targets();
  s.sample_mask = 0xFFFFFFFEu;
  set_state(s);
  for (uint32_t i = 0; i < 16; ++i) push(i % 4, i / 4, random_pixel());
  finish();
  EXPECT_EQ(h_->stats().rt_writes, 0u);
  EXPECT_EQ(reg(regs::kPerfKilled), 16u);
}

TEST_F(Coverage, OnlySampleMaskBitZeroMatters) {
  start();
  State s = three_targets();
  s.sample_mask = 0x1u;
  set_state(s);
  for (uint32_t i = 0; i < 16; ++i) {
    ref::PixelIn px = random_pixel();
    px.coverage = (i % 3) != 0;  // raster coverage gates too
    push(i % 4, i / 4, px);
  }
  finish();
}

TEST_F(Coverage, AlphaToCoverageThresholdAndNaN) {
  start();
  State s = three_targets();
  s.alpha_to_coverage_enable = true;
  set_state(s);
  constexpr std::array<uint32_t, 16> kAlpha = {0x3EFFFFFFu, 0x3EFFFFFEu, 0x3F000000u, 0x3F800000u,
                                               0x00000000u, 0x80000000u, 0x7FC00000u, 0xFFC00000u,
                                               0x7F800000u, 0xFF800000u, 0x3E800000u, 0x3F7FFFFFu,
                                               0x00400000u, 0xBF000000u, 0x40000000u, 0x3EFFFFFDu};
  for (uint32_t i = 0; i < 16; ++i) {
    ref::PixelIn px = random_pixel();
    px.oc[0][3] = kAlpha[i];
    push(i % 4, i / 4, px);
  }
  finish();
  // Not covered: 0x3EFFFFFE, 0, -0, both NaNs, -INF, 0.25, denormal, -0.5, 0x3EFFFFFD.
  EXPECT_EQ(reg(regs::kPerfKilled), 10u);
}

class AlphaTest : public TopTest {};

TEST_F(AlphaTest, EveryFunctionKillsTheWholePixel) {
  start();
  // Alphas around ref / 255 = 128 / 255 (0x3F008081): equal, one ulp either side, NaN, INF.
  constexpr std::array<uint32_t, 8> kAlpha = {0x3F008081u, 0x3F008080u, 0x3F008082u, 0x7FC00000u,
                                              0x7F800000u, 0x00000000u, 0x3F800000u, 0xBF800000u};
  for (uint32_t func = 0; func <= 9; ++func) {  // 0 and 9 are not D3DCMPFUNC values
    SCOPED_TRACE("alpha func " + std::to_string(func));
    State s = three_targets();
    s.alpha_test_enable = true;
    s.alpha_func = func;
    s.alpha_ref = 128;
    set_state(s);
    for (uint32_t i = 0; i < 8; ++i) {
      ref::PixelIn px = random_pixel();
      px.oc[0][3] = kAlpha[i];
      push(i % 4, i / 4, px);
    }
  }
  finish();
}

TEST_F(AlphaTest, EveryReferenceValueAgainstItsOwnQuotient) {
  start();
  State s = three_targets();
  s.ps_outputs = 0x1;
  s.alpha_test_enable = true;
  s.alpha_func = static_cast<uint32_t>(CmpFunc::EQUAL);
  for (uint32_t r = 0; r < 256; r += 17) {
    s.alpha_ref = r;
    set_state(s, false);
    ref::PixelIn px = random_pixel();
    px.oc[0][3] = f(static_cast<float>(r) / 255.0f);  // the correctly rounded ref / 255
    push(r % 4, (r / 4) % 4, px);
  }
  finish();
  EXPECT_EQ(reg(regs::kPerfKilled), 0u);
}

class Fog : public TopTest {};

TEST_F(Fog, AppliesToRt0ColourOnly) {
  start();
  State s = three_targets();
  s.fog_enable = true;
  s.fog_color = {f(0.2f), f(0.6f), f(1.0f)};
  set_state(s);
  constexpr std::array<uint32_t, 16> kFog = {0x3F000000u, 0x00000000u, 0x3F800000u, 0x3E800000u,
                                             0xBF000000u, 0x40000000u, 0x7FC00000u, 0x7F800000u,
                                             0x3F7FFFFFu, 0x00000001u, 0x3DCCCCCDu, 0x3F400000u,
                                             0x80000000u, 0xFF800000u, 0x3C000000u, 0x3F19999Au};
  for (uint32_t i = 0; i < 16; ++i) {
    ref::PixelIn px = random_pixel();
    px.fog = kFog[i];
    push(i % 4, i / 4, px);
  }
  finish();
}

class Clear : public TopTest {};

TEST_F(Clear, WritesEveryBoundTargetIgnoringBlendMasksAndCoverage) {
  Options o;
  o.mem.latency_min = 3;
  o.mem.latency_max = 3;
  start(o);
  State s = ref::default_state();
  constexpr std::array<Format, 8> kFormats = {
      Format::R8G8B8A8_UNORM, Format::R8G8B8A8_UNORM_SRGB, Format::R16G16B16A16_FLOAT,
      Format::R8G8B8A8_SNORM, Format::R16G16B16A16_UINT,   Format::R16_SINT,
      Format::B8G8R8X8_UNORM, Format::R11G11B10_FLOAT};
  for (int i = 0; i < 8; ++i) {
    s.rt_bind[i] = {fmt(kFormats[i]), 3, 2};
    s.rt_desc[i] = ref::to_rt_desc(blend_desc(Blend::ZERO, Blend::ONE, BlendOp::ADD, Blend::ZERO,
                                              Blend::ONE, BlendOp::ADD, i % 2 == 0 ? 0x0 : 0x5));
  }
  s.independent_blend_enable = true;
  s.ps_outputs = 0x0;   // clears ignore the PS signature
  s.sample_mask = 0x0;  // and the coverage
  s.fog_enable = true;  // and fog
  s.alpha_test_enable = true;
  s.alpha_func = static_cast<uint32_t>(CmpFunc::NEVER);
  set_state(s);
  constexpr std::array<std::array<float, 4>, 3> kColours = {
      {{0.25f, -3.0f, 70000.0f, 1.0f}, {0.5f, 0.75f, 0.125f, 0.0f}, {-1.0f, 2.0f, 300.5f, 0.5f}}};
  for (uint32_t i = 0; i < 6; ++i) {
    ref::PixelIn px = random_pixel();
    px.clear = true;
    px.coverage = false;
    for (int c = 0; c < 4; ++c) px.oc[0][c] = f(kColours[i % 3][c]);
    push(i % 3, i / 3, px);
  }
  finish();
  EXPECT_EQ(h_->stats().rt_writes, 6u * 8u);
  EXPECT_EQ(h_->stats().rt_reads, 0u);
  EXPECT_EQ(reg(regs::kPerfKilled), 0u);
}

TEST_F(Clear, InterleavesWithBlendedPixelsInOrder) {
  Options o;
  o.mem.latency_min = 10;
  o.mem.latency_max = 20;
  start(o);
  set_state(three_targets());
  for (uint32_t i = 0; i < 40; ++i) {
    ref::PixelIn px = random_pixel();
    px.clear = i % 5 == 2;
    push(i % 2, 0, px);
  }
  finish();
}

}  // namespace
}  // namespace om::tb

// SPDX-License-Identifier: Apache-2.0
// Whole-pixel processing (docs/behaviour.md §1, §2.6, §5.4, §5.5, §5.7, §8; docs/arithmetic.md §8):
// TV35–TV40, TV48–TV50, MRT descriptor selection, write masks at bit level, X channels, clears,
// coverage and the D3D9 legacy operations.
#include "om/ref/pixel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace om::ref {
namespace {

const FormatInfo* fmt(const char* name) { return find_format(name); }
uint32_t F(float x) { return f32_bits(x); }
Vec4 V(float r, float g, float b, float a) { return {F(r), F(g), F(b), F(a)}; }

RtBlendDesc alpha_blend() {
  RtBlendDesc d;
  d.blend_enable = true;
  d.src_blend = d.src_blend_alpha = Blend::SRC_ALPHA;
  d.dest_blend = d.dest_blend_alpha = Blend::INV_SRC_ALPHA;
  return d;
}

std::array<Texel, kMaxRts> dests(const PixelState& st, const Raw4& raw) {
  std::array<Texel, kMaxRts> d{};
  for (int i = 0; i < kMaxRts; ++i) {
    if (st.rt_format[i]) d[i] = raw_to_texel(*st.rt_format[i], raw);
  }
  return d;
}

Raw4 raw(const PixelState& st, const PixelOut& out, int i) {
  return texel_to_raw(*st.rt_format[i], out.texel[i]);
}

TEST(Pixel, Tv35WriteMaskRedAlphaKeepsGreenBlue) {
  PixelState st;
  st.rt_format[0] = fmt("R8G8B8A8_UNORM");
  st.blend.render_target[0].render_target_write_mask = 0x9;
  PixelIn px;
  px.oc[0] = V(1, 1, 1, 1);
  const PixelOut out = process_pixel(st, px, dests(st, {10, 20, 30, 40}));
  EXPECT_TRUE(out.write[0]);
  EXPECT_EQ(raw(st, out, 0), (Raw4{255, 20, 30, 255}));
}

TEST(Pixel, Tv36MaskOfAnAbsentChannelLeavesTheRtUntouched) {
  PixelState st;
  st.rt_format[0] = fmt("R8_UNORM");
  st.blend.render_target[0].render_target_write_mask = 0x2;
  PixelIn px;
  px.oc[0] = V(1, 1, 1, 1);
  const auto d = dests(st, {77, 0, 0, 0});
  const PixelOut out = process_pixel(st, px, d);
  EXPECT_FALSE(out.write[0]);
  EXPECT_EQ(out.texel[0], d[0]);
}

TEST(Pixel, Tv37DestAlphaOnX8ReadsOneAndXIsStoredAsOnes) {
  PixelState st;
  st.rt_format[0] = fmt("B8G8R8X8_UNORM");
  RtBlendDesc& d = st.blend.render_target[0];
  d.blend_enable = true;
  d.src_blend = Blend::DEST_ALPHA;
  d.dest_blend = Blend::ZERO;
  d.render_target_write_mask = 0x1;  // R only
  PixelIn px;
  px.oc[0] = V(0.5f, 0.5f, 0.5f, 0.5f);
  std::array<Texel, kMaxRts> dest{};
  dest[0].w[0] = 0x00112233u;  // X byte 0x00, R 0x11, G 0x22, B 0x33
  const PixelOut out = process_pixel(st, px, dest);
  EXPECT_EQ(out.texel[0].w[0], 0xFF802233u);  // R = 128 (Ad = 1), G/B kept, X = 0xFF
}

TEST(Pixel, Tv38WithoutIndependentBlendEveryRtUsesRt0) {
  PixelState st;
  st.rt_format[0] = st.rt_format[1] = fmt("R8G8B8A8_UNORM");
  st.blend.render_target[0] = alpha_blend();
  RtBlendDesc& garbage = st.blend.render_target[1];
  garbage.blend_enable = true;
  garbage.src_blend = static_cast<Blend>(0);
  garbage.blend_op = static_cast<BlendOp>(99);  // would throw if it were evaluated
  garbage.render_target_write_mask = 0;
  PixelIn px;
  px.oc[0] = px.oc[1] = V(1, 0, 0, 0.5f);
  const PixelOut out = process_pixel(st, px, dests(st, {0, 0, 255, 255}));
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(out.write[i]);
    EXPECT_EQ(raw(st, out, i), (Raw4{128, 0, 128, 191}));  // TV10
  }
  st.blend.independent_blend_enable = true;
  st.blend.render_target[1] = RtBlendDesc{};  // RT1 now: no blend
  const PixelOut ibe = process_pixel(st, px, dests(st, {0, 0, 255, 255}));
  EXPECT_EQ(raw(st, ibe, 0), (Raw4{128, 0, 128, 191}));
  EXPECT_EQ(raw(st, ibe, 1), (Raw4{255, 0, 0, 128}));
}

TEST(Pixel, Tv39SampleMaskBitZeroClearSuppressesAllWrites) {
  PixelState st;
  st.rt_format[0] = st.rt_format[3] = fmt("R8G8B8A8_UNORM");
  st.sample_mask = 0xFFFFFFFEu;
  PixelIn px;
  px.oc[0] = px.oc[3] = V(1, 1, 1, 1);
  const PixelOut out = process_pixel(st, px, dests(st, {1, 2, 3, 4}));
  EXPECT_FALSE(out.covered);
  for (bool w : out.write) EXPECT_FALSE(w);
  st.sample_mask = 1;
  EXPECT_TRUE(process_pixel(st, px, dests(st, {1, 2, 3, 4})).write[3]);
  px.coverage = false;
  EXPECT_FALSE(process_pixel(st, px, dests(st, {1, 2, 3, 4})).write[0]);
}

TEST(Pixel, Tv40SingleSampleAlphaToCoverageThreshold) {
  struct Case {
    uint32_t a;
    bool covered;
  };
  const Case cases[] = {{F(0.0f), false},     {F(0.49f), false},    {F(0.5f), true},
                        {F(1.0f), true},      {0x7FC00000u, false}, {F(-1.0f), false},
                        {0x3EFFFFFFu, true},  {0x3EFFFFFEu, false}, {0x7F800000u, true},
                        {0xFF800000u, false}, {0x00000001u, false}};
  PixelState st;
  st.rt_format[0] = fmt("R8G8B8A8_UNORM");
  st.blend.alpha_to_coverage_enable = true;
  for (const Case& c : cases) {
    EXPECT_EQ(a2c_covered(c.a, 1, 0), c.covered) << std::hex << c.a;
    PixelIn px;
    px.oc[0] = {F(1), F(1), F(1), c.a};
    EXPECT_EQ(process_pixel(st, px, dests(st, {0, 0, 0, 0})).write[0], c.covered)
        << std::hex << c.a;
  }
}

TEST(Pixel, Tv48LinearFogOnRt0RgbOnly) {
  const uint32_t f = fog_factor(FogMode::LINEAR, F(35), F(10), F(110), F(1));
  EXPECT_EQ(f, F(0.75f));
  PixelState st;
  st.rt_format[0] = st.rt_format[1] = fmt("R32G32B32A32_FLOAT");
  st.d3d9.fog_enable = true;
  st.d3d9.fog_color = {F(1), F(1), F(1)};
  PixelIn px;
  px.fog = f;
  px.oc[0] = px.oc[1] = V(0.2f, 0.4f, 0.6f, 0.3f);
  const PixelOut out = process_pixel(st, px, dests(st, {0, 0, 0, 0}));
  const Raw4 r0 = raw(st, out, 0);
  const float want[3] = {0.4f, 0.55f, 0.7f};
  const float in[3] = {0.2f, 0.4f, 0.6f};
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(f32_value(r0[c]), want[c], 1e-6f);
    const float prod = 0.75f * in[c];  // host binary32, unfused: docs/arithmetic.md §10's order
    const float fog = 0.25f * 1.0f;
    EXPECT_EQ(r0[c], F(prod + fog));
  }
  EXPECT_EQ(r0[3], F(0.3f));                     // alpha untouched
  EXPECT_EQ(raw(st, out, 1), (Raw4{px.oc[1]}));  // RT1 not fogged (docs/behaviour.md §11 #20)
  px.fog = F(7.0f);                              // clamped to 1: colour unchanged
  EXPECT_EQ(raw(st, process_pixel(st, px, dests(st, {0, 0, 0, 0})), 0)[0], F(0.2f));
}

TEST(Pixel, Tv49ExponentialFogFactors) {
  const uint32_t e = fog_factor(FogMode::EXP, F(10), 0, 0, F(0.05f));
  const uint32_t e2 = fog_factor(FogMode::EXP2, F(10), 0, 0, F(0.05f));
  EXPECT_NEAR(f32_value(e), 0.606531, 1e-6);
  EXPECT_NEAR(f32_value(e2), 0.778801, 1e-6);
  EXPECT_EQ(fog_factor(FogMode::NONE, F(10), 0, 0, 0), kF32One);
  // Outside [0, 1]: clamped (docs/behaviour.md §11 #34).
  EXPECT_EQ(fog_factor(FogMode::LINEAR, F(200), F(10), F(110), 0), kF32Zero);
  EXPECT_EQ(fog_factor(FogMode::LINEAR, F(0), F(10), F(110), 0), kF32One);
  EXPECT_EQ(fog_factor(FogMode::LINEAR, F(5), F(5), F(5), 0), kF32Zero);  // 0/0 -> NaN -> 0
  EXPECT_THROW(fog_factor(static_cast<FogMode>(4), 0, 0, 0, 0), std::invalid_argument);
}

// RGBA8 targets in slots a and b, the D3D9 alpha test on: alpha >= 128/255 passes.
PixelState alpha_tested(int a, int b) {
  PixelState st;
  st.rt_format[a] = st.rt_format[b] = fmt("R8G8B8A8_UNORM");
  st.d3d9.alpha_test_enable = true;
  st.d3d9.alpha_func = CmpFunc::GREATER_EQUAL;
  st.d3d9.alpha_ref = 0x80;
  return st;
}

TEST(Pixel, Tv50AlphaTestKillsEveryRt) {
  PixelState st = alpha_tested(0, 2);
  PixelIn px;
  px.oc[0] = px.oc[2] = V(1, 1, 1, 0.49f);
  PixelOut out = process_pixel(st, px, dests(st, {0, 0, 0, 0}));
  EXPECT_FALSE(out.write[0]);
  EXPECT_FALSE(out.write[2]);
  px.oc[0][3] = F(0.52f);
  out = process_pixel(st, px, dests(st, {0, 0, 0, 0}));
  EXPECT_TRUE(out.write[0]);
  EXPECT_TRUE(out.write[2]);
  // ref is exactly 128/255: equal passes GREATER_EQUAL, fails GREATER.
  px.oc[0][3] = F(128.0f / 255.0f);
  EXPECT_TRUE(pixel_covered(st, px));
  st.d3d9.alpha_func = CmpFunc::GREATER;
  EXPECT_FALSE(pixel_covered(st, px));
}

// write_pixel is process_pixel's render-target half: the caller has decided the coverage, so a
// sample the kill rule would drop is written all the same. Expected texels by hand: UNORM8 is
// trunc(c * 255 + 0.5); RT3 blends SRC_ALPHA / INV_SRC_ALPHA over dest (10, 20, 30, 40) / 255.
TEST(Pixel, WritePixelWritesTheRenderTargetsWhateverTheKillRule) {
  PixelState st = alpha_tested(0, 3);
  st.blend.independent_blend_enable = true;
  st.blend.render_target[3] = alpha_blend();
  PixelIn px;
  px.oc[0] = V(0.25f, 0.5f, 0.75f, 0.8f);
  px.oc[3] = V(1, 0, 0, 0.6f);
  const std::array<Texel, kMaxRts> dest = dests(st, {10, 20, 30, 40});
  const Raw4 rt3{157, 8, 12, 108};  // 0.6 + 0.4 * 10/255 -> 157; alpha 0.36 + 0.4 * 40/255 -> 108
  ASSERT_TRUE(sample_covered(st, px));
  const PixelOut got = write_pixel(st, px, dest);
  EXPECT_TRUE(got.covered);
  EXPECT_TRUE(got.write[0] && got.write[3]);
  EXPECT_EQ(raw(st, got, 0), (Raw4{64, 128, 191, 204}));
  EXPECT_EQ(raw(st, got, 3), rt3);
  px.oc[0][3] = F(0.25f);  // the alpha test kills it
  EXPECT_FALSE(sample_covered(st, px));
  EXPECT_FALSE(process_pixel(st, px, dest).write[0]);
  const PixelOut forced = write_pixel(st, px, dest);
  EXPECT_TRUE(forced.write[0] && forced.write[3]);
  EXPECT_EQ(raw(st, forced, 0), (Raw4{64, 128, 191, 64}));
  EXPECT_EQ(raw(st, forced, 3), rt3);
}

// sample_covered is process_pixel's choice of rule: a clear only needs its sample in the count,
// a draw the kill rule.
TEST(Pixel, SampleCoveredTakesTheSampleCountForAClearAndTheKillRuleForADraw) {
  PixelState st = alpha_tested(0, 1);
  st.sample_count = 2;  // 4 samples
  PixelIn px;
  px.oc[0] = V(1, 1, 1, 0.25f);  // the alpha test kills a draw
  px.coverage = false;
  px.sample = 3;
  EXPECT_FALSE(sample_covered(st, px));
  px.clear = true;
  EXPECT_TRUE(sample_covered(st, px));
  EXPECT_TRUE(process_pixel(st, px, dests(st, {0, 0, 0, 0})).covered);
  px.sample = 4;
  EXPECT_FALSE(sample_covered(st, px));
  px.clear = false;
  px.sample = 0;
  px.coverage = true;
  px.oc[0][3] = F(0.75f);
  EXPECT_TRUE(sample_covered(st, px));
}

TEST(Pixel, AlphaTestNanRules) {
  D3d9State d;
  d.alpha_test_enable = true;
  const uint32_t nan = 0x7FC00000u;
  const std::pair<CmpFunc, bool> cases[] = {
      {CmpFunc::NEVER, false},         {CmpFunc::LESS, false},    {CmpFunc::EQUAL, false},
      {CmpFunc::LESS_EQUAL, false},    {CmpFunc::GREATER, false}, {CmpFunc::NOT_EQUAL, true},
      {CmpFunc::GREATER_EQUAL, false}, {CmpFunc::ALWAYS, true}};
  for (const auto& [func, pass] : cases) {
    d.alpha_func = func;
    EXPECT_EQ(alpha_test_pass(d, nan), pass) << to_string(func);
  }
  d.alpha_test_enable = false;
  d.alpha_func = CmpFunc::NEVER;
  EXPECT_TRUE(alpha_test_pass(d, nan));
}

TEST(Pixel, UndeclaredOutputsAndUnboundSlotsAreUntouched) {
  PixelState st;
  st.rt_format[0] = st.rt_format[1] = st.rt_format[5] = fmt("R8G8B8A8_UNORM");
  st.ps_outputs = 0x21;  // o0 and o5 declared; o1 not
  PixelIn px;
  for (auto& o : px.oc) o = V(1, 1, 1, 1);
  const PixelOut out = process_pixel(st, px, dests(st, {5, 5, 5, 5}));
  EXPECT_TRUE(out.write[0]);
  EXPECT_FALSE(out.write[1]);
  EXPECT_TRUE(out.write[5]);
  EXPECT_FALSE(out.write[2]);  // unbound
  EXPECT_EQ(raw(st, out, 1), (Raw4{5, 5, 5, 5}));
}

TEST(Pixel, WriteMaskMergesPackedFieldsAtBitLevel) {
  PixelState st;
  st.rt_format[0] = fmt("R10G10B10A2_UNORM");
  st.rt_format[1] = fmt("B5G6R5_UNORM");
  st.blend.independent_blend_enable = true;
  st.blend.render_target[0].render_target_write_mask = 0x2;  // G
  st.blend.render_target[1].render_target_write_mask = 0x1;  // R
  PixelIn px;
  px.oc[0] = px.oc[1] = V(0, 1, 0, 0);
  px.oc[1][0] = F(1.0f);
  std::array<Texel, kMaxRts> dest{};
  dest[0].w[0] = 0xAAAAAAAAu;
  dest[1].w[0] = 0x5555u;
  const PixelOut out = process_pixel(st, px, dest);
  EXPECT_EQ(out.texel[0].w[0], (0xAAAAAAAAu & ~(0x3FFu << 10)) | (0x3FFu << 10));
  EXPECT_EQ(out.texel[1].w[0], (0x5555u & 0x07FFu) | (0x1Fu << 11));
}

TEST(Pixel, LogicOpOfRt0AppliesToEveryRt) {
  PixelState st;
  st.rt_format[0] = fmt("R8G8B8A8_UINT");
  st.rt_format[1] = fmt("R32_UINT");
  st.rt_format[2] = fmt("R8G8B8A8_UNORM");
  st.blend.render_target[0].logic_op_enable = true;
  st.blend.render_target[0].logic_op = LogicOp::XOR;
  st.blend.independent_blend_enable =
      true;  // invalid with a logic op: RT[0]'s descriptor still rules
  st.blend.render_target[1].render_target_write_mask = 0;
  PixelIn px;
  px.oc[0] = {0xF0, 0x0F, 0xFF, 0x100};
  px.oc[1] = {0xDEADBEEFu, 0, 0, 0};
  px.oc[2] = V(1, 1, 1, 1);
  std::array<Texel, kMaxRts> dest{};
  dest[0].w[0] = 0x04030201u;
  dest[1].w[0] = 0xFFFF0000u;
  dest[2].w[0] = 0x01020304u;
  const PixelOut out = process_pixel(st, px, dest);
  EXPECT_EQ(out.texel[0].w[0], 0x04FC0DF1u);
  EXPECT_EQ(out.texel[1].w[0], 0x2152BEEFu);  // TV34 through the pixel path
  EXPECT_FALSE(out.write[2]);                 // UNORM RT under a logic op: unchanged
  EXPECT_EQ(out.texel[2], dest[2]);
}

TEST(Pixel, DualSourceFeedsOc1ToTheBlender) {
  PixelState st;
  st.rt_format[0] = fmt("R8G8B8A8_UNORM");
  RtBlendDesc& d = st.blend.render_target[0];
  d.blend_enable = true;
  d.src_blend = d.src_blend_alpha = Blend::ONE;
  d.dest_blend = Blend::SRC1_COLOR;
  d.dest_blend_alpha = Blend::SRC1_ALPHA;
  PixelIn px;
  px.oc[0] = V(0, 0, 0, 0);
  px.oc1 = V(0.5f, 0.0f, 1.0f, 0.5f);
  const PixelOut out = process_pixel(st, px, dests(st, {200, 200, 200, 200}));
  EXPECT_EQ(raw(st, out, 0), (Raw4{100, 0, 200, 100}));
}

TEST(Pixel, ClearConvertsPerFormatAndIgnoresMasksAndCoverage) {
  PixelState st;
  st.rt_format[0] = fmt("R8G8B8A8_UNORM_SRGB");
  st.rt_format[1] = fmt("R32_UINT");
  st.rt_format[2] = fmt("R16G16_SINT");
  st.rt_format[3] = fmt("B8G8R8X8_UNORM");
  st.rt_format[4] = fmt("R16G16B16A16_FLOAT");
  st.sample_mask = 0;
  st.ps_outputs = 0;
  st.blend.render_target[0].render_target_write_mask = 0;
  st.d3d9.alpha_test_enable = true;
  st.d3d9.alpha_func = CmpFunc::NEVER;
  PixelIn px;
  px.clear = true;
  px.coverage = false;
  px.oc[0] = V(0.5f, 70000.5f, -3.7f, 1.0f);
  const PixelOut out = process_pixel(st, px, std::array<Texel, kMaxRts>{});
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(out.write[i]) << i;
  EXPECT_FALSE(out.write[5]);
  EXPECT_EQ(raw(st, out, 0), (Raw4{188, 255, 0, 255}));  // linear 0.5 -> sRGB 188 (TV24)
  EXPECT_EQ(raw(st, out, 1)[0], 0u);                     // 0.5 truncates to 0
  EXPECT_EQ(raw(st, out, 2), (Raw4{0, 0x7FFF, 0, 0}));   // 70000 saturates to 32767
  EXPECT_EQ(out.texel[3].w[0], 0xFF80FF00u);             // B=0 G=255 R=128, X = 0xFF
  EXPECT_EQ(raw(st, out, 4)[1], 0x7BFFu);                // float16 overflow -> max finite
  EXPECT_EQ(f32_to_u32_sat(F(3e9f)), 3000000000u);
  EXPECT_EQ(f32_to_u32_sat(F(5e9f)), 0xFFFFFFFFu);
  EXPECT_EQ(f32_to_u32_sat(0x7FC00000u), 0u);
  EXPECT_EQ(f32_to_i32_sat(F(-3.7f)), static_cast<uint32_t>(-3));
  EXPECT_EQ(f32_to_i32_sat(0xFF800000u), 0x80000000u);
}

TEST(Pixel, SelectRtDescRejectsBadSlots) {
  BlendDesc b;
  EXPECT_THROW(select_rt_desc(b, 8), std::out_of_range);
  EXPECT_THROW(rt_op(RtOpIn{}), std::invalid_argument);
}

}  // namespace
}  // namespace om::ref

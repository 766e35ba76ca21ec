// SPDX-License-Identifier: Apache-2.0
// Capability consistency (docs/caps.md §8), part 1: for every configuration, every capability the
// registers report is exercised through the driver and the whole pipeline. Present: the state is
// accepted and a drawn pixel matches the reference model. Absent: CreateBlendState1 or validate()
// rejects it. Decisions use what the device reports (dev().caps(), read over the bus).
#include "fixture.h"
#include "om/ref/depth_stencil.h"
#include "om/ref/om_validate.h"

namespace om::driver::test {
namespace {

constexpr uint32_t bit(ValidateReason r) { return ref::reason_bit(r); }

class CapsConsistency : public DriverTest {
 protected:
  const ref::Caps& caps() { return dev().caps(); }
  std::vector<Format> rgba8(int n) { return std::vector<Format>(n, Format::R8G8B8A8_UNORM); }
  int mrt() { return std::min<int>(2, static_cast<int>(caps().om.max_rts)); }

  // present: create succeeds, validate passes, and a pixel matches the reference model.
  // absent: create fails with E_INVALIDARG.
  void exercise(bool present, const ref::BlendDesc& d, const std::vector<Format>& fmts,
                const std::string& what, const ref::PixelIn& px = pixel(0.3f, 0.6f, 0.9f, 0.4f)) {
    BlendState s = 0;
    const Hresult hr = dev().create_blend_state1(&d, &s);
    if (!present) {
      EXPECT_EQ(hr, Hresult::E_INVALIDARG) << what << " is reported absent but was accepted";
      return;
    }
    ASSERT_EQ(hr, Hresult::S_OK) << what << ": " << dev().last_error();
    ASSERT_EQ(dev().set_blend_state(s, nullptr, 0xFFFFFFFFu), Hresult::S_OK);
    bind(fmts);
    declare_outputs((1u << fmts.size()) - 1u);
    fill(fmts, 1, 2, 42);
    const ValidateOutcome v = dev().validate();
    EXPECT_EQ(v.result, Hresult::S_OK) << what << ": " << dev().last_error();
    draw_and_check(expected_state(d, fmts), px, 1, 2, what);
  }
};

TEST_P(CapsConsistency, MaxRenderTargets) {
  const int max = static_cast<int>(caps().om.max_rts);
  EXPECT_EQ(max, cfg().max_rts);
  exercise(true, ref::BlendDesc{}, rgba8(max), "all reported RT slots");
  if (max < ref::kMaxRts) {  // one more is bound but never written, and validate says so
    const std::vector<Format> fmts = rgba8(max + 1);
    bind(fmts);
    declare_outputs(0xFF);
    fill(fmts, 1, 2, 9);
    const ValidateOutcome v = dev().validate();
    EXPECT_EQ(v.result, Hresult::D3DERR_TOOMANYOPERATIONS);
    EXPECT_EQ(v.rt, max);
    draw_and_check(expected_state(ref::BlendDesc{}, fmts), pixel(1, 0, 1, 0), 1, 2, "slot >= max");
  }
  // D3D9 mode: NumSimultaneousRTs.
  const int n9 = static_cast<int>(caps().d3d9.num_simultaneous_rts);
  ASSERT_EQ(dev().set_d3d9_mode(true), Hresult::S_OK);
  bind(rgba8(std::min(n9, max)));
  EXPECT_EQ(dev().validate().reasons & bit(ValidateReason::TOO_MANY_RTS), 0u);
  if (n9 < ref::kMaxRts) {
    bind(rgba8(n9 + 1));
    EXPECT_TRUE(dev().validate().reasons & bit(ValidateReason::TOO_MANY_RTS));
  }
}

TEST_P(CapsConsistency, IndependentWriteMasks) {
  const bool present = caps().om.independent_write_masks;
  const bool pmisc =
      caps().d3d9.primitive_misc_caps & static_cast<uint32_t>(PMiscCaps::INDEPENDENTWRITEMASKS);
  EXPECT_EQ(present, pmisc);
  if (present && mrt() >= 2) {  // D3D11: one equation, different masks
    ref::BlendDesc d;
    d.independent_blend_enable = true;
    d.render_target[0].render_target_write_mask = 0x3;
    d.render_target[1].render_target_write_mask = 0xC;
    exercise(true, d, rgba8(2), "per-RT write masks");
  }
  // D3D9: COLORWRITEENABLE1 different from COLORWRITEENABLE, two targets bound (also where the
  // second slot does not exist: the check is about the masks).
  ASSERT_EQ(dev().set_d3d9_mode(true), Hresult::S_OK);
  ASSERT_EQ(dev().set_color_write_enable(1, 0x5), Hresult::S_OK);
  std::vector<RenderTargetView> views(2);
  for (auto& x : views) x.width = x.height = 4;
  ASSERT_EQ(dev().set_render_targets(2, views.data(), nullptr), Hresult::S_OK);
  const ValidateOutcome v = dev().validate();
  EXPECT_EQ((v.reasons & bit(ValidateReason::D3D9_WRITE_MASKS)) != 0, !present);
}

TEST_P(CapsConsistency, PerRenderTargetBlendEnable) {
  ref::BlendDesc d = blend(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA);
  d.independent_blend_enable = true;  // RT 1 keeps BlendEnable = FALSE
  exercise(caps().om.per_rt_blend_enable, d, rgba8(mrt()), "per-RT BlendEnable");
}

TEST_P(CapsConsistency, IndependentBlend) {
  ref::BlendDesc d = blend(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA);
  d.independent_blend_enable = true;
  d.render_target[1] = blend(Blend::ONE, Blend::ONE, BlendOp::REV_SUBTRACT).render_target[0];
  exercise(caps().om.independent_blend, d, rgba8(mrt()), "per-RT equations");
}

TEST_P(CapsConsistency, SeparateAlphaBlend) {
  const bool present = caps().om.separate_alpha;
  EXPECT_EQ(present, (caps().d3d9.primitive_misc_caps &
                      static_cast<uint32_t>(PMiscCaps::SEPARATEALPHABLEND)) != 0);
  ref::BlendDesc d = blend(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA);
  d.render_target[0].src_blend_alpha = Blend::ONE;
  d.render_target[0].dest_blend_alpha = Blend::ONE;
  d.render_target[0].blend_op_alpha = BlendOp::MAX;
  exercise(present, d, rgba8(1), "separate alpha");
}

TEST_P(CapsConsistency, DualSourceBlend) {
  exercise(caps().om.dual_source, blend(Blend::SRC1_COLOR, Blend::INV_SRC1_ALPHA), rgba8(1),
           "dual source");
}

TEST_P(CapsConsistency, SrcAlphaSat) {
  const bool present = caps().om.src_alpha_sat;
  const uint32_t sat = static_cast<uint32_t>(PBlendCaps::SRCALPHASAT);
  EXPECT_EQ(present, (caps().d3d9.src_blend_caps & sat) != 0);
  exercise(present, blend(Blend::SRC_ALPHA_SAT, Blend::ONE), rgba8(1), "SRC_ALPHA_SAT");
}

TEST_P(CapsConsistency, AlphaToCoverage) {
  ref::BlendDesc d;
  d.alpha_to_coverage_enable = true;
  const bool present = caps().om.alpha_to_coverage;
  exercise(present, d, rgba8(1), "A2C, alpha 0.75", pixel(0.5f, 0.5f, 0.5f, 0.75f));
  if (present) {  // alpha 0.25 leaves the target untouched (docs/behaviour.md §8)
    const ref::PixelOut o =
        draw_and_check(expected_state(d, rgba8(1)), pixel(0.1f, 0.1f, 0.1f, 0.25f), 1, 2, "A2C");
    EXPECT_FALSE(o.covered);
  }
}

TEST_P(CapsConsistency, LogicOps) {
  FeatureDataD3d11Options o;
  ASSERT_EQ(dev().check_feature_support(Feature::D3D11_OPTIONS, &o, sizeof o), Hresult::S_OK);
  EXPECT_EQ(o.output_merger_logic_op != 0, caps().om.logic_op);
  ref::BlendDesc d;
  d.render_target[0].logic_op_enable = true;
  d.render_target[0].logic_op = LogicOp::XOR;
  ref::PixelIn px;
  px.oc[0] = {0x12345678u, 0xFFu, 0x0F0Fu, 0x80u};
  exercise(o.output_merger_logic_op != 0, d, {Format::R8G8B8A8_UINT}, "logic op XOR", px);
}

TEST_P(CapsConsistency, MrtIndependentBitDepths) {
  const bool present = caps().om.mrt_independent_bit_depths;
  EXPECT_EQ(present, (caps().d3d9.primitive_misc_caps &
                      static_cast<uint32_t>(PMiscCaps::MRTINDEPENDENTBITDEPTHS)) != 0);
  if (mrt() < 2) return;  // one RT slot: nothing to mix (docs/caps.md §6 "n/a")
  const std::vector<Format> fmts{Format::R8G8B8A8_UNORM, Format::R16G16B16A16_FLOAT};
  for (bool d3d9 : {false, true}) {
    ASSERT_EQ(dev().set_d3d9_mode(d3d9), Hresult::S_OK);
    bind(fmts);
    declare_outputs(0x3);
    const ValidateOutcome v = dev().validate();
    EXPECT_EQ((v.reasons & bit(ValidateReason::MRT_BIT_DEPTH)) != 0, !present) << "d3d9 " << d3d9;
    if (present) {
      fill(fmts, 1, 2, 5);
      draw_and_check(expected_state(ref::BlendDesc{}, fmts), pixel(0.1f, 2.0f, -1.0f, 0.5f));
    }
  }
}

TEST_P(CapsConsistency, SrgbBlendSpace) {
  const bool linear = caps().om.linear_srgb_blend;
  EXPECT_EQ(linear, (caps().d3d9.primitive_misc_caps &
                     static_cast<uint32_t>(PMiscCaps::POSTBLENDSRGBCONVERT)) != 0);
  const ref::BlendDesc d = blend(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA);
  const std::vector<Format> fmts{Format::R8G8B8A8_UNORM_SRGB};
  const ref::PixelIn px = pixel(0.8f, 0.2f, 0.5f, 0.5f);
  use_blend(d);
  bind(fmts);
  declare_outputs(0x1);
  ref::PixelState ps = expected_state(d, fmts);
  ps.gamma_space = !linear;
  // The two blend spaces give different texels for this pixel, so the check below can tell them
  // apart.
  ref::PixelState other = ps;
  other.gamma_space = linear;
  std::array<ref::Texel, ref::kMaxRts> dest{};
  dest[0].w[0] = 0xFF204080u;
  EXPECT_NE(ref::process_pixel(ps, px, dest).texel[0],
            ref::process_pixel(other, px, dest).texel[0]);
  ASSERT_EQ(dev().write_texel(0, 1, 2, dest[0]), Hresult::S_OK);
  draw_and_check(ps, px, 1, 2, linear ? "linear-space sRGB blend" : "gamma-space sRGB blend");
}

TEST_P(CapsConsistency, CubeFaceWithTexture2dDepthStencil) {
  FeatureDataD3d9Options1 o;
  ASSERT_EQ(dev().check_feature_support(Feature::D3D9_OPTIONS1, &o, sizeof o), Hresult::S_OK);
  const bool present = o.texture_cube_face_render_target_with_non_cube_depth_stencil_supported;
  EXPECT_EQ(present, caps().om.cube_depth_stencil);
  RenderTargetView v;
  v.width = v.height = 4;
  v.cube = true;
  DepthStencilView ds;
  ds.width = ds.height = 4;
  ASSERT_EQ(dev().set_render_targets(1, &v, &ds), Hresult::S_OK);
  // No depth/stencil test, so the pixel's colour is the whole outcome on every backend.
  ref::DepthStencilDesc off;
  off.depth_enable = false;
  DepthStencilState s = 0;
  ASSERT_EQ(dev().create_depth_stencil_state(&off, &s), Hresult::S_OK);
  ASSERT_EQ(dev().set_depth_stencil_state(s, 0), Hresult::S_OK);
  bound_ = {Format::R8G8B8A8_UNORM};
  declare_outputs(0x1);
  const ValidateOutcome r = dev().validate();
  EXPECT_EQ((r.reasons & bit(ValidateReason::CUBE_FACE_DS)) != 0, !present);
  if (present) draw_and_check(expected_state(ref::BlendDesc{}, bound_), pixel(0, 1, 0, 1));
}

// D3D9_OPTIONS1.DepthAsTextureWithLessEqualComparisonFilterSupported describes the texture
// sampler (a depth texture read through a LESS_EQUAL comparison filter), which an output merger
// does not have: nothing here can behave by it (docs/caps.md §2). What the OM can check is that
// both queries report the one register bit, as docs/caps.md §6 gives it per feature level.
TEST_P(CapsConsistency, DepthAsTextureIsReportedAlikeByBothQueries) {
  FeatureDataD3d9Options1 o;
  FeatureDataD3d9ShadowSupport shadow;
  ASSERT_EQ(dev().check_feature_support(Feature::D3D9_OPTIONS1, &o, sizeof o), Hresult::S_OK);
  ASSERT_EQ(dev().check_feature_support(Feature::D3D9_SHADOW_SUPPORT, &shadow, sizeof shadow),
            Hresult::S_OK);
  EXPECT_EQ(o.depth_as_texture_with_less_equal_comparison_filter_supported,
            shadow.supports_depth_as_texture_with_less_equal_comparison_filter);
  EXPECT_EQ(o.depth_as_texture_with_less_equal_comparison_filter_supported != 0,
            fl_at_least(FeatureLevel::FL_10_0) || (cfg().d3d9_options1 & 2) != 0);
}

// CAP_OM.DEPTH_STENCIL: every configuration has the stage (om_depth), and a depth-tested draw
// follows om::ref.
TEST_P(CapsConsistency, DepthStencilUnit) {
  RenderTargetView v;
  v.width = v.height = 4;
  DepthStencilView ds;
  ds.width = ds.height = 4;
  ASSERT_EQ(dev().set_render_targets(1, &v, &ds), Hresult::S_OK);
  bound_ = {Format::R8G8B8A8_UNORM};
  declare_outputs(0x1);
  Pixel p;
  p.x = 1;
  p.y = 2;
  p.px = pixel(1, 1, 1, 1);
  p.z.fill(f(0.25f));
  ASSERT_TRUE(caps().om.depth_stencil);
  // The default state: DepthEnable, LESS against the never-written (zero) buffer: z 0.25 fails.
  ASSERT_EQ(dev().draw({p}), Hresult::S_OK) << dev().last_error();
  uint32_t z = 0, s = 0;
  ASSERT_EQ(dev().read_depth_stencil(1, 2, &z, &s), Hresult::S_OK);
  EXPECT_EQ(z, 0u);
  ASSERT_EQ(dev().clear_depth_stencil_view(1, f(1.0f), 0), Hresult::S_OK) << dev().last_error();
  ASSERT_EQ(dev().draw({p}), Hresult::S_OK) << dev().last_error();
  ASSERT_EQ(dev().read_depth_stencil(1, 2, &z, &s), Hresult::S_OK);
  const DsFormatInfo& d24 = *ref::find_ds_format(static_cast<uint32_t>(ds.format));
  ref::DsBinding b;
  b.format = &d24;
  ref::DsSampleIn in;
  in.z = p.z[0];
  in.stored_depth = ref::depth_convert(f(1.0f), d24);
  const ref::DsSampleOut want = ref::depth_stencil_sample(ref::DepthStencilDesc{}, b, in);
  ASSERT_TRUE(want.write_depth);
  EXPECT_EQ(z, want.depth);
}

// docs/validation.md §7 check 3 for the depth-stencil view: D3D11 needs the targets' size and
// samples, D3D9 a surface at least as large with the same samples.
TEST_P(CapsConsistency, DepthStencilViewCoversTheTargets) {
  for (bool d3d9 : {false, true}) {
    ASSERT_EQ(dev().set_d3d9_mode(d3d9), Hresult::S_OK);
    RenderTargetView v;
    v.width = v.height = 4;
    for (uint32_t w : {4u, 8u, 2u}) {
      DepthStencilView ds;
      ds.width = w;
      ds.height = 4;
      ASSERT_EQ(dev().set_render_targets(1, &v, &ds), Hresult::S_OK);
      bound_ = {Format::R8G8B8A8_UNORM};
      declare_outputs(0x1);
      const bool ok = d3d9 ? w >= 4 : w == 4;
      const ValidateOutcome r = dev().validate();
      EXPECT_EQ((r.reasons & bit(ValidateReason::RT_MISMATCH)) != 0, !ok) << d3d9 << " " << w;
      Pixel p;
      p.px = pixel(1, 1, 1, 1);
      EXPECT_EQ(dev().draw({p}), ok ? Hresult::S_OK : Hresult::E_INVALIDARG) << d3d9 << " " << w;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, CapsConsistency, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

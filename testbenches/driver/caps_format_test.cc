// SPDX-License-Identifier: Apache-2.0
// Capability consistency (docs/caps.md §8), part 2: every format-support flag, the D3DPMISCCAPS
// bits a post-PS pipeline can show, and every D3DPBLENDCAPS bit, for every configuration. A flag
// reported present works through the pipeline (checked against the reference model); one reported
// absent is rejected by set_render_targets, CreateBlendState1 or validate().
#include "fixture.h"
#include "om/ref/om_validate.h"

namespace om::driver::test {
namespace {

constexpr uint32_t bit(ValidateReason r) { return ref::reason_bit(r); }

class FormatCaps : public DriverTest {
 protected:
  // A pixel whose o0 suits the format's class.
  static ref::PixelIn pixel_for(const FormatInfo& fi) {
    if (fi.cls == FormatClass::UINT || fi.cls == FormatClass::SINT) {
      ref::PixelIn px;
      px.oc[0] = {0x8000F00Du, 0x7FFFFFFFu, 0xFFFFFF80u, 0x00000005u};
      return px;
    }
    return pixel(0.3f, -0.6f, 1.7f, 0.45f);
  }
  uint32_t pmisc() { return dev().caps().d3d9.primitive_misc_caps; }
};

TEST_P(FormatCaps, EveryFormatSupportFlagIsExercised) {
  const bool logic_cap = dev().caps().d3d11_options.output_merger_logic_op;
  int renderable = 0;
  for (const FormatInfo& fi : kFormatInfo) {
    SCOPED_TRACE(fi.name);
    FeatureDataFormatSupport fs;
    FeatureDataFormatSupport2 fs2;
    fs.in_format = fs2.in_format = static_cast<uint32_t>(fi.format);
    ASSERT_EQ(dev().check_feature_support(Feature::FORMAT_SUPPORT, &fs, sizeof fs), Hresult::S_OK);
    ASSERT_EQ(dev().check_feature_support(Feature::FORMAT_SUPPORT2, &fs2, sizeof fs2),
              Hresult::S_OK);
    const bool rt = fs.out_format_support & static_cast<uint32_t>(FormatSupport::RENDER_TARGET);
    const bool blendable = fs.out_format_support & static_cast<uint32_t>(FormatSupport::BLENDABLE);
    const bool logic =
        fs2.out_format_support2 & static_cast<uint32_t>(FormatSupport2::OUTPUT_MERGER_LOGIC_OP);
    if (!rt) {  // CreateRenderTargetView fails; nothing changes
      EXPECT_FALSE(blendable || logic);
      const RegImage before = read_state_registers();
      RenderTargetView v;
      v.format = fi.format;
      v.width = v.height = 4;
      EXPECT_EQ(dev().set_render_targets(1, &v, nullptr), Hresult::E_INVALIDARG);
      EXPECT_EQ(read_state_registers(), before);
      continue;
    }
    ++renderable;
    const std::vector<Format> fmts{fi.format};
    bind(fmts);
    declare_outputs(0x1);
    fill(fmts, 1, 2, static_cast<uint64_t>(fi.format));
    const ref::PixelIn px = pixel_for(fi);
    // RENDER_TARGET: a plain write.
    use_blend(ref::BlendDesc{});
    EXPECT_EQ(dev().validate().result, Hresult::S_OK) << dev().last_error();
    draw_and_check(expected_state(ref::BlendDesc{}, fmts), px, 1, 2, "render target");
    // BLENDABLE: validate accepts blending only on blendable formats.
    const ref::BlendDesc b = blend(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA);
    use_blend(b);
    const ValidateOutcome vb = dev().validate();
    EXPECT_EQ((vb.reasons & bit(ValidateReason::BLEND_NOT_BLENDABLE)) != 0, !blendable);
    if (blendable) {
      EXPECT_EQ(vb.result, Hresult::S_OK) << dev().last_error();
      draw_and_check(expected_state(b, fmts), px, 1, 2, "blend");
    }
    // OUTPUT_MERGER_LOGIC_OP: only with the device's logic-op capability (LogicOps test).
    if (logic_cap) {
      ref::BlendDesc l;
      l.render_target[0].logic_op_enable = true;
      l.render_target[0].logic_op = LogicOp::OR_REVERSE;
      use_blend(l);
      const ValidateOutcome vl = dev().validate();
      EXPECT_EQ((vl.reasons & bit(ValidateReason::LOGIC_NOT_UINT)) != 0, !logic);
      if (logic) draw_and_check(expected_state(l, fmts), px, 1, 2, "logic op");
    } else {
      EXPECT_FALSE(logic);
    }
  }
  EXPECT_GE(renderable, 10);
}

TEST_P(FormatCaps, PrimitiveMiscCaps) {
  const auto has = [&](PMiscCaps c) { return (pmisc() & static_cast<uint32_t>(c)) != 0; };
  // COLORWRITEENABLE: per-channel write masks (required at every FL).
  ASSERT_TRUE(has(PMiscCaps::COLORWRITEENABLE));
  const std::vector<Format> one{Format::R8G8B8A8_UNORM};
  bind(one);
  declare_outputs(0x1);
  fill(one, 1, 2, 77);
  ref::BlendDesc masked;
  masked.render_target[0].render_target_write_mask = 0x5;
  use_blend(masked);
  draw_and_check(expected_state(masked, one), pixel(0.9f, 0.8f, 0.7f, 0.6f), 1, 2, "mask 0x5");
  // BLENDOP: D3D9 blend ops other than ADD.
  ASSERT_EQ(dev().set_d3d9_mode(true), Hresult::S_OK);
  const ref::BlendDesc sub = blend(Blend::ONE, Blend::ONE, BlendOp::REV_SUBTRACT);
  use_blend(sub);
  ValidateOutcome v = dev().validate();
  EXPECT_EQ((v.reasons & bit(ValidateReason::D3D9_BLENDOP)) != 0, !has(PMiscCaps::BLENDOP));
  if (has(PMiscCaps::BLENDOP)) {
    draw_and_check(expected_state(sub, one), pixel(0.1f, 0.2f, 0.3f, 0.4f), 1, 2, "REV_SUBTRACT");
  }
  // MRTPOSTPIXELSHADERBLENDING: blending with two targets bound in D3D9 mode.
  std::vector<RenderTargetView> views(2);
  for (auto& x : views) x.width = x.height = 4;
  ASSERT_EQ(dev().set_render_targets(2, views.data(), nullptr), Hresult::S_OK);
  bound_ = {Format::R8G8B8A8_UNORM, Format::R8G8B8A8_UNORM};
  declare_outputs(0x3);
  const ref::BlendDesc alpha = blend(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA);
  use_blend(alpha);
  v = dev().validate();
  const bool post = has(PMiscCaps::MRTPOSTPIXELSHADERBLENDING);
  EXPECT_EQ((v.reasons & bit(ValidateReason::D3D9_MRT_POST_PS)) != 0, !post);
  if (post && dev().caps().om.max_rts >= 2) {
    EXPECT_EQ(v.result, Hresult::S_OK) << dev().last_error();
    fill(bound_, 1, 2, 78);
    draw_and_check(expected_state(alpha, bound_), pixel(0.5f, 0.25f, 1.0f, 0.75f), 1, 2,
                   "MRT blending");
  }
}

TEST_P(FormatCaps, EveryD3d9BlendCapBit) {
  // D3DPBLENDCAPS bit -> the D3D11 factor it names (docs/behaviour.md §5.6; docs/caps.md §4).
  const std::pair<PBlendCaps, uint32_t> factors[] = {{PBlendCaps::ZERO, 1},
                                                     {PBlendCaps::ONE, 2},
                                                     {PBlendCaps::SRCCOLOR, 3},
                                                     {PBlendCaps::INVSRCCOLOR, 4},
                                                     {PBlendCaps::SRCALPHA, 5},
                                                     {PBlendCaps::INVSRCALPHA, 6},
                                                     {PBlendCaps::DESTALPHA, 7},
                                                     {PBlendCaps::INVDESTALPHA, 8},
                                                     {PBlendCaps::DESTCOLOR, 9},
                                                     {PBlendCaps::INVDESTCOLOR, 10},
                                                     {PBlendCaps::SRCALPHASAT, 11},
                                                     {PBlendCaps::BOTHSRCALPHA, 12},
                                                     {PBlendCaps::BOTHINVSRCALPHA, 13},
                                                     {PBlendCaps::BLENDFACTOR, 14}};
  ASSERT_EQ(dev().set_d3d9_mode(true), Hresult::S_OK);
  const std::vector<Format> one{Format::B8G8R8A8_UNORM};
  bind(one);
  declare_outputs(0x1);
  const std::array<uint32_t, 4> k{{f(0.25f), f(0.5f), f(0.75f), f(0.125f)}};
  for (bool dest : {false, true}) {
    const uint32_t caps =
        dest ? dev().caps().d3d9.dest_blend_caps : dev().caps().d3d9.src_blend_caps;
    for (const auto& [cap, value] : factors) {
      SCOPED_TRACE(std::string(dest ? "DestBlendCaps " : "SrcBlendCaps ") + to_string(cap));
      const Blend factor = static_cast<Blend>(value);
      const ref::BlendDesc d =
          dest ? blend(Blend::ONE, factor) : blend(factor, Blend::INV_SRC_ALPHA);
      const bool present = (caps & static_cast<uint32_t>(cap)) != 0;
      BlendState s = 0;
      const Hresult hr = dev().create_blend_state1(&d, &s);
      if (!present && failed(hr)) {
        EXPECT_EQ(hr, Hresult::E_INVALIDARG);
        continue;  // rejected by CreateBlendState1
      }
      ASSERT_EQ(hr, Hresult::S_OK) << dev().last_error();
      ASSERT_EQ(dev().set_blend_state(s, &k, 0xFFFFFFFFu), Hresult::S_OK);
      const ValidateOutcome v = dev().validate();
      EXPECT_EQ((v.reasons & bit(ValidateReason::D3D9_BLEND_CAPS)) != 0, !present);
      if (!present) continue;  // rejected by validate()
      EXPECT_EQ(v.result, Hresult::S_OK) << dev().last_error();
      fill(one, 2, 3, value);
      ref::PixelState ps = expected_state(d, one);
      ps.blend_factor = k;
      draw_and_check(ps, pixel(0.6f, 0.3f, 0.9f, 0.35f), 2, 3, "factor");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, FormatCaps, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

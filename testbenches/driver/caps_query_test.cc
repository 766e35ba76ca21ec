// SPDX-License-Identifier: Apache-2.0
// CheckFeatureSupport / GetDeviceCaps through the driver: the values of docs/caps.md §2–§6 for the
// configuration's feature level, agreement with the raw capability registers read over the bus,
// D3D's E_INVALIDARG rules, and proof that the values come from the registers (a bus that reports
// different capability registers changes the answers and the create-time validation).
#include <map>

#include "fixture.h"
#include "om/gen/regs.h"
#include "om/ref/caps.h"

namespace om::driver::test {
namespace {

class CapsQuery : public DriverTest {};

// The cells of docs/caps.md §6 that are fixed per feature level; "cap" / "optional" cells are the
// configuration's declaration (defs/configs.toml through kConfigs).
TEST_P(CapsQuery, D3d9Options1FollowsTheFeatureLevel) {
  FeatureDataD3d9Options1 o;
  ASSERT_EQ(dev().check_feature_support(Feature::D3D9_OPTIONS1, &o, sizeof o), Hresult::S_OK);
  const bool ten = fl_at_least(FeatureLevel::FL_10_0);
  const uint32_t declared = cfg().d3d9_options1;
  const Bool want[4] = {ten || (declared & 1), ten || (declared & 2),
                        ten || fl() == FeatureLevel::FL_9_3 || (declared & 4),
                        ten || (declared & 8)};
  EXPECT_EQ(o.full_non_pow2_texture_supported, want[0] ? 1u : 0u);
  EXPECT_EQ(o.depth_as_texture_with_less_equal_comparison_filter_supported, want[1] ? 1u : 0u);
  EXPECT_EQ(o.simple_instancing_supported, want[2] ? 1u : 0u);
  EXPECT_EQ(o.texture_cube_face_render_target_with_non_cube_depth_stencil_supported,
            want[3] ? 1u : 0u);
  // The split queries report the same bits (docs/caps.md §2: all must agree).
  FeatureDataD3d9Options a;
  FeatureDataD3d9ShadowSupport s;
  FeatureDataD3d9SimpleInstancingSupport i;
  ASSERT_EQ(dev().check_feature_support(Feature::D3D9_OPTIONS, &a, sizeof a), Hresult::S_OK);
  ASSERT_EQ(dev().check_feature_support(Feature::D3D9_SHADOW_SUPPORT, &s, sizeof s), Hresult::S_OK);
  ASSERT_EQ(dev().check_feature_support(Feature::D3D9_SIMPLE_INSTANCING_SUPPORT, &i, sizeof i),
            Hresult::S_OK);
  EXPECT_EQ(a.full_non_pow2_texture_support, o.full_non_pow2_texture_supported);
  EXPECT_EQ(s.supports_depth_as_texture_with_less_equal_comparison_filter,
            o.depth_as_texture_with_less_equal_comparison_filter_supported);
  EXPECT_EQ(i.simple_instancing_supported, o.simple_instancing_supported);
}

TEST_P(CapsQuery, OutputMergerLogicOpFollowsTheFeatureLevel) {
  FeatureDataD3d11Options o;
  o.clear_view = 1;  // stale input must be overwritten
  o.extended_resource_sharing = 1;
  ASSERT_EQ(dev().check_feature_support(Feature::D3D11_OPTIONS, &o, sizeof o), Hresult::S_OK);
  // docs/caps.md §3: FALSE at 9_x, TRUE at 11_1, optional at 10_0 .. 11_0.
  const bool want =
      fl() == FeatureLevel::FL_11_1 || (fl_at_least(FeatureLevel::FL_10_0) && cfg().logic_op);
  EXPECT_EQ(o.output_merger_logic_op, want ? 1u : 0u);
  EXPECT_EQ(o.clear_view, 0u);  // not the output merger's to report
  EXPECT_EQ(o.extended_resource_sharing, 0u);
}

TEST_P(CapsQuery, D3dCaps9MeetTheFeatureLevelMinimum) {
  D3dCaps9 c;
  ASSERT_EQ(dev().get_device_caps9(&c), Hresult::S_OK);
  const bool ten = fl_at_least(FeatureLevel::FL_10_0);
  // docs/caps.md §4, §6: 1..4, never 0; 4 at 9_3.
  EXPECT_GE(c.num_simultaneous_rts, fl() == FeatureLevel::FL_9_3 ? 4u : 1u);
  EXPECT_LE(c.num_simultaneous_rts, 4u);
  const auto has = [&](PMiscCaps b) {
    return (c.primitive_misc_caps & static_cast<uint32_t>(b)) != 0;
  };
  EXPECT_TRUE(has(PMiscCaps::COLORWRITEENABLE));
  EXPECT_EQ(has(PMiscCaps::SEPARATEALPHABLEND), fl() != FeatureLevel::FL_9_1);
  EXPECT_EQ(has(PMiscCaps::INDEPENDENTWRITEMASKS), fl_at_least(FeatureLevel::FL_9_3));
  EXPECT_EQ(has(PMiscCaps::MRTPOSTPIXELSHADERBLENDING), fl_at_least(FeatureLevel::FL_9_3));
  EXPECT_EQ(has(PMiscCaps::MRTINDEPENDENTBITDEPTHS), ten);
  for (uint32_t caps : {c.src_blend_caps, c.dest_blend_caps}) {
    EXPECT_EQ((caps & static_cast<uint32_t>(PBlendCaps::SRCALPHASAT)) != 0, ten);
    EXPECT_EQ(caps & static_cast<uint32_t>(PBlendCaps::BOTHSRCALPHA), 0u);
    EXPECT_EQ(caps & static_cast<uint32_t>(PBlendCaps::BOTHINVSRCALPHA), 0u);
  }
}

TEST_P(CapsQuery, FormatSupportEqualsTheCapabilityRegisters) {
  int renderable = 0;
  for (uint32_t k = 0; k < ref::kCapFmtCount; ++k) {
    FeatureDataFormatSupport fs;
    FeatureDataFormatSupport2 fs2;
    fs.in_format = fs2.in_format = k;
    ASSERT_EQ(dev().check_feature_support(Feature::FORMAT_SUPPORT, &fs, sizeof fs), Hresult::S_OK);
    ASSERT_EQ(dev().check_feature_support(Feature::FORMAT_SUPPORT2, &fs2, sizeof fs2),
              Hresult::S_OK);
    // docs/caps.md §7 bit layout against docs/caps.md §5 flag values.
    const uint32_t reg = read_reg(regs::cap_fmt_offset(k));
    EXPECT_EQ(fs.out_format_support, ((reg & 1) ? 0x4000u : 0u) | ((reg & 2) ? 0x8000u : 0u) |
                                         ((reg & 8) ? 0x200000u : 0u))
        << "DXGI " << k;
    EXPECT_EQ(fs2.out_format_support2, (reg & 4) ? 0x100u : 0u) << "DXGI " << k;
    const FormatInfo* fi = ref::find_format(k);
    if (fi == nullptr) {
      EXPECT_EQ(reg, 0u) << "DXGI " << k << " is not implemented by the OM";
      continue;
    }
    if (reg & 1) ++renderable;
    if (reg & 2) {
      EXPECT_TRUE(reg & 1) << fi->name << ": BLENDABLE without RENDER_TARGET";
    }
    if (reg & 4) {
      EXPECT_EQ(fi->cls, FormatClass::UINT) << fi->name;
    }
  }
  EXPECT_GE(renderable, 10);  // docs/caps.md §5: ten formats are render targets at every FL
}

TEST_P(CapsQuery, WrongSizesAndUnknownFeaturesGiveInvalidArg) {
  FeatureDataD3d9Options1 o1;
  FeatureDataD3d11Options o;
  FeatureDataFormatSupport fs;
  EXPECT_EQ(dev().check_feature_support(Feature::D3D9_OPTIONS1, &o1, sizeof o1 - 4),
            Hresult::E_INVALIDARG);
  EXPECT_EQ(dev().check_feature_support(Feature::D3D9_OPTIONS1, &o, sizeof o),
            Hresult::E_INVALIDARG);
  EXPECT_EQ(dev().check_feature_support(Feature::D3D11_OPTIONS, &o1, sizeof o1),
            Hresult::E_INVALIDARG);
  EXPECT_EQ(dev().check_feature_support(Feature::D3D11_OPTIONS, nullptr, sizeof o),
            Hresult::E_INVALIDARG);
  EXPECT_EQ(dev().check_feature_support(Feature::FORMAT_SUPPORT, &fs, 0), Hresult::E_INVALIDARG);
  for (uint32_t bad : {0u, 1u, 4u, 6u, 8u, 10u, 12u, 14u, 1000u}) {
    EXPECT_EQ(dev().check_feature_support(static_cast<Feature>(bad), &o, sizeof o),
              Hresult::E_INVALIDARG)
        << "feature " << bad;
  }
  fs.in_format = ref::kCapFmtCount;
  EXPECT_EQ(dev().check_feature_support(Feature::FORMAT_SUPPORT, &fs, sizeof fs),
            Hresult::E_INVALIDARG);
  EXPECT_EQ(dev().get_device_caps9(nullptr), Hresult::E_INVALIDARG);
}

TEST_P(CapsQuery, AnswersComeFromTheRegistersNotFromHostConstants) {
  // Report the opposite D3D9_OPTIONS1 bits, no logic op, feature level 9_1 and one RT.
  const uint32_t options1 = read_reg(regs::kCapD3d9Options1) ^ 0xFu;
  PatchedBus bus(be().bus(), {{regs::kCapD3d9Options1, options1},
                              {regs::kCapFl, 0x91},
                              {regs::kCapOm, 0x81},  // 1 RT, separate alpha only
                              {regs::kCapD3d9Numrt, 3}});
  std::unique_ptr<Device> d;
  ASSERT_EQ(Device::create(&bus, be().pixels(), &d), Hresult::S_OK);
  FeatureDataD3d9Options1 o;
  ASSERT_EQ(d->check_feature_support(Feature::D3D9_OPTIONS1, &o, sizeof o), Hresult::S_OK);
  EXPECT_EQ(o.full_non_pow2_texture_supported, options1 & 1);
  EXPECT_EQ(o.texture_cube_face_render_target_with_non_cube_depth_stencil_supported,
            (options1 >> 3) & 1);
  D3dCaps9 c;
  ASSERT_EQ(d->get_device_caps9(&c), Hresult::S_OK);
  EXPECT_EQ(c.num_simultaneous_rts, 3u);
  EXPECT_EQ(d->feature_level(), FeatureLevel::FL_9_1);
  // Create-time validation follows the reported FL: A2C is a 9_x error (docs/validation.md §3).
  ref::BlendDesc a2c;
  a2c.alpha_to_coverage_enable = true;
  BlendState s = 0;
  EXPECT_EQ(d->create_blend_state1(&a2c, &s), Hresult::E_INVALIDARG);
  // A bus without the OM's identification is not an OM.
  PatchedBus not_om(be().bus(), {{regs::kCapId, 0x12340100}});
  EXPECT_EQ(Device::create(&not_om, nullptr, &d), Hresult::D3DERR_DRIVERINTERNALERROR);
}

INSTANTIATE_TEST_SUITE_P(Backends, CapsQuery, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

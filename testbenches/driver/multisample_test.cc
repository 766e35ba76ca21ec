// SPDX-License-Identifier: Apache-2.0
// Capability consistency of multisampling (docs/caps.md §8): for every configuration, each sample
// count CAP_MAX_SAMPLES reports and each format's MULTISAMPLE_RT bit decide whether
// CreateRenderTargetView / CreateDepthStencilView accept a view; an accepted count renders and
// reads back per sample, a refused one is E_INVALIDARG naming the count and the format and changes
// nothing.
#include "fixture.h"

namespace om::driver::test {
namespace {

class Multisample : public DriverTest {
 protected:
  uint32_t max_samples() { return dev().caps().max_samples; }
  static bool pow2(uint32_t n) { return n != 0 && (n & (n - 1)) == 0; }
  // Whether CAP_MAX_SAMPLES lists n.
  bool listed(uint32_t n) {
    uint32_t k = 0;
    while (pow2(n) && (1u << k) < n) ++k;
    return pow2(n) && k < 32 && ((max_samples() >> k) & 1u) != 0;
  }
  // FORMAT_SUPPORT of a DXGI value, as the application queries it.
  uint32_t support(Format f) {
    FeatureDataFormatSupport fs;
    fs.in_format = static_cast<uint32_t>(f);
    EXPECT_EQ(dev().check_feature_support(Feature::FORMAT_SUPPORT, &fs, sizeof fs), Hresult::S_OK);
    return fs.out_format_support;
  }
};

constexpr uint32_t kCounts[] = {1, 2, 3, 4, 8, 16, 32};

TEST_P(Multisample, EveryFormatAndCountIsAcceptedExactlyWhenTheCapsSaySo) {
  EXPECT_EQ(max_samples() & 1u, 1u) << "one sample is always supported";
  const uint32_t ms_bit = static_cast<uint32_t>(FormatSupport::MULTISAMPLE_RENDERTARGET);
  const uint32_t rt_bit = static_cast<uint32_t>(FormatSupport::RENDER_TARGET);
  int multisampled = 0;
  for (const FormatInfo& fi : kFormatInfo) {
    const uint32_t fs = support(fi.format);
    if ((fs & rt_bit) == 0) {
      EXPECT_EQ(fs & ms_bit, 0u) << fi.name << ": MULTISAMPLE_RT without RENDER_TARGET";
      continue;
    }
    for (uint32_t n : kCounts) {
      SCOPED_TRACE(std::string(fi.name) + " x" + std::to_string(n));
      RenderTargetView v;
      v.format = fi.format;
      v.width = v.height = 4;
      v.sample_count = n;
      const bool ok = n == 1 || (listed(n) && (fs & ms_bit) != 0);
      RenderTargetView out;
      const Hresult hr = dev().create_render_target_view(&v, &out);
      EXPECT_EQ(hr, ok ? Hresult::S_OK : Hresult::E_INVALIDARG) << dev().last_error();
      if (ok) {
        multisampled += n > 1 ? 1 : 0;
        continue;
      }
      const std::string why = dev().last_error();
      EXPECT_NE(why.find("sample count " + std::to_string(n)), std::string::npos) << why;
      EXPECT_NE(why.find(fi.name), std::string::npos) << why;
      const RegImage before = read_state_registers();
      EXPECT_EQ(dev().set_render_targets(1, &v, nullptr), Hresult::E_INVALIDARG);
      EXPECT_EQ(read_state_registers(), before);
    }
  }
  EXPECT_EQ(multisampled > 0, max_samples() > 1u)
      << "CAP_MAX_SAMPLES lists counts > 1 that no "
         "render-target format supports, or the reverse";
}

TEST_P(Multisample, DepthStencilViewsFollowCapMaxSamples) {
  for (uint32_t n : kCounts) {
    SCOPED_TRACE(n);
    DepthStencilView v;
    v.width = v.height = 4;
    v.sample_count = n;
    DepthStencilView out;
    const Hresult hr = dev().create_depth_stencil_view(&v, &out);
    EXPECT_EQ(hr, listed(n) ? Hresult::S_OK : Hresult::E_INVALIDARG) << dev().last_error();
    if (!listed(n)) {
      EXPECT_NE(
          dev().last_error().find("sample count " + std::to_string(n) + " of D24_UNORM_S8_UINT"),
          std::string::npos)
          << dev().last_error();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Multisample, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

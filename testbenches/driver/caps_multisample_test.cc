// SPDX-License-Identifier: Apache-2.0
// Capability consistency (docs/caps.md §8), part 3, multisampling: for every configuration, each
// sample count CAP_MAX_SAMPLES reports and each format's MULTISAMPLE_RT bit decide whether
// CreateRenderTargetView / CreateDepthStencilView accept a view; an accepted count renders and
// reads back per sample, a refused one is E_INVALIDARG naming the count and the format and changes
// nothing.
#include "fixture.h"
#include "om/gen/regs.h"
#include "om/ref/om_validate.h"

namespace om::driver::test {
namespace {

class MultisampleCaps : public DriverTest {
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

TEST_P(MultisampleCaps, EveryFormatAndCountIsAcceptedExactlyWhenTheCapsSaySo) {
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

TEST_P(MultisampleCaps, DepthStencilViewsFollowCapMaxSamples) {
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

// Every count CAP_MAX_SAMPLES lists renders: MS_CTRL holds its log2, a clear writes every sample,
// a draw of a partially covered pixel changes exactly the samples om::ref covers (texel-exact),
// each read back on its own; a sample index at or above the count is refused.
TEST_P(MultisampleCaps, EverySupportedCountDrawsAndReadsBackPerSample) {
  for (uint32_t n = 2, k = 1; n <= static_cast<uint32_t>(kMaxSamples); n *= 2, ++k) {
    if (!listed(n)) continue;
    SCOPED_TRACE("x" + std::to_string(n));
    RenderTargetView v;
    v.width = v.height = 4;
    v.sample_count = n;
    ASSERT_EQ(dev().set_render_targets(1, &v, nullptr), Hresult::S_OK) << dev().last_error();
    bound_ = {Format::R8G8B8A8_UNORM};
    declare_outputs(0x1);
    EXPECT_EQ(regs::ms_ctrl::kSampleCount.get(read_reg(regs::kMsCtrl)), k);
    EXPECT_EQ(dev().validate().result, Hresult::S_OK) << dev().last_error();
    ASSERT_EQ(dev().clear({f(0.0f), f(0.0f), f(1.0f), f(1.0f)}), Hresult::S_OK);
    ref::PixelState ps = expected_state(ref::BlendDesc{}, bound_);
    ps.sample_count = k;
    const uint32_t coverage = 0x5Au & ((1u << n) - 1u);  // samples 1, 3, 4, 6 of those there are
    Pixel p;
    p.x = 1;
    p.y = 2;
    p.px = pixel(1.0f, 0.5f, 0.0f, 1.0f);
    p.coverage = coverage;
    std::vector<ref::Texel> before(n);
    for (uint32_t s = 0; s < n; ++s) {
      ASSERT_EQ(dev().read_texel(0, 1, 2, &before[s], s), Hresult::S_OK);
    }
    ASSERT_EQ(dev().draw({p}), Hresult::S_OK) << dev().last_error();
    for (uint32_t s = 0; s < n; ++s) {
      ref::PixelIn in = p.px;
      in.sample = s;
      in.coverage = ((coverage >> s) & 1u) != 0;
      std::array<ref::Texel, ref::kMaxRts> dest{};
      dest[0] = before[s];
      const ref::PixelOut want = ref::process_pixel(ps, in, dest);
      ref::Texel got;
      ASSERT_EQ(dev().read_texel(0, 1, 2, &got, s), Hresult::S_OK);
      EXPECT_EQ(got.w, (want.write[0] ? want.texel[0] : before[s]).w) << "sample " << s;
      EXPECT_EQ(want.write[0], in.coverage) << "sample " << s;
    }
    ref::Texel t;
    EXPECT_EQ(dev().read_texel(0, 1, 2, &t, n), Hresult::E_INVALIDARG);
    EXPECT_NE(dev().last_error().find("sample"), std::string::npos) << dev().last_error();
  }
}

// D3D9 has no multisampled MRT (docs/validation.md §7 check 12): two multisampled targets bind,
// and validate() reports CONFLICTINGRENDERSTATE; one multisampled target passes. Run on the
// configurations with both multisampling and D3D9 MRT.
class MultisampleCapsD3d9 : public MultisampleCaps {};

std::vector<Param> msaa_mrt_params() {
  std::vector<Param> out;
  for (const Param& p : all_params()) {
    if (kConfigs[p.config].samples > 1 && kConfigs[p.config].d3d9_num_rts > 1) out.push_back(p);
  }
  return out;
}

TEST_P(MultisampleCapsD3d9, MultipleRenderTargetsAreSingleSample) {
  const uint32_t n = 1u << (31 - __builtin_clz(max_samples()));
  ASSERT_GT(n, 1u);
  ASSERT_GE(dev().caps().d3d9.num_simultaneous_rts, 2u);
  ASSERT_EQ(dev().set_d3d9_mode(true), Hresult::S_OK);
  RenderTargetView v[2];
  for (RenderTargetView& r : v) {
    r.width = r.height = 4;
    r.sample_count = n;
  }
  for (uint32_t count : {1u, 2u}) {
    ASSERT_EQ(dev().set_render_targets(count, v, nullptr), Hresult::S_OK) << dev().last_error();
    bound_.assign(count, Format::R8G8B8A8_UNORM);
    declare_outputs((1u << count) - 1u);
    const ValidateOutcome r = dev().validate();
    EXPECT_EQ((r.reasons & ref::reason_bit(ValidateReason::D3D9_MRT_MSAA)) != 0, count == 2)
        << dev().last_error();
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, MultisampleCaps, ::testing::ValuesIn(all_params()), param_name);
INSTANTIATE_TEST_SUITE_P(Backends, MultisampleCapsD3d9, ::testing::ValuesIn(msaa_mrt_params()),
                         param_name);

}  // namespace
}  // namespace om::driver::test

// SPDX-License-Identifier: Apache-2.0
#include "fixture.h"

#include <random>

#include "om/driver/reg_image.h"
#include "om/ref/convert.h"
#include "om/ref/validate.h"
#include "test_waves.h"

namespace om::driver::test {

std::vector<Param> all_params() {
  register_builtin_backends();
  std::vector<Param> v;
  for (const std::string& b : backend_names()) {
    for (int c = 0; c < kNumConfigs; ++c) v.push_back(Param{b, c});
  }
  return v;
}

std::string param_name(const ::testing::TestParamInfo<Param>& info) {
  return info.param.backend + "_" + kConfigs[info.param.config].name;
}

ref::PixelIn pixel(float r, float g, float b, float a) {
  ref::PixelIn px;
  for (auto& o : px.oc) o = {f(r), f(g), f(b), f(a)};
  px.oc1 = {f(0.25f), f(0.5f), f(0.75f), f(0.375f)};
  return px;
}

ref::BlendDesc blend(Blend src, Blend dst, BlendOp op) {
  ref::BlendDesc d;
  ref::RtBlendDesc& r = d.render_target[0];
  r.blend_enable = true;
  r.src_blend = src;
  r.dest_blend = dst;
  r.blend_op = op;
  r.src_blend_alpha = ref::alpha_slot_equivalent(src);
  r.dest_blend_alpha = ref::alpha_slot_equivalent(dst);
  r.blend_op_alpha = op;
  return d;
}

void DriverTest::SetUp() {
  BackendOptions o;
  o.config = GetParam().config;
  o.seed = 0x5EED0000u + static_cast<uint64_t>(GetParam().config);
  if (GetParam().backend == "rtl") o.waves = tb::waves_for_current_test();
  be_ = make_backend(GetParam().backend, o);
  ASSERT_EQ(Device::create(&be_->bus(), be_->pixels(), &dev_), Hresult::S_OK);
}

uint32_t DriverTest::read_reg(uint32_t offset) {
  const BusResult r = be_->bus().read(offset);
  EXPECT_TRUE(r.ok()) << "read 0x" << std::hex << offset << ": " << to_string(r.status);
  return r.data;
}

RegImage DriverTest::read_state_registers() {
  RegImage im;
  for (uint32_t offset : state_register_offsets()) im[offset] = read_reg(offset);
  return im;
}

void DriverTest::bind(const std::vector<Format>& formats, uint32_t w, uint32_t h) {
  std::vector<RenderTargetView> views(formats.size());
  for (size_t i = 0; i < formats.size(); ++i) {
    views[i].format = formats[i];
    views[i].width = w;
    views[i].height = h;
  }
  ASSERT_EQ(dev().set_render_targets(static_cast<uint32_t>(views.size()), views.data(), nullptr),
            Hresult::S_OK)
      << dev().last_error();
  bound_ = formats;
}

void DriverTest::declare_outputs(uint32_t mask) {
  std::array<PsOutputDesc, ref::kMaxRts> outs{};
  for (int i = 0; i < ref::kMaxRts; ++i) {
    outs[i].written = ((mask >> i) & 1u) != 0;
    if (static_cast<size_t>(i) < bound_.size() && bound_[i] != kNoView) {
      const FormatInfo* fi = ref::find_format(static_cast<uint32_t>(bound_[i]));
      if (fi != nullptr && fi->cls == FormatClass::UINT) outs[i].type = ref::PsOutputType::UINT;
      if (fi != nullptr && fi->cls == FormatClass::SINT) outs[i].type = ref::PsOutputType::SINT;
    }
  }
  ASSERT_EQ(dev().set_ps_outputs(outs), Hresult::S_OK) << dev().last_error();
  declared_ = mask;
}

BlendState DriverTest::use_blend(const ref::BlendDesc& d, const std::array<uint32_t, 4>* k,
                                 uint32_t sample_mask) {
  BlendState s = 0;
  EXPECT_EQ(dev().create_blend_state1(&d, &s), Hresult::S_OK) << dev().last_error();
  EXPECT_EQ(dev().set_blend_state(s, k, sample_mask), Hresult::S_OK) << dev().last_error();
  return s;
}

ref::PixelState DriverTest::expected_state(const ref::BlendDesc& blend,
                                           const std::vector<Format>& formats) const {
  ref::PixelState ps;
  ps.blend = ref::normalise(blend);
  ps.ps_outputs = declared_;
  // docs/caps.md §6: sRGB render targets blend in gamma space at FL 9_x, in linear space from 10_0.
  ps.gamma_space = !fl_at_least(FeatureLevel::FL_10_0);
  ps.fl_index = cfg().fl_index;
  for (size_t i = 0; i < formats.size() && i < static_cast<size_t>(cfg().max_rts); ++i) {
    if (formats[i] != kNoView)
      ps.rt_format[i] = ref::find_format(static_cast<uint32_t>(formats[i]));
  }
  return ps;
}

void DriverTest::fill(const std::vector<Format>& formats, uint32_t x, uint32_t y, uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (size_t i = 0; i < formats.size(); ++i) {
    if (formats[i] == kNoView) continue;
    const FormatInfo* fi = ref::find_format(static_cast<uint32_t>(formats[i]));
    ASSERT_NE(fi, nullptr);
    ref::Raw4 raw{};
    for (int c = 0; c < 4; ++c) raw[c] = static_cast<uint32_t>(rng());
    // raw_to_texel masks each channel to its width and sets X padding as the OM stores it.
    ASSERT_EQ(dev().write_texel(static_cast<uint32_t>(i), x, y, ref::raw_to_texel(*fi, raw)),
              Hresult::S_OK)
        << dev().last_error();
  }
}

ref::PixelOut DriverTest::draw_and_check(const ref::PixelState& ps, const ref::PixelIn& px,
                                         uint32_t x, uint32_t y, const std::string& what) {
  std::array<ref::Texel, ref::kMaxRts> before{};
  for (size_t i = 0; i < bound_.size(); ++i) {
    if (bound_[i] == kNoView) continue;
    EXPECT_EQ(dev().read_texel(static_cast<uint32_t>(i), x, y, &before[i]), Hresult::S_OK);
  }
  const ref::PixelOut want = ref::process_pixel(ps, px, before);
  Pixel p;
  p.x = x;
  p.y = y;
  p.px = px;
  EXPECT_EQ(dev().draw({p}), Hresult::S_OK) << dev().last_error();
  for (size_t i = 0; i < bound_.size(); ++i) {
    if (bound_[i] == kNoView) continue;
    ref::Texel got;
    EXPECT_EQ(dev().read_texel(static_cast<uint32_t>(i), x, y, &got), Hresult::S_OK);
    const ref::Texel expect =
        ps.rt_format[i] != nullptr && want.write[i] ? want.texel[i] : before[i];
    EXPECT_EQ(got.w, expect.w) << what << ": slot " << i << " format "
                               << ref::find_format(static_cast<uint32_t>(bound_[i]))->name
                               << std::hex << " got " << got.w[0] << " want " << expect.w[0];
  }
  return want;
}

}  // namespace om::driver::test

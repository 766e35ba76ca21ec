// SPDX-License-Identifier: Apache-2.0
// Depth-stencil views, OMSetDepthStencilState, ClearDepthStencilView and depth-tested draws
// (docs/depth-stencil.md §7), on every backend and configuration: each backend's depth/stencil
// stage (CAP_OM.DEPTH_STENCIL) is checked pixel by pixel against om::ref::depth_stencil_sample and
// om::ref::process_pixel, so every backend reads back the same buffers.
#include "om/ref/depth_stencil.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "fixture.h"
#include "om/ref/ds_state.h"

namespace om::driver::test {
namespace {

constexpr uint32_t kOne = 0x3F800000u;

class DepthStencil : public DriverTest {
 protected:
  bool has_stage() { return dev().caps().om.depth_stencil; }

  // RT 0 (RGBA8, 4x4) and a 4x4 view of `format` bound, o0 declared.
  void bind_ds(DsFormat format, uint32_t flags = 0) {
    RenderTargetView v;
    v.width = v.height = 4;
    DepthStencilView ds;
    ds.width = ds.height = 4;
    ds.format = format;
    ds.flags = flags;
    DepthStencilView made;
    ASSERT_EQ(dev().create_depth_stencil_view(&ds, &made), Hresult::S_OK) << dev().last_error();
    ASSERT_EQ(dev().set_render_targets(1, &v, &made), Hresult::S_OK) << dev().last_error();
    bound_ = {Format::R8G8B8A8_UNORM};
    declare_outputs(0x1);
  }
  DepthStencilState use(const ref::DepthStencilDesc& d, uint32_t stencil_ref = 0) {
    DepthStencilState s = 0;
    EXPECT_EQ(dev().create_depth_stencil_state(&d, &s), Hresult::S_OK) << dev().last_error();
    EXPECT_EQ(dev().set_depth_stencil_state(s, stencil_ref), Hresult::S_OK) << dev().last_error();
    return s;
  }
  // Draws a white pixel at (x, 1) with depth z and facing; checks the depth/stencil texel and RT 0
  // against the reference model's outcome for `d` and returns whether the pixel passed.
  bool draw_checked(const ref::DepthStencilDesc& d, const ref::DsBinding& b, uint32_t x, uint32_t z,
                    bool front = true) {
    uint32_t depth = 0, stencil = 0;
    EXPECT_EQ(dev().read_depth_stencil(x, 1, &depth, &stencil), Hresult::S_OK);
    ref::DsSampleIn in;
    in.z = z;
    in.front_face = front;
    in.stored_depth = depth;
    in.stored_stencil = static_cast<uint8_t>(stencil);
    const ref::DsSampleOut want = ref::depth_stencil_sample(d, b, in);
    ref::Texel rt_before;
    EXPECT_EQ(dev().write_texel(0, x, 1, ref::Texel{}), Hresult::S_OK);
    Pixel p;
    p.x = x;
    p.y = 1;
    p.px = pixel(1, 1, 1, 1);
    p.z.fill(z);
    p.front_face = front;
    EXPECT_EQ(dev().draw({p}), Hresult::S_OK) << dev().last_error();
    EXPECT_EQ(dev().read_texel(0, x, 1, &rt_before), Hresult::S_OK);
    EXPECT_EQ(rt_before.w[0], want.pass ? 0xFFFFFFFFu : 0u) << "colour of a pixel at z " << z;
    uint32_t got_depth = 0, got_stencil = 0;
    EXPECT_EQ(dev().read_depth_stencil(x, 1, &got_depth, &got_stencil), Hresult::S_OK);
    EXPECT_EQ(got_depth, want.write_depth ? want.depth : depth);
    EXPECT_EQ(got_stencil, want.write_stencil ? want.stencil : stencil);
    return want.pass;
  }
};

// The suites of a backend with the stage: every backend whose device reports CAP_OM.DEPTH_STENCIL.
class DepthStencilStage : public DepthStencil {};

std::vector<Param> stage_params() {
  std::vector<Param> v;
  for (const Param& p : all_params()) {
    BackendOptions o;
    o.config = p.config;
    const std::unique_ptr<Backend> be = make_backend(p.backend, o);
    std::unique_ptr<Device> dev;
    if (Device::create(&be->bus(), be->pixels(), &dev) == Hresult::S_OK &&
        dev->caps().om.depth_stencil) {
      v.push_back(p);
    }
  }
  return v;
}

TEST_P(DepthStencil, ViewFormatsFollowTheFeatureLevel) {
  for (const DsFormatInfo& f : kDsFormatInfo) {
    DepthStencilView v;
    v.format = f.format;
    const bool usable = (f.ds_fl_mask & (1u << cfg().fl_index)) != 0;
    EXPECT_EQ(dev().create_depth_stencil_view(&v, nullptr),
              usable ? Hresult::S_FALSE : Hresult::E_INVALIDARG)
        << f.name << ": " << dev().last_error();
    if (!usable) {
      EXPECT_NE(dev().last_error().find(f.name), std::string::npos);
    }
  }
  const bool float_depth = fl_at_least(FeatureLevel::FL_10_0);
  DepthStencilView v;
  v.format = DsFormat::D32_FLOAT;
  EXPECT_EQ(dev().create_depth_stencil_view(&v, nullptr) == Hresult::S_FALSE, float_depth);
}

TEST_P(DepthStencil, EveryBuiltInBackendHasTheStage) {
  // The hardware has om_depth and the reference backend om::ref's: CAP_OM.DEPTH_STENCIL and a
  // buffer on every one, so the stage suites below run on every backend.
  EXPECT_TRUE(has_stage());
  EXPECT_NE(be().pixels()->depth_stencil(), nullptr);
  bind_ds(DsFormat::D24_UNORM_S8_UINT);
  ASSERT_EQ(dev().clear_depth_stencil_view(1, f(0.5f), 0), Hresult::S_OK) << dev().last_error();
  // The default state tests depth (DepthEnable, LESS): z 0.75 fails, z 0.25 passes and is stored.
  Pixel p;
  p.px = pixel(1, 1, 1, 1);
  p.z.fill(f(0.75f));
  Pixel q = p;
  q.x = 1;
  q.z.fill(f(0.25f));
  ASSERT_EQ(dev().draw({p, q}), Hresult::S_OK) << dev().last_error();
  ref::Texel t;
  ASSERT_EQ(dev().read_texel(0, 0, 0, &t), Hresult::S_OK);
  EXPECT_EQ(t.w[0], 0u);
  ASSERT_EQ(dev().read_texel(0, 1, 0, &t), Hresult::S_OK);
  EXPECT_EQ(t.w[0], 0xFFFFFFFFu);
  uint32_t z = 0, st = 0;
  ASSERT_EQ(dev().read_depth_stencil(1, 0, &z, &st), Hresult::S_OK);
  EXPECT_EQ(z, ref::depth_convert(f(0.25f), *ref::find_ds_format(45)));
}

TEST(DepthStencilWithoutStage, ADepthTestedDrawClearAndReadbackAreRefusedByName) {
  register_builtin_backends();
  const std::unique_ptr<Backend> be = make_backend("ref", BackendOptions{});
  ForwardingPixels port(be->pixels());  // a backend registered without the stage
  std::unique_ptr<Device> dev;
  ASSERT_EQ(Device::create(&be->bus(), &port, &dev), Hresult::S_OK);
  RenderTargetView v;
  v.width = v.height = 4;
  DepthStencilView ds;
  ds.width = ds.height = 4;
  ASSERT_EQ(dev->set_render_targets(1, &v, &ds), Hresult::S_OK) << dev->last_error();
  std::array<PsOutputDesc, ref::kMaxRts> outs{};
  outs[0].written = true;
  ASSERT_EQ(dev->set_ps_outputs(outs), Hresult::S_OK) << dev->last_error();
  Pixel p;
  p.px = pixel(1, 1, 1, 1);
  EXPECT_EQ(dev->draw({p}), Hresult::E_INVALIDARG);  // the default state tests depth
  EXPECT_NE(dev->last_error().find("CAP_OM.DEPTH_STENCIL"), std::string::npos) << dev->last_error();
  EXPECT_EQ(dev->clear_depth_stencil_view(1, kOne, 0), Hresult::E_INVALIDARG);
  uint32_t z = 0, st = 0;
  EXPECT_EQ(dev->read_depth_stencil(0, 0, &z, &st), Hresult::E_INVALIDARG);
  EXPECT_NE(dev->last_error().find("no depth/stencil stage"), std::string::npos)
      << dev->last_error();
  // With depth and stencil off nothing needs the stage: the draw behaves as without a view.
  ref::DepthStencilDesc off;
  off.depth_enable = false;
  DepthStencilState s = 0;
  ASSERT_EQ(dev->create_depth_stencil_state(&off, &s), Hresult::S_OK);
  ASSERT_EQ(dev->set_depth_stencil_state(s, 0), Hresult::S_OK);
  EXPECT_EQ(dev->draw({p}), Hresult::S_OK) << dev->last_error();
  EXPECT_EQ(port.read_texel(0, 0, 0, 0).w[0], 0xFFFFFFFFu);
}

TEST_P(DepthStencilStage, ClearClampsAndKeepsTheOtherAspect) {
  bind_ds(DsFormat::D24_UNORM_S8_UINT);
  ASSERT_EQ(dev().clear_depth_stencil_view(3, f(2.0f), 0x5A), Hresult::S_OK) << dev().last_error();
  uint32_t z = 0, s = 0;
  ASSERT_EQ(dev().read_depth_stencil(3, 3, &z, &s), Hresult::S_OK);
  EXPECT_EQ(z, 0xFFFFFFu);  // clamped to 1.0
  EXPECT_EQ(s, 0x5Au);
  ASSERT_EQ(dev().clear_depth_stencil_view(1, 0x7FC00000u, 0), Hresult::S_OK);  // NaN -> 0
  ASSERT_EQ(dev().read_depth_stencil(0, 0, &z, &s), Hresult::S_OK);
  EXPECT_EQ(z, 0u);
  EXPECT_EQ(s, 0x5Au);  // stencil untouched by a depth-only clear
  ASSERT_EQ(dev().clear_depth_stencil_view(1, f(0.5f), 0), Hresult::S_OK);
  ASSERT_EQ(dev().read_depth_stencil(1, 2, &z, &s), Hresult::S_OK);
  EXPECT_EQ(z, ref::depth_convert(f(0.5f), *ref::find_ds_format(45)));
}

TEST_P(DepthStencilStage, DrawsTestEveryFormatAndFunction) {
  for (const DsFormatInfo& fmt : kDsFormatInfo) {
    if ((fmt.ds_fl_mask & (1u << cfg().fl_index)) == 0) continue;
    bind_ds(fmt.format);
    ref::DsBinding b;
    b.format = &fmt;
    for (CmpFunc func : kAllCmpFunc) {
      SCOPED_TRACE(std::string(fmt.name) + " " + to_string(func));
      ASSERT_EQ(dev().clear_depth_stencil_view(1, f(0.5f), 0), Hresult::S_OK);
      ref::DepthStencilDesc d;
      d.depth_func = func;
      use(d);
      const bool below = draw_checked(d, b, 0, f(0.25f));
      const bool equal = draw_checked(d, b, 1, f(0.5f));
      const bool above = draw_checked(d, b, 2, f(0.75f));
      const bool nan = draw_checked(d, b, 3, 0x7FC00000u);  // clamps to MinDepth 0
      const int passes = below + equal + above + nan;
      EXPECT_TRUE(func != CmpFunc::NEVER || passes == 0);
      EXPECT_TRUE(func != CmpFunc::ALWAYS || passes == 4);
    }
  }
}

TEST_P(DepthStencilStage, StencilOpsFacesAndReadOnlyViews) {
  const bool read_only = fl_at_least(FeatureLevel::FL_11_0);
  for (uint32_t flags : {0u, 1u, 2u}) {
    if (flags != 0 && !read_only) continue;
    SCOPED_TRACE("DSV flags " + std::to_string(flags));
    bind_ds(DsFormat::D24_UNORM_S8_UINT, flags);
    ASSERT_EQ(dev().clear_depth_stencil_view(3, f(0.5f), 7), Hresult::S_OK);
    ref::DepthStencilDesc d;
    d.stencil_enable = true;
    d.stencil_write_mask = 0x0F;
    d.front_face = {StencilOp::INCR_SAT, StencilOp::REPLACE, StencilOp::INVERT, CmpFunc::EQUAL};
    d.back_face = {StencilOp::ZERO, StencilOp::DECR, StencilOp::INCR, CmpFunc::LESS_EQUAL};
    use(d, 0x107);  // only the low 8 bits are the reference
    ref::DsBinding b;
    b.format = ref::find_ds_format(45);
    b.dsv_flags = flags;
    b.stencil_ref = 7;
    EXPECT_TRUE(draw_checked(d, b, 0, f(0.25f)));          // front: pass -> INVERT
    EXPECT_FALSE(draw_checked(d, b, 1, f(0.75f)));         // front: depth fail -> REPLACE
    EXPECT_TRUE(draw_checked(d, b, 2, f(0.25f), false));   // back: pass -> INCR
    EXPECT_FALSE(draw_checked(d, b, 3, f(0.75f), false));  // back: depth fail -> DECR
    // Stencil 7 -> 8 unless read-only: then EQUAL fails and the stencil-fail op runs.
    EXPECT_EQ(draw_checked(d, b, 0, f(0.0f)), (flags & 2) != 0);
  }
}

TEST_P(DepthStencilStage, TheViewportDepthRangeClampsZ) {
  const DsFormat format =
      fl_at_least(FeatureLevel::FL_10_0) ? DsFormat::D32_FLOAT : DsFormat::D16_UNORM;
  bind_ds(format);
  ASSERT_EQ(dev().set_depth_range(f(0.25f), f(0.75f)), Hresult::S_OK) << dev().last_error();
  ASSERT_EQ(dev().clear_depth_stencil_view(1, kOne, 0), Hresult::S_OK);
  ref::DepthStencilDesc d;
  d.depth_func = CmpFunc::ALWAYS;
  use(d);
  ref::DsBinding b;
  b.format = ref::find_ds_format(static_cast<uint32_t>(format));
  b.min_depth = f(0.25f);
  b.max_depth = f(0.75f);
  draw_checked(d, b, 0, f(0.0f));
  draw_checked(d, b, 1, f(1.0f));
  draw_checked(d, b, 2, 0xFFC00000u);  // NaN: MinDepth
  uint32_t z = 0, s = 0;
  ASSERT_EQ(dev().read_depth_stencil(1, 1, &z, &s), Hresult::S_OK);
  EXPECT_EQ(z, ref::depth_convert(f(0.75f), *b.format));
  // An empty range is a range (every z becomes it); -0 is +0; only an inverted one is refused.
  EXPECT_EQ(dev().set_depth_range(f(0.5f), f(0.5f)), Hresult::S_OK) << dev().last_error();
  EXPECT_EQ(dev().set_depth_range(0x80000000u, 0), Hresult::S_OK) << dev().last_error();
  EXPECT_EQ(dev().set_depth_range(f(0.5f), f(0.4999999f)), Hresult::E_INVALIDARG);
}

TEST_P(DepthStencilStage, D3d9PersonalityDefaultsAndTwoSidedStencil) {
  bind_ds(DsFormat::D24_UNORM_S8_UINT);
  ASSERT_EQ(dev().clear_depth_stencil_view(3, f(0.5f), 0x80), Hresult::S_OK);
  ref::DsBinding b;
  b.format = ref::find_ds_format(45);
  // D3D11's default state: LESS, so an equal depth fails; D3D9's ZFUNC default LESSEQUAL passes.
  EXPECT_FALSE(draw_checked(ref::normalise(ref::DepthStencilDesc{}), b, 0, f(0.5f)));
  ASSERT_EQ(dev().set_d3d9_mode(true), Hresult::S_OK);
  ref::D3d9DepthStencil s;
  EXPECT_TRUE(draw_checked(ref::d3d9_depth_stencil_desc(s), b, 0, f(0.5f)));
  // 32-bit masks: only the low 8 bits reach the stencil (mask 0xFFFFFF00 reads nothing).
  s.stencil_enable = true;
  s.stencil_mask = 0xFFFFFF00u;
  s.stencil_ref = 0x1FF;
  s.stencil.stencil_func = CmpFunc::EQUAL;
  s.stencil.stencil_pass_op = StencilOp::INCR;
  s.two_sided_stencil_mode = true;
  s.ccw_stencil = {StencilOp::KEEP, StencilOp::KEEP, StencilOp::DECR, CmpFunc::ALWAYS};
  ASSERT_EQ(dev().set_d3d9_depth_stencil(s), Hresult::S_OK) << dev().last_error();
  b.stencil_ref = 0xFF;
  const ref::DepthStencilDesc want = ref::d3d9_depth_stencil_desc(s);
  EXPECT_EQ(want.stencil_read_mask, 0u);
  EXPECT_TRUE(draw_checked(want, b, 1, f(0.25f)));         // CW: INCR
  EXPECT_TRUE(draw_checked(want, b, 2, f(0.25f), false));  // CCW: DECR
  uint32_t z = 0, st1 = 0, st2 = 0;
  ASSERT_EQ(dev().read_depth_stencil(1, 1, &z, &st1), Hresult::S_OK);
  ASSERT_EQ(dev().read_depth_stencil(2, 1, &z, &st2), Hresult::S_OK);
  EXPECT_EQ(st1, 0x81u);
  EXPECT_EQ(st2, 0x7Fu);
}

INSTANTIATE_TEST_SUITE_P(Backends, DepthStencil, ::testing::ValuesIn(all_params()), param_name);
INSTANTIATE_TEST_SUITE_P(Backends, DepthStencilStage, ::testing::ValuesIn(stage_params()),
                         param_name);

}  // namespace
}  // namespace om::driver::test

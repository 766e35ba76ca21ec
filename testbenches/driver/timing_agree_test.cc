// SPDX-License-Identifier: Apache-2.0
// The "model" backend is the cycle model behind the same harness as "rtl": for one seed, the same
// driver session takes the same number of cycles on both and counts the same stalls, and leaves
// the same memory. A timing bug of either side (a stall where none is due, a missing one) shows
// here even when the images agree. With depth/stencil testing on, the "tlm" and "ref" backends
// leave the same render target and depth-stencil buffer as well.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "om/driver/backend.h"
#include "om/driver/device.h"
#include "om/ref/fp32.h"

namespace om::driver::test {
namespace {

struct Outcome {
  uint64_t cycles = 0;
  PerfCounters perf;
  std::vector<ref::Texel> texels;
  std::vector<uint32_t> depth, stencil;  // of the depth-stencil view (depth-tested sessions)
};

// A blended draw (the same factors for colour and alpha, as feature level 9_x requires) over a
// small window (address collisions: hazard stalls) and a clear, on a memory with random latency and
// stalls. `depth`: with a D24_UNORM_S8_UINT view, LESS_EQUAL depth writes and a stencil count of
// the passing pixels, each pixel at a random depth (depth-stencil reads, writes and hazards).
Outcome session(const std::string& backend, int config, bool depth = false) {
  register_builtin_backends();
  BackendOptions o;
  o.config = config;
  o.seed = 77;
  std::unique_ptr<Backend> be = make_backend(backend, o);
  std::unique_ptr<Device> dev;
  EXPECT_EQ(Device::create(&be->bus(), be->pixels(), &dev), Hresult::S_OK);
  RenderTargetView view;
  view.width = 4;
  view.height = 4;
  DepthStencilView dsv;
  dsv.width = 4;
  dsv.height = 4;
  dsv.format = DsFormat::D24_UNORM_S8_UINT;
  EXPECT_EQ(dev->set_render_targets(1, &view, depth ? &dsv : nullptr), Hresult::S_OK)
      << dev->last_error();
  if (depth) {
    ref::DepthStencilDesc ds;
    ds.depth_func = CmpFunc::LESS_EQUAL;
    ds.stencil_enable = true;
    ds.front_face.stencil_pass_op = StencilOp::INCR_SAT;
    ds.back_face.stencil_depth_fail_op = StencilOp::INCR_SAT;
    DepthStencilState dss = 0;
    EXPECT_EQ(dev->create_depth_stencil_state(&ds, &dss), Hresult::S_OK) << dev->last_error();
    EXPECT_EQ(dev->set_depth_stencil_state(dss, 0), Hresult::S_OK) << dev->last_error();
    EXPECT_EQ(dev->clear_depth_stencil_view(3, ref::f32_bits(0.5f), 0), Hresult::S_OK)
        << dev->last_error();
  }
  std::array<PsOutputDesc, ref::kMaxRts> outs{};
  outs[0].declared = true;
  EXPECT_EQ(dev->set_ps_outputs(outs), Hresult::S_OK) << dev->last_error();
  ref::BlendDesc d;
  d.render_target[0] =
      ref::blending_desc(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD, Blend::SRC_ALPHA,
                         Blend::INV_SRC_ALPHA, BlendOp::ADD, 0xF);
  BlendState bs{};
  EXPECT_EQ(dev->create_blend_state1(&d, &bs), Hresult::S_OK) << dev->last_error();
  EXPECT_EQ(dev->set_blend_state(bs, nullptr, 0xFFFFFFFFu), Hresult::S_OK) << dev->last_error();
  EXPECT_EQ(dev->clear({ref::f32_bits(0.5f), 0, 0, ref::f32_bits(1.0f)}), Hresult::S_OK);
  std::mt19937 rng(5);
  std::vector<Pixel> px(200);
  for (Pixel& p : px) {
    p.x = rng() % 4;
    p.y = rng() % 2;
    p.px.oc[0] = {ref::f32_bits(0.25f), ref::f32_bits(0.75f), 0, ref::f32_bits(0.5f)};
    p.z = ref::f32_bits(static_cast<float>(rng() % 8) / 8.0f);
    p.front_face = rng() % 2 == 0;
  }
  EXPECT_EQ(dev->draw(px), Hresult::S_OK) << dev->last_error();
  Outcome r;
  EXPECT_EQ(dev->read_perf_counters(&r.perf), Hresult::S_OK);
  r.cycles = be->cycles();
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      r.texels.push_back(be->pixels()->read_texel(0, x, y));
      uint32_t z = 0, st = 0;
      if (depth) {
        EXPECT_EQ(dev->read_depth_stencil(x, y, &z, &st), Hresult::S_OK);
      }
      r.depth.push_back(z);
      r.stencil.push_back(st);
    }
  }
  return r;
}

void expect_same_timing(const Outcome& model, const Outcome& rtl) {
  EXPECT_EQ(model.cycles, rtl.cycles);
  EXPECT_EQ(model.perf.pixels_in, rtl.perf.pixels_in);
  EXPECT_EQ(model.perf.rt_reads, rtl.perf.rt_reads);
  EXPECT_EQ(model.perf.rt_writes, rtl.perf.rt_writes);
  EXPECT_EQ(model.perf.hazard_stalls, rtl.perf.hazard_stalls);
  EXPECT_EQ(model.perf.mem_stalls, rtl.perf.mem_stalls);
  EXPECT_EQ(model.perf.killed, rtl.perf.killed);
  EXPECT_EQ(model.texels, rtl.texels);
  EXPECT_EQ(model.depth, rtl.depth);
  EXPECT_EQ(model.stencil, rtl.stencil);
  // The session exercised what it compares: colliding pixels stall, the memory stalls.
  EXPECT_GT(rtl.perf.hazard_stalls, 0u);
  EXPECT_GT(rtl.perf.mem_stalls, 0u);
  EXPECT_EQ(rtl.perf.pixels_in, 200u + 16u);
}

TEST(BackendTiming, ModelAndRtlTakeTheSameCyclesAndCountTheSameStalls) {
  for (int config = 0; config < kNumConfigs; ++config) {
    SCOPED_TRACE(kConfigs[config].name);
    expect_same_timing(session("model", config), session("rtl", config));
  }
}

TEST(BackendTiming, DepthTestedDrawsAgreeOnEveryBackend) {
  register_builtin_backends();
  for (int config = 0; config < kNumConfigs; ++config) {
    SCOPED_TRACE(kConfigs[config].name);
    const Outcome rtl = session("rtl", config, true);
    expect_same_timing(session("model", config, true), rtl);
    // Some pixels failed the depth test, and the stencil counted the passing ones.
    EXPECT_GT(rtl.perf.killed, 0u);
    EXPECT_NE(rtl.stencil, std::vector<uint32_t>(16, 0u));
    for (const char* other : {"ref", "tlm"}) {
      const std::vector<std::string> names = backend_names();
      if (std::find(names.begin(), names.end(), other) == names.end()) continue;
      SCOPED_TRACE(other);
      const Outcome o = session(other, config, true);
      EXPECT_EQ(o.texels, rtl.texels);
      EXPECT_EQ(o.depth, rtl.depth);
      EXPECT_EQ(o.stencil, rtl.stencil);
      EXPECT_EQ(o.perf.killed, rtl.perf.killed);
    }
  }
}

}  // namespace
}  // namespace om::driver::test

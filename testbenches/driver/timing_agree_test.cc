// SPDX-License-Identifier: Apache-2.0
// The "model" backend is the cycle model behind the same harness as "rtl": for one seed, the same
// driver session takes the same number of cycles on both and counts the same stalls, and leaves
// the same memory. A timing bug of either side (a stall where none is due, a missing one) shows
// here even when the images agree.
#include <gtest/gtest.h>

#include <random>
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
};

// A blended draw (the same factors for colour and alpha, as feature level 9_x requires) over a
// small window (address collisions: hazard stalls) and a clear, on a memory with random latency and
// stalls.
Outcome session(const std::string& backend, int config) {
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
  EXPECT_EQ(dev->set_render_targets(1, &view, nullptr), Hresult::S_OK) << dev->last_error();
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
  }
  EXPECT_EQ(dev->draw(px), Hresult::S_OK) << dev->last_error();
  Outcome r;
  EXPECT_EQ(dev->read_perf_counters(&r.perf), Hresult::S_OK);
  r.cycles = be->cycles();
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) r.texels.push_back(be->pixels()->read_texel(0, x, y));
  }
  return r;
}

TEST(BackendTiming, ModelAndRtlTakeTheSameCyclesAndCountTheSameStalls) {
  for (int config = 0; config < kNumConfigs; ++config) {
    SCOPED_TRACE(kConfigs[config].name);
    const Outcome rtl = session("rtl", config);
    const Outcome model = session("model", config);
    EXPECT_EQ(model.cycles, rtl.cycles);
    EXPECT_EQ(model.perf.pixels_in, rtl.perf.pixels_in);
    EXPECT_EQ(model.perf.rt_reads, rtl.perf.rt_reads);
    EXPECT_EQ(model.perf.rt_writes, rtl.perf.rt_writes);
    EXPECT_EQ(model.perf.hazard_stalls, rtl.perf.hazard_stalls);
    EXPECT_EQ(model.perf.mem_stalls, rtl.perf.mem_stalls);
    EXPECT_EQ(model.perf.killed, rtl.perf.killed);
    EXPECT_EQ(model.texels, rtl.texels);
    // The session exercised what it compares: colliding pixels stall, the memory stalls.
    EXPECT_GT(rtl.perf.hazard_stalls, 0u);
    EXPECT_GT(rtl.perf.mem_stalls, 0u);
    EXPECT_EQ(rtl.perf.pixels_in, 200u + 16u);
  }
}

}  // namespace
}  // namespace om::driver::test

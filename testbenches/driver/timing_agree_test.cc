// SPDX-License-Identifier: Apache-2.0
// The "model" backend is the cycle model behind the same harness as "rtl": for one seed, the same
// driver session takes the same number of cycles on both and counts the same stalls, and leaves
// the same memory. A timing bug of either side (a stall where none is due, a missing one) shows
// here even when the images agree. With depth/stencil testing on, and multisampled, the "tlm" and
// "ref" backends leave the same render target and depth-stencil buffer as well, every sample.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "om/driver/backend.h"
#include "om/driver/device.h"
#include "om/gen/csr_storage.h"
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
// `samples` > 1: views of that many samples, SampleMask 0xFFFFFFFD (sample 1 off),
// alpha-to-coverage where CAP_OM has it, partial raster coverage masks, a depth per sample and
// oMask on every fourth pixel.
Outcome session(const std::string& backend, int config, bool depth = false, uint32_t samples = 1) {
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
  view.sample_count = samples;
  DepthStencilView dsv;
  dsv.width = 4;
  dsv.height = 4;
  dsv.sample_count = samples;
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
  outs[0].written = true;
  EXPECT_EQ(dev->set_ps_outputs(outs), Hresult::S_OK) << dev->last_error();
  ref::BlendDesc d;
  d.alpha_to_coverage_enable = samples > 1 && dev->caps().om.alpha_to_coverage;
  d.render_target[0] =
      ref::blending_desc(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD, Blend::SRC_ALPHA,
                         Blend::INV_SRC_ALPHA, BlendOp::ADD, 0xF);
  BlendState bs{};
  EXPECT_EQ(dev->create_blend_state1(&d, &bs), Hresult::S_OK) << dev->last_error();
  const uint32_t sample_mask = samples > 1 ? 0xFFFFFFFDu : 0xFFFFFFFFu;
  EXPECT_EQ(dev->set_blend_state(bs, nullptr, sample_mask), Hresult::S_OK) << dev->last_error();
  EXPECT_EQ(dev->clear({ref::f32_bits(0.5f), 0, 0, ref::f32_bits(1.0f)}), Hresult::S_OK);
  std::mt19937 rng(5);
  std::vector<Pixel> px(200);
  for (Pixel& p : px) {
    // Samples are transfers of their own: a multisampled session draws into fewer pixels, so that
    // one sample's address still recurs while an earlier op on it is in flight (hazard stalls).
    p.x = rng() % (samples > 1 ? 2 : 4);
    p.y = samples > 1 ? 0 : rng() % 2;
    const float alpha = samples > 1 ? static_cast<float>(rng() % 9) / 8.0f : 0.5f;
    p.px.oc[0] = {ref::f32_bits(0.25f), ref::f32_bits(0.75f), 0, ref::f32_bits(alpha)};
    p.z.fill(ref::f32_bits(static_cast<float>(rng() % 8) / 8.0f));
    p.front_face = rng() % 2 == 0;
    if (samples == 1) continue;
    p.coverage =
        rng() % 3 == 0 ? kAllSamples : static_cast<uint32_t>(rng()) & ((1u << samples) - 1);
    for (uint32_t s = 0; s < samples; ++s)
      p.z[s] = ref::f32_bits(static_cast<float>(rng() % 8) / 8.0f);
    p.px.omask_written = rng() % 4 == 0;
    p.omask = static_cast<uint32_t>(rng());
  }
  EXPECT_EQ(dev->draw(px), Hresult::S_OK) << dev->last_error();
  Outcome r;
  EXPECT_EQ(dev->read_perf_counters(&r.perf), Hresult::S_OK);
  r.cycles = be->cycles();
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      for (uint32_t s = 0; s < samples; ++s) {
        ref::Texel t;
        EXPECT_EQ(dev->read_texel(0, x, y, &t, s), Hresult::S_OK) << dev->last_error();
        r.texels.push_back(t);
        uint32_t z = 0, st = 0;
        if (depth) {
          EXPECT_EQ(dev->read_depth_stencil(x, y, &z, &st, s), Hresult::S_OK);
        }
        r.depth.push_back(z);
        r.stencil.push_back(st);
      }
    }
  }
  return r;
}

void expect_same_timing(const Outcome& model, const Outcome& rtl, uint32_t samples = 1) {
  EXPECT_EQ(model.cycles, rtl.cycles);
  for (const regs::PerfCounter& c : regs::kPerfCounters) {
    EXPECT_EQ(model.perf.*c.count, rtl.perf.*c.count) << c.name;
  }
  EXPECT_EQ(model.texels, rtl.texels);
  EXPECT_EQ(model.depth, rtl.depth);
  EXPECT_EQ(model.stencil, rtl.stencil);
  // The session exercised what it compares: colliding pixels stall, the memory stalls.
  EXPECT_GT(rtl.perf.hazard_stalls, 0u);
  EXPECT_GT(rtl.perf.mem_stalls, 0u);
  EXPECT_EQ(rtl.perf.pixels_in, (200u + 16u) * samples);  // one transfer per sample
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

// Every configuration with multisampling, at its largest count: partial coverage, SampleMask, A2C,
// oMask and a depth per sample leave the same samples on every backend; model and rtl also take
// the same cycles and count the same.
TEST(BackendTiming, MultisampledDrawsAgreeOnEveryBackend) {
  register_builtin_backends();
  int multisampled = 0;
  for (int config = 0; config < kNumConfigs; ++config) {
    const uint32_t samples = kConfigs[config].samples;
    if (samples == 1) continue;
    ++multisampled;
    SCOPED_TRACE(std::string(kConfigs[config].name) + " x" + std::to_string(samples));
    const Outcome rtl = session("rtl", config, true, samples);
    expect_same_timing(session("model", config, true, samples), rtl, samples);
    // Some samples were killed by coverage, and the samples of one pixel differ.
    EXPECT_GT(rtl.perf.killed, 0u);
    bool differ = false;
    for (size_t i = 0; i + 1 < rtl.texels.size() && !differ; i += samples) {
      for (uint32_t s = 1; s < samples; ++s)
        differ = differ || rtl.texels[i + s].w != rtl.texels[i].w;
    }
    EXPECT_TRUE(differ) << "no pixel with partially covered samples";
    for (const char* other : {"ref", "tlm"}) {
      const std::vector<std::string> names = backend_names();
      if (std::find(names.begin(), names.end(), other) == names.end()) continue;
      SCOPED_TRACE(other);
      const Outcome o = session(other, config, true, samples);
      EXPECT_EQ(o.texels, rtl.texels);
      EXPECT_EQ(o.depth, rtl.depth);
      EXPECT_EQ(o.stencil, rtl.stencil);
      EXPECT_EQ(o.perf.killed, rtl.perf.killed);
      EXPECT_EQ(o.perf.rt_writes, rtl.perf.rt_writes);
    }
  }
  EXPECT_GT(multisampled, 0) << "no configuration has multisampling";
}

}  // namespace
}  // namespace om::driver::test

// SPDX-License-Identifier: Apache-2.0
// om_top random regression: random state (formats per slot over every implemented format, blend
// descriptors, masks, IBE, logic op, A2C, alpha test, fog, clears), random pixels concentrated on a
// few addresses (many read-after-write hazards), random memory latency and stalls and input gaps.
// Every draw is checked against om::ref on the final memory image; OM_SEED replays a run.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>

#include "top_fixture.h"

namespace om::tb {
namespace {

class Random : public TopTest, public ::testing::WithParamInterface<int> {
 protected:
  uint32_t pick(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
  bool coin(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p; }

  ref::RtBlendDesc random_desc() {
    constexpr std::array<uint32_t, 17> kFactors = {1,  2,  3,  4,  5,  6,  7,  8, 9,
                                                   10, 11, 14, 15, 16, 17, 18, 19};
    ref::RtBlendDesc d;
    d.blend_enable = coin(0.7);
    d.src_blend = static_cast<Blend>(kFactors[pick(17)]);
    d.dest_blend = static_cast<Blend>(kFactors[pick(17)]);
    d.blend_op = static_cast<BlendOp>(1 + pick(5));
    d.src_blend_alpha = static_cast<Blend>(kFactors[pick(17)]);
    d.dest_blend_alpha = static_cast<Blend>(kFactors[pick(17)]);
    d.blend_op_alpha = static_cast<BlendOp>(1 + pick(5));
    d.logic_op = static_cast<LogicOp>(pick(16));
    d.render_target_write_mask = coin(0.5) ? 0xF : pick(16);
    return d;
  }

  State random_state(uint32_t w, uint32_t h) {
    State s = ref::default_state();
    for (int i = 0; i < ref::kMaxRts; ++i) {
      if (coin(0.5))
        s.rt_bind[i] = {static_cast<uint32_t>(kFormatInfo[pick(kNumFormats)].format), w, h};
      s.rt_desc[i] = ref::to_rt_desc(random_desc());
    }
    s.independent_blend_enable = coin(0.6);
    s.rt_desc[0].logic_op_enable = coin(0.15);
    s.alpha_to_coverage_enable = coin(0.2);
    s.sample_mask = coin(0.9) ? 0xFFFFFFFFu : static_cast<uint32_t>(rng_());
    s.ps_outputs = coin(0.7) ? 0xFFu : pick(256);
    s.blend_factor = {f(0.5f), f(0.25f), f(1.5f), f(-0.25f)};
    s.alpha_test_enable = coin(0.2);
    s.alpha_func = 1 + pick(8);
    s.alpha_ref = pick(256);
    s.fog_enable = coin(0.2);
    s.fog_color = {f(0.1f), f(0.9f), f(0.4f)};
    return s;
  }
};

TEST_P(Random, StateAndPixelsUnderRandomMemory) {
  Options o;
  o.seed = 1000 + static_cast<uint64_t>(GetParam());
  o.cfg_index = GetParam() % kNumConfigs;
  std::mt19937_64 cfg_rng(o.seed);
  o.mem.latency_min = 1 + static_cast<int>(cfg_rng() % 4);
  o.mem.latency_max = o.mem.latency_min + static_cast<int>(cfg_rng() % 30);
  o.mem.rd_ready_p = 0.3 + 0.7 * static_cast<double>(cfg_rng() % 100) / 100.0;
  o.mem.wr_ready_p = 0.3 + 0.7 * static_cast<double>(cfg_rng() % 100) / 100.0;
  o.in_valid_p = 0.5 + 0.5 * static_cast<double>(cfg_rng() % 100) / 100.0;
  start(o);
  for (int draw = 0; draw < 8; ++draw) {
    SCOPED_TRACE("draw " + std::to_string(draw));
    set_state(random_state(3, 3));
    for (int i = 0; i < 60; ++i) {
      ref::PixelIn px = coin(0.5) ? random_pixel(-0.5f, 1.5f) : random_int_pixel();
      px.clear = coin(0.05);
      px.coverage = coin(0.9);
      px.fog = f(std::uniform_real_distribution<float>(-0.25f, 1.25f)(rng_));
      push(pick(4), pick(4), px);  // some pixels fall outside the 3 x 3 targets
    }
  }
  finish();
}

INSTANTIATE_TEST_SUITE_P(Seeds, Random, ::testing::Range(0, 40));

class Stress : public Random {};

// A long run on one state: four targets (UNORM8 blend, float16 blend with a partial mask, UINT
// logic op disabled -> pass-through, sRGB), 6000 pixels on a 4 x 4 area, jittery memory and input
// gaps.
TEST_F(Stress, LongRunOnFewAddresses) {
  Options o;
  o.seed = 77;
  o.mem.latency_min = 1;
  o.mem.latency_max = 40;
  o.mem.rd_ready_p = 0.6;
  o.mem.wr_ready_p = 0.6;
  o.in_valid_p = 0.8;
  start(o);
  State s = ref::default_state();
  s.rt_bind[0] = {static_cast<uint32_t>(Format::R8G8B8A8_UNORM), 4, 4};
  s.rt_bind[1] = {static_cast<uint32_t>(Format::R16G16B16A16_FLOAT), 4, 4};
  s.rt_bind[2] = {static_cast<uint32_t>(Format::R8G8B8A8_UINT), 4, 4};
  s.rt_bind[5] = {static_cast<uint32_t>(Format::B8G8R8A8_UNORM_SRGB), 4, 4};
  s.ps_outputs = 0xFF;
  s.independent_blend_enable = true;
  s.rt_desc[0] = ref::to_rt_desc(blend_desc(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD,
                                            Blend::ONE, Blend::INV_SRC_ALPHA, BlendOp::ADD));
  s.rt_desc[1] = ref::to_rt_desc(
      blend_desc(Blend::ONE, Blend::ONE, BlendOp::ADD, Blend::ONE, Blend::ONE, BlendOp::MAX, 0xD));
  s.rt_desc[5] = ref::to_rt_desc(blend_desc(Blend::DEST_COLOR, Blend::SRC_COLOR, BlendOp::ADD,
                                            Blend::ONE, Blend::ZERO, BlendOp::ADD));
  set_state(s);
  for (int i = 0; i < 6000; ++i) push(pick(4), pick(4), random_pixel(0.0f, 1.0f));
  finish();
  EXPECT_GT(reg(regs::kPerfHazardStalls), 0u);
  EXPECT_GT(h_->stats().mem_stall_cycles, 0u);
}

}  // namespace
}  // namespace om::tb

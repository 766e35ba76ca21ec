// SPDX-License-Identifier: Apache-2.0
// Directed performance scenarios of the depth-stencil path and of multisampling (docs/pipeline.md,
// "Performance"), on the RTL and on the cycle model (om::Depth): an active om_depth streams one
// tested pixel per cycle at distinct addresses and adds its latency once; at one address each
// pixel waits until the previous one's depth-stencil write was accepted; an n-sample pixel is n
// transfers at one sample per clock, killed and addressed per sample.
#include <gtest/gtest.h>

#include <cstdint>

#include "top_fixture.h"

namespace om::tb {
namespace {

class DepthPerf : public TopTest, public ::testing::WithParamInterface<SideKind> {
 protected:
  /// Memory latency `latency` on both memories; a 16 x 16 R32G32B32A32_FLOAT target of
  /// 2^sample_count samples written whole (no colour reads) and, with `ds`, a D32_FLOAT view
  /// tested with ALWAYS and written.
  void start_with(int latency, uint32_t sample_count = 0, bool ds = true,
                  uint32_t sample_mask = ~0u) {
    Options o;
    o.kind = GetParam();
    o.mem.latency_min = o.mem.latency_max = latency;
    start(o);
    State s = ref::default_state();
    s.rt_bind[0] = {static_cast<uint32_t>(Format::R32G32B32A32_FLOAT), 16, 16};
    s.ps_outputs = 0x1;
    s.sample_count = sample_count;
    s.sample_mask = sample_mask;
    s.depth_func = static_cast<uint32_t>(CmpFunc::ALWAYS);
    s.ds_bind.valid = ds;
    s.ds_bind.format = static_cast<uint32_t>(DsFormat::D32_FLOAT);
    set_state(s);
    h_->run_until_idle();
  }
  /// Pushes n pixels (distinct texels in raster order, or all at (3, 5)), each as its transfers of
  /// samples 0 .. transfers-1 (a multisampled pixel, and strays at or above its count), and steps
  /// until `writes` colour writes (0: n) were accepted; returns the cycles from the first
  /// transfer's acceptance to the last of them.
  uint64_t stream(uint32_t n, bool same_texel, uint32_t transfers = 1, uint64_t writes = 0) {
    const uint64_t before = h_->stats().rt_writes, accepted = h_->stats().pixels_in;
    for (uint32_t i = 0; i < n; ++i) {
      TbPixel p;
      p.x = same_texel ? 3 : i % 16;
      p.y = same_texel ? 5 : (i / 16) % 16;
      p.px = random_pixel();
      for (uint32_t s = 0; s < transfers; ++s) {
        p.px.sample = s;
        p.depth = f(0.5f + 0.0625f * static_cast<float>(s));
        push(p);
      }
    }
    while (h_->stats().pixels_in == accepted) h_->step();
    const uint64_t first = h_->cycle() - 1;
    while (h_->stats().rt_writes < before + (writes != 0 ? writes : n)) h_->step();
    return h_->cycle() - 1 - first;
  }
};

TEST_P(DepthPerf, TestedPixelsAtDistinctAddressesStreamAtOnePerCycle) {
  constexpr uint64_t kL = 6;
  start_with(kL);
  EXPECT_EQ(stream(256, false), 255u + 15u + kL);
  EXPECT_EQ(h_->input_stall_cycles(), 0u);
  finish();
  EXPECT_EQ(h_->stats().ds_writes, 256u);
}

TEST_P(DepthPerf, TestedPixelsAtOneAddressWaitForThePreviousDepthStencilWrite) {
  constexpr uint64_t kL = 20, kN = 16;
  start_with(kL);
  EXPECT_EQ(stream(kN, true), (kN - 1) * (kL + 5) + 15 + kL);
  finish();
}

// Multisampling (docs/pipeline.md): the port is sample-serial, one sample per clock, and each
// sample is its own address, so 32 pixels of 8 samples take the cycles of 256 single-sample pixels.
TEST_P(DepthPerf, EightSamplePixelsTakeEightTransfersAtOneSamplePerClock) {
  constexpr uint64_t kL = 6;
  start_with(kL, 3);
  EXPECT_EQ(stream(32, false, 8, 256), 255u + 15u + kL);
  EXPECT_EQ(h_->input_stall_cycles(), 0u);
  finish();
  EXPECT_EQ(h_->stats().pixels_in, 256u);
  EXPECT_EQ(h_->stats().ds_writes, 256u);
}

// SampleMask 0b0101 over 4 samples, and a stray transfer of sample 4 after each pixel: per pixel
// two samples are written and three transfers killed; image and counters as om::ref has them.
TEST_P(DepthPerf, SampleMaskAndStraySamplesAreKilledPerSample) {
  start_with(3, 2, false, 0x5u);
  stream(20, false, 5, 40);
  finish();
  EXPECT_EQ(h_->stats().pixels_in, 100u);
  EXPECT_EQ(reg(regs::kPerfKilled), 60u);
  EXPECT_EQ(h_->stats().rt_writes, 40u);
}

INSTANTIATE_TEST_SUITE_P(Sides, DepthPerf, ::testing::Values(SideKind::kRtl, SideKind::kModel),
                         [](const ::testing::TestParamInfo<SideKind>& i) {
                           return std::string(i.param == SideKind::kRtl ? "Rtl" : "Model");
                         });

}  // namespace
}  // namespace om::tb

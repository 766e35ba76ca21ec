// SPDX-License-Identifier: Apache-2.0
// Directed performance scenarios of the depth-stencil path (docs/pipeline.md, "Performance"), on
// the RTL and on the cycle model (om::Depth): an active om_depth streams one tested pixel per
// cycle at distinct addresses and adds its latency once; at one address each pixel waits until
// the previous one's depth-stencil write was accepted.
#include <gtest/gtest.h>

#include <cstdint>

#include "top_fixture.h"

namespace om::tb {
namespace {

class DepthPerf : public TopTest, public ::testing::WithParamInterface<SideKind> {
 protected:
  /// Memory latency `latency` on both memories; a 16 x 16 R32G32B32A32_FLOAT target written whole
  /// (no colour reads) and a D32_FLOAT view tested with ALWAYS and written.
  void start_with(int latency) {
    Options o;
    o.kind = GetParam();
    o.mem.latency_min = o.mem.latency_max = latency;
    start(o);
    DrawState s;
    s.rt[0] = {static_cast<uint32_t>(Format::R32G32B32A32_FLOAT), 16, 16};
    s.ps_outputs = 0x1;
    s.ds.depth_func = CmpFunc::ALWAYS;
    s.ds_view.valid = true;
    s.ds_view.format = static_cast<uint32_t>(DsFormat::D32_FLOAT);
    set_state(s);
    h_->run_until_idle();
  }
  /// Pushes n pixels (distinct texels in raster order, or all at (3, 5)) and steps until the last
  /// colour write is accepted; returns the cycles from the first pixel's acceptance to it.
  uint64_t stream(uint32_t n, bool same_texel) {
    const uint64_t writes = h_->stats().rt_writes, accepted = h_->stats().pixels_in;
    for (uint32_t i = 0; i < n; ++i) {
      TbPixel p;
      p.x = same_texel ? 3 : i % 16;
      p.y = same_texel ? 5 : (i / 16) % 16;
      p.px = random_pixel();
      p.depth = f(0.5f);
      push(p);
    }
    while (h_->stats().pixels_in == accepted) h_->step();
    const uint64_t first = h_->cycle() - 1;
    while (h_->stats().rt_writes < writes + n) h_->step();
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

INSTANTIATE_TEST_SUITE_P(Sides, DepthPerf, ::testing::Values(SideKind::kRtl, SideKind::kModel),
                         [](const ::testing::TestParamInfo<SideKind>& i) {
                           return std::string(i.param == SideKind::kRtl ? "Rtl" : "Model");
                         });

}  // namespace
}  // namespace om::tb

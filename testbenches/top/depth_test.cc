// SPDX-License-Identifier: Apache-2.0
// om_depth through om_top, on the Verilated RTL and on the cycle model (om::Depth): the
// depth-stencil buffer and the render targets after random draws against the scoreboard
// (om::ref::depth_stencil_sample, then om::ref::process_pixel), every depth format, illegal
// encodings, read-only views, special depths, both faces, overlapping pixels under random memory
// latency and stalls, with om_kill's rule (alpha-to-coverage, SampleMask, alpha test) applied
// before the test; and an inactive stage leaves the depth-stencil port idle.
#include <gtest/gtest.h>

#include <cstdint>

#include "om/ref/depth_stencil.h"
#include "top_fixture.h"

namespace om::tb {
namespace {

constexpr uint32_t kSpecialDepth[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0x3F000000u,
                                      0x7FC00000u, 0xFFC00001u, 0x00000001u, 0x807FFFFFu,
                                      0x7F800000u, 0xFF800000u, 0xBF800000u, 0x40000000u,
                                      0x3F7FFFFFu, 0x33800000u, 0x3EFFFFFFu, 0x3E800000u};

class DepthTest : public TopTest, public ::testing::WithParamInterface<SideKind> {
 protected:
  uint32_t pick(uint32_t n) { return static_cast<uint32_t>(rng_() % n); }
  bool pct(uint32_t p) { return rng_() % 100 < p; }

  uint32_t random_depth() {
    if (pct(25)) return kSpecialDepth[pick(16)];
    std::uniform_real_distribution<float> d(-0.25f, 1.25f);
    return f(d(rng_));
  }

  /// A random depth-stencil state over `format` with RT 0 bound (R8G8B8A8_UNORM, 8 x 8).
  State random_state(uint32_t format) {
    State s = ref::default_state();
    s.rt_bind[0] = RtBind{static_cast<uint32_t>(Format::R8G8B8A8_UNORM), 8, 8};
    s.ps_outputs = 1;
    auto func = [&]() { return static_cast<CmpFunc>(pct(90) ? 1 + pick(8) : pick(16)); };
    auto op = [&]() { return static_cast<StencilOp>(pct(90) ? 1 + pick(8) : pick(16)); };
    ref::DepthStencilDesc ds;
    ds.depth_enable = pct(75);
    ds.depth_write_mask = pct(75) ? DepthWriteMask::ALL : DepthWriteMask::ZERO;
    ds.depth_func = func();
    ds.stencil_enable = pct(60);
    ds.stencil_read_mask = static_cast<uint8_t>(pct(50) ? 0xFF : pick(256));
    ds.stencil_write_mask = static_cast<uint8_t>(pct(50) ? 0xFF : pick(256));
    for (ref::DepthStencilOpDesc* face : {&ds.front_face, &ds.back_face}) {
      face->stencil_fail_op = op();
      face->stencil_depth_fail_op = op();
      face->stencil_pass_op = op();
      face->stencil_func = func();
    }
    ref::set_ds_desc(s, ds);
    s.stencil_ref = pick(256);
    ref::DsView view;
    view.valid = true;
    view.format = format;
    view.dsv_flags = pick(4);
    ref::set_ds_view(s, view);
    s.min_depth = pct(70) ? 0u : random_depth();
    s.max_depth = pct(70) ? f(1.0f) : random_depth();
    s.sample_mask = pct(90) ? ~0u : pick(2);
    s.alpha_to_coverage_enable = pct(20);
    ref::D3d9State d3d9;
    d3d9.alpha_test_enable = pct(20);
    d3d9.alpha_func = func();
    d3d9.alpha_ref = pick(256);
    ref::set_d3d9_state(s, d3d9);
    return s;
  }

  /// Random texels in the 8 x 8 depth-stencil area, in memory and in the scoreboard.
  void fill_ds() {
    for (uint32_t y = 0; y < 8; ++y) {
      for (uint32_t x = 0; x < 8; ++x) {
        ref::Texel t;
        t.w[0] = static_cast<uint32_t>(rng_());
        t.w[1] = static_cast<uint32_t>(rng_()) & 0xFFu;
        h_->ds_mem().image().set(mem_addr(0, y, x, 0), t);
        sb_->ds_image().set(mem_addr(0, y, x, 0), t);
      }
    }
  }

  void check_ds_image() {
    const std::string diff = diff_images(h_->ds_mem().image(), sb_->ds_image());
    EXPECT_TRUE(diff.empty()) << diff;
  }

  void push_pixel(uint32_t x, uint32_t y) {
    TbPixel p;
    p.x = x;
    p.y = y;
    p.px = random_pixel(0.0f, 1.0f);
    p.px.coverage = pct(95);
    p.depth = random_depth();
    p.front_face = pct(50);
    push(p);
  }
};

TEST_P(DepthTest, RandomDrawsMatchTheReferenceForEveryFormat) {
  Options o;
  o.kind = GetParam();
  o.mem.latency_min = 1;
  o.mem.latency_max = 12;
  o.mem.rd_ready_p = 0.7;
  o.mem.wr_ready_p = 0.7;
  start(o);
  for (int draw = 0; draw < 24; ++draw) {
    const uint32_t format = static_cast<uint32_t>(kDsFormatInfo[draw % kNumDsFormats].format);
    set_state(random_state(format));
    fill_ds();
    for (int i = 0; i < 60; ++i) push_pixel(pick(3), pick(3));  // 9 texels: hazards
  }
  finish();
  check_ds_image();
  const ExpectedCounts& e = sb_->counts();
  EXPECT_EQ(h_->stats().ds_reads, e.ds_reads);
  EXPECT_EQ(h_->stats().ds_writes, e.ds_writes);
  EXPECT_GT(e.ds_writes, 100u);
  EXPECT_GT(e.ds_failed, 100u);
}

TEST_P(DepthTest, AnInactiveStageLeavesTheDepthStencilPortIdle) {
  Options o;
  o.kind = GetParam();
  start(o);
  State s = random_state(static_cast<uint32_t>(DsFormat::D24_UNORM_S8_UINT));
  s.depth_enable = false;
  s.stencil_enable = false;
  set_state(s);
  for (int i = 0; i < 40; ++i) push_pixel(pick(8), pick(8));
  s = random_state(static_cast<uint32_t>(DsFormat::D16_UNORM));
  s.ds_bind.valid = false;
  set_state(s);
  for (int i = 0; i < 40; ++i) push_pixel(pick(8), pick(8));
  s = random_state(7);  // no depth format: as no view
  set_state(s);
  for (int i = 0; i < 40; ++i) push_pixel(pick(8), pick(8));
  finish();
  EXPECT_EQ(h_->stats().ds_reads, 0u);
  EXPECT_EQ(h_->stats().ds_writes, 0u);
  EXPECT_EQ(sb_->counts().ds_reads, 0u);
}

INSTANTIATE_TEST_SUITE_P(Sides, DepthTest, ::testing::Values(SideKind::kRtl, SideKind::kModel),
                         [](const ::testing::TestParamInfo<SideKind>& i) {
                           return std::string(i.param == SideKind::kRtl ? "Rtl" : "Model");
                         });

}  // namespace
}  // namespace om::tb

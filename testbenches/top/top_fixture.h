// SPDX-License-Identifier: Apache-2.0
// GoogleTest fixture of the om_top tests: one harness + scoreboard per test, state changes between
// draws (the input drains first, as a driver would), and the end-of-test checks: final memory
// image against om::ref, and the performance counters against the scoreboard and the port
// handshakes the harness saw.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>

#include "om/cosim/scoreboard.h"
#include "om/gen/regs.h"
#include "om/ref/fp32.h"
#include "om/sim/top_harness.h"
#include "test_waves.h"

namespace om::tb {

// The tests speak the platform's and the scoreboard's vocabulary.
using namespace om::sim;
using cosim::diff_images;
using cosim::ExpectedCounts;
using cosim::Scoreboard;

/// binary32 bits of a host float (exactly representable test values).
inline uint32_t f(float v) { return ref::f32_bits(v); }

inline ref::RtBlendDesc blend_desc(Blend src, Blend dst, BlendOp op, Blend src_a, Blend dst_a,
                                   BlendOp op_a, uint32_t mask = 0xF) {
  return ref::blending_desc(src, dst, op, src_a, dst_a, op_a, mask);
}

class TopTest : public ::testing::Test {
 protected:
  struct Options {
    int cfg_index = 4;  // fl11_1
    MemConfig mem;
    double in_valid_p = 1.0;
    uint64_t seed = 1;
    SideKind kind = SideKind::kRtl;  // the Verilated om_top or the cycle model
  };

  void start(const Options& o) {
    HarnessConfig hc;
    hc.cfg_index = o.cfg_index;
    hc.mem = o.mem;
    hc.in_valid_p = o.in_valid_p;
    hc.seed = test_seed(o.seed);
    hc.waves = waves_for_current_test();
    rng_.seed(hc.seed ^ 0x5DEECE66Dull);
    h_ = std::make_unique<TopHarness>(hc, o.kind);
    sb_ = std::make_unique<Scoreboard>(o.cfg_index);
    h_->reset();
  }
  void start() { start(Options{}); }

  /// Starts a new draw: waits until every queued pixel was accepted, programs `s` (the bus holds
  /// the writes until the pipeline is empty) and, with `fill`, fills the bound RTs with random
  /// texels.
  /// With `fill`, the image of the previous draws is checked first.
  void set_state(const State& s, bool fill = true) {
    while (!h_->input_drained()) h_->step();
    program_state(*h_, s);
    sb_->set_state(s);
    if (fill) {
      h_->run_until_idle();  // no read may see the fill change under it
      check_image();
      sb_->fill_random(h_->mem().image(), rng_);
    }
  }

  void check_image() {
    const std::string diff = diff_images(h_->mem().image(), sb_->image());
    EXPECT_TRUE(diff.empty()) << diff;
  }

  void push(const TbPixel& p) {
    h_->push(p);
    sb_->apply(p);
  }
  void push(uint32_t x, uint32_t y, const ref::PixelIn& px) {
    TbPixel p;
    p.x = x;
    p.y = y;
    p.px = px;
    push(p);
  }

  /// A random draw pixel: every oC component random in [lo, hi] (binary32), coverage set.
  ref::PixelIn random_pixel(float lo = -0.25f, float hi = 1.25f) {
    std::uniform_real_distribution<float> d(lo, hi);
    ref::PixelIn px;
    for (auto& o : px.oc) {
      for (auto& c : o) c = f(d(rng_));
    }
    for (auto& c : px.oc1) c = f(d(rng_));
    return px;
  }
  /// A random integer pixel for UINT/SINT RTs.
  ref::PixelIn random_int_pixel() {
    ref::PixelIn px;
    for (auto& o : px.oc) {
      for (auto& c : o) c = static_cast<uint32_t>(rng_());
    }
    return px;
  }

  uint32_t reg(uint32_t addr) {
    bool err = false;
    const uint32_t v = h_->apb_read(addr, &err);
    EXPECT_FALSE(err) << "PSLVERR reading 0x" << std::hex << addr;
    return v;
  }

  /// Drains the pipeline, compares the memory image with the reference and checks the counters.
  void finish() {
    h_->run_until_idle();
    check_image();
    const ExpectedCounts& e = sb_->counts();
    const PortStats& s = h_->stats();
    EXPECT_EQ(s.pixels_in, e.pixels_in);
    EXPECT_EQ(s.rt_reads, e.rt_reads);
    EXPECT_EQ(s.rt_writes, e.rt_writes);
    EXPECT_EQ(reg(regs::kPerfPixelsIn), static_cast<uint32_t>(e.pixels_in));
    EXPECT_EQ(reg(regs::kPerfKilled), static_cast<uint32_t>(e.killed));
    EXPECT_EQ(reg(regs::kPerfRtReads), static_cast<uint32_t>(e.rt_reads));
    EXPECT_EQ(reg(regs::kPerfRtWrites), static_cast<uint32_t>(e.rt_writes));
    EXPECT_EQ(reg(regs::kPerfMemStalls), static_cast<uint32_t>(s.mem_stall_cycles));
  }

  std::unique_ptr<TopHarness> h_;
  std::unique_ptr<Scoreboard> sb_;
  std::mt19937_64 rng_;
};

}  // namespace om::tb

// SPDX-License-Identifier: Apache-2.0
// Directed performance scenarios with known cycle and stall counts, on the RTL and on the cycle
// model alike: a bug both share that only costs cycles passes the lockstep and the scoreboard, so
// these fail when the pipeline stalls where it need not (docs/pipeline.md, "Performance").
#include <gtest/gtest.h>

#include <cstdint>

#include "top_fixture.h"

namespace om::tb {
namespace {

constexpr uint32_t kRgba32Uint = static_cast<uint32_t>(Format::R32G32B32A32_UINT);
constexpr uint32_t kRgba32Float = static_cast<uint32_t>(Format::R32G32B32A32_FLOAT);

class Perf : public TopTest, public ::testing::WithParamInterface<SideKind> {
 protected:
  void start_with(int latency, double wr_ready_p = 1.0) {
    Options o;
    o.kind = GetParam();
    o.mem.latency_min = o.mem.latency_max = latency;
    o.mem.wr_ready_p = wr_ready_p;
    start(o);
  }
  /// One 16 x 16 target of `format`, with or without the XOR logic op: UINT with it (every op
  /// reads its destination), FLOAT without it (written whole) or FLOAT with it (nothing stored).
  void target(uint32_t format, bool logic_op) {
    State s = ref::default_state();
    s.rt_bind[0] = {format, 16, 16};
    s.rt_desc[0].logic_op_enable = logic_op;
    s.rt_desc[0].logic_op = static_cast<uint32_t>(LogicOp::XOR);
    s.ps_outputs = 0x1;
    set_state(s);
    h_->run_until_idle();
    stalls0_ = h_->input_stall_cycles();
    hazards0_ = reg(regs::kPerfHazardStalls);
  }
  /// Pushes n pixels (distinct texels in raster order, or all at (3, 5)) and steps until the last
  /// write is accepted; returns the cycles from the first pixel's acceptance to the last write.
  uint64_t stream(uint32_t n, bool same_texel) {
    const uint64_t writes = h_->stats().rt_writes, accepted = h_->stats().pixels_in;
    for (uint32_t i = 0; i < n; ++i) {
      push(same_texel ? 3 : i % 16, same_texel ? 5 : (i / 16) % 16, random_int_pixel());
    }
    while (h_->stats().pixels_in == accepted) h_->step();
    const uint64_t first = h_->cycle() - 1;
    while (h_->stats().rt_writes < writes + n) h_->step();
    return h_->cycle() - 1 - first;
  }
  uint64_t input_stalls() const { return h_->input_stall_cycles() - stalls0_; }
  uint32_t hazard_stalls() { return reg(regs::kPerfHazardStalls) - hazards0_; }

  uint64_t stalls0_ = 0;
  uint32_t hazards0_ = 0;
};

// Without destination reads one op enters and one write leaves every cycle: n pixels take n - 1
// cycles after the first plus its 10-cycle latency, and the input never waits.
TEST_P(Perf, WritesWithoutReadsStreamAtOnePerCycle) {
  start_with(1);
  target(kRgba32Float, false);
  EXPECT_EQ(stream(256, false), 255u + 10u);
  EXPECT_EQ(input_stalls(), 0u);
  EXPECT_EQ(hazard_stalls(), 0u);
  finish();
}

// Reading ops at distinct texels with a latency the response credits cover (L + 2 < RspDepth):
// still one per cycle, the last write 11 + L after its acceptance.
TEST_P(Perf, ReadsAtDistinctTexelsStreamAtOnePerCycle) {
  constexpr int kL = 6;
  start_with(kL);
  target(kRgba32Uint, true);
  EXPECT_EQ(stream(256, false), 255u + 11u + kL);
  EXPECT_EQ(input_stalls(), 0u);
  EXPECT_EQ(hazard_stalls(), 0u);
  finish();
}

// Reads of one texel in a row: each waits on the hazard table until the previous write retired, so
// ops pass every L + 9 cycles and each of the 15 later ones stalls L + 8 cycles.
TEST_P(Perf, ReadsOfOneTexelWaitExactlyForThePreviousWrite) {
  constexpr uint64_t kL = 20, kN = 16;
  start_with(kL);
  target(kRgba32Uint, true);
  EXPECT_EQ(stream(kN, true), (kN - 1) * (kL + 9) + 11 + kL);
  EXPECT_EQ(hazard_stalls(), (kN - 1) * (kL + 8));
  finish();
}

// RspDepth (16) reads may be outstanding and a credit comes back L + 3 cycles after its request:
// full rate up to L = 13, beyond that 16 reads every L + 3 cycles.
TEST_P(Perf, OutstandingReadsAreLimitedOnlyByTheResponseCredits) {
  constexpr uint64_t kN = 160, kGroups = kN / 16;
  for (uint64_t l : {13u, 14u, 40u}) {
    start_with(static_cast<int>(l));
    target(kRgba32Uint, true);
    const uint64_t want = l + 3 <= 16 ? kN - 1 + 11 + l : (kGroups - 1) * (l + 3) + 15 + 11 + l;
    EXPECT_EQ(stream(kN, false), want) << "L = " << l;
    EXPECT_EQ(hazard_stalls(), 0u);
    finish();
  }
}

// A write the memory does not accept holds the whole pipeline for exactly that cycle.
TEST_P(Perf, EachRefusedWriteCostsExactlyOneCycle) {
  start_with(1, 0.5);
  target(kRgba32Float, false);
  const uint64_t stalls = h_->stats().mem_stall_cycles;
  const uint64_t cycles = stream(256, false);
  EXPECT_EQ(cycles, 255u + 10u + (h_->stats().mem_stall_cycles - stalls));
  EXPECT_GT(input_stalls(), 0u);
  finish();
}

// An op without a write (a logic op on a FLOAT target: D3D leaves it undefined and this hardware
// stores nothing) leaves om_write at once, whatever the write port does: with a memory that takes
// a write only every other cycle on average, the input still never waits.
TEST_P(Perf, OpsWithoutAWriteNeverWaitForTheWritePort) {
  start_with(1, 0.5);
  target(kRgba32Float, true);
  const uint64_t writes = h_->stats().rt_writes;
  for (uint32_t i = 0; i < 256; ++i) push(i % 16, (i / 16) % 16, random_int_pixel());
  h_->run_until_idle();
  EXPECT_EQ(input_stalls(), 0u);
  EXPECT_EQ(h_->stats().rt_writes, writes);
  finish();
}

}  // namespace

INSTANTIATE_TEST_SUITE_P(Sides, Perf, ::testing::Values(SideKind::kRtl, SideKind::kModel),
                         [](const ::testing::TestParamInfo<SideKind>& i) {
                           return i.param == SideKind::kRtl ? std::string("rtl")
                                                            : std::string("model");
                         });

}  // namespace om::tb

// SPDX-License-Identifier: Apache-2.0
// om_top control path: read-modify-write ordering (hazards) under long and jittery memory latency,
// memory stalls, input backpressure, state writes held while busy, bounds, RT count per
// configuration, throughput. Results are checked against om::ref on the final memory image.
#include <gtest/gtest.h>

#include <cstdint>

#include "om/gen/csr_storage.h"
#include "top_fixture.h"

namespace om::tb {
namespace {

constexpr uint32_t kRgba32Uint = static_cast<uint32_t>(Format::R32G32B32A32_UINT);
constexpr uint32_t kRgba32Float = static_cast<uint32_t>(Format::R32G32B32A32_FLOAT);

// One R32G32B32A32_UINT target of w x h with the logic op `op` (every op reads its destination).
State logic_state(LogicOp op, uint32_t w, uint32_t h) {
  State s = ref::default_state();
  s.rt_bind[0] = {kRgba32Uint, w, h};
  s.rt_desc[0].logic_op_enable = true;
  s.rt_desc[0].logic_op = static_cast<uint32_t>(op);
  s.ps_outputs = 0x1;
  return s;
}

class Control : public TopTest {};

TEST_F(Control, SameAddressBackToBackWaitsForEachWriteWithLongLatency) {
  Options o;
  o.mem.latency_min = o.mem.latency_max = 40;
  start(o);
  set_state(logic_state(LogicOp::XOR, 4, 4));
  constexpr int kN = 24;
  for (int i = 0; i < kN; ++i) push(1, 2, random_int_pixel());
  finish();
  // Every op after the first reads only after the previous write was accepted, so it waits at
  // least one read latency on the hazard.
  EXPECT_GE(reg(regs::kPerfHazardStalls), static_cast<uint32_t>((kN - 1) * 40));
}

TEST_F(Control, UnrelatedAddressesNeverWaitOnTheHazardTable) {
  Options o;
  o.mem.latency_min = o.mem.latency_max = 12;
  start(o);
  set_state(logic_state(LogicOp::OR, 8, 8));
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 8; ++x) push(x, y, random_int_pixel());
  }
  const uint64_t t0 = h_->cycle();
  finish();
  EXPECT_EQ(reg(regs::kPerfHazardStalls), 0u);
  // 64 reading ops issue back to back once the first read returns: the op FIFO covers the latency.
  EXPECT_LT(h_->cycle() - t0, 64u + 12u + 60u);
}

TEST_F(Control, WritesWithoutReadsDoNotWaitOnHazards) {
  start();
  State s = ref::default_state();
  s.rt_bind[0] = {kRgba32Float, 4, 4};
  s.ps_outputs = 0x1;
  set_state(s);
  for (int i = 0; i < 32; ++i) push(3, 3, random_pixel());
  finish();
  EXPECT_EQ(reg(regs::kPerfHazardStalls), 0u);
  EXPECT_EQ(h_->stats().rt_reads, 0u);
}

TEST_F(Control, HazardsUnderMemoryStallsAndLatencyJitter) {
  Options o;
  o.mem.latency_min = 1;
  o.mem.latency_max = 25;
  o.mem.rd_ready_p = 0.4;
  o.mem.wr_ready_p = 0.5;
  o.seed = 7;
  start(o);
  set_state(logic_state(LogicOp::XOR, 3, 3));
  std::uniform_int_distribution<uint32_t> pos(0, 2);
  for (int i = 0; i < 300; ++i) push(pos(rng_), pos(rng_), random_int_pixel());
  finish();
  EXPECT_GT(h_->stats().mem_stall_cycles, 0u);
  EXPECT_GT(reg(regs::kPerfHazardStalls), 0u);
}

TEST_F(Control, InputBackpressureAndGapsKeepOrder) {
  Options o;
  o.mem.latency_min = 3;
  o.mem.latency_max = 9;
  o.mem.wr_ready_p = 0.3;
  o.in_valid_p = 0.6;
  o.seed = 11;
  start(o);
  set_state(logic_state(LogicOp::AND_INVERTED, 2, 2));
  std::uniform_int_distribution<uint32_t> pos(0, 1);
  for (int i = 0; i < 200; ++i) push(pos(rng_), pos(rng_), random_int_pixel());
  finish();
  EXPECT_GT(h_->input_stall_cycles(), 0u);
}

TEST_F(Control, StateWriteWaitsUntilPixelsInFlightAreDone) {
  Options o;
  o.mem.latency_min = o.mem.latency_max = 60;
  start(o);
  State s = logic_state(LogicOp::XOR, 4, 4);
  set_state(s);
  for (uint32_t i = 0; i < 8; ++i) push(i % 4, i / 4, random_int_pixel());
  while (!h_->input_drained()) h_->step();
  // The pixels now wait for their reads; a state write must not change what they see.
  s.rt_desc[0].logic_op = static_cast<uint32_t>(LogicOp::OR);
  program_state(*h_, s);
  sb_->set_state(s);
  finish();
  for (uint32_t i = 0; i < 8; ++i) push(i % 4, i / 4, random_int_pixel());
  finish();
}

TEST_F(Control, StateWriteHoldsLongerWhileBusy) {
  Options o;
  o.mem.latency_min = o.mem.latency_max = 50;
  start(o);
  set_state(logic_state(LogicOp::XOR, 4, 4));
  EXPECT_FALSE(h_->apb_write(regs::kSampleMask, 0xFFFFFFFFu));
  const uint64_t idle_cycles = h_->last_apb_cycles();
  push(0, 0, random_int_pixel());
  while (!h_->input_drained()) h_->step();
  (void)reg(regs::kPerfPixelsIn);  // reads are not held
  EXPECT_LE(h_->last_apb_cycles(), idle_cycles);
  EXPECT_FALSE(h_->apb_write(regs::kSampleMask, 0xFFFFFFFFu));
  EXPECT_GE(h_->last_apb_cycles(), idle_cycles + 50);
  finish();
}

TEST_F(Control, PixelsOutsideATargetSkipOnlyThatTarget) {
  start();
  State s = ref::default_state();
  s.rt_bind[0] = {kRgba32Float, 4, 2};
  s.rt_bind[1] = {kRgba32Float, 2, 4};
  s.ps_outputs = 0x3;
  set_state(s);
  for (uint32_t y = 0; y < 5; ++y) {
    for (uint32_t x = 0; x < 5; ++x) push(x, y, random_pixel());
  }
  finish();
  EXPECT_EQ(h_->stats().rt_writes, 8u + 8u);
}

TEST_F(Control, SlotsBeyondTheConfiguredRtCountAreIgnored) {
  Options o;
  o.cfg_index = 0;  // fl9_1: one RT
  start(o);
  State s = ref::default_state();
  s.rt_bind[0] = {kRgba32Float, 2, 2};
  s.rt_bind[1] = {kRgba32Float, 2, 2};
  s.ps_outputs = 0x3;
  set_state(s);
  for (uint32_t i = 0; i < 4; ++i) push(i % 2, i / 2, random_pixel());
  finish();
  EXPECT_EQ(h_->stats().rt_writes, 4u);
}

TEST_F(Control, UndeclaredOutputsAndUnboundSlotsGetNoOps) {
  start();
  State s = ref::default_state();
  s.rt_bind[0] = {kRgba32Float, 2, 2};
  s.rt_bind[2] = {kRgba32Float, 2, 2};
  s.rt_bind[5] = {kRgba32Float, 2, 2};
  s.ps_outputs = 0x1B;  // o0, o1, o3, o4: o2 and o5 not declared, slots 1, 3, 4 unbound
  set_state(s);
  for (uint32_t i = 0; i < 4; ++i) push(i % 2, i / 2, random_pixel());
  finish();
  EXPECT_EQ(h_->stats().rt_writes, 4u);
}

TEST_F(Control, OneOpPerCycleWithoutReads) {
  start();
  State s = ref::default_state();
  s.rt_bind[0] = {kRgba32Float, 16, 16};
  s.ps_outputs = 0x1;
  set_state(s);
  for (uint32_t i = 0; i < 256; ++i) push(i % 16, i / 16, random_pixel());
  const uint64_t t0 = h_->cycle();
  while (h_->stats().rt_writes < 256) h_->step();
  EXPECT_LE(h_->cycle() - t0, 256u + 40u);
  finish();
}

// docs/pipeline.md: a pixel accepted in cycle t is written in t+10 without a destination read and
// in t+11+L with one (memory latency L), when nothing stalls.
TEST_F(Control, LatencyFromInputToWriteMatchesTheDocumentedPipeline) {
  constexpr uint64_t kL = 5;
  Options o;
  o.mem.latency_min = o.mem.latency_max = static_cast<int>(kL);
  start(o);
  for (bool read : {false, true}) {
    State s = logic_state(LogicOp::XOR, 2, 2);
    s.rt_desc[0].logic_op_enable = read;  // off: a plain full-mask write, no read
    set_state(s);
    const uint64_t writes = h_->stats().rt_writes;
    push(0, 0, random_int_pixel());
    while (h_->stats().pixels_in == sb_->counts().pixels_in - 1) h_->step();
    const uint64_t accepted = h_->cycle() - 1;
    while (h_->stats().rt_writes == writes) h_->step();
    EXPECT_EQ(h_->cycle() - 1 - accepted, read ? 11 + kL : 10u) << (read ? "with read" : "no read");
  }
  finish();
}

TEST_F(Control, PerfClearZeroesEveryCounter) {
  start();
  set_state(logic_state(LogicOp::XOR, 2, 2));
  for (uint32_t i = 0; i < 4; ++i) push(i % 2, i / 2, random_int_pixel());
  finish();
  EXPECT_FALSE(h_->apb_write(regs::kPerfClear, 1));
  for (const regs::PerfCounter& c : regs::kPerfCounters) EXPECT_EQ(reg(c.offset), 0u) << c.name;
}

}  // namespace
}  // namespace om::tb

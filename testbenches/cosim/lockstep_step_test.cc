// SPDX-License-Identifier: Apache-2.0
// Lockstep::step(n): the cycles between two polls, checkpoints or trace-window events run
// straight through the lockstep loop, so steps of any size must still call the progress hook at
// every multiple of 4096, checkpoint at every multiple of checkpoint_every(), count the cycles
// they ran and end where a run of single steps ends.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "om/cosim/lockstep.h"
#include "om/cosim/stimulus.h"
#include "om/sim/side.h"

namespace om::cosim {
namespace {

class LockstepStep : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!sim::have_model()) GTEST_SKIP() << "the cycle model is not in this build";
    StimConfig sc;
    sc.cfg_index = config_index("fl11_1");
    sc.seed = 3;
    sc.cycles = 30000;  // more than the steps below take
    st_ = seeded(sc);
    opt_.a = sim::SideKind::kModel;
    opt_.two_sides = false;
  }
  // Step sizes that straddle the 4096-cycle polls and the checkpoints in every way.
  static constexpr uint64_t kSteps[] = {1, 4094, 1, 1, 3, 4096, 5000, 77, 8191, 1};

  Stimulus st_;
  RunOptions opt_;
};

TEST_F(LockstepStep, StepsOfAnySizeCallProgressAtEveryMultipleOf4096AndCountTheirCycles) {
  std::vector<uint64_t> at;
  opt_.progress = [&at](uint64_t c, uint64_t /*total*/) { at.push_back(c); };
  Lockstep l(st_, opt_);
  uint64_t cycle = 0;
  for (const uint64_t n : kSteps) {
    ASSERT_EQ(l.step(n), n) << "a step of " << n << " cycles from cycle " << cycle;
    cycle += n;
    ASSERT_EQ(l.cycle(), cycle);
  }
  std::vector<uint64_t> want;
  for (uint64_t c = 0; c < cycle; c += 4096) want.push_back(c);
  EXPECT_EQ(at, want);
}

TEST_F(LockstepStep, StepsOfAnySizeCheckpointAtEveryMultiple) {
  constexpr uint64_t kEvery = 1000;
  opt_.window = uint64_t{1} << 40;  // a failure's window could start anywhere: every one is kept
  Lockstep l(st_, opt_);
  l.checkpoint_every(kEvery);
  uint64_t cycle = 0;
  for (const uint64_t n : kSteps) cycle += l.step(n);
  // Taken from the last down: each take moves out the checkpoint at or before its cycle.
  for (uint64_t c = (cycle - 1) / kEvery * kEvery; c >= kEvery; c -= kEvery) {
    const std::unique_ptr<Checkpoint> k = l.take_checkpoint(c);
    ASSERT_NE(k, nullptr) << "no checkpoint at or before cycle " << c;
    EXPECT_EQ(k->cycle, c);
  }
  EXPECT_EQ(l.take_checkpoint(kEvery - 1), nullptr);
}

TEST_F(LockstepStep, OneLongStepEndsWhereSingleStepsEnd) {
  Lockstep whole(st_, opt_);
  while (!whole.done()) whole.step(~uint64_t{0});
  Lockstep single(st_, opt_);
  while (!single.done()) single.step(1);
  const RunResult w = whole.finish();
  const RunResult s = single.finish();
  EXPECT_EQ(w.cycles, s.cycles);
  EXPECT_EQ(w.pixels, s.pixels);
  EXPECT_EQ(w.coverage.to_json(), s.coverage.to_json());
  EXPECT_TRUE(w.failures.empty() && s.failures.empty());
  ASSERT_NE(whole.outputs_a(), nullptr);
  EXPECT_FALSE(*whole.outputs_a() != *single.outputs_a())
      << diff(*whole.outputs_a(), *single.outputs_a());
}

}  // namespace
}  // namespace om::cosim

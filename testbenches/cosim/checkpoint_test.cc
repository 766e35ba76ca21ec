// SPDX-License-Identifier: Apache-2.0
// Checkpoints of the lockstep (Lockstep::checkpoint_every / take_checkpoint / restore): a run
// restored from a checkpoint in a fresh Lockstep continues bit-identically to the run that never
// stopped, for the Verilated RTL alone, the cycle model alone and both in lockstep (also with a
// fault armed before and firing after the checkpoint).
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "om/cosim/lockstep.h"
#include "om/cosim/stimulus.h"
#include "om/sim/rtl_top.h"

namespace om::cosim {
namespace {

struct SidesCase {
  const char* name;
  sim::SideKind a;
  bool two_sides;  // a (the RTL) against the cycle model
  bool fault;      // with two sides: a fault on the model, armed just before the checkpoint
};
// gtest prints a parameter's name rather than its bytes (padding included).
void PrintTo(const SidesCase& c, std::ostream* os) { *os << c.name; }

class LockstepCheckpoint : public ::testing::TestWithParam<SidesCase> {
 protected:
  static constexpr uint64_t kCycles = 50000;
  static constexpr uint64_t kEvery = 8192;
  static constexpr uint64_t kRestoreAt = 2 * kEvery + 1;  // the checkpoint at 2 * kEvery

  void SetUp() override {
    if (GetParam().a == sim::SideKind::kRtl && !sim::RtlTop::savable()) {
      GTEST_SKIP() << "om_top was Verilated without --savable (code coverage)";
    }
    if (!sim::have_model()) GTEST_SKIP() << "the cycle model is not in this build";
    StimConfig sc;
    sc.cfg_index = config_index("fl11_1");
    sc.seed = 7;
    sc.cycles = kCycles;
    st_ = seeded(sc);  // the checkpoint holds the stream's position
    opt_.a = GetParam().a;
    opt_.two_sides = GetParam().two_sides;
    // The fault fires after the checkpoint: the restored run must end in the same failure, so
    // the fault's counts travel with the checkpoint.
    if (GetParam().fault) opt_.fault = "wr_data@" + std::to_string(2 * kEvery - 4);
  }

  // Steps `l` to its end, keeping every cycle's outputs of both sides from cycle `from` on.
  static RunResult record(Lockstep& l, std::vector<TopOut>* a, std::vector<TopOut>* b) {
    while (!l.done()) {
      l.step(1);
      if (l.outputs_a()) a->push_back(*l.outputs_a());
      if (l.outputs_b()) b->push_back(*l.outputs_b());
    }
    return l.finish();
  }

  Stimulus st_;
  RunOptions opt_;
};

TEST_P(LockstepCheckpoint, RestoredRunContinuesBitIdenticallyToTheUninterruptedRun) {
  std::unique_ptr<Checkpoint> k;
  {
    Lockstep first(st_, opt_);
    first.checkpoint_every(kEvery);
    first.step(kRestoreAt);
    ASSERT_FALSE(first.done());
    k = first.take_checkpoint(kRestoreAt);
  }
  ASSERT_NE(k, nullptr);
  const uint64_t at = k->cycle;
  EXPECT_EQ(at, 2 * kEvery);

  Lockstep whole(st_, opt_);
  whole.step(at);
  std::vector<TopOut> wa, wb, ra, rb;
  const RunResult w = record(whole, &wa, &wb);

  Lockstep restored(st_, opt_);
  restored.restore(*k);
  EXPECT_EQ(restored.cycle(), at);
  const RunResult r = record(restored, &ra, &rb);

  ASSERT_GT(wa.size(), GetParam().fault ? 1u : 1000u);
  ASSERT_EQ(ra.size(), wa.size());
  ASSERT_EQ(rb.size(), wb.size());
  for (size_t i = 0; i < wa.size(); ++i) {
    ASSERT_FALSE(ra[i] != wa[i]) << "side a differs at cycle " << at + i << ": "
                                 << diff(ra[i], wa[i]);
  }
  for (size_t i = 0; i < wb.size(); ++i) {
    ASSERT_FALSE(rb[i] != wb[i]) << "side b differs at cycle " << at + i << ": "
                                 << diff(rb[i], wb[i]);
  }
  EXPECT_EQ(r.cycles, w.cycles);
  EXPECT_EQ(r.pixels, w.pixels);
  EXPECT_EQ(r.coverage.to_json(), w.coverage.to_json());
  ASSERT_EQ(r.failures.size(), w.failures.size());
  if (GetParam().fault) {
    ASSERT_EQ(w.failures.size(), 1u) << "the fault must make the run fail";
    EXPECT_EQ(r.failures[0].kind, w.failures[0].kind);
    EXPECT_EQ(r.failures[0].cycle, w.failures[0].cycle);
    EXPECT_EQ(r.failures[0].field, w.failures[0].field);
    EXPECT_GT(w.failures[0].cycle, at);
  } else {
    EXPECT_TRUE(w.failures.empty()) << w.failures[0].message;
  }
}

TEST_P(LockstepCheckpoint, KeepsOnlyTheCheckpointsAFailureWindowCanStartAfter) {
  opt_.window = 100;
  opt_.fault.clear();
  Lockstep l(st_, opt_);
  l.checkpoint_every(kEvery);
  l.step(4 * kEvery + 1);
  // A failure from cycle 4 * kEvery on has its window start after 4 * kEvery - 100: it replays
  // from 3 * kEvery or 4 * kEvery, never from an earlier checkpoint, and those are gone.
  const std::unique_ptr<Checkpoint> last = l.take_checkpoint(4 * kEvery);
  const std::unique_ptr<Checkpoint> before = l.take_checkpoint(4 * kEvery - 1);
  ASSERT_NE(last, nullptr);
  ASSERT_NE(before, nullptr);
  EXPECT_EQ(last->cycle, 4 * kEvery);
  EXPECT_EQ(before->cycle, 3 * kEvery);
  EXPECT_EQ(l.take_checkpoint(3 * kEvery - 1), nullptr);
}

INSTANTIATE_TEST_SUITE_P(Sides, LockstepCheckpoint,
                         ::testing::Values(SidesCase{"rtl", sim::SideKind::kRtl, false, false},
                                           SidesCase{"model", sim::SideKind::kModel, false, false},
                                           SidesCase{"rtl_model", sim::SideKind::kRtl, true, false},
                                           SidesCase{"rtl_model_fault", sim::SideKind::kRtl, true,
                                                     true}),
                         [](const ::testing::TestParamInfo<SidesCase>& i) { return i.param.name; });

}  // namespace
}  // namespace om::cosim

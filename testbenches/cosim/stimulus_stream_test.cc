// SPDX-License-Identifier: Apache-2.0
// A seeded stimulus generated while the run reaches it (seeded(), SegmentStream, PhaseTiming) is
// the stimulus generate() makes whole: segment by segment, phase by phase, and as runs (verdict,
// failure cycle, coverage, counters); a copy of the stream (a checkpoint) goes on identically.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "om/cosim/lockstep.h"
#include "om/cosim/profile.h"
#include "om/cosim/stimulus.h"
#include "om/cosim/stimulus_file.h"
#include "om/sim/regfile.h"

namespace om::cosim {
namespace {

StimConfig config(const char* cfg, uint64_t seed, uint64_t cycles, const std::string& profile) {
  StimConfig sc;
  sc.cfg_index = config_index(cfg);
  sc.seed = seed;
  sc.cycles = cycles;
  sc.profile = profile;
  return sc;
}

// A segment in the file format, and the state registers derive_states() gives it.
std::string text_of(const Segment& s) {
  Stimulus one;
  one.cfg.cycles = 1;
  one.segments.push_back(s);
  std::string t = write_stimulus(one);
  for (const auto& w : sim::StateRegs::encode(s.state)) {
    t += std::to_string(w.first) + "=" + std::to_string(w.second) + "\n";
  }
  return t;
}

TEST(SegmentStream, GivesTheSegmentsAndPhasesOfTheWholeStimulus) {
  for (const char* cfg : {"fl9_1", "fl10_0", "fl11_1"}) {
    for (const std::string& prof : profile_names()) {
      const StimConfig sc = config(cfg, 11, 20000, prof);
      const Stimulus lazy = seeded(sc);
      // The states the stream derives as it goes, as derive_states() has them over the whole.
      Stimulus whole = generate(sc);
      derive_states(whole);
      ASSERT_TRUE(lazy.lazy);
      ASSERT_TRUE(lazy.segments.empty() && lazy.mem.empty());
      SegmentStream s(lazy);
      size_t i = 0;
      for (; s.advance_to(i); ++i) {
        ASSERT_LT(i, whole.segments.size()) << cfg << " " << prof;
        ASSERT_EQ(text_of(*s.current()), text_of(whole.segments[i]))
            << cfg << " " << prof << " segment " << i;
      }
      EXPECT_EQ(i, whole.segments.size()) << cfg << " " << prof;
      EXPECT_EQ(s.current(), nullptr);
      PhaseTiming tw(whole), tl(lazy);
      for (uint64_t c = 0; c <= sc.cycles + 500; ++c) {
        const MemCycle x = tw.at(c), y = tl.at(c);
        ASSERT_TRUE(x.rd_ready == y.rd_ready && x.wr_ready == y.wr_ready && x.latency == y.latency)
            << cfg << " " << prof << " cycle " << c;
      }
    }
  }
}

TEST(SegmentStream, ACopyGoesOnAsTheOriginal) {
  const Stimulus lazy = seeded(config("fl11_1", 3, 1000000, "default"));
  SegmentStream a(lazy);
  ASSERT_TRUE(a.advance_to(17));
  SegmentStream b = a;
  for (size_t i = 17; i < 40; ++i) {
    ASSERT_TRUE(a.advance_to(i) && b.advance_to(i));
    ASSERT_EQ(text_of(*a.current()), text_of(*b.current())) << "segment " << i;
    ASSERT_NE(a.current(), b.current());  // each holds its own segment
  }
}

TEST(SegmentStream, ALongRunStreamsWithoutGeneratingItWhole) {
  // generate() refuses 1e12 cycles (more than this machine holds); the stream starts at once.
  const Stimulus lazy = seeded(config("fl10_0", 5, 1000000000000ull, "default"));
  SegmentStream s(lazy);
  for (size_t i = 0; i < 2000; ++i) ASSERT_TRUE(s.advance_to(i)) << i;
  EXPECT_THROW(generate(lazy.cfg), std::invalid_argument);
}

RunResult run_to_end(const Stimulus& st, const std::string& fault) {
  RunOptions o;
  o.fault = fault;
  o.time_sides = false;
  Lockstep l(st, o);
  l.step(UINT64_MAX);
  return l.finish();
}

TEST(SegmentStream, RunsAsTheWholeStimulus) {
  if (!sim::have_model()) GTEST_SKIP() << "the cycle model is not in this build";
  for (const char* fault : {"", "wr_data@9000"}) {
    const StimConfig sc = config("fl10_0", 21, 15000, "hazards");
    const RunResult w = run_to_end(generate(sc), fault), l = run_to_end(seeded(sc), fault);
    EXPECT_EQ(w.cycles, l.cycles) << fault;
    EXPECT_EQ(w.pixels, l.pixels) << fault;
    EXPECT_EQ(w.coverage.to_json(), l.coverage.to_json()) << fault;
    EXPECT_EQ(w.perf_a.rt_writes, l.perf_a.rt_writes) << fault;
    EXPECT_EQ(w.perf_a.hazard_stalls, l.perf_a.hazard_stalls) << fault;
    EXPECT_EQ(w.perf_a.mem_stalls, l.perf_a.mem_stalls) << fault;
    ASSERT_EQ(w.failures.size(), l.failures.size()) << fault;
    EXPECT_EQ(w.failures.empty(), *fault == '\0');
    if (!w.failures.empty()) {
      EXPECT_EQ(w.failures[0].cycle, l.failures[0].cycle);
      EXPECT_EQ(w.failures[0].field, l.failures[0].field);
      EXPECT_EQ(w.failures[0].segment, l.failures[0].segment);
    }
  }
}

}  // namespace
}  // namespace om::cosim

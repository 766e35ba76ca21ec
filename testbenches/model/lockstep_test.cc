// SPDX-License-Identifier: Apache-2.0
// The cycle model (om::Top) against the Verilated om_top in lockstep: identical inputs every cycle
// (random state over APB with illegal accesses, random pixels with address collisions, random
// memory latency and stalls), every TopOut field compared every cycle. The first difference fails
// the test with the cycle, the port, both values and the command that replays the run.
// OM_SEED=n replaces the seed list by n; OM_LOCKSTEP_CYCLES=n changes the run length.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "lockstep_driver.h"
#include "om/gen/defs.h"
#include "om/sim/rtl_top.h"
#include "om/top.h"

namespace om::tb {
namespace {

uint64_t env_u64(const char* name, uint64_t fallback) {
  const char* v = std::getenv(name);
  return v == nullptr ? fallback : std::stoull(v, nullptr, 0);
}

struct Result {
  DriverStats stats;
  Perf perf;
};

// Runs one lockstep; records a test failure at the first differing output.
Result run_lockstep(const LockstepConfig& c) {
  sim::RtlTop rtl;
  Top model;
  Driver drv(c);
  Result res;
  const std::string repro =
      "OM_SEED=" + std::to_string(c.seed) + " OM_LOCKSTEP_CYCLES=" + std::to_string(c.cycles) +
      " om_model_lockstep_tests --gtest_filter='*" + kConfigs[c.cfg_index].name + "*'";
  for (uint64_t cyc = 0; cyc < c.cycles; ++cyc) {
    const TopIn& in = drv.inputs();
    const TopOut& r = rtl.eval(in);
    const TopOut& m = model.eval(in);
    if (r != m) {
      ADD_FAILURE() << "lockstep divergence at cycle " << cyc << " (config "
                    << kConfigs[c.cfg_index].name << ", seed " << c.seed << "): " << diff(r, m)
                    << " (rtl vs model)\n  rtl:   " << to_string(r) << "\n  model: " << to_string(m)
                    << "\n  reproduce: " << repro;
      return res;
    }
    const std::string err = rtl.take_error();
    if (!err.empty()) {
      ADD_FAILURE() << err << " at cycle " << cyc << "; reproduce: " << repro;
      return res;
    }
    drv.observe(r);
    rtl.tick();
    model.tick();
  }
  res.stats = drv.stats();
  res.perf = model.out().perf;
  return res;
}

class Lockstep : public ::testing::TestWithParam<int> {};

TEST_P(Lockstep, ModelMatchesRtlOnEveryPortEveryCycle) {
  const int cfg = GetParam();
  const uint64_t cycles = env_u64("OM_LOCKSTEP_CYCLES", 100000);
  std::vector<uint64_t> seeds = {1, 2};
  if (std::getenv("OM_SEED") != nullptr) seeds = {env_u64("OM_SEED", 1)};
  for (uint64_t seed : seeds) {
    const LockstepConfig c = lockstep_config(cfg, seed, cycles);
    std::printf(
        "lockstep %s seed %llu: %llu cycles, window %u, latency %d..%d, ready %.1f/%.1f, "
        "reset at %llu\n",
        kConfigs[cfg].name, static_cast<unsigned long long>(seed),
        static_cast<unsigned long long>(cycles), c.window, c.mem.latency_min, c.mem.latency_max,
        c.mem.rd_ready_p, c.mem.wr_ready_p, static_cast<unsigned long long>(c.reset_at));
    const Result r = run_lockstep(c);
    if (HasFailure()) return;
    const DriverStats& s = r.stats;
    std::printf(
        "  pixels %llu, rt reads %llu, writes %llu, hazard stalls %u, killed %u, apb %llu "
        "(%llu errors, %llu wait cycles)\n",
        static_cast<unsigned long long>(s.pixels), static_cast<unsigned long long>(s.reads),
        static_cast<unsigned long long>(s.writes), r.perf.hazard_stalls, r.perf.killed,
        static_cast<unsigned long long>(s.apb), static_cast<unsigned long long>(s.apb_errors),
        static_cast<unsigned long long>(s.apb_wait_cycles));
    // The run must have exercised the pipeline, not just matched two idle designs.
    if (cycles >= 100000) {
      EXPECT_GT(s.pixels, cycles / 20);
      EXPECT_GT(s.writes, cycles / 100);
      EXPECT_GT(s.reads, cycles / 200);
      EXPECT_GT(s.apb_errors, 10u);
      EXPECT_GT(s.apb_wait_cycles, 10u);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Configs, Lockstep, ::testing::Range(0, kNumConfigs),
                         [](const ::testing::TestParamInfo<int>& i) {
                           return std::string(kConfigs[i.param].name);
                         });

}  // namespace
}  // namespace om::tb

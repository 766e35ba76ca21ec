// SPDX-License-Identifier: Apache-2.0
// The cycle model (om::Top) against the Verilated om_top in lockstep: identical inputs every cycle
// (random state over APB with illegal accesses, random pixels with address collisions, random
// memory latency and stalls), every TopOut field compared every cycle by the platform's lockstep
// loop (om/sim/lockstep_loop.h, the co-simulation's), with this test's Driver as its testbench.
// The first difference or RTL assertion fails the test with the cycle, the port, both values and
// the command that replays the run.
// OM_SEED=n replaces the seed list by n; OM_LOCKSTEP_CYCLES=n changes the run length.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "lockstep_driver.h"
#include "om/gen/defs.h"
#include "om/sim/lockstep_loop.h"
#include "om/sim/side.h"

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

// Runs one lockstep; records a test failure at the first differing output or RTL assertion.
Result run_lockstep(const LockstepConfig& c) {
  const std::unique_ptr<sim::Side> rtl = sim::make_side(sim::SideKind::kRtl, false);
  const std::unique_ptr<sim::Side> model = sim::make_side(sim::SideKind::kModel, false);
  Driver drv(c);
  sim::LockstepLoop<TopIn, TopOut> loop(drv, *rtl, model.get());
  while (loop.cycle()) {
  }
  Result res;
  if (!loop.failures().empty()) {
    const sim::Failure& f = loop.failures().front();
    const std::string repro =
        "OM_SEED=" + std::to_string(c.seed) + " OM_LOCKSTEP_CYCLES=" + std::to_string(c.cycles) +
        " om_model_lockstep_tests --gtest_filter='*" + kConfigs[c.cfg_index].name + "*'";
    ADD_FAILURE() << "lockstep " << f.kind << " at cycle " << f.cycle << " (config "
                  << kConfigs[c.cfg_index].name << ", seed " << c.seed << "): " << sim::summary(f)
                  << "\n  reproduce: " << repro;
    return res;
  }
  res.stats = drv.stats();
  if (loop.outputs_b() != nullptr) res.perf = loop.outputs_b()->perf;
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
        "  pixels %llu, rt reads %llu, writes %llu, ds reads %llu, writes %llu, hazard stalls %u, "
        "killed %u, apb %llu (%llu errors, %llu wait cycles)\n",
        static_cast<unsigned long long>(s.pixels), static_cast<unsigned long long>(s.reads),
        static_cast<unsigned long long>(s.writes), static_cast<unsigned long long>(s.ds_reads),
        static_cast<unsigned long long>(s.ds_writes), r.perf.hazard_stalls, r.perf.killed,
        static_cast<unsigned long long>(s.apb), static_cast<unsigned long long>(s.apb_errors),
        static_cast<unsigned long long>(s.apb_wait_cycles));
    // The run must have exercised the pipeline, not just matched two idle designs.
    if (cycles >= 100000) {
      EXPECT_GT(s.pixels, cycles / 20);
      EXPECT_GT(s.writes, cycles / 100);
      EXPECT_GT(s.reads, cycles / 200);
      EXPECT_GT(s.ds_reads, cycles / 200);
      EXPECT_GT(s.ds_writes, cycles / 5000);
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

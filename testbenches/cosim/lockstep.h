// The lockstep co-simulation run: one testbench (Env) drives identical inputs into one or two
// sides every cycle; with two sides every TopOut field is compared every cycle and the first
// difference stops the run. The scoreboard and protocol checks of the testbench stop it too.
// A failing run can be re-run deterministically with waves of a window before the failure.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "coverage.h"
#include "env.h"
#include "side.h"
#include "stimulus.h"

namespace om::cosim {

struct RunOptions {
  SideKind a = SideKind::kRtl;
  bool two_sides = true;  // lockstep against b; false: a alone
  SideKind b = SideKind::kModel;
  std::string fault;  // make_faulty() applied to the compared side (b, or a alone)
  EnvOptions env;
  std::string waves_dir;   // on failure: re-run and write FST files here
  uint64_t window = 200;   // cycles of waves before the failure
  bool time_sides = true;  // measure each side's eval/tick time
  // Called about every 4096 cycles with (cycle, cycles of the run).
  std::function<void(uint64_t, uint64_t)> progress;
};

/// The first failure of a run.
struct Failure {
  std::string kind;  // "divergence", "scoreboard", "assertion" or "testbench"
  uint64_t cycle = 0;
  std::string field;  // port/field for a divergence ("mem_wr_data_o[31:0]")
  std::string a_value, b_value;
  std::string message;  // full description
  std::string segment;  // what the stimulus was doing
};

struct RunResult {
  uint64_t cycles = 0;
  uint64_t pixels = 0;
  uint64_t mismatches = 0;  // 0, or 1 when the run stopped at a failure
  Coverage coverage;
  double secs_total = 0, secs_a = 0, secs_b = 0;
  std::string a_name, b_name;
  bool perf_compared = true;  // perf_o compared (both sides have the port)
  std::vector<Failure> failures;
  std::vector<std::string> waves;  // files written by the waves re-run
};

/// Runs `st`. Throws std::invalid_argument when a requested side is not built in.
RunResult run(const Stimulus& st, const RunOptions& opt);

/// The multi-line first-divergence report: cycle, port/field, both values, seed, configuration,
/// git revision, reproduce command (`repro`), waves.
std::string report(const RunResult& r, const Stimulus& st, const std::string& repro);

/// Git revision of the source tree, baked in at configure time ("<hash>[-dirty]").
const char* git_revision();

}  // namespace om::cosim

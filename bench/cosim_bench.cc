// SPDX-License-Identifier: Apache-2.0
// om_bench_cosim: simulation speed of the Verilated om_top alone, the cycle model alone and the
// two in lockstep (every output compared every cycle), on the same stimulus and testbench, in one
// process, repetitions interleaved; medians of process CPU time (the shared machine's load moves
// wall time more). The reference-model scoreboard and the coverage are off, so the figures are
// those of the simulators and the comparison; a lockstep run with every check on is measured too.
//
// Usage: om_bench_cosim [--config NAME] [--seed N] [--cycles N] [--repetitions N] [--json FILE]
//                       [--only rtl|model|lockstep|lockstep_checked]
// --only runs that one mode (for a profiler: `valgrind --tool=callgrind om_bench_cosim --only
// model`) and prints its rate; the ratios need every mode.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "om/cosim/lockstep.h"
#include "om/cosim/numbers.h"
#include "om/cosim/stimulus.h"

namespace {

using namespace om::cosim;
namespace sim = om::sim;

double cpu_now() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Mode {
  const char* name;
  RunOptions opt;
  std::vector<double> cpu, wall;
  uint64_t cycles = 0;
};

}  // namespace

int main(int argc, char** argv) {
  StimConfig sc;
  sc.cycles = 200000;
  int reps = 5;
  std::string json_out;
  std::string only;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      auto val = [&]() -> std::string {
        if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
        return argv[++i];
      };
      if (a == "--config") {
        const std::string n = val();
        sc.cfg_index = config_index(n);
        if (sc.cfg_index < 0) throw std::invalid_argument("unknown configuration " + n);
      } else if (a == "--seed") {
        sc.seed = std::stoull(val());
      } else if (a == "--cycles") {
        sc.cycles = parse_count(val());
      } else if (a == "--repetitions") {
        reps = static_cast<int>(parse_count(val()));
      } else if (a == "--json") {
        json_out = val();
      } else if (a == "--only") {
        only = val();
        if (only != "rtl" && only != "model" && only != "lockstep" && only != "lockstep_checked") {
          throw std::invalid_argument("--only: unknown mode '" + only +
                                      "' (rtl, model, lockstep, lockstep_checked)");
        }
      } else {
        throw std::invalid_argument("unknown option " + a);
      }
    }
    if (!only.empty() && !json_out.empty()) {
      throw std::invalid_argument("--json needs every mode (the ratios), not --only " + only);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "om_bench_cosim: %s\n", e.what());
    return 2;
  }
  if (!sim::have_model()) {
    std::fprintf(stderr, "om_bench_cosim: the cycle model is not built in\n");
    return 1;
  }
  const Stimulus st = generate(sc);
  RunOptions base;
  base.env.scoreboard = false;
  base.env.coverage = false;
  base.time_sides = false;
  std::vector<Mode> modes(4);
  modes[0].name = "rtl";
  modes[0].opt = base;
  modes[0].opt.two_sides = false;
  modes[0].opt.a = sim::SideKind::kRtl;
  modes[1].name = "model";
  modes[1].opt = base;
  modes[1].opt.two_sides = false;
  modes[1].opt.a = sim::SideKind::kModel;
  modes[2].name = "lockstep";
  modes[2].opt = base;
  modes[3].name = "lockstep_checked";  // scoreboard and coverage on, as omsim run
  modes[3].opt.time_sides = false;
  if (!only.empty()) {
    modes.erase(
        std::remove_if(modes.begin(), modes.end(), [&](const Mode& m) { return m.name != only; }),
        modes.end());
  }
  for (int r = 0; r < reps; ++r) {
    for (Mode& m : modes) {
      const double c0 = cpu_now();
      const RunResult res = run(st, m.opt);
      const double cpu = cpu_now() - c0;
      if (!res.failures.empty()) {
        std::fprintf(stderr, "om_bench_cosim: %s run failed:\n%s", m.name,
                     report(res, st, "om_bench_cosim").c_str());
        return 1;
      }
      m.cpu.push_back(cpu);
      m.wall.push_back(res.secs_total);
      m.cycles = res.cycles;
    }
  }
  if (!only.empty()) {
    const Mode& m = modes.front();
    std::printf("cosim: %s, %s alone, %llu cycles, median of %d (CPU time): %.0f cycles/s\n",
                om::kConfigs[sc.cfg_index].name, m.name, static_cast<unsigned long long>(m.cycles),
                reps, m.cycles / median(m.cpu));
    return 0;
  }
  nlohmann::ordered_json j;
  j["config"] = om::kConfigs[sc.cfg_index].name;
  j["seed"] = sc.seed;
  j["cycles"] = modes[0].cycles;
  j["repetitions"] = reps;
  j["timing"] = "median process CPU time per run";
  double t[4];
  for (int k = 0; k < 4; ++k) {
    t[k] = median(modes[k].cpu);
    j["cpu_seconds"][modes[k].name] = t[k];
    j["wall_seconds"][modes[k].name] = median(modes[k].wall);
    j["cycles_per_second"][modes[k].name] = static_cast<double>(modes[k].cycles) / t[k];
  }
  j["model_over_rtl"] = t[0] / t[1];     // speed ratio: model cycles/s over RTL cycles/s
  j["lockstep_over_rtl"] = t[2] / t[0];  // time ratio: lockstep time over RTL-alone time
  j["lockstep_checked_over_rtl"] = t[3] / t[0];
  j["targets"] = {{"model_over_rtl", ">= 10"}, {"lockstep_over_rtl", "<= 1.2"}};
  std::printf(
      "cosim: %s, %llu cycles, median of %d (CPU time)\n"
      "  rtl alone         %10.0f cycles/s\n"
      "  model alone       %10.0f cycles/s   model_over_rtl    %6.2f (target >= 10)\n"
      "  lockstep          %10.0f cycles/s   lockstep_over_rtl %6.3f (target <= 1.2)\n"
      "  lockstep + checks %10.0f cycles/s   (scoreboard, coverage: %.3f x rtl)\n",
      om::kConfigs[sc.cfg_index].name, static_cast<unsigned long long>(modes[0].cycles), reps,
      modes[0].cycles / t[0], modes[1].cycles / t[1], t[0] / t[1], modes[2].cycles / t[2],
      t[2] / t[0], modes[3].cycles / t[3], t[3] / t[0]);
  if (!json_out.empty()) {
    std::ofstream(json_out) << j.dump(2) << "\n";
  }
  return 0;
}

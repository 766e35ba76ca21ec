// SPDX-License-Identifier: Apache-2.0
// om_sc_baseline: the plain C++ lockstep harness (om::cosim::run: Verilated --cc om_top against
// om::Top, every output compared every cycle) on exactly the run om_sc_tb does, with the same
// testbench options (scoreboard on, coverage off) and no per-side timing, so the benchmark compares
// the two harnesses and nothing else.
//
//   om_sc_baseline [--config NAME] [--seed N] [--cycles N] [--rts N]
//
// Prints one JSON object: config, seed, cycles, pixels, mismatches, secs (wall time of the
// simulation loop), cycles_per_second. Exit codes: 0 pass, 1 mismatch, 2 bad command line.
#include <cstdio>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "om/cosim/lockstep.h"
#include "om/cosim/numbers.h"
#include "om/cosim/stimulus.h"

int main(int argc, char** argv) {
  om::cosim::StimConfig sc;
  sc.cycles = 20000;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string o = argv[i];
      if (i + 1 >= argc) throw std::invalid_argument(o + " needs a value");
      const std::string v = argv[++i];
      if (o == "--config") {
        sc.cfg_index = om::cosim::config_index(v);
        if (sc.cfg_index < 0) throw std::invalid_argument("unknown configuration '" + v + "'");
      } else if (o == "--seed") {
        sc.seed = std::stoull(v);
      } else if (o == "--cycles") {
        sc.cycles = om::cosim::parse_count(v);
      } else if (o == "--rts") {
        sc.rts = std::stoi(v);
      } else {
        throw std::invalid_argument("unknown option '" + o + "'");
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr,
                 "om_sc_baseline: %s\nusage: om_sc_baseline [--config NAME] [--seed N] "
                 "[--cycles N] [--rts N]\n",
                 e.what());
    return 2;
  }
  const om::cosim::Stimulus st = om::cosim::seeded(sc);
  om::cosim::RunOptions ro;
  ro.env.coverage = false;
  ro.time_sides = false;
  const om::cosim::RunResult r = om::cosim::run(st, ro);
  nlohmann::ordered_json j;
  j["config"] = om::kConfigs[sc.cfg_index].name;
  j["seed"] = sc.seed;
  j["cycles"] = r.cycles;
  j["pixels"] = r.pixels;
  j["mismatches"] = r.mismatches;
  j["secs"] = r.secs_total;
  j["cycles_per_second"] = r.secs_total > 0 ? static_cast<double>(r.cycles) / r.secs_total : 0.0;
  std::printf("%s\n", j.dump(2).c_str());
  return r.mismatches == 0 ? 0 : 1;
}

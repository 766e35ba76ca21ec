// SPDX-License-Identifier: Apache-2.0
// om_sc_tb: the SystemC testbench (sc_bench.h) from the command line.
//
//   om_sc_tb [--config NAME] [--seed N] [--cycles N] [--rts N] [--waves DIR] [--no-scoreboard]
//            [--fault NAME] [--json]
//
// The stimulus is om::cosim::seeded()'s for (config, seed, cycles, rts): the same as
// `omsim run --config NAME --seed N --cycles N`. Exit codes: 0 pass, 1 mismatch or failure, 2 bad
// command line. OM_WAVES=DIR in the environment is the same as --waves DIR. --fault takes the names
// of `omsim run --fault` (sim::fault_names()).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <systemc>

#include "om/cosim/numbers.h"
#include "om/cosim/stimulus.h"
#include "om/sim/lockstep_loop.h"
#include "sc_bench.h"

namespace {

constexpr const char* kUsage =
    "usage: om_sc_tb [--config NAME] [--seed N] [--cycles N] [--rts N] [--waves DIR]\n"
    "                [--no-scoreboard] [--fault NAME] [--json]\n";

int usage(const std::string& msg) {
  std::fprintf(stderr, "om_sc_tb: %s\n%s", msg.c_str(), kUsage);
  return 2;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  using om::sim::systemc::BenchOptions;
  om::cosim::StimConfig sc;
  sc.cycles = 20000;
  BenchOptions bo;
  bool json = false;
  if (const char* w = std::getenv("OM_WAVES"); w != nullptr && *w != '\0') bo.waves_dir = w;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string o = argv[i];
      const auto value = [&]() -> std::string {
        if (i + 1 >= argc) throw std::invalid_argument(o + " needs a value");
        return argv[++i];
      };
      if (o == "--config") {
        const std::string name = value();
        sc.cfg_index = om::cosim::config_index(name);
        if (sc.cfg_index < 0) throw std::invalid_argument("unknown configuration '" + name + "'");
      } else if (o == "--seed") {
        sc.seed = std::stoull(value());
      } else if (o == "--cycles") {
        sc.cycles = om::cosim::parse_count(value());
      } else if (o == "--rts") {
        sc.rts = std::stoi(value());
      } else if (o == "--waves") {
        bo.waves_dir = value();
      } else if (o == "--fault") {
        bo.fault = value();
      } else if (o == "--no-scoreboard") {
        bo.scoreboard = false;
      } else if (o == "--json") {
        json = true;
      } else if (o == "-h" || o == "--help") {
        std::fputs(kUsage, stdout);
        return 0;
      } else {
        throw std::invalid_argument("unknown option '" + o + "'");
      }
    }
  } catch (const std::exception& e) {
    return usage(e.what());
  }
  if (!bo.waves_dir.empty()) std::filesystem::create_directories(bo.waves_dir);

  om::cosim::Stimulus st;
  try {
    st = om::cosim::seeded(sc);
  } catch (const std::exception& e) {
    return usage(e.what());
  }
  const char* cfg_name = om::kConfigs[sc.cfg_index].name;
  std::fprintf(stderr, "om_sc_tb: %s seed %llu, %llu cycles\n", cfg_name,
               static_cast<unsigned long long>(sc.seed),
               static_cast<unsigned long long>(sc.cycles));
  om::sim::systemc::ScBench bench("tb", st, bo);
  om::cosim::RunResult r;
  try {
    r = bench.run();
  } catch (const std::invalid_argument& e) {
    return usage(e.what());
  }

  const double rate = r.secs_total > 0 ? static_cast<double>(r.cycles) / r.secs_total : 0.0;
  const std::string repro = std::string("om_sc_tb --config ") + cfg_name + " --seed " +
                            std::to_string(sc.seed) + " --cycles " + std::to_string(sc.cycles) +
                            (sc.rts ? " --rts " + std::to_string(sc.rts) : "") + " --waves waves";
  const om::sim::Failure* f = r.failures.empty() ? nullptr : &r.failures.front();
  if (f != nullptr) {
    std::fprintf(stderr, "FAIL (%s) at cycle %llu: %s\n  stimulus: %s\n  reproduce: %s\n",
                 f->kind.c_str(), static_cast<unsigned long long>(f->cycle),
                 om::sim::summary(*f).c_str(), f->segment.c_str(), repro.c_str());
  }
  if (json) {
    nlohmann::ordered_json j;
    j["config"] = cfg_name;
    j["seed"] = sc.seed;
    j["cycles"] = r.cycles;
    j["pixels"] = r.pixels;
    j["mismatches"] = r.mismatches;
    j["secs"] = r.secs_total;
    j["cycles_per_second"] = rate;
    if (f != nullptr) {
      j["failure"] = {{"kind", f->kind},
                      {"cycle", f->cycle},
                      {"message", om::sim::summary(*f)},
                      {"reproduce", repro}};
    }
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::printf(
        "om_sc_tb: %s seed %llu: %llu cycles, %llu pixels, %llu mismatches, %.0f cycles/s%s\n",
        cfg_name, static_cast<unsigned long long>(sc.seed),
        static_cast<unsigned long long>(r.cycles), static_cast<unsigned long long>(r.pixels),
        static_cast<unsigned long long>(r.mismatches), rate,
        bo.waves_dir.empty() ? "" : (", waves in " + bo.waves_dir).c_str());
  }
  return f == nullptr ? 0 : 1;
}

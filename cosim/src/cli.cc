// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/cli.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "om/cosim/lockstep.h"
#include "om/cosim/numbers.h"
#include "om/cosim/output_policy.h"
#include "om/cosim/profile.h"
#include "om/cosim/stimulus.h"
#include "om/cosim/stimulus_file.h"

namespace om::cosim {
namespace {

constexpr int kOk = 0;
constexpr int kFail = 1;
constexpr int kUsage = 2;  // bad command line, unreadable input or unwritable output
constexpr int kInterrupted = 130;

// The lists in braces come from the tables they name (run_help()).
const char* kRunHelp =
    "usage: omsim run [--config NAME] [--seed N] [--cycles N] [--profile NAME] [options]\n"
    "       omsim run --stimulus FILE [--cycles N] [options]\n"
    "  Lockstep co-simulation of the Verilated om_top and the cycle model on constrained-random\n"
    "  stimulus from the seed (or replayed from a stimulus file); every output compared every\n"
    "  cycle, final memory and counters checked against the reference model.\n"
    "  --config NAME        {configs} (default {default})\n"
    "  --seed N             stimulus seed (default: $OM_SEED, else 1)\n"
    "  --cycles N           cycles of stimulus, e.g. 100000 or 1e6 (default 1e5); the first N\n"
    "                       cycles of a seed are the same whatever N is\n"
    "  --profile NAME       stimulus mix: {profiles}\n"
    "  --rts N              bind N render targets in every draw (default: random 1..max)\n"
    "  --record FILE        write the run's stimulus to FILE (docs/stimulus.md)\n"
    "  --stimulus FILE      replay a stimulus file (recorded or hand-written): its header gives\n"
    "                       the configuration and length; --config/--seed/--profile/--rts must\n"
    "                       agree with it, --cycles may shorten it\n"
    "  --sides A[,B]        rtl,model (default), rtl,rtl, rtl or model\n"
    "  --fault NAME[@CYCLE] break the compared side on purpose ({faults}),\n"
    "                       armed from CYCLE on: the run must report a divergence (exit 2\n"
    "                       when the fault never fired: nothing was tested)\n"
    "  --waves DIR          on failure: write FST of both sides around it to DIR, replayed\n"
    "                       from the run's last checkpoint before the window\n"
    "  --window N           cycles of waves before the failure (default 200)\n"
    "  --checkpoint-every N with --waves: cycles between checkpoints (default 32768; 0: replay\n"
    "                       the failure's waves from the first cycle)\n"
    "  --coverage-out FILE  write this run's functional coverage (JSON, mergeable)\n"
    "  --ports FILE         write every om_top input and output of the first side, every\n"
    "                       cycle, to FILE (a port trace: cosim/README.md)\n"
    "  --no-scoreboard      lockstep only (no reference-model checks)\n"
    "  --holes N            list up to N coverage holes (default 0)\n"
    "  --progress           progress bar on stderr\n"
    "  --json               JSON summary on stdout\n"
    "  Exit status: 0 pass, 1 failure (mismatch, scoreboard, assertion), 2 bad command line,\n"
    "  unreadable input or unwritable output (checked before the run; a failure is reported\n"
    "  even when its waves cannot be written), 130 interrupted (Ctrl-C: result PARTIAL).\n";

const char* kCovHelp =
    "usage: omsim coverage FILE... [-o OUT] [--holes N] [--json] [--min PERCENT]\n"
    "  Merges coverage files of `omsim run --coverage-out` and reports the percentage, the\n"
    "  per-group counts and the holes. --min: exit 1 when below PERCENT.\n";

struct Usage {
  std::string what;
};

std::string run_help() {
  std::string h = kRunHelp;
  const std::pair<const char*, std::string> lists[] = {{"{configs}", kConfigNames},
                                                       {"{default}", kConfigs[kDefaultConfig].name},
                                                       {"{profiles}", profile_list()},
                                                       {"{faults}", sim::fault_names()}};
  for (const auto& [key, list] : lists) h.replace(h.find(key), std::string(key).size(), list);
  return h;
}

std::string self_path() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "omsim";
  buf[n] = 0;
  return buf;
}

// An empty value would read as "not given" (no stimulus, no output file): refused instead.
std::string need(const std::vector<std::string>& a, size_t& i) {
  if (i + 1 >= a.size()) throw Usage{a[i] + " needs a value"};
  if (a[i + 1].empty()) throw Usage{a[i] + ": the value is an empty string"};
  return a[++i];
}

uint64_t number(const std::string& opt, const std::string& v) {
  try {
    return parse_count(v);
  } catch (const std::invalid_argument& e) {
    throw Usage{opt + ": " + e.what()};
  }
}

sim::SideKind side_kind(const std::string& s) {
  if (s == "rtl") return sim::SideKind::kRtl;
  if (s == "model") return sim::SideKind::kModel;
  throw Usage{"--sides: unknown side '" + s + "' (rtl, model)"};
}

// A bar on stderr, redrawn in place.
class ProgressBar {
 public:
  void update(uint64_t c, uint64_t total) {
    const double frac = total ? std::min(1.0, static_cast<double>(c) / total) : 1.0;
    const double secs = std::chrono::duration<double>(Clock::now() - start_).count();
    const double rate = secs > 0 ? c / secs : 0.0;
    const double eta = rate > 0 && total > c ? (total - c) / rate : 0.0;
    const int width = 40;
    const int fill = static_cast<int>(frac * width);
    std::fprintf(stderr, "\r[%s%s] %3.0f%% %llu/%llu cycles %6.1f kcycles/s ETA %4.0fs ",
                 std::string(fill, '#').c_str(), std::string(width - fill, '.').c_str(), 100 * frac,
                 static_cast<unsigned long long>(c), static_cast<unsigned long long>(total),
                 rate / 1e3, eta);
    std::fflush(stderr);
  }
  void done() { std::fprintf(stderr, "\n"); }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_ = Clock::now();
};

std::string rate(double cycles, double secs) {
  if (secs <= 0) return "-";
  char buf[32];
  const double r = cycles / secs;
  if (r >= 1e6) {
    std::snprintf(buf, sizeof buf, "%.2f Mcycles/s", r / 1e6);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f kcycles/s", r / 1e3);
  }
  return buf;
}

// Checks the options given with --stimulus against the file's header: each must say what the file
// says, except --cycles, which may shorten the run. Returns whether it does.
bool agree(const std::vector<std::pair<std::string, std::string>>& given, Stimulus& st,
           const std::string& file) {
  bool cut = false;
  for (const auto& [opt, text] : given) {
    std::string have;
    bool same = true;
    if (opt == "--config") {
      have = kConfigs[st.cfg.cfg_index].name;
      same = text == have;
    } else if (opt == "--seed") {
      have = st.cfg.seeded ? std::to_string(st.cfg.seed) : "none";
      same = st.cfg.seeded && parse_uint(opt, text, 0, UINT64_MAX) == st.cfg.seed;
    } else if (opt == "--profile") {
      have = st.cfg.profile.empty() ? "none" : st.cfg.profile;
      same = text == st.cfg.profile;
    } else if (opt == "--rts") {
      have = std::to_string(st.cfg.rts);
      same = static_cast<int>(parse_uint(opt, text, 1, kMaxRts)) == st.cfg.rts;
    } else {
      const uint64_t n = number(opt, text);
      have = std::to_string(st.cfg.cycles);
      same = n <= st.cfg.cycles;
      if (same) {
        cut = n < st.cfg.cycles;
        st.cfg.cycles = n;
        continue;
      }
      throw Usage{"--cycles " + text + ": the stimulus file " + file + " covers " + have +
                  " cycles; give at most that many, or leave --cycles out"};
    }
    if (!same) {
      throw Usage{opt + " " + text + " disagrees with the stimulus file " + file + " (" +
                  opt.substr(2) + " " + have + "); leave it out to replay the file"};
    }
  }
  return cut;
}

int run_impl(const std::vector<std::string>& a) {
  StimConfig sc;
  sc.cfg_index = kDefaultConfig;
  RunOptions ro;
  ro.two_sides = true;
  ro.a = sim::SideKind::kRtl;
  ro.b = sim::have_model() ? sim::SideKind::kModel : sim::SideKind::kRtl;
  std::string sides_text = sim::have_model() ? "rtl,model" : "rtl,rtl";
  if (const char* env = std::getenv("OM_SEED")) sc.seed = parse_uint("OM_SEED", env, 0, UINT64_MAX);
  std::string cov_out, stim_file, record;
  bool json = false, progress = false;
  uint64_t holes = 0;
  // The options given (a stimulus file must agree with them), by name, with their text.
  std::vector<std::pair<std::string, std::string>> given;
  for (size_t i = 0; i < a.size(); ++i) {
    const std::string& o = a[i];
    if (o == "--help" || o == "-h") {
      std::fputs(run_help().c_str(), stdout);
      return kOk;
    } else if (o == "--config") {
      const std::string n = need(a, i);
      sc.cfg_index = config_index(n);
      if (sc.cfg_index < 0)
        throw Usage{"--config: unknown configuration '" + n + "' (" + kConfigNames + ")"};
      given.emplace_back(o, n);
    } else if (o == "--seed") {
      sc.seed = parse_uint(o, need(a, i), 0, UINT64_MAX);
      given.emplace_back(o, a[i]);
    } else if (o == "--cycles") {
      sc.cycles = number(o, need(a, i));
      given.emplace_back(o, a[i]);
    } else if (o == "--profile") {
      sc.profile = need(a, i);
      if (find_profile(sc.profile) == nullptr) {
        throw Usage{"--profile: unknown profile '" + sc.profile + "' (" + profile_list() + ")"};
      }
      given.emplace_back(o, sc.profile);
    } else if (o == "--rts") {
      sc.rts = static_cast<int>(parse_uint(o, need(a, i), 1, kMaxRts));
      given.emplace_back(o, a[i]);
    } else if (o == "--stimulus") {
      stim_file = need(a, i);
    } else if (o == "--record") {
      record = need(a, i);
    } else if (o == "--sides") {
      sides_text = need(a, i);
      const size_t comma = sides_text.find(',');
      ro.a = side_kind(sides_text.substr(0, comma));
      ro.two_sides = comma != std::string::npos;
      if (ro.two_sides) ro.b = side_kind(sides_text.substr(comma + 1));
    } else if (o == "--fault") {
      ro.fault = need(a, i);
      parse_fault(ro.fault);
    } else if (o == "--waves") {
      ro.waves_dir = need(a, i);
    } else if (o == "--window") {
      ro.window = number(o, need(a, i));
    } else if (o == "--checkpoint-every") {
      try {
        ro.checkpoint_every = parse_uint(o, need(a, i), 0, UINT64_MAX);
      } catch (const std::invalid_argument& e) {
        throw Usage{e.what()};
      }
    } else if (o == "--coverage-out") {
      cov_out = need(a, i);
    } else if (o == "--ports") {
      ro.port_trace = need(a, i);
    } else if (o == "--no-scoreboard") {
      ro.env.scoreboard = false;
    } else if (o == "--holes") {
      holes = parse_uint(o, need(a, i), 0, UINT32_MAX);
    } else if (o == "--progress") {
      progress = true;
    } else if (o == "--json") {
      json = true;
    } else {
      throw Usage{"unknown option '" + o + "'"};
    }
  }
  Stimulus st;
  bool cut = false;
  if (!stim_file.empty()) {
    try {
      st = load_stimulus(stim_file);
    } catch (const StimulusError& e) {
      throw Usage{e.what()};
    }
    cut = agree(given, st, stim_file);
    sc = st.cfg;
  }
  const ConfigInfo& cfg = kConfigs[sc.cfg_index];
  if (sc.rts > cfg.max_rts) {
    throw Usage{"--rts " + std::to_string(sc.rts) + ": " + cfg.name + " has at most " +
                std::to_string(cfg.max_rts) + " render targets"};
  }
  if ((ro.a == sim::SideKind::kModel || (ro.two_sides && ro.b == sim::SideKind::kModel)) &&
      !sim::have_model()) {
    throw Usage{"--sides: the cycle model is not built into this binary"};
  }

  const std::string repro = reproduce(self_path(), sc, ro, stim_file, cut);

  check_distinct_files({{"--stimulus", stim_file},
                        {"--record", record},
                        {"--coverage-out", cov_out},
                        {"--ports", ro.port_trace}});
  if (!ro.waves_dir.empty()) check_output_dir("--waves", ro.waves_dir);
  if (!cov_out.empty()) check_output_file("--coverage-out", cov_out);
  if (!ro.port_trace.empty()) check_output_file("--ports", ro.port_trace);
  if (!record.empty()) check_output_file("--record", record);
  InterruptGuard interrupt;
  // A run generates its stimulus as it goes; --record writes it whole first.
  if (stim_file.empty()) st = record.empty() ? seeded(sc) : generate(sc);
  if (!record.empty()) {
    try {
      save_stimulus(st, record);
    } catch (const std::runtime_error& e) {
      throw Usage{std::string("--record: ") + e.what()};
    }
  }
  ProgressBar bar;
  if (progress) ro.progress = [&bar](uint64_t c, uint64_t t) { bar.update(c, t); };
  ro.time_sides = true;
  ro.poll = &InterruptGuard::poll;
  const RunResult r = run(st, ro);
  if (progress) {
    bar.update(r.cycles, sc.cycles);
    bar.done();
  }
  // After the run an output problem is reported beside the verdict, never instead of it.
  std::string output_error;
  if (!cov_out.empty()) {
    try {
      r.coverage.write_file(cov_out);
    } catch (const std::exception& e) {
      output_error = std::string("--coverage-out: ") + e.what();
    }
  }
  // A fault that never corrupted an output leaves a run that tested nothing: no pass.
  std::string fault_error = fault_not_fired(ro, r);
  if (!fault_error.empty()) fault_error = "--fault " + ro.fault + ": " + fault_error;
  const char* verdict = r.interrupted ? "PARTIAL" : r.failures.empty() ? "PASS" : "FAIL";

  const std::string rep = report(r, st, repro);
  if (!rep.empty()) std::fputs(rep.c_str(), json ? stderr : stdout);
  const double c = static_cast<double>(r.cycles);
  if (json) {
    nlohmann::ordered_json j;
    j["config"] = cfg.name;
    j["seed"] = sc.seed;
    j["profile"] = sc.profile;
    if (!stim_file.empty()) j["stimulus"] = stim_file;
    j["cycles"] = r.cycles;
    j["pixels"] = r.pixels;
    j["mismatches"] = r.mismatches;
    j["coverage_percent"] = std::round(r.coverage.percent() * 100) / 100;
    j["sides"] = sides_text;
    j["cycles_per_second"] = {{r.a_name, r.secs_a > 0 ? c / r.secs_a : 0.0},
                              {"lockstep", r.secs_total > 0 ? c / r.secs_total : 0.0}};
    if (!r.b_name.empty() && r.b_name != r.a_name) {
      j["cycles_per_second"][r.b_name] = r.secs_b > 0 ? c / r.secs_b : 0.0;
    }
    j["revision"] = git_revision();
    j["result"] = verdict;
    if (r.interrupted) j["interrupted"] = true;
    if (!output_error.empty()) j["output_error"] = output_error;
    if (!fault_error.empty()) j["fault_error"] = fault_error;
    if (!r.failures.empty()) {
      const Failure& f = r.failures.front();
      j["failure"] = {{"kind", f.kind},       {"cycle", f.cycle},  {"field", f.field},
                      {"a", f.a_value},       {"b", f.b_value},    {"message", f.message},
                      {"segment", f.segment}, {"reproduce", repro}};
    }
    if (!ro.waves_dir.empty()) {
      j["waves"] = r.waves;
      j["waves_note"] = waves_note(r);
      if (!r.open_waves.empty()) j["open_waves"] = r.open_waves;
      if (!r.failures.empty() && r.waves_error.empty()) {
        j["waves_replay"] = {{"from_cycle", r.waves_replayed_from},
                             {"reproduced", r.waves_reproduced},
                             {"secs", r.secs_waves}};
      }
    }
    if (holes) {
      auto h = r.coverage.holes();
      if (h.size() > holes) h.resize(holes);
      j["holes"] = h;
    }
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    const std::string from =
        stim_file.empty() ? "seed " + std::to_string(sc.seed) : "stimulus " + stim_file;
    std::printf("omsim run: %s %s, %s%s\n", cfg.name, from.c_str(), r.a_name.c_str(),
                r.b_name.empty() ? " alone" : (" vs " + r.b_name).c_str());
    std::printf("  cycles      %llu\n", static_cast<unsigned long long>(r.cycles));
    std::printf("  pixels      %llu\n", static_cast<unsigned long long>(r.pixels));
    std::printf("  mismatches  %llu\n", static_cast<unsigned long long>(r.mismatches));
    std::printf("  coverage    %.1f %% (%zu of %zu bins, %zu holes)\n", r.coverage.percent(),
                r.coverage.covered(), r.coverage.universe_size(), r.coverage.holes().size());
    std::string speed = r.a_name + " " + rate(c, r.secs_a);
    if (!r.b_name.empty()) speed += ", " + r.b_name + " " + rate(c, r.secs_b);
    speed += ", lockstep " + rate(c, r.secs_total);
    std::printf("  speed       %s\n", speed.c_str());
    uint64_t n = 0;
    for (const std::string& h : r.coverage.holes()) {
      if (n++ >= holes) break;
      std::printf("  hole        %s\n", h.c_str());
    }
    if (!ro.waves_dir.empty()) std::printf("  waves       %s\n", waves_note(r).c_str());
    std::printf("  result      %s\n", verdict);
  }
  for (const std::string& e : {output_error, fault_error}) {
    if (!e.empty()) std::fprintf(stderr, "omsim run: %s\n", e.c_str());
  }
  if (!r.failures.empty()) return kFail;
  if (r.interrupted) return kInterrupted;
  return output_error.empty() && fault_error.empty() ? kOk : kUsage;
}

int coverage_impl(const std::vector<std::string>& a) {
  std::vector<std::string> files;
  std::string out;
  bool json = false;
  uint64_t holes = 20;
  double min = -1;
  for (size_t i = 0; i < a.size(); ++i) {
    const std::string& o = a[i];
    if (o == "--help" || o == "-h") {
      std::fputs(kCovHelp, stdout);
      return kOk;
    } else if (o == "-o") {
      out = need(a, i);
    } else if (o == "--holes") {
      holes = parse_uint(o, need(a, i), 0, UINT32_MAX);
    } else if (o == "--json") {
      json = true;
    } else if (o == "--min") {
      min = parse_real(o, need(a, i), 0, 100);
    } else if (o.empty()) {
      throw Usage{"a coverage file name is an empty string"};
    } else if (o[0] == '-') {
      throw Usage{"unknown option '" + o + "'"};
    } else {
      files.push_back(o);
    }
  }
  if (files.empty()) throw Usage{"no coverage files given"};
  if (!out.empty()) check_output_file("-o", out);
  Coverage total;
  for (const std::string& f : files) {
    try {
      total.merge(Coverage::read_file(f));
    } catch (const std::runtime_error& e) {
      throw Usage{e.what()};
    }
  }
  if (!out.empty()) total.write_file(out);
  const std::vector<std::string> h = total.holes();
  if (json) {
    nlohmann::ordered_json j;
    j["runs"] = total.runs().size();
    j["coverage_percent"] = std::round(total.percent() * 100) / 100;
    j["covered"] = total.covered();
    j["universe"] = total.universe_size();
    j["holes"] = std::vector<std::string>(h.begin(), h.begin() + std::min<size_t>(h.size(), holes));
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::printf("coverage: %zu runs, %.1f %% (%zu of %zu bins)\n%s", total.runs().size(),
                total.percent(), total.covered(), total.universe_size(), total.summary().c_str());
    for (size_t i = 0; i < h.size() && i < holes; ++i) std::printf("  hole %s\n", h[i].c_str());
    if (h.size() > holes) std::printf("  ... %zu more holes\n", h.size() - holes);
  }
  return (min >= 0 && total.percent() < min) ? kFail : kOk;
}

template <typename F>
int guarded(const char* name, F f, const std::vector<std::string>& a) {
  try {
    return f(a);
  } catch (const Usage& u) {
    std::fprintf(stderr, "omsim %s: %s\n", name, u.what.c_str());
    return kUsage;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "omsim %s: %s\n", name, e.what());
    return kUsage;
  } catch (const std::out_of_range& e) {
    std::fprintf(stderr, "omsim %s: %s\n", name, e.what());
    return kUsage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "omsim %s: %s\n", name, e.what());
    return kFail;
  }
}

}  // namespace

int run_main(const std::vector<std::string>& args) { return guarded("run", run_impl, args); }
int coverage_main(const std::vector<std::string>& args) {
  return guarded("coverage", coverage_impl, args);
}

}  // namespace om::cosim

#include "lockstep.h"

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "fst_writer.h"

namespace om::cosim {
namespace {

using Clock = std::chrono::steady_clock;

struct TraceWindow {
  uint64_t from = 0;
  uint64_t to = 0;
  std::string dir;
};

// Splits om::diff()'s "port: a vs b" into its parts.
void split_diff(const std::string& d, Failure& f) {
  const size_t colon = d.find(": ");
  const size_t vs = d.find(" vs ", colon == std::string::npos ? 0 : colon);
  if (colon == std::string::npos || vs == std::string::npos) {
    f.field = d;
    return;
  }
  f.field = d.substr(0, colon);
  f.a_value = d.substr(colon + 2, vs - colon - 2);
  f.b_value = d.substr(vs + 4);
}

// The side-by-side file: both sides' ports under scopes named after the sides, and a mismatch
// flag.
class MergedWaves {
 public:
  MergedWaves(const std::string& path, const std::string& a, const std::string& b) : w_(path) {
    w_.push_scope("cosim");
    mismatch_ = w_.var("mismatch", 1);
    cycle_ = w_.var("cycle", 64);
    w_.push_scope(a);
    ta_.emplace(w_);
    w_.pop_scope();
    w_.push_scope(b);
    tb_.emplace(w_);
    w_.pop_scope();
    w_.pop_scope();
  }
  void dump(uint64_t t, uint64_t cycle, bool clk, const TopIn& in, const TopOut& a,
            const TopOut& b) {
    w_.time(t);
    w_.set(mismatch_, 1, a != b);
    w_.set(cycle_, 64, cycle);
    ta_->dump(clk, in, a);
    tb_->dump(clk, in, b);
  }

 private:
  FstWriter w_;
  FstWriter::Handle mismatch_ = 0, cycle_ = 0;
  std::optional<PortTracer> ta_, tb_;
};

RunResult run_once(const Stimulus& st, const RunOptions& opt, const TraceWindow* tw) {
  const bool tracing = tw != nullptr;
  std::unique_ptr<Side> a = make_side(opt.a, tracing);
  std::unique_ptr<Side> b;
  if (opt.two_sides) {
    b = make_side(opt.b, tracing);
    if (!opt.fault.empty()) b = make_faulty(std::move(b), opt.fault);
  } else if (!opt.fault.empty()) {
    a = make_faulty(std::move(a), opt.fault);
  }
  RunResult r;
  r.a_name = a->name();
  r.b_name = b ? b->name() : "";
  r.perf_compared = b && a->has_perf() && b->has_perf();
  Env env(st, opt.env);
  std::unique_ptr<MergedWaves> merged;
  bool stop_at_failure = !tracing;
  const bool time_sides = opt.time_sides;
  Clock::duration ta{}, tb{};
  const Clock::time_point start = Clock::now();
  auto add_failure = [&](Failure f) {
    f.segment = env.describe_segment();
    r.failures.push_back(std::move(f));
  };

  while (!env.done()) {
    const uint64_t c = env.cycle();
    if (tracing && c == tw->from) {
      const std::string base = tw->dir + "/";
      a->trace_open(base + a->name() + ".fst");
      r.waves.push_back(base + a->name() + ".fst");
      if (b) {
        b->trace_open(base + b->name() + ".fst");
        r.waves.push_back(base + b->name() + ".fst");
        merged = std::make_unique<MergedWaves>(base + "cosim.fst", a->name(), b->name());
        r.waves.push_back(base + "cosim.fst");
      }
    }
    if (tracing && c > tw->to) break;
    if (opt.progress && (c & 4095) == 0) opt.progress(c, st.cfg.cycles);

    const TopIn& in = env.drive();
    Clock::time_point t0, t1, t2;
    if (time_sides) t0 = Clock::now();
    const TopOut& oa = a->eval(in);
    if (time_sides) t1 = Clock::now();
    const TopOut* ob = nullptr;
    if (b) {
      ob = &b->eval(in);
      if (time_sides) t2 = Clock::now();
    }
    if (merged) merged->dump(10 * c, c, false, in, oa, *ob);
    if (b && r.failures.empty()) {
      bool equal;
      if (r.perf_compared) {
        equal = oa == *ob;
      } else {
        TopOut masked = oa;
        masked.perf = ob->perf;
        equal = masked == *ob;
      }
      if (!equal) {
        Failure f;
        f.kind = "divergence";
        f.cycle = c;
        TopOut masked = oa;
        if (!r.perf_compared) masked.perf = ob->perf;
        split_diff(diff(masked, *ob), f);
        f.message = a->name() + " outputs:   " + to_string(oa) + "\n" + b->name() +
                    " outputs: " + to_string(*ob);
        add_failure(f);
        if (stop_at_failure) break;
      }
    }
    env.observe(oa);
    Clock::time_point t3, t4;
    if (time_sides) t3 = Clock::now();
    a->tick();
    if (time_sides) t4 = Clock::now();
    if (b) b->tick();
    if (time_sides) {
      const Clock::time_point t5 = b ? Clock::now() : t4;
      ta += (t1 - t0) + (t4 - t3);
      if (b) tb += (t2 - t1) + (t5 - t4);
    }
    if (merged) merged->dump(10 * c + 5, c, true, in, oa, *ob);
    for (Side* s : {a.get(), b.get()}) {
      if (s == nullptr) continue;
      const std::string e = s->take_error();
      if (!e.empty() && r.failures.empty()) {
        Failure f;
        f.kind = "assertion";
        f.cycle = c;
        f.field = s->name();
        f.message = s->name() + ": " + e;
        add_failure(f);
      }
    }
    if (!env.failure().empty() && r.failures.empty()) {
      Failure f;
      const std::string& m = env.failure();
      f.kind =
          m.rfind("scoreboard", 0) == 0 || m.rfind("counters", 0) == 0 ? "scoreboard" : "testbench";
      f.cycle = env.failure_cycle();
      f.message = m;
      add_failure(f);
    }
    if (!r.failures.empty() && stop_at_failure) break;
  }
  for (Side* s : {a.get(), b.get()}) {
    if (s) s->trace_close();
  }
  merged.reset();
  r.secs_total = std::chrono::duration<double>(Clock::now() - start).count();
  r.secs_a = std::chrono::duration<double>(ta).count();
  r.secs_b = std::chrono::duration<double>(tb).count();
  r.cycles = env.cycle();
  r.pixels = env.pixels();
  r.mismatches = r.failures.empty() ? 0 : 1;
  r.coverage = env.coverage();
  r.coverage.add_run({kConfigs[st.cfg.cfg_index].name, st.cfg.seed, r.cycles});
  return r;
}

}  // namespace

RunResult run(const Stimulus& st, const RunOptions& opt) {
  RunResult r = run_once(st, opt, nullptr);
  if (!r.failures.empty() && !opt.waves_dir.empty()) {
    TraceWindow tw;
    const uint64_t c = r.failures.front().cycle;
    tw.from = c > opt.window ? c - opt.window : 0;
    tw.to = c + 10;
    tw.dir = opt.waves_dir;
    std::error_code ec;
    std::filesystem::create_directories(tw.dir, ec);
    if (ec) throw std::runtime_error("--waves: cannot create " + tw.dir + ": " + ec.message());
    RunOptions o = opt;
    o.progress = nullptr;
    const RunResult again = run_once(st, o, &tw);
    r.waves = again.waves;
    if (again.failures.empty() || again.failures.front().cycle != c) {
      r.waves.push_back("(warning: the re-run did not reproduce the failure at cycle " +
                        std::to_string(c) + ")");
    }
  }
  return r;
}

std::string report(const RunResult& r, const Stimulus& st, const std::string& repro) {
  std::ostringstream os;
  const ConfigInfo& cfg = kConfigs[st.cfg.cfg_index];
  if (r.failures.empty()) return "";
  const Failure& f = r.failures.front();
  if (f.kind == "divergence") {
    os << "FIRST DIVERGENCE at cycle " << f.cycle << "\n";
    os << "  port/field : " << f.field << "\n";
    os << "  " << r.a_name << std::string(r.a_name.size() < 10 ? 10 - r.a_name.size() : 0, ' ')
       << " : " << f.a_value << "\n";
    os << "  " << r.b_name << std::string(r.b_name.size() < 10 ? 10 - r.b_name.size() : 0, ' ')
       << " : " << f.b_value << "\n";
  } else {
    os << "FAILURE (" << f.kind << ") at cycle " << f.cycle << "\n";
  }
  std::istringstream msg(f.message);
  for (std::string line; std::getline(msg, line);) os << "  | " << line << "\n";
  os << "  stimulus   : " << f.segment << "\n";
  os << "  seed       : " << st.cfg.seed << "\n";
  os << "  config     : " << cfg.name << " (feature level index " << int(cfg.fl_index)
     << ", max RTs " << int(cfg.max_rts) << ", RTs per draw "
     << (st.cfg.rts ? std::to_string(st.cfg.rts) : std::string("random")) << ")\n";
  os << "  sides      : " << r.a_name << (r.b_name.empty() ? "" : " vs " + r.b_name)
     << (r.perf_compared || r.b_name.empty() ? "" : " (perf_o not compared: om_top lacks it)")
     << "\n";
  os << "  revision   : " << git_revision() << "\n";
  os << "  reproduce  : " << repro << "\n";
  if (!r.waves.empty()) {
    os << "  waves      :";
    for (const std::string& w : r.waves) os << " " << w;
    os << "\n";
  }
  return os.str();
}

}  // namespace om::cosim

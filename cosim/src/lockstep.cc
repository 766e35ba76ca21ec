// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/lockstep.h"

#include <chrono>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "om/sim/fst_writer.h"

namespace om::cosim {
namespace {

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

void make_dirs(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error("--waves: cannot create " + dir + ": " + ec.message());
}

}  // namespace

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
  sim::FstWriter w_;
  sim::FstWriter::Handle mismatch_ = 0, cycle_ = 0;
  std::optional<sim::PortTracer> ta_, tb_;
};

Lockstep::Lockstep(const Stimulus& st, const RunOptions& opt, const TraceWindow* tw)
    : st_(st), opt_(opt), tracing_(tw != nullptr), tw_(tw ? *tw : TraceWindow{}) {
  a_ = sim::make_side(opt_.a, tracing_);
  if (opt_.two_sides) {
    b_ = sim::make_side(opt_.b, tracing_);
    if (!opt_.fault.empty()) b_ = sim::make_faulty(std::move(b_), opt_.fault);
  } else if (!opt_.fault.empty()) {
    a_ = sim::make_faulty(std::move(a_), opt_.fault);
  }
  r_.a_name = a_->name();
  r_.b_name = b_ ? b_->name() : "";
  env_ = std::make_unique<Env>(st_, opt_.env);
}

Lockstep::~Lockstep() = default;

uint64_t Lockstep::cycle() const { return env_->cycle(); }

void Lockstep::add_failure(Failure f) {
  f.segment = env_->describe_segment();
  r_.failures.push_back(std::move(f));
}

uint64_t Lockstep::step(uint64_t n) {
  if (done_) return 0;
  const uint64_t c0 = env_->cycle();
  const Clock::time_point start = Clock::now();
  try {
    for (uint64_t i = 0; i < n && !done_; ++i) done_ = !cycle_once() || env_->done();
  } catch (...) {
    total_ += Clock::now() - start;
    throw;
  }
  total_ += Clock::now() - start;
  return env_->cycle() - c0;
}

bool Lockstep::cycle_once() {
  if (env_->done()) return false;
  Env& env = *env_;
  sim::Side* const a = a_.get();
  sim::Side* const b = b_.get();
  const bool stop_at_failure = !tracing_ || tw_.stop_at_failure;
  const uint64_t c = env.cycle();
  if (tracing_ && c > tw_.to) return false;
  if ((c & 4095) == 0) {
    if (opt_.poll) opt_.poll();
    if (opt_.progress) opt_.progress(c, st_.cfg.cycles);
  }
  if (tracing_ && c == tw_.from) {
    const std::string base = tw_.dir + "/";
    a->trace_open(base + a->name() + ".fst");
    r_.waves.push_back(base + a->name() + ".fst");
    if (b) {
      b->trace_open(base + b->name() + ".fst");
      r_.waves.push_back(base + b->name() + ".fst");
      merged_ = std::make_unique<MergedWaves>(base + "cosim.fst", a->name(), b->name());
      r_.waves.push_back(base + "cosim.fst");
    }
  }

  const bool time_sides = opt_.time_sides;
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
  in_ = &in;
  out_a_ = &oa;
  out_b_ = ob;
  if (merged_) merged_->dump(10 * c, c, false, in, oa, *ob);
  if (b && r_.failures.empty()) {
    if (oa != *ob) {
      Failure f;
      f.kind = "divergence";
      f.cycle = c;
      split_diff(diff(oa, *ob), f);
      f.message = a->name() + " outputs:   " + to_string(oa) + "\n" + b->name() +
                  " outputs: " + to_string(*ob);
      add_failure(f);
      if (stop_at_failure) return false;
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
    ta_ += (t1 - t0) + (t4 - t3);
    if (b) tb_ += (t2 - t1) + (t5 - t4);
  }
  if (merged_) merged_->dump(10 * c + 5, c, true, in, oa, *ob);
  for (sim::Side* s : {a, b}) {
    if (s == nullptr) continue;
    const std::string e = s->take_error();
    if (!e.empty() && r_.failures.empty()) {
      Failure f;
      f.kind = "assertion";
      f.cycle = c;
      f.field = s->name();
      f.message = s->name() + ": " + e;
      add_failure(f);
    }
  }
  if (!env.failure().empty() && r_.failures.empty()) {
    Failure f;
    const std::string& m = env.failure();
    f.kind =
        m.rfind("scoreboard", 0) == 0 || m.rfind("counters", 0) == 0 ? "scoreboard" : "testbench";
    f.cycle = env.failure_cycle();
    f.message = m;
    add_failure(f);
  }
  return r_.failures.empty() || !stop_at_failure;
}

RunResult Lockstep::finish() {
  if (finished_) return r_;
  finished_ = true;
  done_ = true;
  for (sim::Side* s : {a_.get(), b_.get()}) {
    if (s) s->trace_close();
  }
  merged_.reset();
  r_.secs_total = std::chrono::duration<double>(total_).count();
  r_.secs_a = std::chrono::duration<double>(ta_).count();
  r_.secs_b = std::chrono::duration<double>(tb_).count();
  r_.cycles = env_->cycle();
  r_.pixels = env_->pixels();
  r_.mismatches = r_.failures.empty() ? 0 : 1;
  r_.coverage = env_->coverage();
  r_.coverage.add_run({kConfigs[st_.cfg.cfg_index].name, st_.cfg.seed, r_.cycles});
  if (out_a_) r_.perf_a = out_a_->perf;
  if (out_b_) r_.perf_b = out_b_->perf;
  return r_;
}

RunResult run(const Stimulus& st, const RunOptions& opt) {
  const uint64_t kAll = std::numeric_limits<uint64_t>::max();
  const bool full = opt.waves_full && !opt.waves_dir.empty();
  RunResult r;
  if (full) {
    make_dirs(opt.waves_dir);
    TraceWindow all;
    all.dir = opt.waves_dir;
    all.stop_at_failure = true;
    Lockstep l(st, opt, &all);
    l.step(kAll);
    r = l.finish();
  } else {
    Lockstep l(st, opt);
    l.step(kAll);
    r = l.finish();
  }
  if (!r.failures.empty() && !opt.waves_dir.empty()) {
    TraceWindow tw;
    const uint64_t c = r.failures.front().cycle;
    tw.from = c > opt.window ? c - opt.window : 0;
    tw.to = c + 10;
    tw.dir = full ? opt.waves_dir + "/window" : opt.waves_dir;
    make_dirs(tw.dir);
    RunOptions o = opt;
    o.progress = nullptr;
    Lockstep l(st, o, &tw);
    l.step(kAll);
    const RunResult again = l.finish();
    r.waves.insert(r.waves.end(), again.waves.begin(), again.waves.end());
    if (again.failures.empty() || again.failures.front().cycle != c) {
      r.waves.push_back("(warning: the re-run did not reproduce the failure at cycle " +
                        std::to_string(c) + ")");
    }
  }
  return r;
}

std::string reproduce(const std::string& program, const StimConfig& sc, const RunOptions& opt) {
  auto name = [](sim::SideKind k) { return k == sim::SideKind::kModel ? "model" : "rtl"; };
  const std::string sides =
      std::string(name(opt.a)) + (opt.two_sides ? std::string(",") + name(opt.b) : "");
  std::string r = program + " run --config " + kConfigs[sc.cfg_index].name + " --seed " +
                  std::to_string(sc.seed) + " --cycles " + std::to_string(sc.cycles);
  if (sc.rts) r += " --rts " + std::to_string(sc.rts);
  if (sides != (sim::have_model() ? "rtl,model" : "rtl,rtl")) r += " --sides " + sides;
  if (!opt.fault.empty()) r += " --fault " + opt.fault;
  if (!opt.env.scoreboard) r += " --no-scoreboard";
  return r + " --waves waves_out";
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
  os << "  sides      : " << r.a_name << (r.b_name.empty() ? "" : " vs " + r.b_name) << "\n";
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

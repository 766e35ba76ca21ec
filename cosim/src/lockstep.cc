// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/lockstep.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "om/cosim/gtkw.h"
#include "om/cosim/numbers.h"
#include "om/sim/fst_writer.h"
#include "om/sim/port_trace.h"

namespace om::cosim {
namespace {

using Clock = std::chrono::steady_clock;

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
  std::unique_ptr<sim::Side> a = sim::make_side(opt_.a, tracing_, opt_.rtl_args);
  start(std::move(a), opt_.two_sides ? sim::make_side(opt_.b, tracing_, opt_.rtl_args) : nullptr);
}

Lockstep::Lockstep(const Stimulus& st, const RunOptions& opt, std::unique_ptr<sim::Side> a,
                   std::unique_ptr<sim::Side> b, const TraceWindow* tw)
    : st_(st), opt_(opt), tracing_(tw != nullptr), tw_(tw ? *tw : TraceWindow{}) {
  start(std::move(a), std::move(b));
}

void Lockstep::start(std::unique_ptr<sim::Side> a, std::unique_ptr<sim::Side> b) {
  a_ = std::move(a);
  b_ = std::move(b);
  if (!opt_.fault.empty()) {
    const FaultSpec f = parse_fault(opt_.fault);
    if (b_) {
      b_ = sim::make_faulty(std::move(b_), f.name, f.from);
      faulty_ = b_.get();
    } else {
      a_ = sim::make_faulty(std::move(a_), f.name, f.from);
      faulty_ = a_.get();
    }
  }
  if (!opt_.port_trace.empty()) a_ = sim::make_port_recorder(std::move(a_), opt_.port_trace);
  r_.a_name = a_->name();
  r_.b_name = b_ ? b_->name() : "";
  env_ = std::make_unique<Env>(st_, opt_.env);
  make_loop();
}

void Lockstep::make_loop() {
  loop_ = std::make_unique<sim::LockstepLoop<TopIn, TopOut, Env>>(*env_, *a_, b_.get(),
                                                                  opt_.time_sides);
  // Only a traced run writes the side-by-side file: an untraced one calls no hook per cycle.
  if (!tracing_) return;
  loop_->on_dump = [this](uint64_t c, bool clk) {
    if (merged_) {
      merged_->dump(10 * c + (clk ? 5 : 0), c, clk, *loop_->inputs(), *loop_->outputs_a(),
                    *loop_->outputs_b());
    }
  };
}

Lockstep::~Lockstep() = default;

uint64_t Lockstep::cycle() const { return env_->cycle(); }

uint64_t Lockstep::step(uint64_t n) {
  if (done_) return 0;
  const uint64_t c0 = env_->cycle();
  const Clock::time_point start = Clock::now();
  try {
    for (uint64_t i = 0; i < n && !done_;) {
      // Cycles before the next poll, checkpoint or trace-window event need none of cycle_once()'s
      // tests: they go straight to the loop.
      const uint64_t quiet = std::min(n - i, quiet_cycles());
      uint64_t k = 0;
      while (k < quiet && loop_->cycle()) ++k;
      i += k;
      done_ = k < quiet || env_->done();
      if (done_ || i == n) break;
      done_ = !cycle_once() || env_->done();
      ++i;
    }
  } catch (...) {
    total_ += Clock::now() - start;
    throw;
  }
  total_ += Clock::now() - start;
  return env_->cycle() - c0;
}

bool Lockstep::polls_at(uint64_t c) { return c % kPollEvery == 0; }

bool Lockstep::checkpoints_at(uint64_t c) const { return every_ != 0 && c != 0 && c % every_ == 0; }

uint64_t Lockstep::quiet_cycles() const {
  const uint64_t c = env_->cycle();
  if (tracing_ || polls_at(c) || checkpoints_at(c)) return 0;
  uint64_t next = (c / kPollEvery + 1) * kPollEvery;
  if (every_ != 0) next = std::min(next, (c / every_ + 1) * every_);
  return next - c;
}

bool Lockstep::cycle_once() {
  if (env_->done()) return false;
  sim::Side* const a = a_.get();
  sim::Side* const b = b_.get();
  const uint64_t c = env_->cycle();
  if (tracing_ && c > tw_.to) return false;
  if (polls_at(c)) {
    if (opt_.poll) opt_.poll();
    if (opt_.progress) opt_.progress(c, st_.cfg.cycles);
  }
  // After the poll: a run interrupted there resumes at this cycle and checkpoints it once.
  if (checkpoints_at(c)) checkpoint();
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
  return loop_->cycle(!tracing_ || tw_.stop_at_failure);
}

void Lockstep::checkpoint() {
  auto k = std::make_unique<Checkpoint>();
  k->cycle = env_->cycle();
  k->a = a_->save();
  if (b_) k->b = b_->save();
  if (!k->a || (b_ && !k->b)) {
    every_ = 0;
    return;
  }
  k->env = std::make_unique<Env>(*env_);
  // A failure from here on has its window start at or after cycle - window: of the checkpoints
  // before that, only the last can be the one to replay from.
  const uint64_t start = k->cycle > opt_.window ? k->cycle - opt_.window : 0;
  checkpoints_.push_back(std::move(k));
  size_t old = 0;
  while (old + 1 < checkpoints_.size() && checkpoints_[old + 1]->cycle <= start) ++old;
  checkpoints_.erase(checkpoints_.begin(), checkpoints_.begin() + static_cast<ptrdiff_t>(old));
}

std::unique_ptr<Checkpoint> Lockstep::take_checkpoint(uint64_t cycle) {
  for (size_t i = checkpoints_.size(); i-- > 0;) {
    if (checkpoints_[i]->cycle > cycle) continue;
    std::unique_ptr<Checkpoint> k = std::move(checkpoints_[i]);
    checkpoints_.erase(checkpoints_.begin() + static_cast<ptrdiff_t>(i));
    return k;
  }
  return nullptr;
}

void Lockstep::restore(const Checkpoint& k) {
  a_->restore(*k.a);
  if (b_) b_->restore(*k.b);
  env_ = std::make_unique<Env>(*k.env);
  make_loop();
  done_ = false;
}

RunResult Lockstep::finish() {
  if (finished_) return r_;
  finished_ = true;
  done_ = true;
  for (sim::Side* s : {a_.get(), b_.get()}) {
    if (s) s->trace_close();
  }
  merged_.reset();
  r_.failures = loop_->failures();
  r_.secs_total = std::chrono::duration<double>(total_).count();
  r_.secs_a = std::chrono::duration<double>(loop_->time_a()).count();
  r_.secs_b = std::chrono::duration<double>(loop_->time_b()).count();
  r_.cycles = env_->cycle();
  r_.pixels = env_->pixels();
  r_.mismatches = r_.failures.empty() ? 0 : 1;
  r_.coverage = env_->coverage();
  r_.coverage.add_run({kConfigs[st_.cfg.cfg_index].name, st_.cfg.seed, r_.cycles});
  if (loop_->outputs_a()) r_.perf_a = loop_->outputs_a()->perf;
  if (loop_->outputs_b()) r_.perf_b = loop_->outputs_b()->perf;
  r_.fault_fired = faulty_ != nullptr && faulty_->fault_fired();
  return r_;
}

namespace {

// The failure window replayed with tracing on, from checkpoint `k` (null: from the first cycle):
// its files and the layout that opens them go into r's waves. Throws what the wave writers throw.
void write_failure_waves(const Stimulus& st, const RunOptions& opt, bool full, const Checkpoint* k,
                         RunResult* out) {
  const uint64_t kAll = std::numeric_limits<uint64_t>::max();
  RunResult& r = *out;
  TraceWindow tw;
  const Failure& f = r.failures.front();
  const uint64_t c = f.cycle;
  tw.from = c > opt.window ? c - opt.window : 0;
  tw.to = c + kCyclesAfter;
  tw.dir = full ? opt.waves_dir + "/window" : opt.waves_dir;
  make_dirs(tw.dir);
  RunOptions o = opt;
  o.port_trace.clear();
  o.progress = nullptr;
  Lockstep l(st, o, &tw);
  if (k != nullptr) {
    l.restore(*k);
    r.waves_replayed_from = k->cycle;
  }
  l.step(kAll);
  const RunResult again = l.finish();
  r.waves.insert(r.waves.end(), again.waves.begin(), again.waves.end());
  const Failure* g = again.failures.empty() ? nullptr : &again.failures.front();
  r.waves_reproduced = g != nullptr && g->kind == f.kind && g->cycle == c && g->field == f.field;
  if (!r.waves_reproduced) {
    r.waves.push_back("(warning: the replay from cycle " + std::to_string(r.waves_replayed_from) +
                      " did not reproduce the " + f.kind + " at cycle " + std::to_string(c) +
                      (f.field.empty() ? "" : " (" + f.field + ")") + ": it " +
                      (g ? "failed at cycle " + std::to_string(g->cycle) +
                               (g->field.empty() ? "" : " (" + g->field + ")")
                         : std::string("did not fail")) +
                      ")");
  } else if (!again.b_name.empty()) {
    r.open_waves = write_divergence_layout(tw.dir, again.a_name, again.b_name, r.failures[0]);
    r.waves.push_back(tw.dir + "/divergence.gtkw");
  }
}

}  // namespace

RunResult run(const Stimulus& st, const RunOptions& opt) {
  const uint64_t kAll = std::numeric_limits<uint64_t>::max();
  const bool full = opt.waves_full && !opt.waves_dir.empty();
  RunResult r;
  TraceWindow all;
  if (full) {
    make_dirs(opt.waves_dir);
    all.dir = opt.waves_dir;
    all.stop_at_failure = true;
  }
  std::unique_ptr<Checkpoint> k;
  {
    Lockstep l(st, opt, full ? &all : nullptr);
    if (!opt.waves_dir.empty()) l.checkpoint_every(opt.checkpoint_every);
    try {
      l.step(kAll);
    } catch (const Interrupted&) {
      r = l.finish();
      r.interrupted = true;
      return r;
    }
    r = l.finish();
    if (!r.failures.empty()) {
      const uint64_t c = r.failures.front().cycle;
      k = l.take_checkpoint(c > opt.window ? c - opt.window : 0);
    }
  }
  if (!r.failures.empty() && !opt.waves_dir.empty()) {
    const Clock::time_point t0 = Clock::now();
    try {
      write_failure_waves(st, opt, full, k.get(), &r);
    } catch (const std::exception& e) {
      r.waves_error = e.what();
    } catch (const Interrupted&) {
      r.waves_error = "interrupted";
    }
    r.secs_waves = std::chrono::duration<double>(Clock::now() - t0).count();
  }
  return r;
}

std::string fault_not_fired(const RunOptions& opt, const RunResult& r) {
  if (opt.fault.empty() || r.fault_fired || !r.failures.empty() || r.interrupted) return "";
  return "never fired in the run's " + std::to_string(r.cycles) +
         " cycles, so the run tested nothing";
}

FaultSpec parse_fault(const std::string& text) {
  FaultSpec f;
  const size_t at = text.find('@');
  f.name = text.substr(0, at);
  if (!sim::is_fault(f.name)) {
    throw std::invalid_argument("--fault: unknown fault '" + text +
                                "' (known: " + sim::fault_names() + ", each optionally @CYCLE)");
  }
  if (at != std::string::npos) {
    try {
      f.from = parse_uint("cycle", text.substr(at + 1), 0, UINT64_MAX);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("--fault: '" + text + "': " + e.what());
    }
  }
  return f;
}

std::string reproduce(const std::string& program, const StimConfig& sc, const RunOptions& opt,
                      const std::string& stimulus, bool cut) {
  const std::string sides = std::string(sim::side_name(opt.a)) +
                            (opt.two_sides ? std::string(",") + sim::side_name(opt.b) : "");
  std::string r = program + " run";
  if (!stimulus.empty()) {
    r += " --stimulus " + stimulus;
    if (cut) r += " --cycles " + std::to_string(sc.cycles);
  } else {
    r += " --config " + std::string(kConfigs[sc.cfg_index].name) + " --seed " +
         std::to_string(sc.seed) + " --cycles " + std::to_string(sc.cycles);
    if (sc.profile != "default") r += " --profile " + sc.profile;
    if (sc.rts) r += " --rts " + std::to_string(sc.rts);
  }
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
  os << "  seed       : " << (st.cfg.seeded ? std::to_string(st.cfg.seed) : "none (stimulus file)")
     << "\n";
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
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.2f s", r.secs_waves);
    os << "  replayed   : from cycle " << r.waves_replayed_from
       << (r.waves_replayed_from ? " (a checkpoint)" : " (the start)") << " to the window's end, "
       << secs << "\n";
  }
  if (!r.open_waves.empty()) os << "  open       : " << r.open_waves << "\n";
  if (!r.waves_error.empty()) os << "  waves      : not written: " << r.waves_error << "\n";
  return os.str();
}

}  // namespace om::cosim

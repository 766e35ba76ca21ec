// SPDX-License-Identifier: Apache-2.0
// The lockstep co-simulation run: the lockstep loop (om/sim/lockstep_loop.h) with the testbench
// Env, which drives identical inputs into one or two sides every cycle; with two sides every TopOut
// field is compared every cycle and the first difference stops the run. The scoreboard and
// protocol checks of the testbench stop it too.
// A failing run's waves: the run checkpoints both sides and the testbench every few thousand
// cycles; on a failure it restores the last checkpoint before the waves' window and replays only
// the window with tracing on (from the first cycle when a side cannot be checkpointed).
// run() is the whole run; Lockstep is the same loop advanced a few cycles at a time (stepping
// from Python), with the ports of the last cycle visible.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "om/cosim/coverage.h"
#include "om/cosim/env.h"
#include "om/cosim/stimulus.h"
#include "om/sim/lockstep_loop.h"
#include "om/sim/side.h"

namespace om::cosim {

/// Cycles between checkpoints of a run with waves (RunOptions::checkpoint_every): a checkpoint
/// costs about as much as 100-200 lockstep cycles (docs/performance.md), and a failure's waves
/// replay at most this many cycles before their window.
constexpr uint64_t kCheckpointEvery = 1u << 15;

struct RunOptions {
  sim::SideKind a = sim::SideKind::kRtl;
  bool two_sides = true;  // lockstep against b; false: a alone
  sim::SideKind b = sim::SideKind::kModel;
  std::string fault;  // NAME[@CYCLE] (parse_fault()): sim::make_faulty() on the compared side
                      // (b, or a alone)
  EnvOptions env;
  // Command arguments of every RTL side's VerilatedContext (sim::RtlTop), e.g. the reset seed.
  std::vector<std::string> rtl_args;
  // Write side a's inputs and outputs every cycle of the run to this file (om/sim/port_trace.h);
  // "" none. A failure's waves replay does not write it again.
  std::string port_trace;
  std::string waves_dir;  // on failure: replay the window and write FST files here
  uint64_t window = 200;  // cycles of waves before the failure
  // With waves_dir: checkpoint every this many cycles, and replay a failure's window from the
  // last checkpoint before it; 0: replay from the first cycle.
  uint64_t checkpoint_every = kCheckpointEvery;
  bool waves_full = false;  // with waves_dir: also trace the whole run (see run())
  bool time_sides = true;   // measure each side's eval/tick time
  // Called about every 4096 cycles with (cycle, cycles of the run).
  std::function<void(uint64_t, uint64_t)> progress;
  // Called about every 4096 cycles in every pass of run(), the waves re-run included (which has
  // no progress): e.g. to check for an interrupt. An exception thrown from it ends the run.
  std::function<void()> poll;
};

/// Thrown from RunOptions::poll to stop a run early (Ctrl-C): run() returns what was checked up to
/// there, with RunResult::interrupted set.
struct Interrupted {};

/// The first failure of a run: kind "divergence", "scoreboard", "assertion" or "testbench".
using sim::Failure;

struct RunResult {
  uint64_t cycles = 0;
  uint64_t pixels = 0;
  uint64_t mismatches = 0;  // 0, or 1 when the run stopped at a failure
  Coverage coverage;
  double secs_total = 0, secs_a = 0, secs_b = 0;
  std::string a_name, b_name;
  std::vector<Failure> failures;
  std::vector<std::string> waves;  // files written by the waves replay
  std::string open_waves;          // the command that opens them at the failure (two sides)
  std::string waves_error;  // why the failure's waves could not be written ("" when they were)
  uint64_t waves_replayed_from = 0;  // the cycle the waves' replay started at (its checkpoint's)
  bool waves_reproduced = false;     // the replay failed as the run did (kind, cycle and field)
  double secs_waves = 0;             // time from the failure to the written waves
  bool interrupted = false;          // RunOptions::poll threw Interrupted: the run stopped early
  bool fault_fired = false;          // RunOptions::fault corrupted an output at least once
  Perf perf_a, perf_b;  // perf_o of each side in the last evaluated cycle (b: zero without b)
};

/// Waves written by a run: the sides' ports from cycle `from` through cycle `to` into `dir`
/// (<side>.fst for each side, cosim.fst with both sides and a mismatch flag for two sides).
struct TraceWindow {
  uint64_t from = 0;
  uint64_t to = std::numeric_limits<uint64_t>::max();
  std::string dir;
  /// Stop at the first failure, as an untraced run does; false: run on through `to` (the
  /// failure window's re-run, which shows the cycles after the failure too).
  bool stop_at_failure = false;
};

class MergedWaves;

/// A lockstep's state at the start of one cycle (between a clock edge and the next eval): both
/// sides, their faults' counts included, and the testbench (stimulus position, bus master, memory
/// contents and timing, scoreboard, coverage). Lockstep::restore() continues from it.
struct Checkpoint {
  uint64_t cycle = 0;
  std::unique_ptr<sim::Side::State> a, b;  // b: null without a second side
  std::unique_ptr<Env> env;
};

/// One lockstep run, advanced by step(). Holds references to `st` and copies `opt`: `st` must
/// outlive it. A Lockstep stepped to its end gives the RunResult run() gives for the same stimulus
/// and options without waves_dir, timings aside (run() is a Lockstep stepped to its end).
class Lockstep {
 public:
  /// Builds the sides (and their fault) and the testbench; `tw`: write waves (its files are
  /// created when the run reaches tw->from). Throws std::invalid_argument when a requested side
  /// or fault is not built in, std::runtime_error when a wave file cannot be written.
  Lockstep(const Stimulus& st, const RunOptions& opt, const TraceWindow* tw = nullptr);
  /// The same run on sides the caller built (a SystemC netlist elaborated before the run): `b`
  /// may be null (a alone); opt.fault goes to b (or a alone); opt.a, opt.b and opt.two_sides are
  /// not used. Throws std::invalid_argument for an unknown fault.
  Lockstep(const Stimulus& st, const RunOptions& opt, std::unique_ptr<sim::Side> a,
           std::unique_ptr<sim::Side> b, const TraceWindow* tw = nullptr);
  ~Lockstep();
  Lockstep(const Lockstep&) = delete;
  Lockstep& operator=(const Lockstep&) = delete;

  /// Runs up to `n` cycles (each: testbench inputs, eval of the sides, comparison, clock edge)
  /// and returns how many clock edges the testbench took. Stops early when the run ends: the
  /// stimulus and its final drain and checks are done, or a failure stopped it (the failing
  /// cycle is evaluated and compared but takes no clock edge, so it counts 0). Calls
  /// RunOptions::progress and RunOptions::poll at cycles that are multiples of 4096 (an
  /// exception thrown from them leaves the run consistent: it resumes at that cycle on the next
  /// step()).
  uint64_t step(uint64_t n = 1);
  /// Replaces RunOptions::progress for the following steps (each caller of step() its own).
  void set_progress(std::function<void(uint64_t, uint64_t)> f) { opt_.progress = std::move(f); }
  /// The run has ended (step() does nothing more).
  bool done() const { return done_; }
  /// Clock edges taken so far (= the cycle the next step() evaluates).
  uint64_t cycle() const;
  /// Ports of the last evaluated cycle (cycle() - 1, or cycle() when a failure stopped the run
  /// there); nullptr before the first step() (outputs_b(): also without a second side).
  const TopIn* inputs() const { return loop_->inputs(); }
  const TopOut* outputs_a() const { return loop_->outputs_a(); }
  const TopOut* outputs_b() const { return loop_->outputs_b(); }
  /// Failures so far (at most one: the run stops at the first).
  const std::vector<Failure>& failures() const { return loop_->failures(); }
  const std::string& a_name() const { return r_.a_name; }
  const std::string& b_name() const { return r_.b_name; }
  /// Checkpoints every `every` cycles from here on (at cycles that are multiples of it), keeping
  /// those a failure's window (RunOptions::window) may start after; 0: none. Stops when a side
  /// cannot be checkpointed.
  void checkpoint_every(uint64_t every) { every_ = every; }
  /// The last checkpoint taken at or before `cycle`, moved out of this run (null: none).
  std::unique_ptr<Checkpoint> take_checkpoint(uint64_t cycle);
  /// Continues from `k` (taken from a run of the same stimulus, options and build): sides and
  /// testbench as they were at its cycle; waves open from then on as for a run from the start.
  void restore(const Checkpoint& k);
  /// Ends the run where it is (closes the wave files) and returns its result: cycles, pixels and
  /// coverage so far, the failure, the wave files, the time spent in step(). After it, step()
  /// does nothing; finish() again returns the same result.
  RunResult finish();

 private:
  using Clock = std::chrono::steady_clock;
  void start(std::unique_ptr<sim::Side> a, std::unique_ptr<sim::Side> b);
  void make_loop();   // the lockstep loop over a_, b_ and env_
  bool cycle_once();  // one loop iteration; false: the run ended
  // Cycles from the current one that cycle_once() would only pass on to the loop: before the next
  // poll, checkpoint or trace-window event (0: the current cycle is one, or the run is traced).
  uint64_t quiet_cycles() const;
  static constexpr uint64_t kPollEvery = 4096;  // RunOptions::progress and ::poll
  static bool polls_at(uint64_t c);
  bool checkpoints_at(uint64_t c) const;
  void checkpoint();  // of the current cycle, between clock edge and eval

  const Stimulus& st_;
  RunOptions opt_;
  const bool tracing_;
  TraceWindow tw_;
  std::unique_ptr<sim::Side> a_, b_;
  const sim::Side* faulty_ = nullptr;  // the side given RunOptions::fault
  std::unique_ptr<Env> env_;
  std::unique_ptr<sim::LockstepLoop<TopIn, TopOut, Env>> loop_;
  std::unique_ptr<MergedWaves> merged_;
  uint64_t every_ = 0;
  std::vector<std::unique_ptr<Checkpoint>> checkpoints_;  // oldest first
  RunResult r_;
  bool done_ = false;
  bool finished_ = false;
  Clock::duration total_{};
};

/// Cycles of a failure's waves after the failing cycle (so a viewer can centre on it).
constexpr uint64_t kCyclesAfter = 20;

/// Runs `st`. Throws std::invalid_argument when a requested side is not built in, and
/// std::runtime_error when opt.waves_full's files cannot be written. A failure's waves that cannot
/// be written do not lose the failure: RunResult::waves_error says why.
/// With opt.waves_dir the run checkpoints every opt.checkpoint_every cycles; on a failure the last
/// checkpoint before the window is restored and traced from opt.window cycles before the failure
/// to kCyclesAfter after it into waves_dir (RunResult::waves_replayed_from says where the replay
/// began, waves_reproduced whether it failed the same way). With opt.waves_full too, the run
/// itself is traced from its first cycle to its end (or its failure) into waves_dir, and the
/// failure window's replay goes to waves_dir/window.
RunResult run(const Stimulus& st, const RunOptions& opt);

/// The multi-line first-divergence report: cycle, port/field, both values, seed, configuration,
/// git revision, reproduce command (`repro`), waves.
std::string report(const RunResult& r, const Stimulus& st, const std::string& repro);

/// The `omsim run` command line that repeats the run of (sc, opt), with `program` as the command
/// (`--sides` only when not the default, `--waves waves_out` to write the failure's waves). With
/// `stimulus` (a stimulus file) the run replays it (`--cycles` only with `cut`: the run is shorter
/// than the file).
std::string reproduce(const std::string& program, const StimConfig& sc, const RunOptions& opt,
                      const std::string& stimulus = "", bool cut = false);

/// A fault of RunOptions::fault: its name and the cycle it is armed at.
struct FaultSpec {
  std::string name;
  uint64_t from = 0;
};
/// Parses "NAME" or "NAME@CYCLE" (CYCLE: a whole number, decimal or 0x hex). Throws
/// std::invalid_argument naming the text for an unknown name or a bad cycle.
FaultSpec parse_fault(const std::string& text);
/// Why a run of `opt` with a fault tested nothing: "never fired in the run's N cycles, so the run
/// tested nothing" when its fault never corrupted an output and the run ended without a failure
/// or an interruption; "" otherwise (no fault, a fault that fired, a failure).
std::string fault_not_fired(const RunOptions& opt, const RunResult& r);

/// Git revision of the source tree, baked in at configure time ("<hash>[-dirty]").
const char* git_revision();

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
// The lockstep loop of every co-simulation: the co-simulation product (om::cosim::Lockstep), the
// SystemC testbench, the model-vs-RTL test and the om_csr unit lockstep all run on it. In each
// cycle a testbench computes the inputs before any side evaluates, one or two sides evaluate them,
// every stage boundary the sides expose and every output is compared (the first difference is a
// divergence), the testbench advances on the
// outputs the sides agreed on, the clock edge follows, and a failed RTL assertion of a side or a
// failure the testbench found (scoreboard, protocol, progress) stops the run too.
//
// Generic over the port structs In and Out. Out needs operator!=, diff(a, b) giving "port: a vs b"
// for the first differing field and to_string(o) naming every field (found by argument-dependent
// lookup, as om::diff / om::to_string for TopOut).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "om/gen/structs/failure.h"  // Failure, the first failure of a run (defs/structs.toml)
#include "om/sim/side.h"

namespace om::sim {

/// The failure in a few lines: "port: a vs b" and both sides' outputs (indented) for a
/// divergence, else the message.
inline std::string summary(const Failure& f) {
  if (f.kind != "divergence") return f.message;
  std::string s = f.field + ": " + f.a_value + " vs " + f.b_value;
  std::istringstream lines(f.message);
  for (std::string line; std::getline(lines, line);) s += "\n  " + line;
  return s;
}

/// What drives a lockstep: one input per cycle and the checks on the outputs.
template <class In, class Out>
class Testbench {
 public:
  virtual ~Testbench() = default;
  /// Inputs of the current cycle.
  virtual const In& drive() = 0;
  /// Outputs of the current cycle (the same inputs went to every side); then the clock edge.
  virtual void observe(const Out& out) = 0;
  /// Clock edges taken.
  virtual uint64_t cycle() const = 0;
  /// The run is over (the stimulus is done, or the testbench failed).
  virtual bool done() const = 0;
  /// True when the testbench found a failure; fills kind, cycle and message of *f.
  virtual bool failed(Failure* /*f*/) const { return false; }
  /// What the stimulus is doing now (for reports).
  virtual std::string describe() const { return ""; }
};

/// Tb: the testbench's type, a Testbench<In, Out>; a final class there lets every cycle call it
/// directly instead of through its virtual functions.
template <class In, class Out, class Tb = Testbench<In, Out>>
class LockstepLoop {
 public:
  using SideT = BasicSide<In, Out>;
  using Clock = std::chrono::steady_clock;

  /// `b` may be null: `a` runs alone (its outputs drive the testbench, nothing is compared).
  /// `time_sides`: measure each side's eval + tick time. All three must outlive the loop.
  LockstepLoop(Tb& tb, SideT& a, SideT* b, bool time_sides = false)
      : tb_(tb),
        a_(a),
        b_(b),
        time_sides_(time_sides),
        a_errors_(a.reports_errors()),
        b_errors_(b != nullptr && b->reports_errors()) {}

  /// Called with (cycle, false) after the sides evaluated and with (cycle, true) after the clock
  /// edge; inputs() and outputs_a/b() are that cycle's (waves of both sides).
  std::function<void(uint64_t, bool)> on_dump;

  /// One cycle. Returns false when the run ends: the testbench is done, or a failure happened
  /// with `stop_at_failure` (a divergence stops before the testbench advances and the clock edge,
  /// so that cycle takes no edge). Without `stop_at_failure` the run goes on after the first
  /// failure (a waves re-run that shows the cycles after it) and no further failure is recorded.
  bool cycle(bool stop_at_failure = true) {
    if (tb_.done()) return false;
    if (time_sides_ && cycles_++ % kTimeEvery == 0) return run_cycle<true>(stop_at_failure);
    return run_cycle<false>(stop_at_failure);
  }

  /// Ports of the last evaluated cycle; nullptr before the first cycle() (outputs_b(): also
  /// without a second side).
  const In* inputs() const { return in_; }
  const Out* outputs_a() const { return out_a_; }
  const Out* outputs_b() const { return out_b_; }
  /// Failures so far (at most one).
  const std::vector<Failure>& failures() const { return failures_; }
  /// Time spent in each side (with time_sides): measured in one cycle of every kTimeEvery and
  /// scaled to every cycle run.
  Clock::duration time_a() const { return scaled(ta_); }
  Clock::duration time_b() const { return scaled(tb_time_); }
  /// A side's time is measured in cycles 0, kTimeEvery, 2 kTimeEvery, ... of the loop: reading
  /// the clock six times costs a cycle of the cycle model several percent.
  static constexpr uint64_t kTimeEvery = 64;

 private:
  // One cycle of cycle(); kTimed: measure each side's eval + tick (the untimed cycles test nothing
  // of it).
  template <bool kTimed>
  bool run_cycle(bool stop_at_failure) {
    const uint64_t c = tb_.cycle();
    const In& in = tb_.drive();
    Clock::time_point t0, t1, t2;
    if constexpr (kTimed) t0 = Clock::now();
    const Out& oa = a_.eval(in);
    if constexpr (kTimed) t1 = Clock::now();
    const Out* ob = nullptr;
    if (b_ != nullptr) {
      ob = &b_->eval(in);
      if constexpr (kTimed) t2 = Clock::now();
    }
    in_ = &in;
    out_a_ = &oa;
    out_b_ = ob;
    if (on_dump) on_dump(c, false);
    if (ob != nullptr && failures_.empty() && (!a_.boundaries_equal(*b_) || oa != *ob) &&
        diverged(c, oa, *ob) && stop_at_failure) {
      return false;
    }
    tb_.observe(oa);
    Clock::time_point t3, t4;
    if constexpr (kTimed) t3 = Clock::now();
    a_.tick();
    if constexpr (kTimed) t4 = Clock::now();
    if (b_ != nullptr) b_->tick();
    if constexpr (kTimed) {
      const Clock::time_point t5 = b_ != nullptr ? Clock::now() : t4;
      ta_ += (t1 - t0) + (t4 - t3);
      if (b_ != nullptr) tb_time_ += (t2 - t1) + (t5 - t4);
      ++timed_;
    }
    if (on_dump) on_dump(c, true);
    if (a_errors_) check_error(a_, c);
    if (b_errors_) check_error(*b_, c);
    // A reused record: a Failure's six strings are not built and freed every cycle.
    if (failures_.empty() && tb_.failed(&tb_failure_)) add(tb_failure_);
    return failures_.empty() || !stop_at_failure;
  }

  // Splits diff()'s "port: a vs b" (or "stage: field: a vs b") into its parts.
  static void split_diff(const std::string& d, Failure& f) {
    const size_t vs_at = d.find(" vs ");
    const size_t colon = vs_at == std::string::npos ? d.find(": ") : d.rfind(": ", vs_at);
    const size_t vs = d.find(" vs ", colon == std::string::npos ? 0 : colon);
    if (colon == std::string::npos || vs == std::string::npos) {
      f.field = d;
      return;
    }
    f.field = d.substr(0, colon);
    f.a_value = d.substr(colon + 2, vs - colon - 2);
    f.b_value = d.substr(vs + 4);
  }
  // The failure paths stay out of line: the loop's every-cycle path keeps a small frame.
  // True (and the divergence recorded) when the sides' stage boundaries or outputs differ;
  // stage boundaries first: a bug shows there before (or in the same cycle as) at the ports.
  // Called when the every-cycle check found a difference: it decides again from the decoded
  // values, which name the field.
  [[gnu::noinline]] bool diverged(uint64_t c, const Out& oa, const Out& ob) {
    const std::string inner = a_.boundary_diff(*b_);
    if (inner.empty() && !(oa != ob)) return false;
    Failure f;
    f.kind = "divergence";
    f.cycle = c;
    split_diff(inner.empty() ? diff(oa, ob) : inner, f);
    f.message = (inner.empty() ? "" : "at a stage boundary: " + inner + "\n") + a_.name() +
                " outputs:   " + to_string(oa) + "\n" + b_->name() + " outputs: " + to_string(ob);
    add(f);
    return true;
  }
  void check_error(SideT& s, uint64_t c) {
    const std::string e = s.take_error();
    if (!e.empty() && failures_.empty()) assertion(s, c, e);
  }
  [[gnu::noinline]] void assertion(SideT& s, uint64_t c, const std::string& e) {
    Failure f;
    f.kind = "assertion";
    f.cycle = c;
    f.field = s.name();
    f.message = s.name() + ": " + e;
    add(f);
  }
  Clock::duration scaled(Clock::duration sampled) const {
    if (timed_ == 0) return Clock::duration{};
    const double per_cycle = static_cast<double>(sampled.count()) / static_cast<double>(timed_);
    return Clock::duration{static_cast<Clock::rep>(per_cycle * static_cast<double>(cycles_))};
  }
  void add(Failure f) {
    f.segment = tb_.describe();
    failures_.push_back(std::move(f));
  }

  Tb& tb_;
  SideT& a_;
  SideT* b_;
  const bool time_sides_;
  const bool a_errors_, b_errors_;  // the side's reports_errors(): take_error() is asked each cycle
  std::vector<Failure> failures_;
  Failure tb_failure_;  // the testbench's failure, filled by tb_.failed()
  const In* in_ = nullptr;
  const Out* out_a_ = nullptr;
  const Out* out_b_ = nullptr;
  Clock::duration ta_{}, tb_time_{};  // of the timed cycles
  uint64_t cycles_ = 0;               // cycles run (with time_sides)
  uint64_t timed_ = 0;                // of them timed
};

}  // namespace om::sim

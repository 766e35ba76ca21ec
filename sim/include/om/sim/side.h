// SPDX-License-Identifier: Apache-2.0
// One simulated side of a lockstep (lockstep_loop.h): the Verilated RTL (RtlTop), the cycle model
// (om::Top), a SystemC netlist of either, or a deliberately broken variant; BasicSide is generic
// over the port structs, so a unit (om_csr's CsrIn and its output image) runs on the same loop as
// om_top (Side: TopIn, TopOut). eval(in) settles the outputs of the current cycle for inputs `in`
// (clock low), tick() is the rising edge with those inputs. Waves, when opened, are dumped at
// 10 * cycle (eval) and 10 * cycle + 5 (tick) in the RTL's time precision, so the files of both
// sides line up.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "om/top_ports.h"

namespace om::sim {

template <class In, class Out>
class BasicSide {
 public:
  virtual ~BasicSide() = default;
  /// "rtl", "model", ... (used in reports and file names).
  virtual std::string name() const = 0;
  virtual const Out& eval(const In& in) = 0;
  virtual void tick() = 0;
  /// Starts writing an FST file; signals use the RTL's hierarchical names. Throws
  /// std::runtime_error when the side cannot trace or the file cannot be written.
  virtual void trace_open(const std::string& path) {
    throw std::runtime_error("side '" + name() + "' writes no waves (" + path + ")");
  }
  virtual void trace_close() {}
  /// A failed RTL assertion or $error since the last call (its description), else "".
  virtual std::string take_error() { return {}; }
  /// take_error() can report something: a side that never does (the cycle model) says false, and
  /// the lockstep loop then does not ask it every cycle.
  virtual bool reports_errors() const { return true; }
  /// The first difference between this side's internal stage-boundary values of the current cycle
  /// and `other`'s ("stage: field: a vs b"), or "" when they agree or either side has none.
  virtual std::string boundary_diff(const BasicSide& /*other*/) const { return ""; }
  /// boundary_diff(other) is "": the lockstep's check of every cycle, which builds no report.
  virtual bool boundaries_equal(const BasicSide& other) const {
    return boundary_diff(other).empty();
  }

  /// A deliberate corruption of this side's outputs (the mutation switch), applied before the
  /// outputs are returned and before they go into this side's waves.
  class Fault {
   public:
    virtual ~Fault() = default;
    virtual void apply(const In& in, Out& out) = 0;
    /// Called at every clock edge with the cycle's inputs and (corrupted) outputs.
    virtual void edge(const In& in, const Out& out) = 0;
    /// A copy with the same counts (a checkpoint keeps the fault's progress with its side).
    virtual std::unique_ptr<Fault> clone() const = 0;
    /// apply() has corrupted an output at least once: a run whose fault never fired tested nothing.
    virtual bool fired() const = 0;
  };
  void set_fault(std::unique_ptr<Fault> f) { fault_ = std::move(f); }
  bool fault_fired() const { return fault_ && fault_->fired(); }

  /// What a checkpoint keeps of a side: everything its next eval() and tick() depend on, its
  /// fault's counts included. Only restore() of a side of the same kind and build reads it.
  class State {
   public:
    virtual ~State() = default;
  };
  /// This side's state, taken between tick() and the next eval(); null when the side cannot be
  /// checkpointed (a run then replays a failure's waves from its first cycle).
  virtual std::unique_ptr<State> save() { return nullptr; }
  /// Continues from `s` (save() of a side of the same kind and build) as the saved side would:
  /// the next eval() is the saved cycle's. Waves already open stay open and go on from there.
  virtual void restore(const State& /*s*/) {
    throw std::logic_error("side '" + name() + "' cannot be restored from a checkpoint");
  }

 protected:
  std::unique_ptr<Fault> fault_copy() const { return fault_ ? fault_->clone() : nullptr; }

  std::unique_ptr<Fault> fault_;
};

/// A side of om_top.
using Side = BasicSide<TopIn, TopOut>;

/// A side of om_top whose stage-boundary wires can be read (the Verilated RTL's public wires, the
/// cycle model's stage inputs): two of them are compared at every boundary, every cycle.
class TappedSide : public Side {
 public:
  /// The stage-boundary wires after the last eval().
  virtual TopTaps taps() const = 0;
  /// The same wires as the lockstep compares them (packed payloads, only while valid).
  virtual void tap_words(TopTapWords* w) const = 0;
  std::string boundary_diff(const Side& other) const override {
    const auto* o = dynamic_cast<const TappedSide*>(&other);
    return o == nullptr ? "" : diff(taps(), o->taps());
  }
  // Packed words compare as diff() of the decoded taps does; only a difference is decoded.
  bool boundaries_equal(const Side& other) const override {
    const auto* o = dynamic_cast<const TappedSide*>(&other);
    if (o == nullptr) return true;
    TopTapWords a, b;
    tap_words(&a);
    o->tap_words(&b);
    return a == b;
  }
};

/// Kinds of side the harness can build.
enum class SideKind { kRtl, kModel };
/// Builds a side; `trace_capable` must be true for a side that will open waves. `rtl_args`: the
/// Verilated context's command arguments of an RTL side (RtlTop). Throws std::invalid_argument
/// when the kind is not built into this binary (the cycle model before om::Top exists).
std::unique_ptr<Side> make_side(SideKind kind, bool trace_capable,
                                const std::vector<std::string>& rtl_args = {});
/// The cycle model is built into this binary.
bool have_model();
/// The side's name: "rtl" or "model".
const char* side_name(SideKind kind);
/// Names of the sides built into this binary: "rtl", and "model" when have_model().
std::vector<std::string> side_names();

/// Gives `side` a deliberate output fault (the harness's mutation switch) and returns it:
///   "wr_data"  flips bit 0 of mem_wr_data_o from the 5th write request on;
///   "rd_addr"  flips bit 0 of mem_rd_addr_o from the 3rd read request on;
///   "prdata"   flips bit 0 of prdata_o on the 3rd completed read;
///   "in_ready" drops in_ready_o for one cycle at the 50th accepted pixel.
/// With `from` > 0 the fault is armed at clock cycle `from`: it counts writes, reads and pixels
/// from that cycle on, as if the run started there. Throws std::invalid_argument for any other
/// name.
std::unique_ptr<Side> make_faulty(std::unique_ptr<Side> side, const std::string& fault,
                                  uint64_t from = 0);
/// The fault names make_faulty() accepts.
inline constexpr const char* kFaults[] = {"wr_data", "rd_addr", "prdata", "in_ready"};
/// kFaults, comma-separated.
const char* fault_names();
/// `name` is one of kFaults.
bool is_fault(const std::string& name);

}  // namespace om::sim

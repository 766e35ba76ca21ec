// SPDX-License-Identifier: Apache-2.0
// The sides the harness can build: the Verilated RTL, the cycle model (when om/top.h exists in
// this source tree), and the output faults of the mutation switch.
#include <algorithm>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "om/sim/rtl_top.h"
#include "om/sim/side.h"

#if __has_include("om/top.h")
#include "om/sim/model_waves.h"
#include "om/top.h"
#define OM_COSIM_HAVE_MODEL 1
#else
#define OM_COSIM_HAVE_MODEL 0
#endif

namespace om::sim {
namespace {

class RtlSide final : public TappedSide {
 public:
  RtlSide(bool trace, const std::vector<std::string>& args) : top_(trace, args) {}
  std::string name() const override { return "rtl"; }
  const TopOut& eval(const TopIn& in) override {
    if (!fault_) return top_.eval(in);
    out_ = top_.eval(in);
    fault_->apply(in, out_);
    in_ = in;
    return out_;
  }
  void tick() override {
    if (fault_) fault_->edge(in_, out_);
    top_.tick();
  }
  void trace_open(const std::string& path) override { top_.trace_open(path); }
  void trace_close() override { top_.trace_close(); }
  std::string take_error() override { return top_.take_error(); }
  TopTaps taps() const override { return top_.taps(); }
  void tap_words(TopTapWords* w) const override { top_.tap_words(w); }
  // in_ and out_ are not kept: eval() sets them before tick() reads them.
  std::unique_ptr<State> save() override {
    if (!RtlTop::savable()) return nullptr;
    auto s = std::make_unique<Saved>();
    s->image = top_.save();
    s->fault = fault_copy();
    return s;
  }
  void restore(const State& state) override {
    const auto& s = dynamic_cast<const Saved&>(state);
    top_.restore(s.image);
    fault_ = s.fault ? s.fault->clone() : nullptr;
  }

 private:
  struct Saved final : State {
    std::vector<uint8_t> image;
    std::unique_ptr<Fault> fault;
  };

  RtlTop top_;
  TopIn in_;
  TopOut out_;
};

#if OM_COSIM_HAVE_MODEL
// The cycle model; its waves (ModelWaves) use Verilator's hierarchy and timing: registers and
// ports after the settle at 10 * cycle, and after the clock edge (re-settled with the same
// inputs, as Verilator's eval() with the clock high) at 10 * cycle + 5.
class ModelSide final : public TappedSide {
 public:
  std::string name() const override { return "model"; }
  const TopOut& eval(const TopIn& in) override {
    if (!fault_ && !waves_) return top_.eval(in);  // tick() needs no copy of the inputs then
    return eval_observed(in);
  }
  void tick() override {
    if (fault_ || waves_) return tick_observed();
    top_.tick();
    ++cycle_;
  }
  void trace_open(const std::string& path) override {
    waves_ = std::make_unique<ModelWaves>(path, top_);
  }
  void trace_close() override { waves_.reset(); }
  bool reports_errors() const override { return false; }  // om::Top has no assertions
  TopTaps taps() const override { return top_.taps(); }
  void tap_words(TopTapWords* w) const override { top_.tap_words(w); }
  std::unique_ptr<State> save() override {
    auto s = std::make_unique<Saved>(top_);
    s->cycle = cycle_;
    s->fault = fault_copy();
    return s;
  }
  void restore(const State& state) override {
    const auto& s = dynamic_cast<const Saved&>(state);
    top_ = s.top;
    cycle_ = s.cycle;
    fault_ = s.fault ? s.fault->clone() : nullptr;
  }

 private:
  struct Saved final : State {
    explicit Saved(const Top& t) : top(t) {}
    Top top;
    uint64_t cycle = 0;
    std::unique_ptr<Fault> fault;
  };

  // eval() and tick() with a fault or waves; out of line, so that the plain paths save no
  // registers.
  [[gnu::noinline]] const TopOut& eval_observed(const TopIn& in) {
    out_ = top_.eval(in);
    if (fault_) fault_->apply(in, out_);
    in_ = in;
    if (waves_) waves_->dump(10 * cycle_, false, in_, out_);
    return out_;
  }
  [[gnu::noinline]] void tick_observed() {
    if (fault_) fault_->edge(in_, out_);
    top_.tick();
    if (waves_) {
      TopOut after = top_.eval(in_);
      if (fault_) fault_->apply(in_, after);
      waves_->dump(10 * cycle_ + 5, true, in_, after);
    }
    ++cycle_;
  }

  Top top_;
  TopIn in_;
  TopOut out_;
  uint64_t cycle_ = 0;
  std::unique_ptr<ModelWaves> waves_;
};
#endif

// The mutation switch's output faults (see make_faulty()).
class OutputFault final : public Side::Fault {
 public:
  OutputFault(std::string name, uint64_t from) : name_(std::move(name)), from_(from) {}
  void apply(const TopIn& in, TopOut& out) override {
    if (cycle_ < from_) return;
    const bool wr = name_ == "wr_data" && out.mem_wr_valid && writes_ >= 4;
    const bool rd = name_ == "rd_addr" && out.mem_rd_valid && reads_ >= 2;
    const bool pr =
        name_ == "prdata" && out.pready && in.psel && in.penable && !in.pwrite && read_done_ == 2;
    if (wr) out.mem_wr_data.w[0] ^= 1u;
    if (rd) out.mem_rd_addr ^= 1u;
    if (pr) out.prdata ^= 1u;
    // Only a cycle that would accept the 50th pixel counts as the drop: offered while om_top
    // holds in_ready low, the pixel is not accepted there either.
    dropping_ = name_ == "in_ready" && in.in_valid && out.in_ready && pixels_ == 49 && !dropped_;
    if (dropping_) out.in_ready = false;
    fired_ = fired_ || wr || rd || pr || dropping_;
  }
  std::unique_ptr<Fault> clone() const override { return std::make_unique<OutputFault>(*this); }
  bool fired() const override { return fired_; }
  void edge(const TopIn& in, const TopOut& out) override {
    if (cycle_++ < from_) return;
    if (out.mem_wr_valid && in.mem_wr_ready) ++writes_;
    if (out.mem_rd_valid && in.mem_rd_ready) ++reads_;
    if (out.pready && in.psel && in.penable && !in.pwrite) ++read_done_;
    dropped_ = dropped_ || dropping_;
    dropping_ = false;
    if (in.in_valid && out.in_ready) ++pixels_;
  }

 private:
  std::string name_;
  uint64_t from_;
  uint64_t cycle_ = 0;  // of the current eval: clock edges so far
  uint64_t writes_ = 0, reads_ = 0, read_done_ = 0, pixels_ = 0;
  bool dropping_ = false;  // apply() dropped in_ready in the current cycle
  bool dropped_ = false;
  bool fired_ = false;
};

}  // namespace

bool have_model() { return OM_COSIM_HAVE_MODEL != 0; }

const char* side_name(SideKind kind) { return kind == SideKind::kModel ? "model" : "rtl"; }

std::vector<std::string> side_names() {
  if (have_model()) return {"rtl", "model"};
  return {"rtl"};
}

std::unique_ptr<Side> make_side(SideKind kind, bool trace_capable,
                                const std::vector<std::string>& rtl_args) {
  switch (kind) {
    case SideKind::kRtl:
      return std::make_unique<RtlSide>(trace_capable, rtl_args);
    case SideKind::kModel:
#if OM_COSIM_HAVE_MODEL
      return std::make_unique<ModelSide>();
#else
      throw std::invalid_argument(
          "the cycle model (om::Top, cppmodel/include/om/top.h) is not in this build");
#endif
  }
  throw std::invalid_argument("unknown side");
}

const char* fault_names() {
  static const std::string names = [] {
    std::string s;
    for (const char* f : kFaults) s += (s.empty() ? "" : ", ") + std::string(f);
    return s;
  }();
  return names.c_str();
}

bool is_fault(const std::string& name) {
  return std::find(std::begin(kFaults), std::end(kFaults), name) != std::end(kFaults);
}

std::unique_ptr<Side> make_faulty(std::unique_ptr<Side> side, const std::string& fault,
                                  uint64_t from) {
  if (!is_fault(fault)) {
    throw std::invalid_argument("unknown fault '" + fault + "' (known: " + fault_names() + ")");
  }
  side->set_fault(std::make_unique<OutputFault>(fault, from));
  return side;
}

}  // namespace om::sim

// SPDX-License-Identifier: Apache-2.0
#include "om/sim/port_trace.h"

#include <cstdio>
#include <stdexcept>

#include "om/gen/port_trace.h"

namespace om::sim {
namespace {

class PortRecorder final : public TappedSide {
 public:
  PortRecorder(std::unique_ptr<Side> side, const std::string& path)
      : side_(std::move(side)), tapped_(dynamic_cast<TappedSide*>(side_.get())) {
    if (tapped_ == nullptr) {
      throw std::invalid_argument("port trace: side '" + side_->name() + "' has no stage taps");
    }
    f_ = std::fopen(path.c_str(), "w");
    if (f_ == nullptr) throw std::runtime_error("port trace: cannot write " + path);
    std::fprintf(
        f_,
        "# omsim ports 2: om_top side %s, %d inputs then %d outputs, then %d depth-stencil "
        "inputs and %d outputs per cycle, hex\n",
        side_->name().c_str(), kPortTraceInputs, kPortTraceOutputs, kPortTraceDsInputs,
        kPortTraceDsOutputs);
  }
  ~PortRecorder() override { std::fclose(f_); }
  PortRecorder(const PortRecorder&) = delete;
  PortRecorder& operator=(const PortRecorder&) = delete;

  std::string name() const override { return side_->name(); }
  const TopOut& eval(const TopIn& in) override {
    const TopOut& out = side_->eval(in);
    write(in, out);
    return out;
  }
  void tick() override { side_->tick(); }
  void trace_open(const std::string& path) override { side_->trace_open(path); }
  void trace_close() override { side_->trace_close(); }
  std::string take_error() override { return side_->take_error(); }
  bool reports_errors() const override { return side_->reports_errors(); }
  TopTaps taps() const override { return tapped_->taps(); }
  void tap_words(TopTapWords* w) const override { tapped_->tap_words(w); }
  std::unique_ptr<State> save() override { return side_->save(); }
  void restore(const State& s) override { side_->restore(s); }

 private:
  void write(const TopIn& in, const TopOut& out) { port_trace::write_row(f_, in, out); }

  std::unique_ptr<Side> side_;
  TappedSide* tapped_;
  std::FILE* f_ = nullptr;
};

}  // namespace

std::unique_ptr<Side> make_port_recorder(std::unique_ptr<Side> side, const std::string& path) {
  return std::make_unique<PortRecorder>(std::move(side), path);
}

}  // namespace om::sim

// SPDX-License-Identifier: Apache-2.0
#include "sc_bench.h"

#include <verilated.h>
#include <verilated_fst_sc.h>

#include <limits>
#include <stdexcept>

#include "Vom_top_sc.h"

namespace om::sim::systemc {

// One side of the netlist as the lockstep sees it.
class ScBench::View final : public Side {
 public:
  View(ScBench& bench, const gen::TopScOutputs& outs, std::string name, bool is_rtl)
      : bench_(bench), outs_(outs), name_(std::move(name)), is_rtl_(is_rtl) {}
  std::string name() const override { return name_; }
  const TopOut& eval(const TopIn& in) override {
    bench_.settle(in);
    out_ = outs_.read();
    if (fault_) fault_->apply(in, out_);
    in_ = in;
    return out_;
  }
  void tick() override {
    if (fault_) fault_->edge(in_, out_);
    bench_.rise();
  }
  std::string take_error() override {
    if (!is_rtl_ || !Verilated::threadContextp()->gotError()) return "";
    Verilated::threadContextp()->gotError(false);
    return "RTL assertion or $error at or before this cycle (message above)";
  }

 private:
  ScBench& bench_;
  const gen::TopScOutputs& outs_;
  std::string name_;
  bool is_rtl_;
  TopIn in_;
  TopOut out_;
};

ScBench::ScBench(const sc_core::sc_module_name& name, const cosim::Stimulus& st,
                 const BenchOptions& opt)
    : sc_core::sc_module(name),
      rtl_out_("rtl"),
      model_out_("model"),
      model_("model"),
      st_(st),
      opt_(opt),
      half_(opt.period / 2.0) {
  const bool waves = !opt_.waves_dir.empty();
  Verilated::threadContextp()->fatalOnError(false);  // the RTL view reports assertion failures
  if (waves) Verilated::traceEverOn(true);
  rtl_ = std::make_unique<Vom_top_sc>("rtl");
  in_.bind(*rtl_, model_);
  rtl_out_.bind(*rtl_);
  model_out_.bind(model_);

  if (waves) {
    vcd_ = sc_core::sc_create_vcd_trace_file((opt_.waves_dir + "/pins").c_str());
    if (vcd_ == nullptr) throw std::runtime_error("cannot write " + opt_.waves_dir + "/pins.vcd");
    in_.trace(vcd_);
    rtl_out_.trace(vcd_);
    model_out_.trace(vcd_);
  }
}

ScBench::~ScBench() {
  if (fst_) fst_->close();
  if (vcd_ != nullptr) sc_core::sc_close_vcd_trace_file(vcd_);
}

void ScBench::drive(const TopIn& in) {
  in_.drive(in, last_in_, !any_driven_);
  last_in_ = in;
  any_driven_ = true;
}

void ScBench::settle(const TopIn& in) {
  if (settled_) return;
  drive(in);
  in_.clk.write(false);
  sc_core::sc_start(half_);
  settled_ = true;
}

void ScBench::rise() {
  if (!settled_) return;
  in_.clk.write(true);  // both sides commit in the next delta cycle
  sc_core::sc_start(half_);
  settled_ = false;
}

void ScBench::open_waves() {
  fst_ = std::make_unique<VerilatedFstSc>();
  rtl_->trace(fst_.get(), 99);
  const std::string path = opt_.waves_dir + "/rtl.fst";
  fst_->open(path.c_str());
  if (!fst_->isOpen()) throw std::runtime_error("cannot write " + path);
}

cosim::RunResult ScBench::run() {
  sc_core::sc_start(sc_core::SC_ZERO_TIME);   // elaboration
  if (!opt_.waves_dir.empty()) open_waves();  // after elaboration (docs/toolchain.md §4)
  cosim::RunOptions ro;
  ro.env.scoreboard = opt_.scoreboard;
  ro.env.coverage = false;
  ro.time_sides = false;
  ro.fault = opt_.fault;
  cosim::Lockstep ls(st_, ro, std::make_unique<View>(*this, rtl_out_, "rtl", true),
                     std::make_unique<View>(*this, model_out_, "model", false));
  ls.step(std::numeric_limits<uint64_t>::max());
  const cosim::RunResult r = ls.finish();
  if (fst_) fst_->close();
  rtl_->final();
  return r;
}

}  // namespace om::sim::systemc

// SPDX-License-Identifier: Apache-2.0
// The Verilated om_top (library om::rtl_top, prefix Vom_top) behind om::Top's stepping interface:
// TopIn goes onto the pins, TopOut is read back after each settle. Each RtlTop owns its own
// VerilatedContext, so two of them can run side by side (RTL vs RTL lockstep).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "om/gen/top_ports_vl.h"
#include "om/top_ports.h"

class Vom_top;
class VerilatedContext;

namespace om::sim {

class RtlTop {
 public:
  /// `trace_capable`: enable Verilator's tracing (must be decided before the model is built).
  /// `args`: command arguments of the model's VerilatedContext, given before the model is built,
  /// e.g. {"+verilator+seed+3", "+verilator+rand+reset+2"}: with om_top Verilated with
  /// --x-initial unique (om_rtl_top_xunique) every variable then starts from the seed's values.
  explicit RtlTop(bool trace_capable = false, std::vector<std::string> args = {});
  ~RtlTop();
  RtlTop(const RtlTop&) = delete;
  RtlTop& operator=(const RtlTop&) = delete;

  /// Drives `in` with the clock low and settles; returns the outputs of this cycle.
  const TopOut& eval(const TopIn& in);
  /// Rising clock edge with the inputs of the last eval().
  void tick();
  uint64_t cycle() const { return cycle_; }
  /// The stage-boundary wires of the last eval() (om_top.sv's public acc_*, hz_*, rd_*, dp_*).
  TopTaps taps() const;
  /// The same wires as the lockstep compares them: Verilator's words, payloads only while valid.
  void tap_words(TopTapWords* w) const;

  /// FST of every RTL signal (Verilator's names: TOP.om_top.*), dumped while open. Throws
  /// std::runtime_error when om::rtl_top was built without tracing (OM_RTL_CHECKS=OFF).
  void trace_open(const std::string& path);
  void trace_close();
  /// The RTL reported an assertion failure or $error since the last call ("" if not).
  std::string take_error();

  /// om_top was Verilated with --savable (not with code coverage): save() and restore() work.
  static bool savable();
  /// Everything the next eval() and tick() depend on, as bytes: Verilator's image of the model's
  /// variables and the cycle count. Call between tick() and eval(). Throws std::runtime_error
  /// when !savable().
  std::vector<uint8_t> save();
  /// Continues from `image` (save() of an RtlTop of the same build) as the saved model would:
  /// the next eval() is the saved cycle's. An open trace stays open and dumps from there on.
  /// Throws std::runtime_error when !savable(); an image of another build ends the process
  /// (Verilator's check of the image's signature and of the model's layout is fatal).
  void restore(const std::vector<uint8_t>& image);

 private:
  void configure_context();  // errors do not end the process; tracing when trace_capable_

  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vom_top> dut_;
  struct Trace;
  std::unique_ptr<Trace> trace_;
  TopOut out_;
  vl::TopInCache in_cache_;
  bool trace_capable_ = false;
  std::vector<std::string> args_;
  uint64_t cycle_ = 0;
};

}  // namespace om::sim

// SPDX-License-Identifier: Apache-2.0
// The cycle model om::Top as a pin-level SystemC module with exactly the ports `verilator --sc`
// gives om_top (same names, same order, same types: bool, uint32_t, uint64_t, sc_bv<N>; see
// sc_pins.h; generated from defs/top_ports.toml: om/gen/top_ports_sc.h), so OmTopModelSc and the
// Verilated Vom_top_sc are interchangeable in one netlist.
//
// Timing is the RTL's: one method, sensitive to clk_i and every input like Verilator's eval().
// On a rising clk_i the registers commit with the inputs visible at the edge (om::Top::tick());
// any input change re-settles the outputs (om::Top::eval()), so rst_ni acts asynchronously. The
// outputs are written only when they change.
#pragma once

#include <cstdint>
#include <systemc>

#include "om/gen/top_ports_sc.h"
#include "om/top.h"

namespace om::sim::systemc {

class OmTopModelSc : public sc_core::sc_module, public gen::TopScPorts {
 public:
  explicit OmTopModelSc(const sc_core::sc_module_name& name);

  /// The wrapped model (for inspection).
  const Top& model() const { return top_; }
  /// Rising clock edges seen.
  uint64_t cycles() const { return cycles_; }

 private:
  void eval();
  void write_outputs(const TopOut& o);

  Top top_;
  TopIn in_;
  TopOut written_;        // what the output ports hold
  bool first_ = true;     // nothing read or written yet
  bool settled_ = false;  // top_ has been evaluated with in_
  uint64_t cycles_ = 0;
};

}  // namespace om::sim::systemc

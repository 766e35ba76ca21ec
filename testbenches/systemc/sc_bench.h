// SPDX-License-Identifier: Apache-2.0
// The SystemC testbench netlist: the Verilated om_top (Vom_top_sc, `verilator --sc`) and the cycle
// model (OmTopModelSc) side by side on the SAME input signals, each with its own output signals,
// run by the co-simulation's lockstep (om::cosim::Lockstep: the testbench Env with the seeded
// stimulus, APB master, pixel driver, memory and scoreboard, the lockstep loop and its fault
// switch). Each side is a sim::Side view of the netlist: the first eval() of a cycle writes the
// inputs with the clock's falling edge and runs the kernel half a period, both views then read
// their side's output pins; the first tick() raises the clock and runs the other half. The run
// stops at the first difference, RTL assertion, or testbench/scoreboard failure, or when the
// stimulus is done.
//
// Waves (off unless BenchOptions::waves_dir is set): the RTL's internals through Verilator's FST
// (rtl.fst) and every pin of both sides through sc_trace (pins.vcd).
#pragma once

#include <memory>
#include <string>
#include <systemc>

#include "om/cosim/lockstep.h"
#include "om/cosim/stimulus.h"
#include "om/sim/systemc/om_top_model_sc.h"

class Vom_top_sc;
class VerilatedFstSc;

namespace om::sim::systemc {

struct BenchOptions {
  std::string waves_dir;  // "" = no waves
  bool scoreboard = true;
  // Self-check of the comparison: the lockstep's fault switch (sim::make_faulty()) on the model's
  // outputs as the comparison reads them. "" = off.
  std::string fault;
  sc_core::sc_time period = sc_core::sc_time(10, sc_core::SC_NS);
};

class ScBench : public sc_core::sc_module {
 public:
  ScBench(const sc_core::sc_module_name& name, const cosim::Stimulus& st, const BenchOptions& opt);
  ~ScBench() override;

  /// Elaborates, runs the stimulus to its end (or the first failure) and returns the result
  /// (secs_total: wall time of the simulation loop). Call once, from sc_main. Throws
  /// std::invalid_argument for an unknown fault.
  cosim::RunResult run();

 private:
  class View;

  /// This cycle's inputs with the falling clock edge, then half a period (once per cycle: both
  /// views get the same inputs).
  void settle(const TopIn& in);
  /// The rising edge, then half a period (once per cycle).
  void rise();
  void drive(const TopIn& in);
  void open_waves();

  // Inputs shared by both sides, each side's outputs (om/gen/top_ports_sc.h).
  gen::TopScInputs in_;
  gen::TopScOutputs rtl_out_, model_out_;

  std::unique_ptr<Vom_top_sc> rtl_;
  OmTopModelSc model_;

  const cosim::Stimulus& st_;
  BenchOptions opt_;
  sc_core::sc_time half_;
  bool settled_ = false;  // this cycle's inputs are on the pins, the clock has not risen
  TopIn last_in_;         // what the input signals hold
  bool any_driven_ = false;
  std::unique_ptr<VerilatedFstSc> fst_;
  sc_core::sc_trace_file* vcd_ = nullptr;
};

}  // namespace om::sim::systemc

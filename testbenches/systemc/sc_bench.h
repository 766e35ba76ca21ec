// SPDX-License-Identifier: Apache-2.0
// The SystemC testbench netlist: the Verilated om_top (Vom_top_sc, `verilator --sc`) and the cycle
// model (OmTopModelSc) side by side on the SAME input signals, each with its own output signals.
// One method process is the testbench: it takes every cycle's inputs from the lockstep harness's
// testbench (om::cosim::Env: the seeded stimulus, APB master, pixel driver, memory, scoreboard),
// drives them with the clock's falling edge, and half a period later compares every output pin of
// the two sides, hands the RTL's outputs back to the Env and raises the clock. The run stops at the
// first difference, RTL assertion, or testbench/scoreboard failure, or when the stimulus is done.
//
// Waves (off unless BenchOptions::waves_dir is set): the RTL's internals through Verilator's FST
// (rtl.fst) and every pin of both sides through sc_trace (pins.vcd).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>

#include "om/cosim/env.h"
#include "om/cosim/stimulus.h"
#include "om/sim/systemc/om_top_model_sc.h"

class Vom_top_sc;
class VerilatedFstSc;

namespace om::sim::systemc {

struct BenchOptions {
  std::string waves_dir;  // "" = no waves
  bool scoreboard = true;
  // Self-check of the comparison (the harness's mutation switch): "wr_data" flips bit 0 of the
  // model's mem_wr_data_o as the comparison reads it, from its 5th write request on. "" = off.
  std::string fault;
  sc_core::sc_time period = sc_core::sc_time(10, sc_core::SC_NS);
};

struct BenchResult {
  uint64_t cycles = 0;
  uint64_t pixels = 0;
  uint64_t mismatches = 0;  // 0, or 1: the run stops at the first failure
  std::string kind;         // "divergence", "assertion", "testbench", "scoreboard" ("" = passed)
  uint64_t failure_cycle = 0;
  std::string message;
  std::string segment;     // what the stimulus was doing at the failure
  double secs = 0;         // wall time of the simulation loop
  bool completed = false;  // the stimulus ran to its end
};

class ScBench : public sc_core::sc_module {
 public:
  ScBench(const sc_core::sc_module_name& name, const cosim::Stimulus& st, const BenchOptions& opt);
  ~ScBench() override;

  /// Elaborates, runs to the end of the stimulus (or the first failure) and returns the result.
  /// Call once, from sc_main.
  const BenchResult& run();

 private:
  struct Outs {
    explicit Outs(const std::string& side);
    sc_core::sc_signal<uint32_t> prdata;
    sc_core::sc_signal<bool> pready, pslverr, in_ready, mem_rd_valid;
    sc_core::sc_signal<uint32_t> mem_rd_addr;
    sc_core::sc_signal<bool> mem_wr_valid;
    sc_core::sc_signal<uint32_t> mem_wr_addr;
    sc_core::sc_signal<TexelBv> mem_wr_data;
    sc_core::sc_signal<PerfBv> perf;
    TopOut read() const;
  };

  void step();  // the testbench process (method), alternating the two clock phases
  void drive(const TopIn& in);
  void fail(const std::string& kind, uint64_t cycle, const std::string& message);
  void open_waves();

  // Inputs shared by both sides.
  sc_core::sc_signal<bool> clk_, rst_n_;
  sc_core::sc_signal<uint32_t> cfg_;
  sc_core::sc_signal<bool> psel_, penable_, pwrite_;
  sc_core::sc_signal<uint32_t> paddr_, pwdata_, pstrb_;
  sc_core::sc_signal<bool> in_valid_;
  sc_core::sc_signal<PixelBv> in_data_;
  sc_core::sc_signal<bool> mem_rd_ready_, mem_rsp_valid_;
  sc_core::sc_signal<TexelBv> mem_rsp_data_;
  sc_core::sc_signal<bool> mem_wr_ready_;
  Outs rtl_out_, model_out_;

  std::unique_ptr<Vom_top_sc> rtl_;
  OmTopModelSc model_;

  const cosim::Stimulus& st_;
  BenchOptions opt_;
  cosim::Env env_;
  BenchResult result_;
  sc_core::sc_time half_;
  bool high_ = false;  // the next step() is the rising edge
  TopIn last_in_;      // what the input signals hold
  bool any_driven_ = false;
  uint64_t model_writes_ = 0;  // the model's write requests accepted (for the fault switch)
  PixelBv pixel_bv_;
  TexelBv texel_bv_;
  std::unique_ptr<VerilatedFstSc> fst_;
  sc_core::sc_trace_file* vcd_ = nullptr;
};

}  // namespace om::sim::systemc

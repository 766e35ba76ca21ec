// SPDX-License-Identifier: Apache-2.0
// The cycle model om::Top as a pin-level SystemC module with exactly the ports `verilator --sc`
// gives om_top (same names, same order, same types: bool, uint32_t, sc_bv<N>; see sc_pins.h), so
// OmTopModelSc and the Verilated Vom_top_sc are interchangeable in one netlist.
//
// Timing is the RTL's: one method, sensitive to clk_i and every input like Verilator's eval().
// On a rising clk_i the registers commit with the inputs visible at the edge (om::Top::tick());
// any input change re-settles the outputs (om::Top::eval()), so rst_ni acts asynchronously. The
// outputs are written only when they change.
#pragma once

#include <cstdint>
#include <systemc>

#include "om/sim/systemc/sc_pins.h"
#include "om/top.h"

namespace om::sim::systemc {

class OmTopModelSc : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk_i;
  sc_core::sc_in<bool> rst_ni;
  sc_core::sc_in<uint32_t> cfg_i;
  sc_core::sc_in<bool> psel_i;
  sc_core::sc_in<bool> penable_i;
  sc_core::sc_in<bool> pwrite_i;
  sc_core::sc_in<uint32_t> pstrb_i;
  sc_core::sc_out<bool> pready_o;
  sc_core::sc_out<bool> pslverr_o;
  sc_core::sc_in<bool> in_valid_i;
  sc_core::sc_out<bool> in_ready_o;
  sc_core::sc_out<bool> mem_rd_valid_o;
  sc_core::sc_in<bool> mem_rd_ready_i;
  sc_core::sc_in<bool> mem_rsp_valid_i;
  sc_core::sc_out<bool> mem_wr_valid_o;
  sc_core::sc_in<bool> mem_wr_ready_i;
  sc_core::sc_in<uint32_t> paddr_i;
  sc_core::sc_in<uint32_t> pwdata_i;
  sc_core::sc_out<uint32_t> prdata_o;
  sc_core::sc_out<uint64_t> mem_rd_addr_o;
  sc_core::sc_out<uint64_t> mem_wr_addr_o;
  sc_core::sc_in<PixelBv> in_data_i;
  sc_core::sc_in<TexelBv> mem_rsp_data_i;
  sc_core::sc_out<TexelBv> mem_wr_data_o;
  sc_core::sc_out<bool> ds_rd_valid_o;
  sc_core::sc_in<bool> ds_rd_ready_i;
  sc_core::sc_out<uint64_t> ds_rd_addr_o;
  sc_core::sc_in<bool> ds_rsp_valid_i;
  sc_core::sc_in<TexelBv> ds_rsp_data_i;
  sc_core::sc_out<bool> ds_wr_valid_o;
  sc_core::sc_in<bool> ds_wr_ready_i;
  sc_core::sc_out<uint64_t> ds_wr_addr_o;
  sc_core::sc_out<TexelBv> ds_wr_data_o;
  sc_core::sc_out<PerfBv> perf_o;

  explicit OmTopModelSc(const sc_core::sc_module_name& name);

  /// The wrapped model (for inspection).
  const Top& model() const { return top_; }
  /// Rising clock edges seen.
  uint64_t cycles() const { return cycles_; }

 private:
  void eval();
  // Reads every input into in_; true when one differs from the previous read.
  bool read_inputs();
  void write_outputs(const TopOut& o);

  Top top_;
  TopIn in_;
  TopOut written_;        // what the output ports hold
  bool first_ = true;     // nothing read or written yet
  bool settled_ = false;  // top_ has been evaluated with in_
  uint64_t cycles_ = 0;
  TexelBv wr_data_bv_;
  TexelBv ds_wr_data_bv_;
  PerfBv perf_bv_;
};

}  // namespace om::sim::systemc

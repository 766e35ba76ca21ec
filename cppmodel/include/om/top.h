// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_top.sv: om_csr (om::Csr), the depth/stencil test (om::Depth), then one RT
// op per cycle through om::Accept -> om::Hazard -> om::DestRead -> om::RtDatapath -> om::Write,
// wired like the RTL.
//
// Stepping mirrors a Verilated om_top:
//   * eval(in) = set the inputs and settle (Vom_top::eval() with the clock low): outputs of the
//     cycle from the registers and `in`. rst_n = 0 resets every stage register at once (the RTL's
//     asynchronous negedge rst_ni reset); om_csr samples the strap only on clock edges.
//   * tick() = the rising clock edge with the inputs of the last eval(): every register commits.
// Settle order (no combinational loop exists, so one pass settles everything): busy (registers
// only) -> om_csr (bus response, state_write_pending, state) -> ready back to front: om_write
// (registered ready) -> datapath advance en -> om_dest_read -> om_hazard -> om_accept's registered
// ready -> om_depth -> om_accept, while
// valid/data flow front to back from registers. Commit order in tick() is back to front, so every
// register reads its producer's values of the cycle before the producer updates.
#pragma once

#include <array>
#include <cstdint>

#include "om/accept.h"
#include "om/csr.h"
#include "om/depth.h"
#include "om/dest_read.h"
#include "om/hazard.h"
#include "om/rt_datapath.h"
#include "om/top_ports.h"
#include "om/write.h"

namespace om {

class Top {
 public:
  /// Registers at their power-up value (all zero, as Verilator's --x-initial fast); hold rst_n low
  /// for at least one tick() before use, as for the RTL.
  explicit Top();
  /// A copy continues exactly as `o` would (a checkpoint of the model): registers, the inputs of
  /// the last eval() and the decoded state. Stage inputs point into their own object, so they are
  /// not copied: the copy's next eval() (tick() runs one first) rebuilds them; call taps() only
  /// after it.
  Top(const Top& o);
  Top& operator=(const Top& o);

  /// Settles the combinational logic for these inputs; the result stays valid until the next
  /// eval() or tick().
  const TopOut& eval(const TopIn& in);
  /// Rising clock edge with the inputs of the last eval().
  void tick();

  const TopOut& out() const { return out_; }
  /// The stage-boundary wires of the last eval() (om_top.sv's acc_*, hz_*, rd_*, dp_*); call after
  /// eval().
  TopTaps taps() const;
  /// The same wires as the lockstep compares them, payloads packed only while valid.
  void tap_words(TopTapWords* w) const;
  /// The other stage-boundary wires of the last eval(), for the waves (not compared by the
  /// lockstep); each meaningful only while its stage's valid is high. Call after eval().
  TopWires wires() const;

  // Sub-blocks, for inspection (tests, wave dumps).
  const Csr& csr() const { return csr_; }
  const Depth& depth() const { return u_depth_; }
  const Accept& accept() const { return u_accept_; }
  const Hazard& hazard() const { return u_hazard_; }
  const DestRead& dest_read() const { return u_dest_read_; }
  const RtDatapath& datapath() const { return u_datapath_; }
  const Write& write() const { return u_write_; }

 private:
  // Datapath operands of each slot, decoded from state and configuration (om_top's muxes).
  struct SlotOperands {
    uint32_t format = 0;
    RtDesc desc;  // desc_sel()
  };

  void reset_stages();
  // eval() after the inputs are taken, for every cycle but an idle one; out of line, so that the
  // idle cycle's inline path saves no registers.
  [[gnu::noinline]] const TopOut& settle_cycle();
  // tick() for every edge but a quiet one; out of line, as settle_cycle().
  [[gnu::noinline]] void edge();
  // om_top's outputs from om_csr's.
  void put_csr_outputs(const CsrOut& co) {
    out_.prdata = co.prdata;
    out_.pready = co.pready;
    out_.pslverr = co.pslverr;
    out_.perf = co.perf;  // om_csr's perf_o: busy_i and the counters (reset view while rst_n = 0)
  }
  // om_write, om_dest_read, om_hazard and the wires between them, back to front.
  void settle_ops();
  void decode_state(const CsrOut& co);

  Csr csr_;
  Depth u_depth_;
  Accept u_accept_;
  Hazard u_hazard_;
  DestRead u_dest_read_;
  RtDatapath u_datapath_;
  Write u_write_;

  // Inputs of the cycle (copied by eval(), read by tick()); the strap and bus fields of in_ are
  // unused, csr_in_ holds them.
  TopIn in_;
  CsrIn csr_in_;
  DepthIn ds_in_;
  AcceptIn acc_in_;
  HazardIn hz_in_;
  DestReadIn rd_in_;
  RtDatapathIn dp_in_;
  WriteIn wr_in_;
  const OpDst* rd_op_ = nullptr;  // om_dest_read's out_data of the last eval()
  bool wr_ready_ = false;         // om_write's in_ready of the last eval()
  TopOut out_;
  bool settled_ = false;  // eval() ran since the last tick()
  bool quiet_ = false;    // the last eval() saw a quiet cycle (see eval())

  // Decoded state: rebuilt after reset or a bus write (state changes only then).
  bool state_dirty_ = true;
  // om_depth's mode follows the state at once: set from the state of the first eval() with rst_n
  // high after reset or a bus write (om_csr's state settles then).
  bool active_current_ = false;
  std::array<SlotOperands, kMaxRts> slot_{};
  bool gamma_space_ = false;
  bool logic_op_enable0_ = false;
  uint32_t logic_op0_ = 0;
  ref::Vec4 blend_factor_{};

  // The last payloads tap_words() packed at the cached boundaries (om_depth's output), and their
  // images.
  mutable TopTapCache tap_cache_;
};

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_accept.sv: sample intake (the kill rule draw_killed through om::ref's
// a2c_covered / alpha_test_pass, and fog through apply_fog), then expansion of each surviving
// transfer into per-RT ops at (rt, y, x, sample) in slot order, one op per cycle. Pixel accepted in
// cycle t -> first op at out_* in t+3 (u_in_reg -> u_px_reg -> u_op_reg); a pixel with n ops
// occupies u_px_reg for n cycles.
//
// Ports: AcceptIn / AcceptOut, plus state_i, max_rts_i and fl_index_i, which reach the model
// through set_state(): the RTL reads them combinationally, but they change only while the
// pipeline is empty (om_csr holds state writes), so the per-slot rules derived from them are
// decoded once per change. in_ready = u_in_reg's registered ready && !hold; out_ready passes
// combinationally through u_op_reg and u_px_reg to u_in_reg.
#pragma once

#include <array>
#include <cstdint>

#include "om/pipe_reg.h"
#include "om/pkg.h"
#include "om/ref/state.h"
#include "om/top_pkg.h"
#include "om/top_ports.h"

namespace om {

struct AcceptIn {
  bool hold = false;  // hold_i: a state write waits, accept no pixel
  bool in_valid = false;
  const Pixel* in_data = nullptr;
  bool out_ready = false;
};

struct AcceptOut {
  bool in_ready = false;
  bool out_valid = false;
  const Op* out_data = nullptr;  // u_op_reg's entry
  bool busy = false;             // a pixel or op is held in this stage
  bool pixel_in = false;         // perf strobe: a pixel or clear was accepted
  bool killed = false;           // perf strobe: a draw pixel was removed (coverage, alpha test)
};

/// om_accept's own flops (the three om_pipe_reg instances hold the rest).
struct AcceptRegs {
  uint32_t done = 0;  // [7:0] slots of the pixel in u_px_reg already emitted
};

class Accept {
 public:
  /// state_i, max_rts_i, fl_index_i (call again whenever any of them may have changed).
  void set_state(const State& s, uint32_t max_rts, uint32_t fl_index);

  const AcceptOut& comb(const AcceptIn& in);
  /// Rising clock edge. Inline: empty and no pixel offered, no flop changes (intake_fresh_ is
  /// already clear: it is set only while u_in_reg holds a pixel and cleared when that pixel
  /// leaves).
  void seq(const AcceptIn& in) {
    if (in.in_valid || busy()) edge(in);
  }
  void reset();

  /// in_ready_o from registers and hold (valid before comb()).
  bool in_ready(bool hold) const { return u_in_reg_.in_ready(false) && !hold; }
  /// busy_o from registers only (valid before comb()).
  bool busy() const {
    return u_in_reg_.out_valid() || u_px_reg_.out_valid() || u_op_reg_.out_valid();
  }
  const AcceptRegs& regs() const { return regs_; }
  const PipeReg<Pixel, 1>& in_reg() const { return u_in_reg_; }
  const PipeReg<Px, 0>& px_reg() const { return u_px_reg_; }
  const PipeReg<Op, 0>& op_reg() const { return u_op_reg_; }

 private:
  void edge(const AcceptIn& in);  // seq() of a cycle with a pixel offered or held

  // State decoded per slot (what the RTL's per-slot always_comb derives from state_i).
  struct Slot {
    uint32_t width = 0;    // rt_bind.width [14:0]
    uint32_t height = 0;   // rt_bind.height [14:0]
    bool need_rd = false;  // op_needs_read() of a draw op in this slot
  };
  struct Decoded {
    std::array<Slot, kMaxRts> slot{};
    // The slots' rules as masks (bit i = slot i), so that intake() visits only the slots an op
    // can go to: exists = fmt_info(format).valid && i < max_rts; draws = exists && ps_outputs[i]
    // && (desc_sel().write_mask & present) != 0.
    uint32_t exists = 0;
    uint32_t draws = 0;
    KillState kill;  // om_kill's state, and the fog state (kill.d3d9)
  };

  // The combinational view of the pixel at u_in_reg's output, kept until that entry changes.
  void intake(const Pixel& p);

  PipeReg<Pixel, 1> u_in_reg_;
  PipeReg<Px, 0> u_px_reg_;
  PipeReg<Op, 0> u_op_reg_;
  AcceptRegs regs_;
  Decoded dec_;

  // Values settled by comb() for seq().
  AcceptOut out_;
  bool intake_fresh_ = false;  // slots_/killed_/px_in_ describe u_in_reg's current output entry
  uint32_t slots_ = 0;
  bool killed_ = false;
  Px px_in_;
  bool in_q_ready_ = false;
  bool px_ready_ = false;
  bool op_in_ready_ = false;
  uint32_t sel_ = 0;
  uint32_t rest_ = 0;
  Op op_in_;
};

}  // namespace om

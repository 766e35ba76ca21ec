// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_depth.sv: the depth/stencil test of one sample per transfer, at
// {0, y, x, sample}, in front of om_accept. Inactive (no view, no depth format, or DepthEnable =
// StencilEnable = 0) it is wires. Active: u_in_reg (PipeReg Skid = 1) -> u_px_fifo (every pixel)
// and, for a pixel that survives om_accept's kill rule, its depth-stencil op through the colour
// path's own mechanisms: u_hazard (om::Hazard), u_dest_read (om::DestRead: ds_rd_*, ds_rsp_*), the
// test of the op at its output (ref::depth_stencil_sample), u_write (om::Write: ds_wr_*, retire to
// u_hazard) and the pass bit into u_pass_fifo. The output is u_px_fifo's head with coverage cleared
// when its sample failed.
//
// Ports: DepthIn / DepthOut, plus state_i through set_state() (constant while busy). om_depth has
// no flops of its own: they are all in its PipeReg, Fifos, Hazard, DestRead and Write.
#pragma once

#include <cstdint>

#include "om/dest_read.h"
#include "om/fifo.h"
#include "om/hazard.h"
#include "om/pipe_reg.h"
#include "om/pkg.h"
#include "om/ref/depth_stencil.h"
#include "om/ref/state.h"
#include "om/top_pkg.h"
#include "om/write.h"

namespace om {

struct DepthIn {
  bool hold = false;  // hold_i: a state write waits, accept no pixel
  bool in_valid = false;
  const Pixel* in_data = nullptr;
  bool out_ready = false;
  bool ds_rd_ready = false;
  bool ds_rsp_valid = false;
  const ref::Texel* ds_rsp_data = nullptr;
  bool ds_wr_ready = false;
};

struct DepthOut {
  bool in_ready = false;
  bool out_valid = false;
  const Pixel* out_data = nullptr;
  bool ds_rd_valid = false;
  MemAddr ds_rd_addr = 0;  // mem_addr_t
  bool ds_wr_valid = false;
  MemAddr ds_wr_addr = 0;  // mem_addr_t
  const ref::Texel* ds_wr_data = nullptr;
};

class Depth {
 public:
  Depth();
  Depth(const Depth& o) : Depth() { *this = o; }
  Depth& operator=(const Depth& o);

  /// state_i (call again whenever it may have changed).
  void set_state(const State& s);
  /// active_o: the stage tests (else it is wires).
  bool active() const { return active_; }
  /// active_o of state `s` alone (what set_state(s) makes active()); for a caller that decodes the
  /// rest of the state later.
  static bool active_in(const State& s);
  void set_active(bool active) { active_ = active; }

  const DepthOut& comb(const DepthIn& in) {
    if (active_) return comb_active(in);
    DepthOut& o = out_;
    set_ds_payloads();
    o.in_ready = in.out_ready;
    o.out_valid = in.in_valid;
    o.out_data = in.in_data;
    o.ds_rd_valid = false;
    o.ds_wr_valid = false;
    return o;
  }
  void seq(const DepthIn& in) {
    if (active_) seq_active(in);  // inactive, every register is empty and nothing loads
  }
  void reset();

  /// busy_o from registers only.
  bool busy() const { return u_in_reg_.out_valid() || u_px_fifo_.out_valid() || u_hazard_.busy(); }
  const PipeReg<Pixel, 1>& in_reg() const { return u_in_reg_; }
  const Fifo<DsPx, kOpDepth>& px_fifo() const { return u_px_fifo_; }
  const Hazard& hazard() const { return u_hazard_; }
  const DestRead& dest_read() const { return u_dest_read_; }
  const Write& write() const { return u_write_; }
  const Fifo<bool, kOpDepth>& pass_fifo() const { return u_pass_fifo_; }

 private:
  // comb() and seq() of the active stage; out of line, so that the inactive one's inline wires
  // save no registers.
  [[gnu::noinline]] const DepthOut& comb_active(const DepthIn& in);
  void seq_active(const DepthIn& in);
  // The request and write registers drive their (possibly stale) payloads whether or not valid.
  void set_ds_payloads() {
    out_.ds_rd_addr = u_dest_read_.rd_req().out_data();
    out_.ds_wr_addr = u_write_.out_reg().out_data().addr;
    out_.ds_wr_data = &u_write_.out_reg().out_data().texel;
  }

  PipeReg<Pixel, 1> u_in_reg_;
  Fifo<DsPx, kOpDepth> u_px_fifo_;
  Hazard u_hazard_;
  DestRead u_dest_read_;
  Write u_write_;
  Fifo<bool, kOpDepth> u_pass_fifo_;

  // state_i, decoded.
  bool active_ = false;
  KillState kill_;
  ref::DepthStencilDesc desc_;
  ref::DsBinding bind_;

  // Values settled by comb() for seq().
  DepthOut out_;
  HazardIn hz_in_;
  DestReadIn rd_in_;
  WriteIn wr_in_;
  Op ds_op_;
  DsPx px_in_;
  Pixel out_px_;                 // the head pixel, its coverage with the pass bit
  bool out_px_current_ = false;  // out_px_ holds the head pixel but for its coverage
  ref::Texel texel_;
  bool pass_ = false;
  bool pass_push_ = false;
  bool in_q_ready_ = false;
  bool px_pop_ = false;
};

}  // namespace om

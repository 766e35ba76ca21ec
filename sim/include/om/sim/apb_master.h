// SPDX-License-Identifier: Apache-2.0
// The APB4 master of every simulation (the lockstep, the blocking harness, the module tests): runs
// a queue of BusOp transfers (setup phase, then access phase until PREADY), each after its idle
// gap. Inputs of a cycle depend only on the master's state, never on the same cycle's outputs, so
// both simulated sides see the same pins.
#pragma once

#include <cstdint>
#include <deque>

#include "om/sim/bus_op.h"

namespace om::sim {

class ApbMaster {
 public:
  /// A completed transfer.
  struct Done {
    BusOp op;
    bool err = false;     // PSLVERR
    uint32_t rdata = 0;   // PRDATA (reads)
    uint64_t waited = 0;  // access-phase cycles before PREADY (0: zero wait states)
  };

  void push_back(const BusOp& op) { q_.push_back(op); }
  void push_front(const BusOp& op) { q_.push_front(op); }
  /// Drops the queued transfers that have not started.
  void clear_queue() { q_.clear(); }
  /// Abandons the transfer on the bus (a reset): it goes back to the front of the queue and is
  /// issued again, after its gap.
  void abort();
  /// Nothing queued and no transfer in progress.
  bool idle() const { return q_.empty() && phase_ == Phase::kIdle; }
  /// A transfer is on the bus (setup or access phase).
  bool active() const { return phase_ != Phase::kIdle; }

  /// The APB pins the master drives in a cycle.
  struct Pins {
    bool psel = false;
    bool penable = false;
    bool pwrite = false;
    uint32_t paddr = 0;
    uint32_t pwdata = 0;
    uint32_t pstrb = 0;
  };
  /// Advances to this cycle's phase and returns its pins. Inline while the master is idle or
  /// waits out a gap (most cycles).
  Pins next() {
    if (phase_ == Phase::kIdle) {
      if (q_.empty()) return {};
      if (gap_loaded_ && gap_left_ > 0) {  // the next transfer's idle gap
        --gap_left_;
        return {};
      }
    }
    return next_busy();
  }
  /// Samples this cycle's PREADY / PSLVERR / PRDATA; true (and *done filled) when a transfer
  /// completed.
  bool sample(bool pready, bool pslverr, uint32_t prdata, Done* done);

  /// next() onto a port struct with APB fields (om_top's TopIn, om_csr's CsrIn).
  template <typename In>
  void drive(In& in) {
    const Pins p = next();
    in.psel = p.psel;
    in.penable = p.penable;
    if (!p.psel) return;
    in.pwrite = p.pwrite;
    in.paddr = p.paddr;
    in.pwdata = p.pwdata;
    in.pstrb = p.pstrb;
  }
  /// The APB fields of `a` (Pins, TopIn, CsrIn) onto the ports of a Verilated APB slave (om_top,
  /// om_csr: psel_i .. pstrb_i; paddr has 12 bits, pstrb 4).
  template <typename Apb, typename Dut>
  static void to_ports(const Apb& a, Dut& d) {
    d.psel_i = a.psel;
    d.penable_i = a.penable;
    d.pwrite_i = a.pwrite;
    d.paddr_i = static_cast<uint16_t>(a.paddr & 0xFFFu);
    d.pwdata_i = a.pwdata;
    d.pstrb_i = static_cast<uint8_t>(a.pstrb & 0xFu);
  }
  /// sample() from a port struct with APB fields (TopOut, CsrOut).
  template <typename Out>
  bool observe(const Out& out, Done* done) {
    return sample(out.pready, out.pslverr, out.prdata, done);
  }

 private:
  enum class Phase { kIdle, kSetup, kAccess };
  Pins next_busy();  // next() with a transfer to start or on the bus
  std::deque<BusOp> q_;
  Phase phase_ = Phase::kIdle;
  BusOp cur_;
  bool gap_loaded_ = false;
  uint32_t gap_left_ = 0;
  uint64_t waited_ = 0;
};

}  // namespace om::sim

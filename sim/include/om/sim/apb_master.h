// SPDX-License-Identifier: Apache-2.0
// APB4 master of the co-simulation testbench: runs a queue of BusOp transfers (setup phase, then
// access phase until PREADY), each after its idle gap. Inputs of a cycle depend only on the
// master's state, never on the same cycle's outputs, so both simulated sides see the same pins.
#pragma once

#include <cstdint>
#include <deque>

#include "om/sim/bus_op.h"
#include "om/top_ports.h"

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

  /// Sets the APB pins of this cycle.
  void drive(TopIn& in);
  /// Samples this cycle's outputs; true (and *done filled) when a transfer completed.
  bool observe(const TopOut& out, Done* done);

 private:
  enum class Phase { kIdle, kSetup, kAccess };
  std::deque<BusOp> q_;
  Phase phase_ = Phase::kIdle;
  BusOp cur_;
  bool gap_loaded_ = false;
  uint32_t gap_left_ = 0;
  uint64_t waited_ = 0;
};

}  // namespace om::sim

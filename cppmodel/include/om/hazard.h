// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_hazard.sv: read-after-write order per texel address. Latency 1, in order.
// The in-flight table holds the address of every op that entered u_out_reg and has not retired at
// om_write (pushed at the tail on entry, popped at the head on retire, at most one per cycle).
// The op at in_* passes in cycle t iff u_out_reg can take it, the table is not full and (need_rd =
// 0 or no valid entry, as registered at the start of t, holds its address).
#pragma once

#include <array>
#include <cstdint>

#include "om/pipe_reg.h"
#include "om/top_pkg.h"

namespace om {

struct HazardIn {
  bool in_valid = false;
  const Op* in_data = nullptr;
  bool out_ready = false;
  bool retire = false;  // retire_i: om_write retired its oldest op this cycle
};

struct HazardOut {
  bool in_ready = false;
  bool out_valid = false;
  const Op* out_data = nullptr;  // u_out_reg's entry
  bool busy = false;             // some op is in flight after this stage
  bool hazard_stall = false;     // perf strobe: an op with need_rd waits on a matching entry
};

/// om_hazard's own flops (u_out_reg holds the rest).
struct HazardRegs {
  std::array<MemAddr, kTblDepth> tbl_addr{};  // mem_addr_t
  uint32_t tbl_valid = 0;                     // [TblDepth-1:0]
  uint32_t head = 0;                          // [4:0]
  uint32_t tail = 0;                          // [4:0]
};

class Hazard {
 public:
  /// Inline: settled in every cycle with an op in flight.
  const HazardOut& comb(const HazardIn& in) {
    HazardOut& o = out_;
    const bool out_in_ready = u_out_reg_.in_ready(in.out_ready);
    const bool full = ((regs_.tbl_valid >> regs_.tail) & 1u) != 0;
    bool match = false;
    // The match only matters for an offered op that reads (stall and the perf strobe both need it).
    if (in.in_valid && in.in_data->need_rd) {
      const MemAddr addr = in.in_data->addr;
      for (uint32_t v = regs_.tbl_valid; v != 0 && !match; v &= v - 1) {
        match = regs_.tbl_addr[__builtin_ctz(v)] == addr;
      }
    }
    stall_ = full || match;
    o.in_ready = out_in_ready && !stall_;
    o.hazard_stall = match;
    o.busy = regs_.tbl_valid != 0;
    o.out_valid = u_out_reg_.out_valid();
    o.out_data = &u_out_reg_.out_data();
    return o;
  }
  /// Rising clock edge. Inline: with no op offered or held and no retire no flop changes.
  void seq(const HazardIn& in) {
    if (in.in_valid || in.retire || u_out_reg_.out_valid()) edge(in);
  }
  void reset();

  /// busy_o from registers only.
  bool busy() const { return regs_.tbl_valid != 0; }
  const HazardRegs& regs() const { return regs_; }
  const PipeReg<Op, 0>& out_reg() const { return u_out_reg_; }

 private:
  void edge(const HazardIn& in);  // seq() of a cycle with something to do

  static_assert(kTblDepth == 32, "tbl_valid is one 32-bit word");

  PipeReg<Op, 0> u_out_reg_;
  HazardRegs regs_;
  HazardOut out_;
  bool stall_ = false;
};

}  // namespace om

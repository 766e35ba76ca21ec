// SPDX-License-Identifier: Apache-2.0
#include "om/hazard.h"

namespace om {

const HazardOut& Hazard::comb(const HazardIn& in) {
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

void Hazard::seq(const HazardIn& in) {
  // No op offered or held and no retire: no flop changes.
  if (!in.in_valid && !in.retire && !u_out_reg_.out_valid()) return;
  const bool push = in.in_valid && out_.in_ready;
  HazardRegs& r = regs_;
  if (in.retire) {
    r.tbl_valid &= ~(1u << r.head);
    r.head = (r.head + 1) & (kTblDepth - 1);
  }
  if (push) {
    r.tbl_addr[r.tail] = in.in_data->addr;
    r.tbl_valid |= 1u << r.tail;
    r.tail = (r.tail + 1) & (kTblDepth - 1);
  }
  u_out_reg_.seq(PipeRegIn<Op>{in.in_valid && !stall_, in.in_data, in.out_ready});
}

void Hazard::reset() {
  u_out_reg_.reset();
  regs_ = HazardRegs{};
}

}  // namespace om

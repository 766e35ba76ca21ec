// SPDX-License-Identifier: Apache-2.0
#include "om/hazard.h"

namespace om {

void Hazard::edge(const HazardIn& in) {
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

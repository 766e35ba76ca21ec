// SPDX-License-Identifier: Apache-2.0
#include "om/write.h"

namespace om {

const WriteOut& Write::comb(const WriteIn& in) {
  WriteOut& o = out_;
  const WrReq& req = u_out_reg_.out_data();
  const bool req_valid = u_out_reg_.out_valid();
  req_ready_ = !req.write || in.mem_wr_ready;
  o.in_ready = u_out_reg_.in_ready(false);
  o.mem_wr_valid = req_valid && req.write;
  o.mem_wr_addr = req.addr;
  o.mem_wr_data = &req.texel;
  o.retire = req_valid && req_ready_;
  o.wr = o.mem_wr_valid && in.mem_wr_ready;
  return o;
}

void Write::seq(const WriteIn& in) {
  // Empty and nothing offered: no flop changes (the skid entry fills only behind a valid one).
  if (!in.in_valid && !u_out_reg_.out_valid()) return;
  if (in.in_valid) {
    req_in_.write = in.in_write;
    req_in_.addr = in.in_addr;
    req_in_.texel = *in.in_texel;
  }
  u_out_reg_.seq(PipeRegIn<WrReq>{in.in_valid, &req_in_, req_ready_});
}

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
#include "om/write.h"

namespace om {

void Write::edge(const WriteIn& in) {
  if (in.in_valid) {
    req_in_.write = in.in_write;
    req_in_.addr = in.in_addr;
    req_in_.texel = *in.in_texel;
  }
  u_out_reg_.seq(PipeRegIn<WrReq>{in.in_valid, &req_in_, req_ready_});
}

}  // namespace om

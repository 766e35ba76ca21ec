// SPDX-License-Identifier: Apache-2.0
#include "om/dest_read.h"

namespace om {

void DestRead::edge(const DestReadIn& in) {
  const bool take = in.in_valid && out_.in_ready;
  const bool issue = take && in.in_data->need_rd;
  // A head changes when it pops or an entry is pushed into its empty FIFO.
  if (op_pop_ || (take && !u_op_fifo_.out_valid()) ||
      (in.mem_rsp_valid && !u_rsp_fifo_.out_valid())) {
    out_data_current_ = false;
  }
  u_op_fifo_.seq(FifoIn<Op>{take, in.in_data, op_pop_});
  u_rd_req_.seq(PipeRegIn<MemAddr>{issue, &in.in_data->addr, in.mem_rd_ready});
  u_rsp_fifo_.seq(FifoIn<ref::Texel>{in.mem_rsp_valid, in.mem_rsp_data, rsp_pop_});
  if (issue && !rsp_pop_) {
    regs_.credit = (regs_.credit - 1) & 0x1Fu;
  } else if (rsp_pop_ && !issue) {
    regs_.credit = (regs_.credit + 1) & 0x1Fu;
  }
}

void DestRead::reset() {
  u_op_fifo_.reset();
  u_rd_req_.reset();
  u_rsp_fifo_.reset();
  regs_.credit = kRspDepth;
  out_data_current_ = false;
}

}  // namespace om

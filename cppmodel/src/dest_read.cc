// SPDX-License-Identifier: Apache-2.0
#include "om/dest_read.h"

namespace om {

const DestReadOut& DestRead::comb(const DestReadIn& in) {
  DestReadOut& o = out_;
  const bool req_ready = u_rd_req_.in_ready(false);
  o.in_ready = u_op_fifo_.in_ready() && (!in.in_data->need_rd || (req_ready && regs_.credit != 0));

  const bool op_valid = u_op_fifo_.out_valid();
  o.out_valid = false;
  if (op_valid) {
    const Op& head = u_op_fifo_.out_data();
    o.out_valid = !head.need_rd || u_rsp_fifo_.out_valid();
    out_data_.op = head;
    out_data_.dst = head.need_rd ? u_rsp_fifo_.out_data() : ref::Texel{};
  }
  o.out_data = &out_data_;
  op_pop_ = o.out_valid && in.out_ready;
  rsp_pop_ = op_pop_ && out_data_.op.need_rd;

  o.mem_rd_valid = u_rd_req_.out_valid();
  o.mem_rd_addr = u_rd_req_.out_data();
  return o;
}

void DestRead::seq(const DestReadIn& in) {
  // Nothing to take, pop, answer or issue: no flop changes.
  if (!in.in_valid && !op_pop_ && !in.mem_rsp_valid && !u_rd_req_.out_valid()) return;
  const bool take = in.in_valid && out_.in_ready;
  const bool issue = take && in.in_data->need_rd;
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
}

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_dest_read.sv: issues the memory read of every op with need_rd = 1 and
// returns all ops in order, paired with their destination texel (0 when not read). Reads are
// issued only against free response-FIFO space (credit), so responses (no backpressure) always
// fit. An op is taken in cycle t iff the op FIFO is not full && (need_rd = 0 || (u_rd_req can take
// a request && credit != 0)); a reading op loads u_rd_req (mem_rd_* from t+1). out_valid = op FIFO
// not empty && (head need_rd = 0 || response FIFO not empty); both heads pop when out_ready.
#pragma once

#include <cstdint>

#include "om/fifo.h"
#include "om/pipe_reg.h"
#include "om/ref/convert.h"
#include "om/top_pkg.h"

namespace om {

struct DestReadIn {
  bool in_valid = false;
  const Op* in_data = nullptr;
  bool out_ready = false;
  bool mem_rd_ready = false;
  bool mem_rsp_valid = false;
  const ref::Texel* mem_rsp_data = nullptr;
};

struct DestReadOut {
  bool in_ready = false;
  bool out_valid = false;
  const OpDst* out_data = nullptr;  // op FIFO head + response FIFO head (or 0)
  bool mem_rd_valid = false;
  MemAddr mem_rd_addr = 0;  // mem_addr_t
};

/// om_dest_read's own flops (the FIFOs and u_rd_req hold the rest).
struct DestReadRegs {
  uint32_t credit = 0;  // [$clog2(RspDepth):0], reset value RspDepth
};

class DestRead {
 public:
  /// Inline: settled in every cycle with an op in flight.
  const DestReadOut& comb(const DestReadIn& in) {
    DestReadOut& o = out_;
    const bool req_ready = u_rd_req_.in_ready(false);
    o.in_ready =
        u_op_fifo_.in_ready() && (!in.in_data->need_rd || (req_ready && regs_.credit != 0));

    const bool op_valid = u_op_fifo_.out_valid();
    o.out_valid = false;
    if (op_valid) {
      const Op& head = u_op_fifo_.out_data();
      o.out_valid = !head.need_rd || u_rsp_fifo_.out_valid();
      if (!out_data_current_) {
        out_data_.op = head;
        out_data_.dst = head.need_rd ? u_rsp_fifo_.out_data() : ref::Texel{};
        out_data_current_ = true;
      }
    }
    o.out_data = &out_data_;
    op_pop_ = o.out_valid && in.out_ready;
    rsp_pop_ = op_pop_ && out_data_.op.need_rd;

    o.mem_rd_valid = u_rd_req_.out_valid();
    o.mem_rd_addr = u_rd_req_.out_data();
    return o;
  }
  /// Rising clock edge. Inline: with nothing to take, pop, answer or issue no flop changes.
  void seq(const DestReadIn& in) {
    if (in.in_valid || op_pop_ || in.mem_rsp_valid || u_rd_req_.out_valid()) edge(in);
  }
  void reset();

  const DestReadRegs& regs() const { return regs_; }
  const Fifo<Op, kOpDepth>& op_fifo() const { return u_op_fifo_; }
  const PipeReg<MemAddr, 1>& rd_req() const { return u_rd_req_; }
  const Fifo<ref::Texel, kRspDepth>& rsp_fifo() const { return u_rsp_fifo_; }

 private:
  void edge(const DestReadIn& in);  // seq() of a cycle with something to do

  Fifo<Op, kOpDepth> u_op_fifo_;
  PipeReg<MemAddr, 1> u_rd_req_;
  Fifo<ref::Texel, kRspDepth> u_rsp_fifo_;
  DestReadRegs regs_;

  DestReadOut out_;
  OpDst out_data_;
  bool out_data_current_ = false;  // out_data_ holds both FIFOs' heads
  bool op_pop_ = false;
  bool rsp_pop_ = false;
};

}  // namespace om

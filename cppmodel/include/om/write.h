// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_write.sv: takes the datapath's result (address tag, full texel, write flag)
// into u_out_reg (om_pipe_reg Skid = 1, so in_ready is registered: it is the datapath's advance)
// and issues the memory write when the flag is set; an entry without a write leaves at once. Every
// op retires here, in order, at most one per cycle. Latency 1.
#pragma once

#include <cstdint>

#include "om/pipe_reg.h"
#include "om/pkg.h"
#include "om/ref/convert.h"

namespace om {

struct WriteIn {
  bool in_valid = false;
  MemAddr in_addr = 0;
  const ref::Texel* in_texel = nullptr;
  bool in_write = false;
  bool mem_wr_ready = false;
};

struct WriteOut {
  bool in_ready = false;
  bool mem_wr_valid = false;
  MemAddr mem_wr_addr = 0;
  const ref::Texel* mem_wr_data = nullptr;
  bool retire = false;  // the entry leaves (written or dropped)
  bool wr = false;      // perf strobe: a write is accepted
};

class Write {
 public:
  /// Inline: a few wires, settled in every cycle with an op in flight.
  const WriteOut& comb(const WriteIn& in) {
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
  /// Rising clock edge. Inline: empty and nothing offered, no flop changes (the skid entry fills
  /// only behind a valid one), which is most cycles.
  void seq(const WriteIn& in) {
    if (in.in_valid || u_out_reg_.out_valid()) edge(in);
  }
  void reset() { u_out_reg_.reset(); }
  const PipeReg<WrReq, 1>& out_reg() const { return u_out_reg_; }

 private:
  void edge(const WriteIn& in);  // seq() of a cycle that may load or unload

  PipeReg<WrReq, 1> u_out_reg_;
  WriteOut out_;
  bool req_ready_ = false;
  WrReq req_in_;
};

}  // namespace om

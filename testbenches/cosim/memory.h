// Render-target memory of the co-simulation: one 128-bit texel per address (om::mem_addr), with
// the ordering contract of om_top's memory ports (coord TEAM.md): requests take effect in
// acceptance order, a read accepted after a write to the same address returns the written data,
// a write and a read accepted in the same cycle: the write first. Responses return in order, at
// most one per cycle, without backpressure. Readiness and latencies come from the stimulus, cycle
// by cycle, so both simulated sides see exactly the same memory.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "mem_model.h"
#include "stimulus.h"

namespace om::cosim {

class Memory {
 public:
  explicit Memory(const std::vector<MemCycle>& timing) : timing_(timing) {}

  /// Inputs of `cycle` (readiness beyond the stimulus: always ready, latency 1).
  bool rd_ready(uint64_t cycle) const { return at(cycle).rd_ready; }
  bool wr_ready(uint64_t cycle) const { return at(cycle).wr_ready; }
  bool rsp_valid(uint64_t cycle) const { return !rsp_.empty() && rsp_.front().due <= cycle; }
  const ref::Texel& rsp_data() const { return rsp_.front().data; }

  /// Applies the handshakes of `cycle`: the delivered response leaves, then the write, then the
  /// read (its response is due after the cycle's latency, after the previous response).
  void commit(uint64_t cycle, bool wr_fire, uint32_t wr_addr, const ref::Texel& wr_data,
              bool rd_fire, uint32_t rd_addr, bool rsp_delivered);

  tb::Image& image() { return image_; }
  const tb::Image& image() const { return image_; }
  /// No response outstanding.
  bool idle() const { return rsp_.empty(); }
  size_t outstanding() const { return rsp_.size(); }

 private:
  struct Rsp {
    uint64_t due;
    ref::Texel data;
  };
  MemCycle at(uint64_t cycle) const { return cycle < timing_.size() ? timing_[cycle] : MemCycle{}; }

  const std::vector<MemCycle>& timing_;
  tb::Image image_;
  std::deque<Rsp> rsp_;
  uint64_t last_due_ = 0;
};

}  // namespace om::cosim

// Render-target memory of the top-level testbench: one 128-bit texel word per address (rt, y, x) as
// om_pkg::mem_addr_t packs it, with the ordering contract of the OM's memory ports (coord TEAM.md):
// requests take effect in acceptance order, a read accepted after a write to the same address
// returns the written data, a write and a read accepted in the same cycle: the write first.
// Read responses come back in order after a configurable random latency, one per cycle, without
// backpressure; request readiness stalls at random. Everything random comes from one seeded engine.
#pragma once

#include <cstdint>
#include <deque>
#include <random>
#include <unordered_map>

#include "om/ref/convert.h"

namespace om::tb {

/// Packs (rt, y, x) like om_pkg::mem_addr_t: x in bits [13:0], y in [27:14], rt in [30:28].
constexpr uint32_t mem_addr(uint32_t rt, uint32_t y, uint32_t x) {
  return (rt << 28) | (y << 14) | x;
}
constexpr uint32_t mem_addr_rt(uint32_t a) { return a >> 28; }
constexpr uint32_t mem_addr_y(uint32_t a) { return (a >> 14) & 0x3FFFu; }
constexpr uint32_t mem_addr_x(uint32_t a) { return a & 0x3FFFu; }

struct MemConfig {
  int latency_min = 1;      // cycles from read acceptance to the response (>= 1)
  int latency_max = 1;      // latency drawn uniformly from [latency_min, latency_max]
  double rd_ready_p = 1.0;  // probability that mem_rd_ready_i is high in a cycle
  double wr_ready_p = 1.0;  // probability that mem_wr_ready_i is high in a cycle
};

using Image = std::unordered_map<uint32_t, ref::Texel>;

class MemModel {
 public:
  MemModel(const MemConfig& cfg, uint64_t seed);

  /// Inputs of one cycle, drawn before the clock edge.
  bool rd_ready() const { return rd_ready_; }
  bool wr_ready() const { return wr_ready_; }
  /// A response is due in `cycle` (its data in rsp_data()).
  bool rsp_valid(uint64_t cycle) const;
  const ref::Texel& rsp_data() const { return rsp_.front().data; }

  /// Draws the ready inputs of the next cycle.
  void draw_ready();
  /// Applies the handshakes seen in `cycle`: the write first, then the read; pops a delivered
  /// response.
  void commit(uint64_t cycle, bool wr_fire, uint32_t wr_addr, const ref::Texel& wr_data,
              bool rd_fire, uint32_t rd_addr, bool rsp_delivered);

  Image& image() { return image_; }
  const Image& image() const { return image_; }
  bool idle() const { return rsp_.empty(); }
  uint64_t reads() const { return reads_; }
  uint64_t writes() const { return writes_; }
  /// Cycles in which a request was offered but not accepted (the PERF_MEM_STALLS definition).
  uint64_t stall_cycles() const { return stalls_; }
  void count_stall() { ++stalls_; }

 private:
  struct Rsp {
    uint64_t due;
    ref::Texel data;
  };
  MemConfig cfg_;
  std::mt19937_64 rng_;
  Image image_;
  std::deque<Rsp> rsp_;
  uint64_t last_due_ = 0;
  bool rd_ready_ = true;
  bool wr_ready_ = true;
  uint64_t reads_ = 0;
  uint64_t writes_ = 0;
  uint64_t stalls_ = 0;
};

}  // namespace om::tb

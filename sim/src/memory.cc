// SPDX-License-Identifier: Apache-2.0
#include "om/sim/memory.h"

#include <stdexcept>
#include <string>

namespace om::sim {

RandomTiming::RandomTiming(const MemConfig& cfg, uint64_t seed) : cfg_(cfg), rng_(seed) {
  if (cfg.latency_min < 1 || cfg.latency_max < cfg.latency_min || cfg.latency_max > 255) {
    throw std::invalid_argument("MemConfig: need 1 <= latency_min <= latency_max <= 255, got " +
                                std::to_string(cfg.latency_min) + ".." +
                                std::to_string(cfg.latency_max));
  }
  if (!(cfg.rd_ready_p > 0.0) || !(cfg.wr_ready_p > 0.0)) {
    throw std::invalid_argument("MemConfig: ready probabilities must be > 0, got " +
                                std::to_string(cfg.rd_ready_p) + " and " +
                                std::to_string(cfg.wr_ready_p));
  }
}

MemCycle RandomTiming::lookup(uint64_t cycle) {
  if (drawn_ && cycle == cycle_) return cur_;
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::uniform_int_distribution<int> lat(cfg_.latency_min, cfg_.latency_max);
  cur_.rd_ready = cfg_.rd_ready_p >= 1.0 || u(rng_) < cfg_.rd_ready_p;
  cur_.wr_ready = cfg_.wr_ready_p >= 1.0 || u(rng_) < cfg_.wr_ready_p;
  cur_.latency = static_cast<uint8_t>(lat(rng_));
  cycle_ = cycle;
  drawn_ = true;
  return cur_;
}

void Memory::commit_fired(uint64_t cycle, bool wr_fire, MemAddr wr_addr, const ref::Texel& wr_data,
                          bool rd_fire, MemAddr rd_addr, bool rsp_delivered) {
  if (rsp_delivered) rsp_.pop();
  if (wr_fire) write(wr_addr, wr_data);
  if (rd_fire) rsp_.push(cycle, at(cycle).latency, read(rd_addr));
}

ref::Texel Memory::read(MemAddr addr) {
  ++reads_;
  return peek(addr);
}

void Memory::write(MemAddr addr, const ref::Texel& data) {
  image_.set(addr, data);
  ++writes_;
}

ref::Texel Memory::peek(MemAddr addr) const { return image_.get(addr); }

}  // namespace om::sim

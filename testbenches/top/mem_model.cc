#include "mem_model.h"

#include <algorithm>
#include <stdexcept>

namespace om::tb {

MemModel::MemModel(const MemConfig& cfg, uint64_t seed) : cfg_(cfg), rng_(seed) {
  if (cfg.latency_min < 1 || cfg.latency_max < cfg.latency_min) {
    throw std::invalid_argument("MemConfig: need 1 <= latency_min <= latency_max");
  }
  if (cfg.rd_ready_p <= 0.0 || cfg.wr_ready_p <= 0.0) {
    throw std::invalid_argument("MemConfig: ready probabilities must be > 0");
  }
  draw_ready();
}

bool MemModel::rsp_valid(uint64_t cycle) const {
  return !rsp_.empty() && rsp_.front().due <= cycle;
}

void MemModel::draw_ready() {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  rd_ready_ = cfg_.rd_ready_p >= 1.0 || u(rng_) < cfg_.rd_ready_p;
  wr_ready_ = cfg_.wr_ready_p >= 1.0 || u(rng_) < cfg_.wr_ready_p;
}

void MemModel::commit(uint64_t cycle, bool wr_fire, uint32_t wr_addr, const ref::Texel& wr_data,
                      bool rd_fire, uint32_t rd_addr, bool rsp_delivered) {
  if (rsp_delivered) rsp_.pop_front();
  if (wr_fire) {
    image_[wr_addr] = wr_data;
    ++writes_;
  }
  if (rd_fire) {
    std::uniform_int_distribution<int> lat(cfg_.latency_min, cfg_.latency_max);
    // In order, at most one response per cycle.
    const uint64_t due =
        std::max<uint64_t>(cycle + static_cast<uint64_t>(lat(rng_)), last_due_ + 1);
    last_due_ = due;
    auto it = image_.find(rd_addr);
    rsp_.push_back({due, it == image_.end() ? ref::Texel{} : it->second});
    ++reads_;
  }
}

}  // namespace om::tb

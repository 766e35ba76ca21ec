#include "memory.h"

#include <algorithm>

namespace om::cosim {

void Memory::commit(uint64_t cycle, bool wr_fire, uint32_t wr_addr, const ref::Texel& wr_data,
                    bool rd_fire, uint32_t rd_addr, bool rsp_delivered) {
  if (rsp_delivered) rsp_.pop_front();
  if (wr_fire) image_[wr_addr] = wr_data;
  if (rd_fire) {
    const uint64_t due =
        std::max<uint64_t>(cycle + std::max<uint8_t>(1, at(cycle).latency), last_due_ + 1);
    last_due_ = due;
    auto it = image_.find(rd_addr);
    rsp_.push_back({due, it == image_.end() ? ref::Texel{} : it->second});
  }
}

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
// Render-target memory contents by address (om::mem_addr): one 128-bit texel per address, zero
// where never written. Stored in pages of 256 consecutive addresses (part of one row of one slot),
// so a full 16384² target costs its texels (16 B each) plus about 3 %, and a lockstep's small
// windows stay small. Copies share pages until one side writes (a checkpoint costs a pointer per
// page).
#pragma once

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "om/ref/convert.h"

namespace om::sim {

class Image {
 public:
  /// The texel at `addr`, zero when never written.
  ref::Texel get(uint32_t addr) const {
    const Page* p = page(addr);
    return p != nullptr && p->written[addr & kMask] ? p->texel[addr & kMask] : ref::Texel{};
  }
  /// `addr` was written since the last clear().
  bool contains(uint32_t addr) const {
    const Page* p = page(addr);
    return p != nullptr && p->written[addr & kMask];
  }
  void set(uint32_t addr, const ref::Texel& t) {
    std::shared_ptr<Page>& p = pages_[addr >> kPageBits];
    if (!p) {
      p = std::make_shared<Page>();
    } else if (p.use_count() > 1) {
      p = std::make_shared<Page>(*p);  // copy on write: another Image shares this page
    }
    count_ += p->written[addr & kMask] ? 0 : 1;
    p->written[addr & kMask] = true;
    p->texel[addr & kMask] = t;
  }
  /// Number of written addresses.
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  void clear() {
    pages_.clear();
    count_ = 0;
  }
  /// Calls f(addr, texel) for every written address, in ascending address order.
  template <typename F>
  void for_each(F&& f) const {
    std::vector<uint32_t> keys;
    keys.reserve(pages_.size());
    for (const auto& kv : pages_) keys.push_back(kv.first);
    std::sort(keys.begin(), keys.end());
    for (uint32_t k : keys) {
      const Page& p = *pages_.at(k);
      for (uint32_t i = 0; i < kPageSize; ++i) {
        if (p.written[i]) f((k << kPageBits) | i, p.texel[i]);
      }
    }
  }

 private:
  static constexpr uint32_t kPageBits = 8;
  static constexpr uint32_t kPageSize = 1u << kPageBits;
  static constexpr uint32_t kMask = kPageSize - 1;
  struct Page {
    std::bitset<kPageSize> written;
    ref::Texel texel[kPageSize];
  };
  const Page* page(uint32_t addr) const {
    const auto it = pages_.find(addr >> kPageBits);
    return it == pages_.end() ? nullptr : it->second.get();
  }

  std::unordered_map<uint32_t, std::shared_ptr<Page>> pages_;
  size_t count_ = 0;
};

}  // namespace om::sim

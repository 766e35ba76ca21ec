// SPDX-License-Identifier: Apache-2.0
// Render-target memory contents by the full address (om::mem_addr: rt, y, x, s): one 128-bit texel
// per address, zero where never written. Stored in pages of 32 pixels of one sample (part of one
// row of one slot and sample): a page is zeroed when made and copied when one of two images sharing
// it writes, and most targets a co-simulation binds are 1 to 32 pixels wide, so larger pages cost
// more than the texels they hold. A full 16384² target costs its texels (16 B each) plus about a
// fifth (page header, map node, bucket, allocator headers) whatever its sample count, and a
// lockstep's small windows stay small. Copies share pages until one side writes (a checkpoint
// costs a pointer per page).
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <iterator>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "om/gen/types.h"
#include "om/ref/convert.h"

namespace om::sim {

class Image {
 public:
  /// The texel at `addr`, zero when never written.
  ref::Texel get(MemAddr addr) const {
    const Page* p = page(addr);
    return p != nullptr && p->written[index(addr)] ? p->texel[index(addr)] : ref::Texel{};
  }
  /// `addr` was written since the last clear().
  bool contains(MemAddr addr) const {
    const Page* p = page(addr);
    return p != nullptr && p->written[index(addr)];
  }
  void set(MemAddr addr, const ref::Texel& t) { put(own_page(key(addr)), index(addr), t); }
  class Writer;
  /// Number of written addresses.
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  void clear() {
    pages_.clear();
    count_ = 0;
  }
  /// Calls f(addr, mine, theirs) for every address whose texel differs from `other`'s (never
  /// written reads as zero), in ascending address order. A page both images share is equal
  /// unread, so after a copy the cost follows what was written since, not the image's size.
  template <typename F>
  void diff(const Image& other, F&& f) const {
    std::vector<std::pair<MemAddr, std::pair<ref::Texel, ref::Texel>>> out;
    const auto page_diff = [&out](MemAddr k, const Page* a, const Page* b) {
      if (a != nullptr && b != nullptr && a->written == b->written &&
          std::equal(std::begin(a->texel), std::end(a->texel), std::begin(b->texel))) {
        return;  // unwritten texels stay zero, so equal arrays are equal contents
      }
      for (uint32_t i = 0; i < kPageSize; ++i) {
        const ref::Texel ta = a != nullptr && a->written[i] ? a->texel[i] : ref::Texel{};
        const ref::Texel tb = b != nullptr && b->written[i] ? b->texel[i] : ref::Texel{};
        if (!(ta == tb)) out.push_back({address(k, i), {ta, tb}});
      }
    };
    for (const auto& [k, p] : pages_) {
      const Page* q = other.page_at(k);
      if (q != p.get()) page_diff(k, p.get(), q);
    }
    for (const auto& [k, q] : other.pages_) {
      if (page_at(k) == nullptr) page_diff(k, nullptr, q.get());
    }
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [addr, t] : out) f(addr, t.first, t.second);
  }

 private:
  static constexpr uint32_t kPageBits = 5;
  static constexpr uint32_t kPageSize = 1u << kPageBits;
  static constexpr uint32_t kMask = kPageSize - 1;
  static constexpr MemAddr kSampleMask = (MemAddr{1} << kSampleW) - 1;
  // The sample bits join the page key, the low x bits index the page: one sample's pixels share
  // pages, so a single-sample target fills whole pages.
  static MemAddr key(MemAddr addr) {
    return (addr >> (kSampleW + kPageBits)) << kSampleW | (addr & kSampleMask);
  }
  static uint32_t index(MemAddr addr) { return static_cast<uint32_t>(addr >> kSampleW) & kMask; }
  static MemAddr address(MemAddr key, uint32_t index) {
    return ((key >> kSampleW) << kPageBits | index) << kSampleW | (key & kSampleMask);
  }
  struct Page {
    std::bitset<kPageSize> written;
    ref::Texel texel[kPageSize];
  };
  // The blocks of freed pages (each with its shared count) and map nodes, kept for the next ones of
  // the thread: a co-simulation frees every page at each drain and its random fill makes as many
  // again, and malloc serves a block from its bins, both ways, at several times the cost of a list.
  template <class T>
  struct BlockPool {
    using value_type = T;
    BlockPool() = default;
    template <class U>
    explicit BlockPool(const BlockPool<U>& /*other*/) {}
    T* allocate(size_t n) {
      std::vector<void*>* spare = Spare::of_thread();
      if (n != 1 || spare == nullptr || spare->empty()) {
        return static_cast<T*>(::operator new(n * sizeof(T)));
      }
      void* b = spare->back();
      spare->pop_back();
      return static_cast<T*>(b);
    }
    void deallocate(T* p, size_t n) {
      std::vector<void*>* spare = Spare::of_thread();
      if (n != 1 || spare == nullptr || spare->size() >= kSpare) {
        ::operator delete(p);
        return;
      }
      spare->push_back(p);
    }
    friend bool operator==(const BlockPool& /*a*/, const BlockPool& /*b*/) { return true; }
    friend bool operator!=(const BlockPool& /*a*/, const BlockPool& /*b*/) { return false; }

   private:
    // Blocks kept aside per thread and kind: about 2 MiB of pages.
    static constexpr size_t kSpare = 4096;
    struct Spare {
      std::vector<void*> blocks;
      ~Spare() {
        gone() = true;
        for (void* b : blocks) ::operator delete(b);
      }
      // Set when the thread's list is destroyed: an Image that outlives it (a static one) frees
      // its pages to malloc.
      static bool& gone() {
        thread_local bool g = false;
        return g;
      }
      static std::vector<void*>* of_thread() {
        if (gone()) return nullptr;
        thread_local Spare s;
        return &s.blocks;
      }
    };
  };
  const Page* page(MemAddr addr) const { return page_at(key(addr)); }
  // Page k, created or unshared (copy on write: another Image may share it) for writing.
  Page& own_page(MemAddr k) {
    std::shared_ptr<Page>& p = pages_[k];
    if (!p) {
      p = std::allocate_shared<Page>(BlockPool<Page>{});
    } else if (p.use_count() > 1) {
      p = std::allocate_shared<Page>(BlockPool<Page>{}, *p);
    }
    return *p;
  }
  void put(Page& p, uint32_t i, const ref::Texel& t) {
    count_ += p.written[i] ? 0 : 1;
    p.written[i] = true;
    p.texel[i] = t;
  }
  const Page* page_at(MemAddr k) const {
    const auto it = pages_.find(k);
    return it == pages_.end() ? nullptr : it->second.get();
  }

  std::unordered_map<MemAddr, std::shared_ptr<Page>, std::hash<MemAddr>, std::equal_to<MemAddr>,
                     BlockPool<std::pair<const MemAddr, std::shared_ptr<Page>>>>
      pages_;
  size_t count_ = 0;
};

/// Image::set() for filling an area: each page is looked up (and unshared) once per run of
/// writes to it, not once per texel; one page per sample index is kept, so the samples of a
/// pixel written one after the other each stay on their page. While a Writer is in use nothing
/// else may write, clear or copy its image.
class Image::Writer {
 public:
  explicit Writer(Image& image) : image_(image) {}
  void set(MemAddr addr, const ref::Texel& t) {
    const MemAddr k = key(addr);
    Slot& c = pages_[k & kSampleMask];
    if (c.page == nullptr || c.key != k) {
      c.key = k;
      c.page = &image_.own_page(k);  // a node of the map: stays put while others are added
    }
    image_.put(*c.page, index(addr), t);
  }

 private:
  struct Slot {
    MemAddr key = 0;
    Page* page = nullptr;
  };
  Image& image_;
  std::array<Slot, kSampleMask + 1> pages_{};
};

}  // namespace om::sim

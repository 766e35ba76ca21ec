// SPDX-License-Identifier: Apache-2.0
// The object table behind every CreateXxxState of a device (docs/validation.md §4): de-duplication
// of normalised descriptors, reference counting, the limit of 4096 unique live objects and the
// lowest free slot for a new object. Validation and normalisation belong to the caller.
#pragma once

#include <cstdint>
#include <map>
#include <new>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "om/gen/defs.h"

namespace om::ref {

/// Handle of a live state object: slot + 1; 0 = no object.
using StateHandle = uint32_t;
/// D3D11_REQ_BLEND_OBJECT_COUNT_PER_DEVICE, D3D11_REQ_DEPTH_STENCIL_OBJECT_COUNT_PER_DEVICE.
inline constexpr uint32_t kMaxUniqueStateObjects = 4096;

/// Desc: the normalised descriptor; KeyOf: a functor giving its de-duplication key (equal keys <=>
/// equal descriptors).
template <typename Desc, typename KeyOf>
class StateObjectTable {
 public:
  struct Added {
    Hresult hr = Hresult::S_OK;  // S_OK, D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS or E_OUTOFMEMORY
    StateHandle handle = 0;
  };

  /// The object equal to `normalised` (its ref-count + 1) or a new one in the lowest free slot.
  Added add(const Desc& normalised) {
    Added r;
    try {
      Key key = KeyOf{}(normalised);
      const auto found = by_desc_.find(key);
      if (found != by_desc_.end()) {
        ++slots_[found->second].refs;
        r.handle = found->second + 1;
        return r;
      }
      if (by_desc_.size() >= kMaxUniqueStateObjects) {
        r.hr = Hresult::D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS;
        return r;
      }
      uint32_t slot;
      if (!free_slots_.empty()) {
        slot = *free_slots_.begin();
      } else {
        slots_.emplace_back();
        slot = static_cast<uint32_t>(slots_.size() - 1);
        free_slots_.insert(slot);  // keeps the two containers consistent if the map insert throws
      }
      by_desc_.emplace(std::move(key), slot);
      free_slots_.erase(slot);
      slots_[slot].desc = normalised;
      slots_[slot].refs = 1;
      r.handle = slot + 1;
    } catch (const std::bad_alloc&) {
      r = Added{Hresult::E_OUTOFMEMORY, 0};
    }
    return r;
  }

  /// AddRef: the new reference count. Throws std::out_of_range for a handle that is not live.
  uint32_t add_ref(StateHandle h) { return ++live(h).refs; }
  /// Release: the remaining count; at 0 the object leaves the table and its slot is free. Throws
  /// std::out_of_range for a handle that is not live.
  uint32_t release(StateHandle h) {
    Slot& s = live(h);
    if (--s.refs == 0) {
      by_desc_.erase(KeyOf{}(s.desc));
      free_slots_.insert(h - 1);
    }
    return s.refs;
  }
  /// The normalised descriptor. Throws std::out_of_range for a handle that is not live.
  const Desc& desc(StateHandle h) const { return live(h).desc; }
  uint32_t ref_count(StateHandle h) const { return live(h).refs; }
  bool is_live(StateHandle h) const {
    return h != 0 && h <= slots_.size() && slots_[h - 1].refs != 0;
  }
  /// Number of unique live objects.
  uint32_t live_count() const { return static_cast<uint32_t>(by_desc_.size()); }

 private:
  using Key = std::vector<uint32_t>;
  struct Slot {
    Desc desc{};
    uint32_t refs = 0;  // 0: free
  };
  Slot& live(StateHandle h) { return const_cast<Slot&>(std::as_const(*this).live(h)); }
  const Slot& live(StateHandle h) const {
    if (!is_live(h)) {
      throw std::out_of_range("state-object handle " + std::to_string(h) + " is not a live object");
    }
    return slots_[h - 1];
  }

  std::vector<Slot> slots_;          // index = handle - 1
  std::set<uint32_t> free_slots_;    // indices < slots_.size() with refs == 0
  std::map<Key, uint32_t> by_desc_;  // key of the normalised descriptor -> slot index
};

}  // namespace om::ref

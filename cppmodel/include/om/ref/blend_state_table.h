// SPDX-License-Identifier: Apache-2.0
// CreateBlendState1's object table (docs/validation.md §1, §4): validation, de-duplication on the
// normalised descriptor, reference counting, and the limit of 4096 unique live objects. Independent
// of any bus: the host driver owns one per device and feeds it the feature level and
// OutputMergerLogicOp it read from the capability registers.
#pragma once

#include <cstdint>
#include <vector>

#include "om/gen/defs.h"
#include "om/gen/structs/blend_state_table.h"  // IWYU pragma: export (CreateBlendStateResult)
#include "om/ref/caps.h"
#include "om/ref/state.h"
#include "om/ref/state_object_table.h"
#include "om/ref/validate.h"

namespace om::ref {

/// Handle of a live blend-state object: slot + 1 in 1..kMaxUniqueBlendStates; 0 = no object.
using BlendStateHandle = StateHandle;
inline constexpr BlendStateHandle kNullBlendState = 0;
/// D3D11_REQ_BLEND_OBJECT_COUNT_PER_DEVICE.
inline constexpr uint32_t kMaxUniqueBlendStates = kMaxUniqueStateObjects;

class BlendStateTable {
 public:
  BlendStateTable(FeatureLevel fl, bool logic_op_cap);
  explicit BlendStateTable(const ConfigInfo& cfg);
  explicit BlendStateTable(const Caps& caps);

  /// CreateBlendState1(desc, want_object ? &p : nullptr), docs/validation.md §2, first match wins:
  ///  desc null or invalid -> E_INVALIDARG (rule, rt say why), nothing changes;
  ///  !want_object -> S_FALSE, nothing created or referenced;
  ///  normalised desc equal to a live object's -> S_OK, that handle, its ref-count + 1;
  ///  kMaxUniqueBlendStates objects live -> D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS;
  ///  host allocation failure -> E_OUTOFMEMORY;
  ///  otherwise -> S_OK, a new object (ref-count 1) in the lowest free slot.
  CreateBlendStateResult create(const BlendDesc* desc, bool want_object = true);
  /// CreateBlendState (D3D11.0 descriptor): create(promote(*desc)) (docs/behaviour.md §2.1); null
  /// -> E_INVALIDARG.
  CreateBlendStateResult create_legacy(const BlendDesc0* desc, bool want_object = true);

  /// AddRef: returns the new reference count. Throws std::out_of_range for a handle that is not
  /// live.
  uint32_t add_ref(BlendStateHandle h) { return objects_.add_ref(h); }
  /// Release: returns the remaining reference count; at 0 the object leaves the table and its slot
  /// is free (docs/validation.md §4; docs/behaviour.md §11 #32). Throws std::out_of_range for a
  /// handle that is not live.
  uint32_t release(BlendStateHandle h) { return objects_.release(h); }

  /// GetDesc1: the normalised descriptor. Throws std::out_of_range for a handle that is not live.
  const BlendDesc& desc(BlendStateHandle h) const { return objects_.desc(h); }
  uint32_t ref_count(BlendStateHandle h) const { return objects_.ref_count(h); }
  bool is_live(BlendStateHandle h) const { return objects_.is_live(h); }
  /// Number of unique live objects.
  uint32_t live_count() const { return objects_.live_count(); }

  FeatureLevel feature_level() const { return fl_; }
  bool logic_op_cap() const { return logic_op_cap_; }

 private:
  struct KeyOf {
    std::vector<uint32_t> operator()(const BlendDesc& normalised) const;
  };

  FeatureLevel fl_;
  bool logic_op_cap_;
  StateObjectTable<BlendDesc, KeyOf> objects_;
};

}  // namespace om::ref

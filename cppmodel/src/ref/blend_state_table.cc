// SPDX-License-Identifier: Apache-2.0
// CreateBlendState1 object table: de-duplication, reference counting, 4096-object limit
// (docs/validation.md §4).
#include "om/ref/blend_state_table.h"

#include <new>
#include <stdexcept>
#include <string>

namespace om::ref {

BlendStateTable::BlendStateTable(FeatureLevel fl, bool logic_op_cap)
    : fl_(fl), logic_op_cap_(logic_op_cap) {
  feature_level_index(fl);  // throws std::invalid_argument for a value that is not a feature level
}

BlendStateTable::BlendStateTable(const ConfigInfo& cfg) : BlendStateTable(cfg.fl, cfg.logic_op) {}

BlendStateTable::BlendStateTable(const Caps& caps)
    : BlendStateTable(caps.fl, caps.d3d11_options.output_merger_logic_op) {}

BlendStateTable::Key BlendStateTable::key_of(const BlendDesc& n) {
  Key k;
  k.reserve(2 + 10 * kMaxRts);
  k.push_back(n.alpha_to_coverage_enable);
  k.push_back(n.independent_blend_enable);
  for (const RtBlendDesc& rt : n.render_target) {
    k.push_back(rt.blend_enable);
    k.push_back(rt.logic_op_enable);
    k.push_back(static_cast<uint32_t>(rt.src_blend));
    k.push_back(static_cast<uint32_t>(rt.dest_blend));
    k.push_back(static_cast<uint32_t>(rt.blend_op));
    k.push_back(static_cast<uint32_t>(rt.src_blend_alpha));
    k.push_back(static_cast<uint32_t>(rt.dest_blend_alpha));
    k.push_back(static_cast<uint32_t>(rt.blend_op_alpha));
    k.push_back(static_cast<uint32_t>(rt.logic_op));
    k.push_back(rt.render_target_write_mask);
  }
  return k;
}

CreateBlendStateResult BlendStateTable::create(const BlendDesc* desc, bool want_object) {
  CreateBlendStateResult r;
  const DescCheck check = check_blend_desc(desc, fl_, logic_op_cap_);
  if (check.hr != Hresult::S_OK) {
    r.hr = check.hr;
    r.rule = check.rule;
    r.rt = check.rt;
    return r;
  }
  if (!want_object) {
    r.hr = Hresult::S_FALSE;
    return r;
  }
  try {
    const BlendDesc n = normalise(*desc);
    Key key = key_of(n);
    const auto found = by_desc_.find(key);
    if (found != by_desc_.end()) {
      ++slots_[found->second].refs;
      r.handle = found->second + 1;
      return r;
    }
    if (by_desc_.size() >= kMaxUniqueBlendStates) {
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
    slots_[slot].desc = n;
    slots_[slot].refs = 1;
    r.handle = slot + 1;
  } catch (const std::bad_alloc&) {
    r.hr = Hresult::E_OUTOFMEMORY;
    r.handle = kNullBlendState;
  }
  return r;
}

CreateBlendStateResult BlendStateTable::create_legacy(const BlendDesc0* desc, bool want_object) {
  if (desc == nullptr) return create(static_cast<const BlendDesc*>(nullptr), want_object);
  const BlendDesc promoted = promote(*desc);
  return create(&promoted, want_object);
}

const BlendStateTable::Slot& BlendStateTable::live_slot(BlendStateHandle h) const {
  if (h == kNullBlendState || h > slots_.size() || slots_[h - 1].refs == 0) {
    throw std::out_of_range("blend-state handle " + std::to_string(h) + " is not a live object");
  }
  return slots_[h - 1];
}

bool BlendStateTable::is_live(BlendStateHandle h) const {
  return h != kNullBlendState && h <= slots_.size() && slots_[h - 1].refs != 0;
}

uint32_t BlendStateTable::add_ref(BlendStateHandle h) {
  live_slot(h);
  return ++slots_[h - 1].refs;
}

uint32_t BlendStateTable::release(BlendStateHandle h) {
  live_slot(h);
  Slot& s = slots_[h - 1];
  if (--s.refs == 0) {
    by_desc_.erase(key_of(s.desc));
    free_slots_.insert(h - 1);
  }
  return s.refs;
}

const BlendDesc& BlendStateTable::desc(BlendStateHandle h) const { return live_slot(h).desc; }

uint32_t BlendStateTable::ref_count(BlendStateHandle h) const { return live_slot(h).refs; }

}  // namespace om::ref

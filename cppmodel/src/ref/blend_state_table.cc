// SPDX-License-Identifier: Apache-2.0
// CreateBlendState1 object table: de-duplication, reference counting, 4096-object limit
// (docs/validation.md §4).
#include "om/ref/blend_state_table.h"

namespace om::ref {

BlendStateTable::BlendStateTable(FeatureLevel fl, bool logic_op_cap)
    : fl_(fl), logic_op_cap_(logic_op_cap) {
  feature_level_index(fl);  // throws std::invalid_argument for a value that is not a feature level
}

BlendStateTable::BlendStateTable(const ConfigInfo& cfg) : BlendStateTable(cfg.fl, cfg.logic_op) {}

BlendStateTable::BlendStateTable(const Caps& caps)
    : BlendStateTable(caps.fl, caps.d3d11_options.output_merger_logic_op) {}

std::vector<uint32_t> BlendStateTable::KeyOf::operator()(const BlendDesc& n) const {
  std::vector<uint32_t> k;
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
  const StateObjectTable<BlendDesc, KeyOf>::Added added = objects_.add(normalise(*desc));
  r.hr = added.hr;
  r.handle = added.handle;
  return r;
}

CreateBlendStateResult BlendStateTable::create_legacy(const BlendDesc0* desc, bool want_object) {
  if (desc == nullptr) return create(static_cast<const BlendDesc*>(nullptr), want_object);
  const BlendDesc promoted = promote(*desc);
  return create(&promoted, want_object);
}

}  // namespace om::ref

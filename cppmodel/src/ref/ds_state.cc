// SPDX-License-Identifier: Apache-2.0
// CreateDepthStencilState: validation, normalisation, object table (docs/depth-stencil.md §4).
#include "om/ref/ds_state.h"

namespace om::ref {

namespace {

// The first broken rule of one face: func, fail op, depth-fail op, pass op (the rules of each face
// are consecutive in DsRule, in this order).
DsRule check_face(const DepthStencilOpDesc& f, DsRule first) {
  const uint32_t base = static_cast<uint32_t>(first);
  if (!is_valid_cmp_func(static_cast<uint32_t>(f.stencil_func))) return first;
  if (!is_valid_stencil_op(static_cast<uint32_t>(f.stencil_fail_op))) return DsRule(base + 1);
  if (!is_valid_stencil_op(static_cast<uint32_t>(f.stencil_depth_fail_op))) return DsRule(base + 2);
  if (!is_valid_stencil_op(static_cast<uint32_t>(f.stencil_pass_op))) return DsRule(base + 3);
  return DsRule::OK;
}

// Every field in declaration order: the de-duplication key and the equality of descriptors.
std::vector<uint32_t> fields_of(const DepthStencilDesc& d) {
  std::vector<uint32_t> k = {d.depth_enable,
                             static_cast<uint32_t>(d.depth_write_mask),
                             static_cast<uint32_t>(d.depth_func),
                             d.stencil_enable,
                             d.stencil_read_mask,
                             d.stencil_write_mask};
  for (const DepthStencilOpDesc* f : {&d.front_face, &d.back_face}) {
    k.push_back(static_cast<uint32_t>(f->stencil_fail_op));
    k.push_back(static_cast<uint32_t>(f->stencil_depth_fail_op));
    k.push_back(static_cast<uint32_t>(f->stencil_pass_op));
    k.push_back(static_cast<uint32_t>(f->stencil_func));
  }
  return k;
}

}  // namespace

DsCheck check_depth_stencil_desc(const DepthStencilDesc* desc) {
  DsRule rule = DsRule::OK;
  if (desc == nullptr) {
    rule = DsRule::NULL_DESC;
  } else if (desc->depth_enable && !is_valid_cmp_func(static_cast<uint32_t>(desc->depth_func))) {
    rule = DsRule::DEPTH_FUNC;
  } else if (desc->depth_enable &&
             !is_valid_depth_write_mask(static_cast<uint32_t>(desc->depth_write_mask))) {
    rule = DsRule::DEPTH_WRITE_MASK;
  } else if (desc->stencil_enable) {
    rule = check_face(desc->front_face, DsRule::FRONT_STENCIL_FUNC);
    if (rule == DsRule::OK) rule = check_face(desc->back_face, DsRule::BACK_STENCIL_FUNC);
  }
  return DsCheck{rule == DsRule::OK ? Hresult::S_OK : Hresult::E_INVALIDARG, rule};
}

DepthStencilDesc normalise(const DepthStencilDesc& desc) {
  DepthStencilDesc n = desc;
  if (!n.depth_enable) {
    n.depth_func = CmpFunc::LESS;
    n.depth_write_mask = DepthWriteMask::ALL;
  }
  if (!n.stencil_enable) {
    n.front_face = n.back_face = DepthStencilOpDesc{};
    n.stencil_read_mask = n.stencil_write_mask = 0xFF;
  }
  return n;
}

std::vector<uint32_t> DepthStencilStateTable::KeyOf::operator()(const DepthStencilDesc& n) const {
  return fields_of(n);
}

bool operator==(const DepthStencilDesc& a, const DepthStencilDesc& b) {
  return fields_of(a) == fields_of(b);
}

bool operator!=(const DepthStencilDesc& a, const DepthStencilDesc& b) { return !(a == b); }

CreateDepthStencilStateResult DepthStencilStateTable::create(const DepthStencilDesc* desc,
                                                             bool want_object) {
  CreateDepthStencilStateResult r;
  const DsCheck check = check_depth_stencil_desc(desc);
  if (check.hr != Hresult::S_OK) {
    r.hr = check.hr;
    r.rule = check.rule;
    return r;
  }
  if (!want_object) {
    r.hr = Hresult::S_FALSE;
    return r;
  }
  const auto added = objects_.add(normalise(*desc));
  r.hr = added.hr;
  r.handle = added.handle;
  return r;
}

DepthStencilDesc d3d9_depth_stencil_desc(const D3d9DepthStencil& s) {
  DepthStencilDesc d;
  d.depth_enable = s.z_enable;
  d.depth_write_mask = s.z_write_enable ? DepthWriteMask::ALL : DepthWriteMask::ZERO;
  d.depth_func = s.z_func;
  d.stencil_enable = s.stencil_enable;
  d.stencil_read_mask = static_cast<uint8_t>(s.stencil_mask & 0xFFu);
  d.stencil_write_mask = static_cast<uint8_t>(s.stencil_write_mask & 0xFFu);
  d.front_face = s.stencil;
  d.back_face = s.two_sided_stencil_mode ? s.ccw_stencil : s.stencil;
  return d;
}

}  // namespace om::ref

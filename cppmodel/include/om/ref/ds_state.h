// SPDX-License-Identifier: Apache-2.0
// CreateDepthStencilState (docs/depth-stencil.md §4): validation, normalisation and the object
// table (de-duplication, reference counting, 4096 unique objects), as for blend states.
#pragma once

#include <cstdint>
#include <vector>

#include "om/gen/defs.h"
#include "om/ref/depth_stencil.h"
#include "om/ref/state_object_table.h"

namespace om::ref {

/// The rule a depth-stencil descriptor breaks (OK when none), generated from defs/enums.toml with
/// message(), the debug layer's message name.
using om::DsRule;

struct DsCheck {
  Hresult hr = Hresult::S_OK;
  DsRule rule = DsRule::OK;
};

/// docs/depth-stencil.md §4, first failure in the enum's order: fields of a disabled part (depth
/// with DepthEnable = FALSE, stencil with StencilEnable = FALSE) are not checked.
DsCheck check_depth_stencil_desc(const DepthStencilDesc* desc);

/// What GetDesc reports and the de-duplication key: DepthEnable = FALSE sets DepthFunc LESS and
/// DepthWriteMask ALL; StencilEnable = FALSE sets both faces to KEEP/KEEP/KEEP/ALWAYS and both
/// masks to 0xFF. Idempotent; total.
DepthStencilDesc normalise(const DepthStencilDesc& desc);

bool operator==(const DepthStencilDesc& a, const DepthStencilDesc& b);
bool operator!=(const DepthStencilDesc& a, const DepthStencilDesc& b);

// D3d9DepthStencil, the D3D9 depth/stencil render states, is depth_stencil.h's (generated).

/// The D3D11 description the D3D9 states select: ZENABLE -> DepthEnable, ZWRITEENABLE ->
/// DepthWriteMask, ZFUNC, the masks' low 8 bits, FrontFace = the STENCIL* states, BackFace = the
/// CCW_* states in two-sided mode, else the STENCIL* states too. Total (encodings are copied).
DepthStencilDesc d3d9_depth_stencil_desc(const D3d9DepthStencil& s);

using DepthStencilStateHandle = StateHandle;

struct CreateDepthStencilStateResult {
  Hresult hr = Hresult::S_OK;
  DepthStencilStateHandle handle = 0;  // set only when hr == S_OK
  DsRule rule = DsRule::OK;            // the broken rule when hr == E_INVALIDARG
};

class DepthStencilStateTable {
 public:
  /// CreateDepthStencilState(desc, want_object ? &p : nullptr): invalid -> E_INVALIDARG (rule says
  /// why), nothing changes; !want_object -> S_FALSE; otherwise as StateObjectTable::add.
  CreateDepthStencilStateResult create(const DepthStencilDesc* desc, bool want_object = true);
  uint32_t add_ref(DepthStencilStateHandle h) { return objects_.add_ref(h); }
  uint32_t release(DepthStencilStateHandle h) { return objects_.release(h); }
  const DepthStencilDesc& desc(DepthStencilStateHandle h) const { return objects_.desc(h); }
  uint32_t ref_count(DepthStencilStateHandle h) const { return objects_.ref_count(h); }
  bool is_live(DepthStencilStateHandle h) const { return objects_.is_live(h); }
  uint32_t live_count() const { return objects_.live_count(); }

 private:
  struct KeyOf {
    std::vector<uint32_t> operator()(const DepthStencilDesc& normalised) const;
  };
  StateObjectTable<DepthStencilDesc, KeyOf> objects_;
};

}  // namespace om::ref

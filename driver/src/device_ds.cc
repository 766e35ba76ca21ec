// SPDX-License-Identifier: Apache-2.0
// Depth-stencil-state objects of the device (docs/depth-stencil.md §4): the reference model's
// validation and object table behind D3D's calls and codes.
#include <string>

#include "om/driver/device.h"

namespace om::driver {

Hresult Device::create_depth_stencil_state(const ref::DepthStencilDesc* desc,
                                           DepthStencilState* state) {
  const ref::CreateDepthStencilStateResult r = ds_table_.create(desc, state != nullptr);
  if (r.hr == Hresult::E_INVALIDARG) {
    return fail(r.hr, std::string("create_depth_stencil_state: ") + message(r.rule));
  }
  if (r.hr == Hresult::D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS) {
    return fail(r.hr,
                "create_depth_stencil_state: 4096 unique depth-stencil-state objects are live");
  }
  if (failed(r.hr)) return fail(r.hr, "create_depth_stencil_state failed");
  if (state != nullptr) *state = r.handle;
  last_error_.clear();
  return r.hr;
}

Hresult Device::add_ref_depth_stencil_state(DepthStencilState state, uint32_t* count) {
  if (!ds_table_.is_live(state)) {
    return fail(Hresult::E_INVALIDARG,
                "add_ref: depth-stencil state " + std::to_string(state) + " is not live");
  }
  const uint32_t n = ds_table_.add_ref(state);
  if (count != nullptr) *count = n;
  return ok();
}

Hresult Device::release_depth_stencil_state(DepthStencilState state, uint32_t* count) {
  if (!ds_table_.is_live(state)) {
    return fail(Hresult::E_INVALIDARG,
                "release: depth-stencil state " + std::to_string(state) + " is not live");
  }
  const uint32_t n = ds_table_.release(state);
  if (count != nullptr) *count = n;
  return ok();
}

Hresult Device::get_depth_stencil_desc(DepthStencilState state, ref::DepthStencilDesc* desc) const {
  if (desc == nullptr) {
    return fail(Hresult::E_INVALIDARG, "get_depth_stencil_desc: null description");
  }
  if (!ds_table_.is_live(state)) {
    return fail(Hresult::E_INVALIDARG, "get_depth_stencil_desc: depth-stencil state " +
                                           std::to_string(state) + " is not live");
  }
  *desc = ds_table_.desc(state);
  last_error_.clear();
  return Hresult::S_OK;
}

}  // namespace om::driver

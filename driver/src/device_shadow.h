// SPDX-License-Identifier: Apache-2.0
// The API-level state behind om::driver::Device (what the application set), shared by the device's
// source files.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "om/driver/device.h"
#include "om/ref/fp32.h"

namespace om::driver {

struct Device::Shadow {
  BlendState blend = ref::kNullBlendState;  // bound object; 0 = default state
  std::array<uint32_t, 4> blend_factor{{ref::kF32One, ref::kF32One, ref::kF32One, ref::kF32One}};
  uint32_t sample_mask = 0xFFFFFFFFu;
  std::array<bool, ref::kMaxRts> bound{};
  std::array<RenderTargetView, ref::kMaxRts> views{};
  bool dsv_bound = false;
  DepthStencilView dsv;
  DepthStencilState ds_state = 0;  // bound object; 0 = the default state
  uint32_t stencil_ref = 0;
  uint32_t min_depth = 0;             // viewport MinDepth, binary32
  uint32_t max_depth = ref::kF32One;  // viewport MaxDepth, binary32
  std::array<PsOutputDesc, ref::kMaxRts> ps{};
  bool d3d9_mode = false;
  ref::D3d9State d3d9;
  ref::D3d9DepthStencil
      d3d9_ds;  // the D3D9 depth/stencil render states (D3D9 mode only)  // alpha test and fog as
                // set (the hardware enables them in D3D9 mode only)
  std::array<uint32_t, 4> color_write_enable{{0xF, 0xF, 0xF, 0xF}};
};

/// D3D's maximum Texture1D/2D width and height at `fl` (D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION and
/// the 10Level9 / D3D10 limits).
uint32_t max_texture_size(FeatureLevel fl);
bool is_fl9(FeatureLevel fl);
/// "0x..." of a register value or word, for messages.
std::string hex(uint32_t v);
/// Why `v` is not a valid render-target / depth-stencil view on a device with `caps` ("" when it
/// is; device_views.cc).
std::string rtv_problem(const RenderTargetView& v, const ref::Caps& caps);
std::string dsv_problem(const DepthStencilView& v, const ref::Caps& caps);

}  // namespace om::driver

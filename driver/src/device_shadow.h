// SPDX-License-Identifier: Apache-2.0
// The API-level state behind om::driver::Device (what the application set), shared by the device's
// source files.
#pragma once

#include <array>
#include <cstdint>

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
  std::array<PsOutputDesc, ref::kMaxRts> ps{};
  bool d3d9_mode = false;
  ref::D3d9State d3d9;  // alpha test and fog as set (the hardware enables them in D3D9 mode only)
  std::array<uint32_t, 4> color_write_enable{{0xF, 0xF, 0xF, 0xF}};
};

}  // namespace om::driver

// SPDX-License-Identifier: Apache-2.0
// Everything om_csr's state registers hold (om_pkg::state_t), in reference-model types: what a test
// or the stimulus draws with, what the register codec (regfile.h) encodes and decodes, what the
// scoreboard applies.
#pragma once

#include <array>
#include <cstdint>

#include "om/gen/types.h"
#include "om/ref/pixel.h"

namespace om::sim {

/// Everything the state registers hold (om_pkg::state_t), in reference-model types.
struct DrawState {
  ref::BlendDesc blend;
  ref::Vec4 k{ref::kF32One, ref::kF32One, ref::kF32One, ref::kF32One};
  uint32_t sample_mask = 0xFFFFFFFFu;
  uint32_t ps_outputs = 0xFFu;
  ref::D3d9State d3d9;
  std::array<RtBind, ref::kMaxRts> rt{};  // format: DXGI value, 0 = unbound
};

}  // namespace om::sim

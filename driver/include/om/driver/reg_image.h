// SPDX-License-Identifier: Apache-2.0
// The state window of the register map (0x200-0x2FF, docs/registers.md) as the driver sees it: the
// hardware state in reference-model types (HwState), the register values that hold it (RegImage),
// and the two conversions. decode() keeps every field exactly as the registers hold it, illegal
// enum encodings included, so validation can see them.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "om/gen/defs.h"
#include "om/gen/types.h"
#include "om/ref/state.h"

namespace om::driver {

/// Value of every read-write register of the state window, by byte offset.
using RegImage = std::map<uint32_t, uint32_t>;

/// Byte offsets of the read-write state registers, ascending (from om/gen/regs.h).
const std::vector<uint32_t>& state_register_offsets();

/// Everything the state registers hold (om_pkg::state_t), in reference-model types. Enum fields may
/// hold any encoding the register field can (e.g. SrcBlend 0..31).
struct HwState {
  ref::BlendDesc blend;  // CTRL and RT[i].RT_BLEND / RT_LOGIC (write masks included)
  std::array<uint32_t, 4> blend_factor{{0x3F800000u, 0x3F800000u, 0x3F800000u, 0x3F800000u}};
  uint32_t sample_mask = 0xFFFFFFFFu;
  ref::D3d9State d3d9;                           // ALPHA_TEST, FOG, FOG_COLOR
  uint32_t ps_declared = 0;                      // PS_OUTPUTS.DECLARED
  std::array<uint32_t, ref::kMaxRts> ps_type{};  // PS_OUTPUTS.TYPE, 2 bits per slot
  std::array<RtBind, ref::kMaxRts> rt{};         // format: DXGI value, 0 = unbound
};

/// The register values holding `s`. Throws std::out_of_range naming the field when a value does
/// not fit its register field (the driver validates before it encodes).
RegImage encode(const HwState& s);
/// The state the registers of `image` hold (missing offsets read as their reset values).
HwState decode(const RegImage& image);

}  // namespace om::driver

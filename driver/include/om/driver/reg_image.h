// SPDX-License-Identifier: Apache-2.0
// The state window of the register map (0x200-0x2FF, docs/registers.md) as the driver sees it: the
// hardware state (om::State), the register values that hold it (RegImage), and the two
// conversions. decode() keeps every field exactly as the registers hold it, illegal enum encodings
// included, so validation can see them.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "om/gen/defs.h"
#include "om/gen/types.h"
#include "om/ref/hw_state.h"

namespace om::driver {

/// Value of every read-write register of the state window, by byte offset.
using RegImage = std::map<uint32_t, uint32_t>;

/// Byte offsets of the read-write state registers, ascending (from om/gen/regs.h).
const std::vector<uint32_t>& state_register_offsets();

/// The register values holding `s`. Throws std::out_of_range naming the field when a value does
/// not fit its register field (the driver validates before it encodes).
RegImage encode(const State& s);
/// The state the registers of `image` hold (missing offsets read as their reset values).
State decode(const RegImage& image);

}  // namespace om::driver

// SPDX-License-Identifier: Apache-2.0
// Coverage sampling of one accepted pixel: which bins of Coverage its processing exercises, worked
// out from the state and the pixel with om::ref's selection rules (not from either simulated side).
#pragma once

#include <cstdint>

#include "om/cosim/coverage.h"
#include "om/cosim/scoreboard.h"
#include "om/ref/pixel.h"

namespace om::cosim {

/// `ps` is the reference state pixel (x, y) sees (cosim::Scoreboard::ref_state); `state` the state
/// registers (bindings included) it comes from.
void sample_pixel(Coverage& cov, const ref::PixelState& ps, const ref::DrawState& state,
                  const ref::PixelIn& px, uint32_t x, uint32_t y);

}  // namespace om::cosim

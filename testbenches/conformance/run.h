// SPDX-License-Identifier: Apache-2.0
// Runs a conformance vector through the reference model's whole-pixel function
// om::ref::process_pixel.
#pragma once

#include <array>
#include <optional>

#include "om/ref/pixel.h"
#include "vector.h"

namespace om::conformance {

/// The draw state of `v`: bound formats, K, every output declared, full coverage. The README
/// expresses IndependentBlendEnable = FALSE by repeating one descriptor on every RT, so identical
/// descriptors on every bound slot give IBE = FALSE with that descriptor in RenderTarget[0] (also
/// when slot 0 is unbound, as logic ops need); otherwise IBE = TRUE with each slot's own
/// descriptor.
om::ref::PixelState pixel_state(const Vector& v);

/// The pixel of `v`: o[0..7] and o1.
om::ref::PixelIn pixel_in(const Vector& v);

/// The stored component fields of every bound slot after process_pixel (nullopt for unbound slots).
std::array<std::optional<om::ref::Raw4>, 8> run_model(const Vector& v);

}  // namespace om::conformance

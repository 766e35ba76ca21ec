// SPDX-License-Identifier: Apache-2.0
// The state registers' content (om::State, the generated om_pkg::state_t) and its pieces in
// reference-model types: the one conversion between them, used by the co-simulation's register
// shadow and the host driver (each field kept exactly, illegal encodings included, so validation
// and the scoreboard see what the hardware holds).
#pragma once

#include <array>
#include <cstdint>

#include "om/gen/types.h"
#include "om/ref/convert.h"
#include "om/ref/state.h"

namespace om::ref {

/// A blend descriptor as the registers hold it, and back (enum fields as raw values).
RtDesc to_rt_desc(const RtBlendDesc& d);
RtBlendDesc from_rt_desc(const RtDesc& d);

/// The register-level state of these API-level pieces. `ps_output_type`: 0 float, 1 uint, 2 sint
/// per slot.
State to_state(const BlendDesc& blend, const Vec4& blend_factor, uint32_t sample_mask,
               const D3d9State& d3d9, uint32_t ps_outputs,
               const std::array<uint32_t, kMaxRts>& ps_output_type,
               const std::array<RtBind, kMaxRts>& rt_bind);

/// The API-level pieces of a register-level state (the rest of State maps one to one).
BlendDesc blend_desc(const State& s);
D3d9State d3d9_state(const State& s);

}  // namespace om::ref

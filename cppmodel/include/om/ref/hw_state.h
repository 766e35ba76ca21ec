// SPDX-License-Identifier: Apache-2.0
// The state registers' content (om::State, the generated om_pkg::state_t, the one state struct)
// and its pieces in reference-model types: each piece read from a State and written into one, used
// by the cycle model, the co-simulation's stimulus and scoreboard, the host driver and the tests
// (each field kept exactly, illegal encodings included, so validation and the scoreboard see what
// the hardware holds).
#pragma once

#include <array>
#include <cstdint>

#include "om/gen/types.h"
#include "om/ref/convert.h"
#include "om/ref/depth_stencil.h"
#include "om/ref/fp32.h"
#include "om/ref/pixel.h"
#include "om/ref/state.h"

namespace om::ref {

/// The state of the API's defaults: BlendDesc{}, D3d9State{} and DepthStencilDesc{} (D3D's
/// documented defaults), BlendFactor 1, SampleMask all ones, every pixel-shader output declared,
/// depth range [0, 1], nothing bound. What a test or the stimulus starts drawing from.
State default_state();

/// A blend descriptor as the registers hold it, and back (enum fields as raw values).
RtDesc to_rt_desc(const RtBlendDesc& d);
RtBlendDesc from_rt_desc(const RtDesc& d);

/// The API-level pieces of a register-level state, and each written into one (enum fields as raw
/// values, illegal encodings included; DepthWriteMask as ALL or not, only the DsvFlag bits of a
/// view's flags: what the registers can hold).
BlendDesc blend_desc(const State& s);
void set_blend_desc(State& s, const BlendDesc& b);
D3d9State d3d9_state(const State& s);
void set_d3d9_state(State& s, const D3d9State& d);
DepthStencilDesc ds_desc(const State& s);
void set_ds_desc(State& s, const DepthStencilDesc& d);
void set_ds_view(State& s, const DsView& v);
/// The view, StencilRef and depth range as depth_stencil_sample takes them: format nullptr when
/// no view is bound or its FORMAT is no depth format (docs/depth-stencil.md §1).
DsBinding ds_binding(const State& s);

/// The reference-model state pixel (x, y) sees under `s` on hardware configured as `cfg`: slots
/// below cfg.max_rts whose format is in the format table and whose view covers (x, y); FL 9_x
/// blends sRGB in gamma space (docs/arithmetic.md §9).
PixelState pixel_state(const State& s, const ConfigInfo& cfg, uint32_t x, uint32_t y);
/// What pixel_state() gives every pixel under `s`: all of it but the formats (rt_format nullptr).
PixelState draw_pixel_state(const State& s, const ConfigInfo& cfg);
/// pixel_state(s, cfg, x, y) from draw = draw_pixel_state(s, cfg): for a caller that sees many
/// pixels of one state (the per-pixel part only).
PixelState pixel_state(const PixelState& draw, const State& s, const ConfigInfo& cfg, uint32_t x,
                       uint32_t y);

}  // namespace om::ref

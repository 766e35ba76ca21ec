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
#include "om/ref/depth_stencil.h"
#include "om/ref/fp32.h"
#include "om/ref/pixel.h"
#include "om/ref/state.h"

namespace om::ref {

/// Everything the state registers hold, in reference-model types: what a test, the stimulus or the
/// host driver draws with, what the scoreboard applies. Enum fields may hold any encoding their
/// register field can (validation sees them as the hardware does).
struct DrawState {
  BlendDesc blend;
  Vec4 k{kF32One, kF32One, kF32One, kF32One};  // BlendFactor, binary32
  uint32_t sample_mask = 0xFFFFFFFFu;
  uint32_t sample_count = 0;    // MS_CTRL.SAMPLE_COUNT: log2 of the bound views' sample count
  uint32_t ps_outputs = 0xFFu;  // PS_OUTPUTS.DECLARED: bit i = o[i] declared
  std::array<uint32_t, kMaxRts> ps_output_type{};  // 0 float, 1 uint, 2 sint (om_validate only)
  D3d9State d3d9;
  std::array<RtBind, kMaxRts> rt{};  // format: DXGI value, 0 = unbound
  DepthStencilDesc ds;               // D3D11_DEPTH_STENCIL_DESC (fields as the registers hold them)
  DsView ds_view;                    // the bound depth-stencil view
  uint8_t stencil_ref = 0;           // StencilRef
  uint32_t min_depth = 0;            // viewport MinDepth, binary32
  uint32_t max_depth = kF32One;      // viewport MaxDepth, binary32
};

/// The register-level state of `s`, and back.
State to_state(const DrawState& s);
DrawState draw_state(const State& s);

/// A blend descriptor as the registers hold it, and back (enum fields as raw values).
RtDesc to_rt_desc(const RtBlendDesc& d);
RtBlendDesc from_rt_desc(const RtDesc& d);

/// The API-level pieces of a register-level state.
BlendDesc blend_desc(const State& s);
D3d9State d3d9_state(const State& s);
DepthStencilDesc ds_desc(const State& s);
/// The view, StencilRef and depth range as depth_stencil_sample takes them: format nullptr when
/// no view is bound or its FORMAT is no depth format (docs/depth-stencil.md §1).
DsBinding ds_binding(const State& s);

/// The reference-model state pixel (x, y) sees under `s` on hardware configured as `cfg`: slots
/// below cfg.max_rts whose format is in the format table and whose view covers (x, y); FL 9_x
/// blends sRGB in gamma space (docs/arithmetic.md §9).
PixelState pixel_state(const DrawState& s, const ConfigInfo& cfg, uint32_t x, uint32_t y);

}  // namespace om::ref

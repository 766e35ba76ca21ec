// SPDX-License-Identifier: Apache-2.0
// Output-merger state as the API describes it (docs/behaviour.md §2): D3D11_BLEND_DESC1 and the
// values set with OMSetBlendState, plus the D3D9 legacy states of docs/behaviour.md §5. Plain data,
// D3D defaults as member initialisers. Enum fields may hold any 32-bit value (as in D3D), so
// out-of-range input reaches validation unchanged.
#pragma once

#include <array>
#include <cstdint>

#include "om/gen/defs.h"
#include "om/gen/sizes.h"

namespace om::ref {

inline constexpr int kMaxRts = om::kMaxRts;

/// D3D11_RENDER_TARGET_BLEND_DESC1.
struct RtBlendDesc {
  bool blend_enable = false;
  bool logic_op_enable = false;
  Blend src_blend = Blend::ONE;
  Blend dest_blend = Blend::ZERO;
  BlendOp blend_op = BlendOp::ADD;
  Blend src_blend_alpha = Blend::ONE;
  Blend dest_blend_alpha = Blend::ZERO;
  BlendOp blend_op_alpha = BlendOp::ADD;
  LogicOp logic_op = LogicOp::NOOP;
  uint32_t render_target_write_mask = 0xF;  // D3D's UINT8; wider values are rejected by validation
};

/// A blending descriptor: BlendEnable TRUE with these factors and ops, LogicOpEnable FALSE.
inline RtBlendDesc blending_desc(Blend src, Blend dest, BlendOp op, Blend src_a, Blend dest_a,
                                 BlendOp op_a, uint32_t write_mask = 0xF) {
  RtBlendDesc d;
  d.blend_enable = true;
  d.src_blend = src;
  d.dest_blend = dest;
  d.blend_op = op;
  d.src_blend_alpha = src_a;
  d.dest_blend_alpha = dest_a;
  d.blend_op_alpha = op_a;
  d.render_target_write_mask = write_mask;
  return d;
}

/// D3D11_BLEND_DESC1.
struct BlendDesc {
  bool alpha_to_coverage_enable = false;
  bool independent_blend_enable = false;
  std::array<RtBlendDesc, kMaxRts> render_target{};
};

/// D3D9 legacy post-PS state (docs/behaviour.md §5.4, §5.5): alpha test on oC0.a, fog on RT0 RGB.
struct D3d9State {
  bool alpha_test_enable = false;        // D3DRS_ALPHATESTENABLE
  CmpFunc alpha_func = CmpFunc::ALWAYS;  // D3DRS_ALPHAFUNC
  uint32_t alpha_ref = 0;                // D3DRS_ALPHAREF, low 8 bits used (ref / 255)
  bool fog_enable = false;               // D3DRS_FOGENABLE
  std::array<uint32_t, 3> fog_color{};   // binary32 RGB of D3DRS_FOGCOLOR (alpha unused)
};

}  // namespace om::ref

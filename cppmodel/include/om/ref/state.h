// SPDX-License-Identifier: Apache-2.0
// Output-merger state as the API describes it (docs/behaviour.md §2): D3D11_BLEND_DESC1 and the
// values set with OMSetBlendState, plus the D3D9 legacy states of docs/behaviour.md §5. Plain data,
// D3D defaults as member initialisers. Enum fields may hold any 32-bit value (as in D3D), so
// out-of-range input reaches validation unchanged. The structs (RtBlendDesc, BlendDesc, D3d9State)
// are generated from defs/structs.toml; the helpers around them are here.
#pragma once

#include <cstdint>

#include "om/gen/defs.h"
#include "om/gen/sizes.h"
#include "om/gen/structs/state.h"  // IWYU pragma: export

namespace om::ref {

inline constexpr int kMaxRts = om::kMaxRts;

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

}  // namespace om::ref

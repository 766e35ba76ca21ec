// SPDX-License-Identifier: Apache-2.0
// The D3D11 blend equation of docs/behaviour.md §2.2, §2.3 over any number type (host double for
// tolerance scales, GMP rationals for the exact reference): no rounding of its own, so the number
// type decides the precision.
#pragma once

#include <array>

#include "om/gen/defs.h"
#include "om/ref/state.h"

namespace om::conformance {

/// The operands after the per-RT input clamp (the caller clamps, or not, as the RT class requires).
template <typename T>
struct BlendInputs {
  std::array<T, 4> s{};   // o[i]
  std::array<T, 4> s1{};  // o1 (dual source)
  std::array<T, 4> k{};   // BlendFactor
  std::array<T, 4> d{};   // destination, decoded
};

/// Factor `b` for channel `ch` (3 = alpha slot: SRC_ALPHA_SAT is 1 there). 1 - x is never clamped.
template <typename T>
T blend_factor_value(Blend b, int ch, const BlendInputs<T>& in) {
  const T one(1);
  switch (b) {
    case Blend::ZERO:
      return T(0);
    case Blend::ONE:
      return one;
    case Blend::SRC_COLOR:
      return in.s[ch];
    case Blend::INV_SRC_COLOR:
      return one - in.s[ch];
    case Blend::SRC_ALPHA:
      return in.s[3];
    case Blend::INV_SRC_ALPHA:
      return one - in.s[3];
    case Blend::DEST_ALPHA:
      return in.d[3];
    case Blend::INV_DEST_ALPHA:
      return one - in.d[3];
    case Blend::DEST_COLOR:
      return in.d[ch];
    case Blend::INV_DEST_COLOR:
      return one - in.d[ch];
    case Blend::SRC_ALPHA_SAT: {
      if (ch == 3) return one;
      const T inv = one - in.d[3];
      return in.s[3] < inv ? in.s[3] : inv;
    }
    case Blend::BLEND_FACTOR:
      return in.k[ch];
    case Blend::INV_BLEND_FACTOR:
      return one - in.k[ch];
    case Blend::SRC1_COLOR:
      return in.s1[ch];
    case Blend::INV_SRC1_COLOR:
      return one - in.s1[ch];
    case Blend::SRC1_ALPHA:
      return in.s1[3];
    case Blend::INV_SRC1_ALPHA:
      return one - in.s1[3];
  }
  return T(0);
}

/// Channel `ch` of the blend result (unclamped): RGB with the colour fields, A with the alpha
/// fields.
template <typename T>
T blend_equation(const om::ref::RtBlendDesc& desc, int ch, const BlendInputs<T>& in) {
  const bool alpha = ch == 3;
  const BlendOp op = alpha ? desc.blend_op_alpha : desc.blend_op;
  const T& s = in.s[ch];
  const T& d = in.d[ch];
  if (op == BlendOp::MIN) return s < d ? s : d;
  if (op == BlendOp::MAX) return s < d ? d : s;
  const T ts = s * blend_factor_value(alpha ? desc.src_blend_alpha : desc.src_blend, ch, in);
  const T td = d * blend_factor_value(alpha ? desc.dest_blend_alpha : desc.dest_blend, ch, in);
  if (op == BlendOp::SUBTRACT) return ts - td;
  if (op == BlendOp::REV_SUBTRACT) return td - ts;
  return ts + td;
}

}  // namespace om::conformance

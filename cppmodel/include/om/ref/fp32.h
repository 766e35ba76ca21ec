// SPDX-License-Identifier: Apache-2.0
// Bit-exact binary32 primitives of the canonical datapath (docs/arithmetic.md).
// Every value is a raw IEEE-754 binary32 bit pattern held in a uint32_t, so NaN payloads and signed
// zeros are visible and nothing depends on the host's floating-point environment.
#pragma once

#include <cstdint>
#include <cstring>

#include "om/gen/defs.h"

namespace om::ref {

/// Quiet NaN produced by every arithmetic op with a NaN result (docs/behaviour.md §11 #24).
inline constexpr uint32_t kF32CanonicalNan = 0x7FC00000u;
inline constexpr uint32_t kF32One = 0x3F800000u;
inline constexpr uint32_t kF32Half = 0x3F000000u;
inline constexpr uint32_t kF32Zero = 0x00000000u;
inline constexpr uint32_t kF32MinusOne = 0xBF800000u;
inline constexpr uint32_t kF32SignBit = 0x80000000u;

inline uint32_t f32_bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
inline float f32_value(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}
constexpr bool f32_is_nan(uint32_t a) { return (a & 0x7FFFFFFFu) > 0x7F800000u; }
constexpr bool f32_is_zero(uint32_t a) { return (a & 0x7FFFFFFFu) == 0; }
constexpr bool f32_is_denormal(uint32_t a) {
  return (a & 0x7F800000u) == 0 && (a & 0x007FFFFFu) != 0;
}
constexpr bool f32_sign(uint32_t a) { return (a >> 31) != 0; }

/// Flush a denormal to the zero of the same sign; every other value is returned unchanged.
constexpr uint32_t f32_ftz(uint32_t a) { return f32_is_denormal(a) ? (a & kF32SignBit) : a; }

// The host computes each op in binary32 with RNE and gradual underflow (the default environment, no
// -ffast-math, no FMA contraction: -ffp-contract=off); flushing and NaN canonicalisation around it
// give the exact contract of docs/arithmetic.md. Every primitive is inline: the datapath and the
// kill rule run several per op or pixel.

/// A host binary32 result under those rules: a NaN becomes kF32CanonicalNan, a denormal the zero
/// of its sign.
inline uint32_t f32_finish(float r) {
  const uint32_t b = f32_bits(r);
  return f32_is_nan(b) ? kF32CanonicalNan : f32_ftz(b);
}
/// a + b: inputs flushed (FTZ), IEEE RNE with gradual underflow, then a denormal result is flushed
/// to a signed zero; any NaN result is kF32CanonicalNan. -0 + +0 = +0.
inline uint32_t f32_add(uint32_t a, uint32_t b) {
  a = f32_ftz(a);
  b = f32_ftz(b);
  if (f32_is_nan(a) || f32_is_nan(b)) return kF32CanonicalNan;
  return f32_finish(f32_value(a) + f32_value(b));
}
/// a - b, defined as f32_add(a, b with its sign flipped) (identical IEEE semantics, incl. x - x =
/// +0).
inline uint32_t f32_sub(uint32_t a, uint32_t b) { return f32_add(a, b ^ kF32SignBit); }
/// a * b with the same FTZ/RNE/NaN rules as f32_add (NaN * 0 = INF * 0 = NaN).
inline uint32_t f32_mul(uint32_t a, uint32_t b) {
  a = f32_ftz(a);
  b = f32_ftz(b);
  if (f32_is_nan(a) || f32_is_nan(b)) return kF32CanonicalNan;
  return f32_finish(f32_value(a) * f32_value(b));
}
/// D3D min: inputs flushed; a NaN operand yields the other operand; both NaN yields
/// kF32CanonicalNan; min(-0, +0) = -0 (IEEE-754R, docs/behaviour.md §11 #25).
inline uint32_t f32_min(uint32_t a, uint32_t b) {
  a = f32_ftz(a);
  b = f32_ftz(b);
  if (f32_is_nan(a) && f32_is_nan(b)) return kF32CanonicalNan;
  if (f32_is_nan(a)) return b;
  if (f32_is_nan(b)) return a;
  if (f32_is_zero(a) && f32_is_zero(b)) return a | b;
  return f32_value(a) < f32_value(b) ? a : b;
}
/// D3D max: as f32_min; max(-0, +0) = +0.
inline uint32_t f32_max(uint32_t a, uint32_t b) {
  a = f32_ftz(a);
  b = f32_ftz(b);
  if (f32_is_nan(a) && f32_is_nan(b)) return kF32CanonicalNan;
  if (f32_is_nan(a)) return b;
  if (f32_is_nan(b)) return a;
  if (f32_is_zero(a) && f32_is_zero(b)) return a & b;
  return f32_value(a) > f32_value(b) ? a : b;
}
/// Clamp to [lo, hi] as used before and after blending: NaN -> +0 (docs/arithmetic.md §4;
/// docs/behaviour.md §11 #33), then f32_max(lo), f32_min(hi).
inline uint32_t f32_clamp(uint32_t a, uint32_t lo, uint32_t hi) {
  if (f32_is_nan(a)) return kF32Zero;
  return f32_min(f32_max(a, lo), hi);
}
/// `x FUNC y` on two values of one ordered type: the one switch behind every comparison of the OM
/// (binary32 below, UNORM depth and stencil codes in depth_stencil.cc). NOT_EQUAL is !(x == y), so
/// an unordered float pair (NaN) is not equal; a func outside 1..8 never passes.
template <class T>
constexpr bool apply_cmp(CmpFunc func, T x, T y) {
  switch (func) {
    case CmpFunc::NEVER:
      return false;
    case CmpFunc::LESS:
      return x < y;
    case CmpFunc::EQUAL:
      return x == y;
    case CmpFunc::LESS_EQUAL:
      return x <= y;
    case CmpFunc::GREATER:
      return x > y;
    case CmpFunc::NOT_EQUAL:
      return !(x == y);
    case CmpFunc::GREATER_EQUAL:
      return x >= y;
    case CmpFunc::ALWAYS:
      return true;
  }
  return false;
}
/// Ordered comparison `a FUNC b` with the D3D NaN rules (docs/behaviour.md §5.4): LESS, EQUAL,
/// LESS_EQUAL, GREATER, GREATER_EQUAL are false with a NaN operand, NOT_EQUAL is true, NEVER/ALWAYS
/// ignore the operands; +0 == -0. Inputs are flushed.
inline bool f32_compare(CmpFunc func, uint32_t a, uint32_t b) {
  return apply_cmp(func, f32_value(f32_ftz(a)), f32_value(f32_ftz(b)));
}
/// Truncate a finite non-negative value below 2^32 to an unsigned integer (the "truncate" of
/// docs/arithmetic.md §6).
inline uint32_t f32_trunc_u32(uint32_t a) { return static_cast<uint32_t>(f32_value(a)); }
/// Truncate toward zero to a signed integer; |a| must be below 2^31.
inline int32_t f32_trunc_i32(uint32_t a) { return static_cast<int32_t>(f32_value(a)); }
/// Exact conversion of an integer of magnitude <= 2^24 to binary32.
inline uint32_t f32_from_int(int32_t i) { return f32_bits(static_cast<float>(i)); }

}  // namespace om::ref

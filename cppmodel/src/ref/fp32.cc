// SPDX-License-Identifier: Apache-2.0
// The host computes each op in binary32 with RNE and gradual underflow (the default environment, no
// -ffast-math); flushing and NaN canonicalisation around it give the exact contract of
// docs/arithmetic.md.
#include "om/ref/fp32.h"

#include <cmath>

namespace om::ref {
namespace {

uint32_t finish(float r) {
  if (std::isnan(r)) return kF32CanonicalNan;
  return f32_ftz(f32_bits(r));
}

}  // namespace

uint32_t f32_add(uint32_t a, uint32_t b) {
  a = f32_ftz(a);
  b = f32_ftz(b);
  if (f32_is_nan(a) || f32_is_nan(b)) return kF32CanonicalNan;
  return finish(f32_value(a) + f32_value(b));
}

uint32_t f32_sub(uint32_t a, uint32_t b) { return f32_add(a, b ^ kF32SignBit); }

uint32_t f32_mul(uint32_t a, uint32_t b) {
  a = f32_ftz(a);
  b = f32_ftz(b);
  if (f32_is_nan(a) || f32_is_nan(b)) return kF32CanonicalNan;
  return finish(f32_value(a) * f32_value(b));
}

bool f32_compare(CmpFunc func, uint32_t a, uint32_t b) {
  return apply_cmp(func, f32_value(f32_ftz(a)), f32_value(f32_ftz(b)));
}

uint32_t f32_trunc_u32(uint32_t a) { return static_cast<uint32_t>(f32_value(a)); }

int32_t f32_trunc_i32(uint32_t a) { return static_cast<int32_t>(f32_value(a)); }

uint32_t f32_from_int(int32_t i) { return f32_bits(static_cast<float>(i)); }

}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// The binary32 primitives that are not inline in fp32.h (see there for the host's rules).
#include "om/ref/fp32.h"

namespace om::ref {

bool f32_compare(CmpFunc func, uint32_t a, uint32_t b) {
  return apply_cmp(func, f32_value(f32_ftz(a)), f32_value(f32_ftz(b)));
}

uint32_t f32_trunc_u32(uint32_t a) { return static_cast<uint32_t>(f32_value(a)); }

int32_t f32_trunc_i32(uint32_t a) { return static_cast<int32_t>(f32_value(a)); }

uint32_t f32_from_int(int32_t i) { return f32_bits(static_cast<float>(i)); }

}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// Exact evaluation of the ideal sRGB encode curve of docs/arithmetic.md §9 with its decimal
// constants taken exactly:
//   s(c) = 12.92 * c                       if c <= 0.0031308
//   s(c) = 1.055 * c^(1/2.4) - 0.055        otherwise.
// f32_srgb_encode_unquantised() (convert.h) rounds s(c) to binary32; these helpers decide the
// rounding exactly where a fast estimate is too close to a rounding boundary, and let tests check
// correct rounding independently.
#pragma once

#include <cstdint>

namespace om::ref {

/// True when the binary32 c (finite, 0 <= c <= 1) lies on the linear segment, i.e. c <= 0.0031308
/// exactly.
bool srgb_encode_is_linear(uint32_t c);

/// Sign (-1, 0, +1) of s(c) - num * 2^exp2, computed exactly with integer arithmetic. c: binary32
/// bits of a finite value in [0, 1] (denormals are taken at face value); num < 2^40; exp2 in [-300,
/// 300].
int srgb_encode_ideal_compare(uint32_t c, uint64_t num, int exp2);

}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// Exact rational reference for UNORM render targets (docs/behaviour.md §2.2, §2.3;
// docs/arithmetic.md §4, §6 without any rounding): the ideal value of a written component in units
// of codes, so a stored code's distance to the ideal can be measured for both the canonical
// datapath and lavapipe. GMP rationals: every binary32 input and every code/(2^n - 1) is exact.
#pragma once

#include <gmpxx.h>

#include "vector.h"

namespace om::conformance {

/// True when slot `slot` of `v` is a UNORM render target (not sRGB) whose component `ch` is written
/// by the blend or pass-through path (no logic op, write-mask bit set): the components
/// exact_unorm_code covers.
bool exact_ref_applies(const Vector& v, int slot, int ch);

/// The ideal code x = clamp(result, 0, 1) * (2^n - 1) of component `ch`: with blending, the D3D11
/// equation on inputs clamped to [0, 1] (NaN -> 0) and D = code / (2^n - 1); without, clamp(S) *
/// (2^n - 1).
mpq_class exact_unorm_code(const Vector& v, int slot, int ch);

/// True for the RGB components of an sRGB render target written by the blend or pass-through path.
bool srgb_ref_applies(const Vector& v, int slot, int ch);

/// The ideal sRGB code (before rounding) of RGB component `ch`: D decoded and the result encoded
/// with the exact curves of docs/arithmetic.md §9 evaluated in long double (the curves are not
/// rational, so this is near-exact: ~1e-18 relative), the D3D11 equation on inputs clamped to
/// [0, 1], then clamp and x 255; returned as a rational.
mpq_class ideal_srgb_code(const Vector& v, int slot, int ch);

/// |code - x| as a double (for statistics).
double code_distance(uint32_t code, const mpq_class& x);

/// True when `code` is a correct rounding of x (|code - x| <= 1/2, so both codes of an exact tie
/// count).
bool correctly_rounded(uint32_t code, const mpq_class& x);

}  // namespace om::conformance

// SPDX-License-Identifier: Apache-2.0
// Tolerance classes of tests/data/conformance/README.md: how far a written component may be from
// lavapipe's and still conform (lavapipe is one point inside D3D's window, not the ideal). All
// arithmetic here is independent of om::ref: host double for value scales, the ideal sRGB curve
// from its formula.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "vector.h"

namespace om::conformance {

enum class Tol {
  kMasked,        // write-mask bit clear: the dest bits, exactly
  kInteger,       // UINT/SINT, no logic op: exact
  kLogic,         // logic op on a UINT RT: exact
  kUnormNoBlend,  // UNORM (and sRGB alpha), blending off: +-1 code
  kSnormNoBlend,  // SNORM, blending off: +-1 code (0x80 and 0x81 both -1)
  kSrgbNoBlend,   // sRGB RGB, blending off: +-1 code
  kFp16NoBlend,   // FLOAT16, blending off: +-1 ULP
  kFp32NoBlend,   // FLOAT32, blending off: exact
  kUnormBlend,    // UNORM (and sRGB alpha), blending on: +-2 codes
  kSnormBlend,    // SNORM, blending on (not in lavapipe's vectors): +-2 codes
  kSrgbBlend,     // sRGB RGB, blending on: +-2 codes or <= 1/255 apart in linear
  kFp16Blend,  // FLOAT16, blending on: <= 2 ULP (binary16) of the largest of |S*Fs|, |D*Fd|, |S|,
               // |D|
  kFp32Blend,  // FLOAT32, blending on: <= 2 ULP (binary32) of the same
  kCount
};

const char* tol_name(Tol t);

/// One component's verdict.
struct Verdict {
  Tol tol = Tol::kMasked;
  bool exact = false;   // model bits == lavapipe bits
  bool within = false;  // inside the class's tolerance
  double distance =
      0;  // in the class's unit: codes, ULPs (binary16 for FP16 no-blend, of the scale for
          // float blends), linear units x255 for an sRGB pair outside +-2 codes
  std::string detail;  // human-readable explanation when !within
};

/// The class of component `ch` of slot `slot` (a bound slot of `v`).
Tol classify(const Vector& v, int slot, int ch);

/// Judge component `ch` of slot `slot`: `model` and `lavapipe` are the stored component bit fields.
Verdict judge(const Vector& v, int slot, int ch, uint32_t model, uint32_t lavapipe);

/// The scale of the float-blend tolerance: max(|S*Fs|, |D*Fd|, |S|, |D|) in host double (S =
/// o[slot][ch], D decoded from dest, factors per docs/behaviour.md §2.2 with no clamping: float RTs
/// take their inputs unclamped). MIN/MAX use only |S| and |D|.
double float_blend_scale(const Vector& v, int slot, int ch);

/// The ideal sRGB decode of an 8-bit code (docs/arithmetic.md §9), in double.
double srgb_decode_ideal(uint32_t code);

/// Binary16 bits -> double (exact).
double f16_to_double(uint32_t h);

}  // namespace om::conformance

// SPDX-License-Identifier: Apache-2.0
// One conformance vector and one lavapipe result, as read from the JSONL files of
// tests/data/conformance (schema in its README). Plain data in the reference model's encodings:
// formats as FormatInfo, blend state as RtBlendDesc, component bit fields as Raw4, shader outputs
// as 32-bit patterns (binary32 or integer).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "om/gen/defs.h"
#include "om/ref/convert.h"
#include "om/ref/state.h"

namespace om::conformance {

/// One render-target slot of a vector.
struct RtVector {
  const FormatInfo* format = nullptr;  // nullptr: nothing bound in this slot
  om::ref::RtBlendDesc desc;  // D3D11_RENDER_TARGET_BLEND_DESC1 of this slot (defaults if omitted)
  om::ref::Raw4 dest{};       // initial texel, component bit fields R, G, B, A (zero-extended)
  om::ref::Vec4 oc{};         // oC<slot>: binary32 bits, or integer bits for UINT/SINT formats
};

/// One input vector (one pixel, up to 8 render targets).
struct Vector {
  std::string id;                    // the "id" value as compact JSON text ("" if absent)
  int line = 0;                      // 1-based line in its file
  std::array<RtVector, 8> rt{};      // slot i = rt[i]; slots past the given list are unbound
  int num_slots = 0;                 // length of the given "rt" list
  std::optional<om::ref::Vec4> oc1;  // oC1 of slot 0 (dual source), binary32 bits
  om::ref::Vec4 blend_factor{};      // OMSetBlendState BlendFactor, binary32 bits (default 0,0,0,0)
};

/// One result line: the texel of every slot after the pixel, or the error the renderer reported.
struct Result {
  std::string id;  // compact JSON text of "id"
  int line = 0;    // 1-based line of the vector it answers ("line" field)
  std::array<std::optional<om::ref::Raw4>, 8> rt;  // nullopt: slot unbound
  std::array<const FormatInfo*, 8> format{};  // format of each bound slot as the result names it
  std::string error;                          // non-empty when the renderer rejected the vector
};

}  // namespace om::conformance

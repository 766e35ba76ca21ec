// SPDX-License-Identifier: Apache-2.0
// Component bit fields <-> little-endian texel words, written independently of om::ref's
// texel_to_raw and raw_to_texel so the conformance test also checks those.
#pragma once

#include <array>
#include <cstdint>

#include "om/gen/defs.h"

namespace om::conformance {

/// The `bits`-wide field at bit `offset` of little-endian 32-bit words `w` (word 0 = bits 0..31).
inline uint32_t field_bits(const std::array<uint32_t, 4>& w, int offset, int bits) {
  const uint64_t lo = w[offset / 32], hi = offset / 32 + 1 < 4 ? w[offset / 32 + 1] : 0;
  const uint64_t v = ((hi << 32) | lo) >> (offset % 32);
  return bits >= 32 ? static_cast<uint32_t>(v) : static_cast<uint32_t>(v & ((1ull << bits) - 1));
}

/// Component fields R, G, B, A of a texel (absent components 0).
inline std::array<uint32_t, 4> texel_fields(const FormatInfo& f, const std::array<uint32_t, 4>& w) {
  std::array<uint32_t, 4> r{};
  for (int c = 0; c < 4; ++c) {
    if (f.ch[c].bits != 0) r[c] = field_bits(w, f.ch[c].offset, f.ch[c].bits);
  }
  return r;
}

/// A texel holding component fields `raw` (each masked to its width); X padding bits set to ones.
inline std::array<uint32_t, 4> texel_words(const FormatInfo& f,
                                           const std::array<uint32_t, 4>& raw) {
  std::array<uint32_t, 4> w{};
  auto put = [&w](int offset, int bits, uint32_t value) {
    for (int i = 0; i < bits; ++i) {
      if ((value >> i) & 1u) w[(offset + i) / 32] |= 1u << ((offset + i) % 32);
    }
  };
  for (int c = 0; c < 4; ++c) put(f.ch[c].offset, f.ch[c].bits, raw[c]);
  put(f.x.offset, f.x.bits, 0xFFFFFFFFu);
  return w;
}

}  // namespace om::conformance

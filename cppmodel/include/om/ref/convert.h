// SPDX-License-Identifier: Apache-2.0
// Format conversions of the canonical datapath (docs/arithmetic.md §3, §6,
// §8–§9). Floating values are binary32 bit patterns (see fp32.h); integer values are
// uint32 / int32 bit patterns. Encoders use only fp32.h ops, so their input clamp maps NaN to +0
// and flushes binary32 denormals to signed zero. Bad arguments (a width the function does not
// support, a code with bits above its width) throw std::invalid_argument / std::out_of_range with a
// message naming the value; nothing else throws.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "om/gen/defs.h"

namespace om::ref {

/// Four components R, G, B, A: binary32 bits for float/norm classes, integer bits for UINT/SINT.
using Vec4 = std::array<uint32_t, 4>;
/// Four raw component bit fields R, G, B, A as stored (zero-extended; absent channel = 0).
using Raw4 = std::array<uint32_t, 4>;
/// A texel of up to 128 bits, little-endian: word 0 holds bits 0..31.
struct Texel {
  std::array<uint32_t, 4> w{};
  bool operator==(const Texel& o) const { return w == o.w; }
  bool operator!=(const Texel& o) const { return w != o.w; }
};

/// The format with this DXGI value, or nullptr when the output merger does not implement it.
const FormatInfo* find_format(uint32_t dxgi);
/// The format with this DXGI name ("R8G8B8A8_UNORM", optional "DXGI_FORMAT_" prefix, any letter
/// case), or nullptr.
const FormatInfo* find_format(std::string_view name);

/// Split a texel into its component bit fields (absent channels 0; X padding and bits above
/// texel_bits ignored).
Raw4 texel_to_raw(const FormatInfo& f, const Texel& t);
/// Assemble a texel from component bit fields (each masked to its width); X padding bits are set to
/// ones (docs/behaviour.md §11 #11); bits above texel_bits are zero.
Texel raw_to_texel(const FormatInfo& f, const Raw4& r);

// Per-component conversions. `bits` is the component width: 1..16 for UNORM, 2..16 for SNORM.
/// UNORM code -> exact binary32 (correctly rounded code / (2^bits - 1)), bits 1..16. 0 -> +0, max
/// -> 1.0.
uint32_t unorm_to_f32(uint32_t code, int bits);
/// binary32 -> UNORM code: clamp [0,1] (NaN -> 0), fp32 x (2^bits - 1), fp32 + 0.5, truncate.
/// Monotonic, within 0.6 of the exact product, reaches every code; ties of the exact product round
/// up (0.5 -> 128 for 8 bits).
uint32_t f32_to_unorm(uint32_t f, int bits);
/// SNORM code (two's complement in `bits`, zero-extended) -> binary32 max(code / (2^(bits-1) - 1),
/// -1), correctly rounded; both -2^(bits-1) and -(2^(bits-1) - 1) read as -1.0; 0 -> +0.
uint32_t snorm_to_f32(uint32_t code, int bits);
/// binary32 -> SNORM code: clamp [-1,1] (NaN -> 0), fp32 x (2^(bits-1) - 1), fp32 +0.5 if the
/// product is >= 0 (incl. -0) else -0.5, truncate toward zero. Returned as two's complement in the
/// low `bits` bits (-1.0 -> 0x81 for 8 bits); -2^(bits-1) is never produced.
uint32_t f32_to_snorm(uint32_t f, int bits);
/// sRGB UNORM8 code (0..255) -> linear binary32 (kSrgbDecodeLut: the correctly rounded ideal
/// decode).
uint32_t srgb_to_f32(uint32_t code);
/// Linear binary32 -> sRGB UNORM8 code: clamp [0,1] (NaN -> 0), then the canonical encode
/// (kSrgbEncodeThresholds: code = number of thresholds <= the clamped value). Equals
/// trunc(fp32(fp32(s * 255) + 0.5)) with s below.
uint32_t f32_to_srgb(uint32_t f);
/// The unquantised sRGB-encoded binary32 `s` of docs/arithmetic.md §6 (used by the FL 9_x
/// gamma-space blend, docs/arithmetic.md §9): clamp [0,1] (NaN -> 0, denormal -> 0), then the
/// round-to-nearest-even binary32 of the ideal curve of docs/arithmetic.md §9 with its decimal
/// constants taken exactly (exact ties exist on the linear segment). Not monotonic at the
/// breakpoint: the linear piece ends a few ulps above where the power piece starts (both quantise
/// to code 10). See srgb_ideal.h.
uint32_t f32_srgb_encode_unquantised(uint32_t f);
/// float16/11/10 bits -> binary32, exact (small-float denormals become normal binary32 values; -0
/// stays -0; INF -> INF; a NaN keeps its sign and its payload, shifted to the top of the binary32
/// mantissa).
uint32_t f16_to_f32(uint32_t h);
uint32_t f11_to_f32(uint32_t h);
uint32_t f10_to_f32(uint32_t h);
/// binary32 -> float16: round toward zero; finite overflow -> +/-65504 (0x7BFF); INF -> INF; NaN of
/// either sign -> 0x7E00; binary32 denormal inputs -> signed zero; values below 2^-14 -> float16
/// denormals (RTZ).
uint32_t f32_to_f16(uint32_t f);
/// binary32 -> float11 / float10: RTZ; negative (incl. -INF, -0, negative denormals) -> 0; finite
/// overflow -> max finite (65024 = 0x7BF / 64512 = 0x3DF); +INF -> INF; NaN of either sign -> 0x7E0
/// / 0x3F0 (NaN wins over the negative rule); small-float denormals kept (RTZ).
uint32_t f32_to_f11(uint32_t f);
uint32_t f32_to_f10(uint32_t f);

/// Read a texel back to the blender's domain (docs/arithmetic.md §3, §8): norm/sRGB/float classes
/// -> binary32 per component; UINT -> zero-extended, SINT -> sign-extended integer. Absent R, G, B
/// read 0; absent A reads 1.0 (1 for integer classes). FLOAT32 components are copied bit-exactly. A
/// field wider than its channel throws std::out_of_range.
Vec4 unpack(const FormatInfo& f, const Raw4& raw);
/// Encode blender-domain values to component bit fields (docs/arithmetic.md §6): norm/sRGB/float
/// classes take binary32; UINT takes uint32 and clamps to [0, 2^n - 1]; SINT takes int32 and clamps
/// to [-2^(n-1), 2^(n-1) - 1] (stored as n-bit two's complement). FLOAT32 components are copied
/// bit-exactly (NaN payloads and denormals survive). UNORM_SRGB encodes R, G, B with f32_to_srgb
/// and A as plain UNORM. Absent components are 0.
Raw4 pack(const FormatInfo& f, const Vec4& v);

}  // namespace om::ref

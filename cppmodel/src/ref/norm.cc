// SPDX-License-Identifier: Apache-2.0
// UNORM / SNORM component conversions (docs/arithmetic.md §3, §6).
#include <array>
#include <stdexcept>
#include <string>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"

namespace om::ref {
namespace {

void check_width(const char* fn, int bits, int lo) {
  if (bits < lo || bits > 16) {
    throw std::invalid_argument(std::string(fn) + ": component width " + std::to_string(bits) +
                                " is outside " + std::to_string(lo) + "..16");
  }
}

void check_code(const char* fn, uint32_t code, int bits) {
  if ((code >> bits) != 0) {
    throw std::out_of_range(std::string(fn) + ": code " + std::to_string(code) +
                            " does not fit in " + std::to_string(bits) + " bits");
  }
}

// code / (2^bits - 1): both operands are exact in binary32 (<= 2^16) and IEEE division is
// correctly rounded (RNE).
uint32_t unorm_quotient(uint32_t code, int bits) {
  const float max_code = static_cast<float>((1u << bits) - 1u);
  return f32_bits(static_cast<float>(code) / max_code);
}

}  // namespace

uint32_t unorm_to_f32(uint32_t code, int bits) {
  // 8-bit codes (the common formats' channels, the alpha-test reference of every pixel) come
  // from a table of the same quotients, built once.
  static const std::array<uint32_t, 256> kUnorm8 = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t c = 0; c < t.size(); ++c) t[c] = unorm_quotient(c, 8);
    return t;
  }();
  if (bits == 8 && code < kUnorm8.size()) return kUnorm8[code];
  check_width("unorm_to_f32", bits, 1);
  check_code("unorm_to_f32", code, bits);
  return unorm_quotient(code, bits);
}

uint32_t f32_to_unorm(uint32_t f, int bits) {
  check_width("f32_to_unorm", bits, 1);
  const uint32_t max_code = (1u << bits) - 1u;
  const uint32_t c = f32_clamp(f, kF32Zero, kF32One);
  const uint32_t scaled = f32_mul(c, f32_from_int(static_cast<int32_t>(max_code)));
  return f32_trunc_u32(f32_add(scaled, kF32Half));
}

uint32_t snorm_to_f32(uint32_t code, int bits) {
  check_width("snorm_to_f32", bits, 2);
  check_code("snorm_to_f32", code, bits);
  const int32_t max_pos = (1 << (bits - 1)) - 1;
  // Sign-extend the two's-complement field.
  const int32_t value = static_cast<int32_t>(code << (32 - bits)) >> (32 - bits);
  if (value < -max_pos) return kF32MinusOne;  // the duplicate -1 code
  return f32_bits(static_cast<float>(value) / static_cast<float>(max_pos));
}

uint32_t f32_to_snorm(uint32_t f, int bits) {
  check_width("f32_to_snorm", bits, 2);
  const int32_t max_pos = (1 << (bits - 1)) - 1;
  const uint32_t c = f32_clamp(f, kF32MinusOne, kF32One);
  const uint32_t scaled = f32_mul(c, f32_from_int(max_pos));
  // "+0.5 if c >= 0 else -0.5": -0 >= 0 holds, so only a negative non-zero value takes -0.5.
  const bool negative = f32_sign(scaled) && !f32_is_zero(scaled);
  const uint32_t rounded = f32_add(scaled, negative ? (kF32Half | kF32SignBit) : kF32Half);
  const int32_t value = f32_trunc_i32(rounded);
  return static_cast<uint32_t>(value) & ((1u << bits) - 1u);
}

}  // namespace om::ref

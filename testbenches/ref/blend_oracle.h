// SPDX-License-Identifier: Apache-2.0
// An independent, straight-line implementation of the canonical blend (docs/arithmetic.md) for the
// tests: host float arithmetic (the default SSE environment: RNE, gradual underflow) with the
// flush-to-zero and NaN rules written out explicitly, and its own decode/encode. It shares no code
// with om::ref's blend/convert implementation; only the generated sRGB tables (kSrgbDecodeLut /
// kSrgbEncodeThresholds, the definition of the sRGB numbers) are reused.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "om/gen/defs.h"

namespace om::oracle {

inline uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
inline float val(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline float qnan() { return val(0x7FC00000u); }

inline float ftz(float x) { return std::fabs(x) < FLT_MIN ? std::copysign(0.0f, x) : x; }
inline float canon(float x) { return std::isnan(x) ? qnan() : x; }
inline float mul(float a, float b) {
  const float r = ftz(a) * ftz(b);
  return canon(ftz(r));
}
inline float add(float a, float b) {
  const float r = ftz(a) + ftz(b);
  return canon(ftz(r));
}
inline float sub(float a, float b) {
  const float r = ftz(a) - ftz(b);
  return canon(ftz(r));
}
inline float fmin_d3d(float a, float b) {
  a = ftz(a);
  b = ftz(b);
  if (std::isnan(a)) return std::isnan(b) ? qnan() : b;
  if (std::isnan(b)) return a;
  if (a == 0.0f && b == 0.0f) return (std::signbit(a) || std::signbit(b)) ? -0.0f : 0.0f;
  return a < b ? a : b;
}
inline float fmax_d3d(float a, float b) {
  a = ftz(a);
  b = ftz(b);
  if (std::isnan(a)) return std::isnan(b) ? qnan() : b;
  if (std::isnan(b)) return a;
  if (a == 0.0f && b == 0.0f) return (std::signbit(a) && std::signbit(b)) ? -0.0f : 0.0f;
  return a > b ? a : b;
}
inline float clamp(float x, float lo, float hi) {
  if (std::isnan(x)) return 0.0f;
  return fmin_d3d(fmax_d3d(x, lo), hi);
}

// UNORM n: decode code / (2^n - 1) (IEEE division is correctly rounded), encode clamp, x(2^n-1),
// +0.5, trunc.
inline float unorm_decode(uint32_t code, int n) {
  return static_cast<float>(code) / static_cast<float>((1u << n) - 1u);
}
inline uint32_t unorm_encode(float x, int n) {
  const float c = clamp(x, 0.0f, 1.0f);
  const float scaled = mul(c, static_cast<float>((1u << n) - 1u));
  return static_cast<uint32_t>(add(scaled, 0.5f));
}
// SNORM n: decode max(code / (2^(n-1) - 1), -1); encode clamp, x m, +-0.5, trunc toward 0.
inline float snorm_decode(uint32_t code, int n) {
  const int32_t v = static_cast<int32_t>(code << (32 - n)) >> (32 - n);
  const float q = static_cast<float>(v) / static_cast<float>((1u << (n - 1)) - 1u);
  return q < -1.0f ? -1.0f : q;
}
inline uint32_t snorm_encode(float x, int n) {
  const float c = clamp(x, -1.0f, 1.0f);
  const float scaled = mul(c, static_cast<float>((1u << (n - 1)) - 1u));
  const float r = add(scaled, std::signbit(scaled) ? -0.5f : 0.5f);
  return static_cast<uint32_t>(static_cast<int32_t>(r)) & ((1u << n) - 1u);
}
inline float srgb_decode(uint32_t code) { return val(kSrgbDecodeLut[code]); }
inline uint32_t srgb_encode(float x) {
  const float c = clamp(x, 0.0f, 1.0f);
  uint32_t code = 0;
  while (code < 255 && val(kSrgbEncodeThresholds[code]) <= c) ++code;
  return code;
}
// float16: exact widening; encode with round toward zero, overflow -> 65504, NaN -> 0x7E00.
inline float f16_decode(uint32_t h) {
  const uint32_t e = (h >> 10) & 0x1F, m = h & 0x3FF;
  const float sign = (h & 0x8000) ? -1.0f : 1.0f;
  if (e == 31) return m ? qnan() : sign * INFINITY;
  if (e == 0) return sign * std::ldexp(static_cast<float>(m), -24);
  return sign * std::ldexp(static_cast<float>(m | 0x400), static_cast<int>(e) - 25);
}
inline uint32_t f16_encode(float x) {
  if (std::isnan(x)) return 0x7E00;
  const uint32_t sign = std::signbit(x) ? 0x8000 : 0;
  const float a = std::fabs(ftz(x));
  if (std::isinf(a)) return sign | 0x7C00;
  if (a >= 65504.0f) return sign | 0x7BFF;
  if (a < std::ldexp(1.0f, -14)) {  // denormal range: units of 2^-24, truncated
    return sign | static_cast<uint32_t>(std::ldexp(a, 24));
  }
  int e;
  const float m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  const uint32_t mant =
      static_cast<uint32_t>(std::ldexp(m, 11)) & 0x3FF;  // 11 significant bits, truncated
  return sign | (static_cast<uint32_t>(e + 14) << 10) | mant;
}

// One blend factor (D3D11_BLEND value) for channel c (3 = alpha slot) from clamped operands.
inline float factor(uint32_t f, int c, const float* s, const float* s1, const float* k,
                    const float* d) {
  switch (f) {
    case 1:
      return 0.0f;
    case 2:
      return 1.0f;
    case 3:
      return s[c];
    case 4:
      return sub(1.0f, s[c]);
    case 5:
      return s[3];
    case 6:
      return sub(1.0f, s[3]);
    case 7:
      return d[3];
    case 8:
      return sub(1.0f, d[3]);
    case 9:
      return d[c];
    case 10:
      return sub(1.0f, d[c]);
    case 11:
      return c == 3 ? 1.0f : fmin_d3d(s[3], sub(1.0f, d[3]));
    case 14:
      return k[c];
    case 15:
      return sub(1.0f, k[c]);
    case 16:
      return s1[c];
    case 17:
      return sub(1.0f, s1[c]);
    case 18:
      return s1[3];
    case 19:
      return sub(1.0f, s1[3]);
    default:
      return 0.0f;
  }
}

// One channel of the equation (D3D11_BLEND_OP value).
inline float equation(uint32_t op, uint32_t fs, uint32_t fd, int c, const float* s, const float* s1,
                      const float* k, const float* d) {
  if (op == 4) return fmin_d3d(s[c], d[c]);
  if (op == 5) return fmax_d3d(s[c], d[c]);
  const float ts = mul(s[c], factor(fs, c, s, s1, k, d));
  const float td = mul(d[c], factor(fd, c, s, s1, k, d));
  if (op == 2) return sub(ts, td);
  if (op == 3) return sub(td, ts);
  return add(ts, td);
}

}  // namespace om::oracle

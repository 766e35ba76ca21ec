// SPDX-License-Identifier: Apache-2.0
// R8G8B8A8_UNORM / B8G8R8A8_UNORM batches: the plan shared by the kernels, and the SSE4.1 kernel
// (the AVX2 kernels are in batch_rgba8_avx2.cc). Bit-exact to the canonical datapath
// (docs/arithmetic.md).
//
// The SSE4.1 kernel works in the default MXCSR environment (RNE, gradual underflow, no FTZ/DAZ). It
// flushes denormal S/S1 and clamps the blend result explicitly; the remaining host operations (1 -
// x, products, the sum, x*255, +0.5) give the canonical codes for the reasons given in
// batch_rgba8_avx2.cc's header: operands are +0 or normal in [2^-126, 1] (D = i/255 by an IEEE
// division, correctly rounded), and a product that underflows can only change a result that encodes
// to code 0 either way.
#include <cfloat>
#include <stdexcept>
#include <string>

#include "batch_kernels.h"
#include "om/ref/fp32.h"
#include "om/ref/rt_op.h"

#if OM_BATCH_X86
#include <immintrin.h>

#pragma GCC push_options
#pragma GCC target("sse4.1")
#include "batch_simd.h"
#pragma GCC pop_options
#endif

namespace om::ref::detail {
namespace {

uint32_t normalise_factor(Blend b) {
  const uint32_t v = static_cast<uint32_t>(b);
  if (v >= 32) {
    throw std::invalid_argument("blend factor " + std::to_string(v) +
                                " does not fit the 5-bit D3D11_BLEND field");
  }
  const bool defined = (v >= 1 && v <= 11) || (v >= 14 && v <= 19);
  return defined ? v : 1u;  // 0, 12, 13, 20..31 act as ZERO
}

uint32_t normalise_op(BlendOp op) {
  const uint32_t v = static_cast<uint32_t>(op);
  if (v >= 8) {
    throw std::invalid_argument("blend op " + std::to_string(v) +
                                " does not fit the 3-bit D3D11_BLEND_OP field");
  }
  return (v >= 1 && v <= 5) ? v : 1u;  // 0, 6, 7 act as ADD
}

bool reads_s1(uint32_t f) { return f >= 16 && f <= 19; }

}  // namespace

Rgba8Plan make_rgba8_plan(const BatchRt& rt) {
  Rgba8Plan p;
  const FormatInfo& f = *rt.format;
  p.swap_rb = f.ch[0].offset == 16;  // B8G8R8A8: R stored in byte 2
  p.blend = rt.desc.blend_enable;
  const uint32_t m = effective_write_mask(f, rt.desc.render_target_write_mask);
  for (int ch = 0; ch < 4; ++ch) {
    if (!(m & (1u << ch))) p.keep |= 0xFFu << f.ch[ch].offset;
  }
  if (!p.blend) return p;
  p.op_rgb = normalise_op(rt.desc.blend_op);
  p.op_a = normalise_op(rt.desc.blend_op_alpha);
  if (p.op_rgb <= 3) {
    p.fs_rgb = normalise_factor(rt.desc.src_blend);
    p.fd_rgb = normalise_factor(rt.desc.dest_blend);
  }
  if (p.op_a <= 3) {
    p.fs_a = normalise_factor(rt.desc.src_blend_alpha);
    p.fd_a = normalise_factor(rt.desc.dest_blend_alpha);
  }
  p.needs_s1 = (p.op_rgb <= 3 && (reads_s1(p.fs_rgb) || reads_s1(p.fd_rgb))) ||
               (p.op_a <= 3 && (reads_s1(p.fs_a) || reads_s1(p.fd_a)));
  for (int ch = 0; ch < 4; ++ch) {
    const int mem = p.swap_rb && ch != 3 ? 2 - ch : ch;
    p.k[mem] = f32_value(f32_clamp(rt.blend_factor[ch], kF32Zero, kF32One));
  }
  return p;
}

#if OM_BATCH_X86

// SSE4.1: one pixel per __m128, four pixels per iteration, with the blend arithmetic of
// batch_simd.h (the factor/op switches evaluated per pixel).
#define OM_SSE41 __attribute__((target("sse4.1"), always_inline)) inline

namespace {

OM_SSE41 __m128 sse_load_clamped(const uint32_t* p, bool swap) {
  __m128 s = _mm_loadu_ps(reinterpret_cast<const float*>(p));
  if (swap) s = _mm_shuffle_ps(s, s, _MM_SHUFFLE(3, 0, 1, 2));
  s = _mm_max_ps(s, _mm_setzero_ps());
  s = _mm_and_ps(s, _mm_cmpge_ps(s, _mm_set1_ps(FLT_MIN)));
  return _mm_min_ps(s, _mm_set1_ps(1.0f));
}

struct Sse41 {
  using T = __m128;
  OM_SSE41 static T one() { return _mm_set1_ps(1.0f); }
  OM_SSE41 static T zero() { return _mm_setzero_ps(); }
  OM_SSE41 static T alpha(T v) { return _mm_shuffle_ps(v, v, 0xFF); }
  OM_SSE41 static T add(T a, T b) { return _mm_add_ps(a, b); }
  OM_SSE41 static T sub(T a, T b) { return _mm_sub_ps(a, b); }
  OM_SSE41 static T mul(T a, T b) { return _mm_mul_ps(a, b); }
  OM_SSE41 static T min(T a, T b) { return _mm_min_ps(a, b); }
  OM_SSE41 static T max(T a, T b) { return _mm_max_ps(a, b); }
  OM_SSE41 static T alpha_lanes(T rgb, T a) { return _mm_blend_ps(rgb, a, 0x8); }
};

OM_SSE41 __m128 sse_blend(const Rgba8Plan& p, __m128 s, __m128 s1, __m128 k, __m128 d) {
  const __m128 r = simd::blend_plan<Sse41>(p, s, s1, k, d);
  return _mm_min_ps(_mm_max_ps(r, _mm_setzero_ps()), _mm_set1_ps(1.0f));
}

}  // namespace

__attribute__((target("sse4.1"))) size_t rgba8_sse41(const Rgba8Plan& p, size_t n,
                                                     const uint32_t* src, const uint32_t* src1,
                                                     const uint8_t* dest, uint8_t* out) {
  const __m128 k = _mm_setr_ps(p.k[0], p.k[1], p.k[2], p.k[3]);
  const __m128 c255 = _mm_set1_ps(255.0f);
  const __m128 half = _mm_set1_ps(0.5f);
  const __m128i keep = _mm_set1_epi32(static_cast<int>(p.keep));
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    __m128i code[4];
    for (int j = 0; j < 4; ++j) {
      const size_t px = i + static_cast<size_t>(j);
      __m128 r = sse_load_clamped(src + 4 * px, p.swap_rb);
      if (p.blend) {
        uint32_t word;
        __builtin_memcpy(&word, dest + 4 * px, 4);
        const __m128 d = _mm_div_ps(
            _mm_cvtepi32_ps(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(static_cast<int>(word)))), c255);
        const __m128 s1 =
            p.needs_s1 ? sse_load_clamped(src1 + 4 * px, p.swap_rb) : _mm_setzero_ps();
        r = sse_blend(p, r, s1, k, d);
      }
      code[j] = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(r, c255), half));
    }
    __m128i t =
        _mm_packus_epi16(_mm_packus_epi32(code[0], code[1]), _mm_packus_epi32(code[2], code[3]));
    if (p.keep != 0) {
      const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(dest + 4 * i));
      t = _mm_or_si128(_mm_andnot_si128(keep, t), _mm_and_si128(keep, d));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 4 * i), t);
  }
  return i;
}

#else  // !OM_BATCH_X86

size_t rgba8_sse41(const Rgba8Plan&, size_t, const uint32_t*, const uint32_t*, const uint8_t*,
                   uint8_t*) {
  return 0;
}

#endif  // OM_BATCH_X86

}  // namespace om::ref::detail

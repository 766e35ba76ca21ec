// SPDX-License-Identifier: Apache-2.0
// AVX-512 kernels for R8G8B8A8_UNORM / B8G8R8A8_UNORM batches: four pixels per __m512 (one per
// 128-bit lane), sixteen per iteration, with the blend arithmetic of batch_simd.h (whose exactness
// argument applies unchanged); the codes are narrowed with vpmovusdb after max(code, 0), which
// saturates like the AVX2 packs.
#include "batch_kernels.h"

#if OM_BATCH_X86
// GCC 12's AVX-512 intrinsics start from _mm512_undefined_*(), a self-initialised variable that
// -Wuninitialized reports once inlined (GCC bug 105593); the warning is about the header, not this
// code.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop

#pragma GCC push_options
#pragma GCC target("avx512f,fma")
#include "batch_simd.h"

namespace om::ref::detail {
namespace {

struct Avx512 {
  using T = __m512;
  OM_SIMD_INLINE static T one() { return _mm512_set1_ps(1.0f); }
  OM_SIMD_INLINE static T zero() { return _mm512_setzero_ps(); }
  OM_SIMD_INLINE static T alpha(T v) { return _mm512_permute_ps(v, 0xFF); }
  OM_SIMD_INLINE static T add(T a, T b) { return _mm512_add_ps(a, b); }
  OM_SIMD_INLINE static T sub(T a, T b) { return _mm512_sub_ps(a, b); }
  OM_SIMD_INLINE static T mul(T a, T b) { return _mm512_mul_ps(a, b); }
  OM_SIMD_INLINE static T min(T a, T b) { return _mm512_min_ps(a, b); }
  OM_SIMD_INLINE static T max(T a, T b) { return _mm512_max_ps(a, b); }
  OM_SIMD_INLINE static T alpha_lanes(T rgb, T a) { return _mm512_mask_blend_ps(0x8888, rgb, a); }
  OM_SIMD_INLINE static T k(const float* k) {
    return _mm512_broadcast_f32x4(_mm_setr_ps(k[0], k[1], k[2], k[3]));
  }
  OM_SIMD_INLINE static T load(const uint32_t* p) {
    return _mm512_loadu_ps(reinterpret_cast<const float*>(p));
  }
  OM_SIMD_INLINE static T swap_rb(T s) { return _mm512_permute_ps(s, _MM_SHUFFLE(3, 0, 1, 2)); }
  // Four texels -> correctly rounded i/255: q = i * RN(1/255), then one Newton step on the exact
  // FMA residual (i - 255 q). Exact for all 256 codes (checked by rgba8_avx512_decode_exact()
  // before the kernel is used).
  OM_SIMD_INLINE static T decode(const uint8_t* p) {
    const __m128i d8 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const T c = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(d8));
    const T r = _mm512_set1_ps(1.0f / 255.0f);
    const T q = _mm512_mul_ps(c, r);
    return _mm512_fmadd_ps(_mm512_fnmadd_ps(q, _mm512_set1_ps(255.0f), c), r, q);
  }
  // The pixel loop over a prefix of the n pixels (simd::kernel picks the blender); returns its
  // length.
  template <bool kSwap, class B>
  static size_t run(const B& b, const Rgba8Plan& p, size_t n, const uint32_t* src,
                    const uint8_t* dest, uint8_t* out) {
    const __m512 c255 = _mm512_set1_ps(255.0f);
    const __m512 half = _mm512_set1_ps(0.5f);
    const __m128i keep = _mm_set1_epi32(static_cast<int>(p.keep));
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
      for (int j = 0; j < 4; ++j) {
        const size_t px = i + 4 * static_cast<size_t>(j);
        __m512 r = simd::load_clamped<Avx512, kSwap>(src + 4 * px);
        if (B::kReadsDest) r = b.blend(r, decode(dest + 4 * px), px);
        const __m512i code = _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(r, c255), half));
        // max(code, 0) then unsigned saturation to bytes: the clamp of the codes to [0, 255].
        __m128i t = _mm512_cvtusepi32_epi8(_mm512_max_epi32(code, _mm512_setzero_si512()));
        if (p.keep != 0) {
          const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(dest + 4 * px));
          t = _mm_or_si128(_mm_andnot_si128(keep, t), _mm_and_si128(keep, d));
        }
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 4 * px), t);
      }
    }
    return i;
  }
};

}  // namespace

size_t rgba8_avx512(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
                    const uint8_t* dest, uint8_t* out) {
  return simd::kernel<Avx512>(p, n, src, src1, dest, out);
}

bool rgba8_avx512_decode_exact() {
  for (int c = 0; c < 256; c += 16) {
    uint8_t codes[16];
    for (int i = 0; i < 16; ++i) codes[i] = static_cast<uint8_t>(c + i);
    const __m512 exact = _mm512_div_ps(_mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128(
                                           reinterpret_cast<const __m128i*>(codes)))),
                                       _mm512_set1_ps(255.0f));
    const __mmask16 eq = _mm512_cmpeq_epi32_mask(_mm512_castps_si512(Avx512::decode(codes)),
                                                 _mm512_castps_si512(exact));
    if (eq != 0xFFFF) return false;
  }
  return true;
}

}  // namespace om::ref::detail

#pragma GCC pop_options

#else  // !OM_BATCH_X86

namespace om::ref::detail {
size_t rgba8_avx512(const Rgba8Plan&, size_t, const uint32_t*, const uint32_t*, const uint8_t*,
                    uint8_t*) {
  return 0;
}
bool rgba8_avx512_decode_exact() { return false; }
}  // namespace om::ref::detail

#endif  // OM_BATCH_X86

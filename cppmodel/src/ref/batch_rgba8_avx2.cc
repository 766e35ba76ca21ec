// SPDX-License-Identifier: Apache-2.0
// AVX2 kernels for R8G8B8A8_UNORM / B8G8R8A8_UNORM batches, bit-exact to the canonical datapath
// (docs/arithmetic.md; the exactness argument is in batch_simd.h). Two pixels per __m256 (lanes 0-3
// and 4-7, in memory channel order), eight pixels per iteration.
#include "batch_kernels.h"

#if OM_BATCH_X86
#include <immintrin.h>

#pragma GCC push_options
#pragma GCC target("avx2,fma")
#include "batch_simd.h"

namespace om::ref::detail {
namespace {

struct Avx2 {
  using T = __m256;
  OM_SIMD_INLINE static T one() { return _mm256_set1_ps(1.0f); }
  OM_SIMD_INLINE static T zero() { return _mm256_setzero_ps(); }
  OM_SIMD_INLINE static T alpha(T v) { return _mm256_permute_ps(v, 0xFF); }
  OM_SIMD_INLINE static T add(T a, T b) { return _mm256_add_ps(a, b); }
  OM_SIMD_INLINE static T sub(T a, T b) { return _mm256_sub_ps(a, b); }
  OM_SIMD_INLINE static T mul(T a, T b) { return _mm256_mul_ps(a, b); }
  OM_SIMD_INLINE static T min(T a, T b) { return _mm256_min_ps(a, b); }
  OM_SIMD_INLINE static T max(T a, T b) { return _mm256_max_ps(a, b); }
  OM_SIMD_INLINE static T alpha_lanes(T rgb, T a) { return _mm256_blend_ps(rgb, a, 0x88); }
  OM_SIMD_INLINE static T k(const float* k) {
    return _mm256_setr_ps(k[0], k[1], k[2], k[3], k[0], k[1], k[2], k[3]);
  }
  OM_SIMD_INLINE static T load(const uint32_t* p) {
    return _mm256_loadu_ps(reinterpret_cast<const float*>(p));
  }
  OM_SIMD_INLINE static T swap_rb(T s) { return _mm256_permute_ps(s, _MM_SHUFFLE(3, 0, 1, 2)); }
  // Two texels -> correctly rounded i/255: q = i * RN(1/255), then one Newton step on the exact
  // FMA residual (i - 255 q). Exact for all 256 codes (checked by rgba8_avx2_decode_exact() before
  // the kernel is used).
  OM_SIMD_INLINE static T decode(const uint8_t* p) {
    const __m128i d8 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
    const T c = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(d8));
    const T r = _mm256_set1_ps(1.0f / 255.0f);
    const T q = _mm256_mul_ps(c, r);
    return _mm256_fmadd_ps(_mm256_fnmadd_ps(q, _mm256_set1_ps(255.0f), c), r, q);
  }
  // The pixel loop over a prefix of the n pixels (simd::kernel picks the blender); returns its
  // length.
  template <bool kSwap, class B>
  static size_t run(const B& b, const Rgba8Plan& p, size_t n, const uint32_t* src,
                    const uint8_t* dest, uint8_t* out) {
    const __m256 c255 = _mm256_set1_ps(255.0f);
    const __m256 half = _mm256_set1_ps(0.5f);
    const __m256i keep = _mm256_set1_epi32(static_cast<int>(p.keep));
    const __m256i dword_order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      __m256i code[4];
      for (int j = 0; j < 4; ++j) {
        const size_t px = i + 2 * static_cast<size_t>(j);
        __m256 r = simd::load_clamped<Avx2, kSwap>(src + 4 * px);
        if (B::kReadsDest) r = b.blend(r, decode(dest + 4 * px), px);
        code[j] = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(r, c255), half));
      }
      // Saturating packs clamp the codes to [0, 255]; they work per 128-bit lane: bytes come out as
      // pixels 0 2 4 6 | 1 3 5 7; reorder the dwords.
      const __m256i w = _mm256_packus_epi16(_mm256_packus_epi32(code[0], code[1]),
                                            _mm256_packus_epi32(code[2], code[3]));
      __m256i t = _mm256_permutevar8x32_epi32(w, dword_order);
      if (p.keep != 0) {
        const __m256i d = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(dest + 4 * i));
        t = _mm256_or_si256(_mm256_andnot_si256(keep, t), _mm256_and_si256(keep, d));
      }
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 4 * i), t);
    }
    return i;
  }
};

}  // namespace

size_t rgba8_avx2(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
                  const uint8_t* dest, uint8_t* out) {
  return simd::kernel<Avx2>(p, n, src, src1, dest, out);
}

bool rgba8_avx2_decode_exact() {
  for (int c = 0; c < 256; c += 8) {
    uint8_t codes[8];
    for (int i = 0; i < 8; ++i) codes[i] = static_cast<uint8_t>(c + i);
    const __m256 exact = _mm256_div_ps(
        _mm256_setr_ps(c, c + 1, c + 2, c + 3, c + 4, c + 5, c + 6, c + 7), _mm256_set1_ps(255.0f));
    const __m256i eq =
        _mm256_cmpeq_epi32(_mm256_castps_si256(Avx2::decode(codes)), _mm256_castps_si256(exact));
    if (_mm256_movemask_epi8(eq) != -1) return false;
  }
  return true;
}

}  // namespace om::ref::detail

#pragma GCC pop_options

#else  // !OM_BATCH_X86

namespace om::ref::detail {
size_t rgba8_avx2(const Rgba8Plan&, size_t, const uint32_t*, const uint32_t*, const uint8_t*,
                  uint8_t*) {
  return 0;
}
bool rgba8_avx2_decode_exact() { return false; }
}  // namespace om::ref::detail

#endif  // OM_BATCH_X86

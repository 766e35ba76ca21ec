// SPDX-License-Identifier: Apache-2.0
// F16C kernel for R16G16B16A16_FLOAT batches with ONE/ONE ADD on RGB and alpha (docs/arithmetic.md
// §3–§6, docs/behaviour.md §11 #3).
//
// Exactness in the default MXCSR environment: f32_mul(x, 1) is x with denormals flushed and NaN
// canonical, so the contract is r = f32_add(ftz(S), D). D is an exactly widened float16
// (vcvtph2ps): a multiple of 2^-24, never a binary32 denormal. S is flushed explicitly (sign kept).
// The sum of a flushed S and such a D is never a denormal: if either is 0 it is the other;
// otherwise |S + D| is 0 or at least min(ulp(S), 2^-24) >= 2^-149 times an integer that cannot be
// tiny unless |S| ~ |D| >= 2^-24, where ulp(S) >= 2^-47. So the host sum is the canonical one
// except for NaN payloads, which are replaced by 0x7FC00000. vcvtps2ph with _MM_FROUND_TO_ZERO is
// the RTZ narrowing of docs/arithmetic.md §6 (finite overflow -> 0x7BFF, INF kept, 0x7FC00000 ->
// 0x7E00).
#include <cfloat>

#include "batch_kernels.h"

#if OM_BATCH_X86
#include <immintrin.h>
#endif

namespace om::ref::detail {

#if OM_BATCH_X86

__attribute__((target("avx2,f16c"))) size_t rgba16f_add_f16c(uint64_t keep, size_t n,
                                                             const uint32_t* src,
                                                             const uint8_t* dest, uint8_t* out) {
  const __m256 sign = _mm256_set1_ps(-0.0f);
  const __m256 tiny = _mm256_set1_ps(FLT_MIN);
  const __m256 nan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FC00000));
  const __m128i keep2 = _mm_set1_epi64x(static_cast<long long>(keep));
  size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    __m256 s = _mm256_loadu_ps(reinterpret_cast<const float*>(src + 4 * i));
    const __m256 is_denormal = _mm256_cmp_ps(_mm256_andnot_ps(sign, s), tiny, _CMP_LT_OQ);
    s = _mm256_blendv_ps(s, _mm256_and_ps(s, sign), is_denormal);
    const __m128i dh = _mm_loadu_si128(reinterpret_cast<const __m128i*>(dest + 8 * i));
    __m256 r = _mm256_add_ps(s, _mm256_cvtph_ps(dh));
    r = _mm256_blendv_ps(r, nan, _mm256_cmp_ps(r, r, _CMP_UNORD_Q));
    __m128i h = _mm256_cvtps_ph(r, _MM_FROUND_TO_ZERO);
    if (keep != 0) h = _mm_or_si128(_mm_andnot_si128(keep2, h), _mm_and_si128(keep2, dh));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 8 * i), h);
  }
  return i;
}

#else

size_t rgba16f_add_f16c(uint64_t, size_t, const uint32_t*, const uint8_t*, uint8_t*) { return 0; }

#endif

}  // namespace om::ref::detail

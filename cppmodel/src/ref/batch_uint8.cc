// SPDX-License-Identifier: Apache-2.0
// AVX2 kernel for logic ops on R8G8B8A8_UINT batches (docs/behaviour.md §2.4; docs/arithmetic.md
// §7): the low 8 bits of each source channel (docs/behaviour.md §11 #6), one bitwise op on whole
// texel words given as its truth table, merge with the kept destination bits.
#include "batch_kernels.h"

#if OM_BATCH_X86
#include <immintrin.h>
#endif

namespace om::ref::detail {

#if OM_BATCH_X86

__attribute__((target("avx2"))) size_t uint8x4_logic_avx2(const LogicTruth& t, uint32_t keep,
                                                          size_t n, const uint32_t* src,
                                                          const uint8_t* dest, uint8_t* out) {
  const __m256i low = _mm256_set1_epi32(0xFF);
  const __m256i ones = _mm256_set1_epi32(-1);
  const __m256i t00 = _mm256_set1_epi32(static_cast<int>(t.t00));
  const __m256i t01 = _mm256_set1_epi32(static_cast<int>(t.t01));
  const __m256i t10 = _mm256_set1_epi32(static_cast<int>(t.t10));
  const __m256i t11 = _mm256_set1_epi32(static_cast<int>(t.t11));
  const __m256i kept = _mm256_set1_epi32(static_cast<int>(keep));
  const __m256i dword_order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i c[4];
    for (int j = 0; j < 4; ++j) {
      c[j] = _mm256_and_si256(
          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + 4 * (i + 2 * j))), low);
    }
    // Values are <= 255, so the saturating packs only narrow; then undo their per-lane interleave.
    const __m256i s = _mm256_permutevar8x32_epi32(
        _mm256_packus_epi16(_mm256_packus_epi32(c[0], c[1]), _mm256_packus_epi32(c[2], c[3])),
        dword_order);
    const __m256i d = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(dest + 4 * i));
    const __m256i ns = _mm256_xor_si256(s, ones);
    const __m256i nd = _mm256_xor_si256(d, ones);
    const __m256i r =
        _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(_mm256_and_si256(ns, nd), t00),
                                        _mm256_and_si256(_mm256_and_si256(ns, d), t01)),
                        _mm256_or_si256(_mm256_and_si256(_mm256_and_si256(s, nd), t10),
                                        _mm256_and_si256(_mm256_and_si256(s, d), t11)));
    const __m256i w = _mm256_or_si256(_mm256_andnot_si256(kept, r), _mm256_and_si256(kept, d));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 4 * i), w);
  }
  return i;
}

#else

size_t uint8x4_logic_avx2(const LogicTruth&, uint32_t, size_t, const uint32_t*, const uint8_t*,
                          uint8_t*) {
  return 0;
}

#endif

}  // namespace om::ref::detail

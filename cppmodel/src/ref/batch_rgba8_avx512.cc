// AVX-512 kernels for R8G8B8A8_UNORM / B8G8R8A8_UNORM batches: the AVX2 kernels of
// batch_rgba8_avx2.cc with four pixels per __m512 (one per 128-bit lane), sixteen per iteration.
// The same operations in the same order, so the exactness argument of batch_rgba8_avx2.cc's header
// applies unchanged; the codes are narrowed with vpmovusdb after max(code, 0), which saturates like
// the AVX2 packs.
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

namespace om::ref::detail {
namespace {

#define OM_AVX512 __attribute__((target("avx512f,fma"), always_inline)) inline

OM_AVX512 __m512 one() { return _mm512_set1_ps(1.0f); }
OM_AVX512 __m512 alpha(__m512 v) { return _mm512_permute_ps(v, 0xFF); }
// Load four pixels of S (or S1) in memory channel order (B8G8R8A8: swap R and B), clamped to [0, 1]
// with NaN -> +0.
template <bool kSwap>
OM_AVX512 __m512 load_clamped(const uint32_t* p) {
  __m512 s = _mm512_loadu_ps(reinterpret_cast<const float*>(p));
  if (kSwap) s = _mm512_permute_ps(s, _MM_SHUFFLE(3, 0, 1, 2));
  return _mm512_min_ps(_mm512_max_ps(s, _mm512_setzero_ps()), one());
}

// Four texels -> correctly rounded i/255: q = i * RN(1/255), then one Newton step on the exact FMA
// residual (i - 255 q). Exact for all 256 codes (checked by rgba8_avx512_decode_exact() before the
// kernel is used).
OM_AVX512 __m512 decode(const uint8_t* p) {
  const __m128i d8 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m512 c = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(d8));
  const __m512 r = _mm512_set1_ps(1.0f / 255.0f);
  const __m512 q = _mm512_mul_ps(c, r);
  return _mm512_fmadd_ps(_mm512_fnmadd_ps(q, _mm512_set1_ps(255.0f), c), r, q);
}

// ---- Blenders: blend(S, D, pixel index) -> unclamped result. Same op order as blend_channel().
// ----

struct PassThrough {
  static constexpr bool kReadsDest = false;
  OM_AVX512 __m512 blend(__m512 s, __m512, size_t) const { return s; }
};

struct AlphaOver {  // SRC_ALPHA, INV_SRC_ALPHA, ADD in both slots
  static constexpr bool kReadsDest = true;
  OM_AVX512 __m512 blend(__m512 s, __m512 d, size_t) const {
    const __m512 a = alpha(s);
    return _mm512_add_ps(_mm512_mul_ps(s, a), _mm512_mul_ps(d, _mm512_sub_ps(one(), a)));
  }
};

struct PremultipliedOver {  // ONE, INV_SRC_ALPHA, ADD in both slots (S * 1 = S exactly)
  static constexpr bool kReadsDest = true;
  OM_AVX512 __m512 blend(__m512 s, __m512 d, size_t) const {
    return _mm512_add_ps(s, _mm512_mul_ps(d, _mm512_sub_ps(one(), alpha(s))));
  }
};

struct Additive {  // ONE, ONE, ADD in both slots
  static constexpr bool kReadsDest = true;
  OM_AVX512 __m512 blend(__m512 s, __m512 d, size_t) const { return _mm512_add_ps(s, d); }
};

OM_AVX512 __m512 factor(uint32_t f, bool alpha_slot, __m512 s, __m512 s1, __m512 k, __m512 d) {
  switch (f) {
    case 2:
      return one();
    case 3:
      return s;
    case 4:
      return _mm512_sub_ps(one(), s);
    case 5:
      return alpha(s);
    case 6:
      return _mm512_sub_ps(one(), alpha(s));
    case 7:
      return alpha(d);
    case 8:
      return _mm512_sub_ps(one(), alpha(d));
    case 9:
      return d;
    case 10:
      return _mm512_sub_ps(one(), d);
    case 11:
      return alpha_slot ? one() : _mm512_min_ps(alpha(s), _mm512_sub_ps(one(), alpha(d)));
    case 14:
      return k;
    case 15:
      return _mm512_sub_ps(one(), k);
    case 16:
      return s1;
    case 17:
      return _mm512_sub_ps(one(), s1);
    case 18:
      return alpha(s1);
    case 19:
      return _mm512_sub_ps(one(), alpha(s1));
    default:
      return _mm512_setzero_ps();  // ZERO (normalised)
  }
}

OM_AVX512 __m512 equation(uint32_t op, __m512 s, __m512 fs, __m512 d, __m512 fd) {
  switch (op) {
    case 4:
      return _mm512_min_ps(s, d);
    case 5:
      return _mm512_max_ps(s, d);
    case 2:
      return _mm512_sub_ps(_mm512_mul_ps(s, fs), _mm512_mul_ps(d, fd));
    case 3:
      return _mm512_sub_ps(_mm512_mul_ps(d, fd), _mm512_mul_ps(s, fs));
    default:
      return _mm512_add_ps(_mm512_mul_ps(s, fs), _mm512_mul_ps(d, fd));
  }
}

template <bool kSwap>
struct Generic {  // any factors and ops of the plan (switches on loop-invariant values)
  static constexpr bool kReadsDest = true;
  const Rgba8Plan* p;
  const uint32_t* src1;
  OM_AVX512 __m512 blend(__m512 s, __m512 d, size_t px) const {
    const __m512 k = _mm512_broadcast_f32x4(_mm_setr_ps(p->k[0], p->k[1], p->k[2], p->k[3]));
    const __m512 s1 = p->needs_s1 ? load_clamped<kSwap>(src1 + 4 * px) : _mm512_setzero_ps();
    __m512 fs = factor(p->fs_rgb, false, s, s1, k, d);
    __m512 fd = factor(p->fd_rgb, false, s, s1, k, d);
    if (p->fs_a != p->fs_rgb || p->fs_a == 11) {
      fs = _mm512_mask_blend_ps(0x8888, fs, factor(p->fs_a, true, s, s1, k, d));
    }
    if (p->fd_a != p->fd_rgb || p->fd_a == 11) {
      fd = _mm512_mask_blend_ps(0x8888, fd, factor(p->fd_a, true, s, s1, k, d));
    }
    __m512 r = equation(p->op_rgb, s, fs, d, fd);
    if (p->op_a != p->op_rgb) r = _mm512_mask_blend_ps(0x8888, r, equation(p->op_a, s, fs, d, fd));
    return r;
  }
};

template <bool kSwap, class B>
__attribute__((target("avx512f,fma"))) size_t run(const B& b, const Rgba8Plan& p, size_t n,
                                                  const uint32_t* src, const uint8_t* dest,
                                                  uint8_t* out) {
  const __m512 c255 = _mm512_set1_ps(255.0f);
  const __m512 half = _mm512_set1_ps(0.5f);
  const __m128i keep = _mm_set1_epi32(static_cast<int>(p.keep));
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    for (int j = 0; j < 4; ++j) {
      const size_t px = i + 4 * static_cast<size_t>(j);
      __m512 r = load_clamped<kSwap>(src + 4 * px);
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

bool same_equation(const Rgba8Plan& p, uint32_t fs, uint32_t fd, uint32_t op) {
  return p.fs_rgb == fs && p.fd_rgb == fd && p.op_rgb == op && p.fs_a == fs && p.fd_a == fd &&
         p.op_a == op;
}

template <bool kSwap>
size_t dispatch(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
                const uint8_t* dest, uint8_t* out) {
  if (!p.blend) return run<kSwap>(PassThrough{}, p, n, src, dest, out);
  if (same_equation(p, 5, 6, 1)) return run<kSwap>(AlphaOver{}, p, n, src, dest, out);
  if (same_equation(p, 2, 6, 1)) return run<kSwap>(PremultipliedOver{}, p, n, src, dest, out);
  if (same_equation(p, 2, 2, 1)) return run<kSwap>(Additive{}, p, n, src, dest, out);
  return run<kSwap>(Generic<kSwap>{&p, src1}, p, n, src, dest, out);
}

}  // namespace

size_t rgba8_avx512(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
                    const uint8_t* dest, uint8_t* out) {
  return p.swap_rb ? dispatch<true>(p, n, src, src1, dest, out)
                   : dispatch<false>(p, n, src, src1, dest, out);
}

__attribute__((target("avx512f,fma"))) bool rgba8_avx512_decode_exact() {
  for (int c = 0; c < 256; c += 16) {
    uint8_t codes[16];
    for (int i = 0; i < 16; ++i) codes[i] = static_cast<uint8_t>(c + i);
    const __m512 exact = _mm512_div_ps(_mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128(
                                           reinterpret_cast<const __m128i*>(codes)))),
                                       _mm512_set1_ps(255.0f));
    const __mmask16 eq =
        _mm512_cmpeq_epi32_mask(_mm512_castps_si512(decode(codes)), _mm512_castps_si512(exact));
    if (eq != 0xFFFF) return false;
  }
  return true;
}

}  // namespace om::ref::detail

#else  // !OM_BATCH_X86

namespace om::ref::detail {
size_t rgba8_avx512(const Rgba8Plan&, size_t, const uint32_t*, const uint32_t*, const uint8_t*,
                    uint8_t*) {
  return 0;
}
bool rgba8_avx512_decode_exact() { return false; }
}  // namespace om::ref::detail

#endif  // OM_BATCH_X86

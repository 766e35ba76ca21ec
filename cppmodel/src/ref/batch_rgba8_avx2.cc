// AVX2 kernels for R8G8B8A8_UNORM / B8G8R8A8_UNORM batches, bit-exact to the canonical datapath
// (spec §4.4). Two pixels per __m256 (lanes 0-3 and 4-7, in memory channel order), eight pixels per
// iteration. Common equations get their own instantiation (no per-pixel switches); every other
// state runs the generic blender.
//
// Why host SIMD arithmetic in the default MXCSR environment (RNE, gradual underflow, no FTZ/DAZ)
// stores exactly the canonical codes, although it neither flushes denormals nor clamps the result:
// * Operands: S and S1 are clamped with max(x, 0), then min(x, 1). maxps returns its second operand
//   for a NaN and for -0 vs +0, so NaN -> +0 and -0 -> +0, as f32_clamp does. K is clamped once by
//   f32_clamp. D = i/255 correctly rounded (see decode()), so D is 0 or >= 1/255. A positive
//   denormal S or S1 is not flushed; the next points show that it gives the same code as +0.
// * Factors: 1 - x is +0 or >= 2^-24 for every x in [0, 1] (and exactly 1 for a denormal x, as for
//   +0); min() returns one of its operands. So a factor is +0, a normal number in [2^-126, 1], or a
//   denormal taken from a denormal As or S1.
// * A product S*F or D*F below 2^-126 is +0 in fp32.h. The combined result r = p' +- q (q >= 0 the
//   other product) differs from the flushed one only when q < 2^-101 (for larger q, ulp(q) > 2 p',
//   so the rounding returns q itself), and then both are below 2^-100 in magnitude and encode to
//   code 0. MIN/MAX of a denormal S and D: +0 vs +0 (D = 0), else code 0 vs code 0. S*1 is S.
// * Post-clamp: r is finite and within [-1, 2]. trunc(RN(RN(r*255) + 0.5)) is <= 0 for r <= 0 (a
//   tiny negative r*255 rounds to at most -0) and >= 255 for r >= 1; the saturating packs
//   (packusdw, packuswb) map those to 0 and 255, the codes of f32_clamp(r, 0, 1). For r in [0, 1]
//   (a denormal r gives 0.5 -> 0) x*255 and +0.5 are the canonical binary32 operations; cvttps
//   truncates.
#include "batch_kernels.h"

#if OM_BATCH_X86
#include <immintrin.h>

namespace om::ref::detail {
namespace {

#define OM_AVX2 __attribute__((target("avx2,fma"), always_inline)) inline

OM_AVX2 __m256 one() { return _mm256_set1_ps(1.0f); }
OM_AVX2 __m256 alpha(__m256 v) { return _mm256_permute_ps(v, 0xFF); }
// Load two pixels of S (or S1) in memory channel order (B8G8R8A8: swap R and B), clamped to [0, 1]
// with NaN -> +0.
template <bool kSwap>
OM_AVX2 __m256 load_clamped(const uint32_t* p) {
  __m256 s = _mm256_loadu_ps(reinterpret_cast<const float*>(p));
  if (kSwap) s = _mm256_permute_ps(s, _MM_SHUFFLE(3, 0, 1, 2));
  return _mm256_min_ps(_mm256_max_ps(s, _mm256_setzero_ps()), one());
}

// Two texels -> correctly rounded i/255: q = i * RN(1/255), then one Newton step on the exact FMA
// residual (i - 255 q). Exact for all 256 codes (checked by rgba8_avx2_decode_exact() before the
// kernel is used).
OM_AVX2 __m256 decode(const uint8_t* p) {
  const __m128i d8 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
  const __m256 c = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(d8));
  const __m256 r = _mm256_set1_ps(1.0f / 255.0f);
  const __m256 q = _mm256_mul_ps(c, r);
  return _mm256_fmadd_ps(_mm256_fnmadd_ps(q, _mm256_set1_ps(255.0f), c), r, q);
}

// ---- Blenders: blend(S, D, pixel index) -> unclamped result. Same op order as blend_channel().
// ----

struct PassThrough {
  static constexpr bool kReadsDest = false;
  OM_AVX2 __m256 blend(__m256 s, __m256, size_t) const { return s; }
};

struct AlphaOver {  // SRC_ALPHA, INV_SRC_ALPHA, ADD in both slots
  static constexpr bool kReadsDest = true;
  OM_AVX2 __m256 blend(__m256 s, __m256 d, size_t) const {
    const __m256 a = alpha(s);
    return _mm256_add_ps(_mm256_mul_ps(s, a), _mm256_mul_ps(d, _mm256_sub_ps(one(), a)));
  }
};

struct PremultipliedOver {  // ONE, INV_SRC_ALPHA, ADD in both slots (S * 1 = S exactly)
  static constexpr bool kReadsDest = true;
  OM_AVX2 __m256 blend(__m256 s, __m256 d, size_t) const {
    return _mm256_add_ps(s, _mm256_mul_ps(d, _mm256_sub_ps(one(), alpha(s))));
  }
};

struct Additive {  // ONE, ONE, ADD in both slots
  static constexpr bool kReadsDest = true;
  OM_AVX2 __m256 blend(__m256 s, __m256 d, size_t) const { return _mm256_add_ps(s, d); }
};

OM_AVX2 __m256 factor(uint32_t f, bool alpha_slot, __m256 s, __m256 s1, __m256 k, __m256 d) {
  switch (f) {
    case 2:
      return one();
    case 3:
      return s;
    case 4:
      return _mm256_sub_ps(one(), s);
    case 5:
      return alpha(s);
    case 6:
      return _mm256_sub_ps(one(), alpha(s));
    case 7:
      return alpha(d);
    case 8:
      return _mm256_sub_ps(one(), alpha(d));
    case 9:
      return d;
    case 10:
      return _mm256_sub_ps(one(), d);
    case 11:
      return alpha_slot ? one() : _mm256_min_ps(alpha(s), _mm256_sub_ps(one(), alpha(d)));
    case 14:
      return k;
    case 15:
      return _mm256_sub_ps(one(), k);
    case 16:
      return s1;
    case 17:
      return _mm256_sub_ps(one(), s1);
    case 18:
      return alpha(s1);
    case 19:
      return _mm256_sub_ps(one(), alpha(s1));
    default:
      return _mm256_setzero_ps();  // ZERO (normalised)
  }
}

OM_AVX2 __m256 equation(uint32_t op, __m256 s, __m256 fs, __m256 d, __m256 fd) {
  switch (op) {
    case 4:
      return _mm256_min_ps(s, d);
    case 5:
      return _mm256_max_ps(s, d);
    case 2:
      return _mm256_sub_ps(_mm256_mul_ps(s, fs), _mm256_mul_ps(d, fd));
    case 3:
      return _mm256_sub_ps(_mm256_mul_ps(d, fd), _mm256_mul_ps(s, fs));
    default:
      return _mm256_add_ps(_mm256_mul_ps(s, fs), _mm256_mul_ps(d, fd));
  }
}

template <bool kSwap>
struct Generic {  // any factors and ops of the plan (switches on loop-invariant values)
  static constexpr bool kReadsDest = true;
  const Rgba8Plan* p;
  const uint32_t* src1;
  OM_AVX2 __m256 blend(__m256 s, __m256 d, size_t px) const {
    const __m256 k =
        _mm256_setr_ps(p->k[0], p->k[1], p->k[2], p->k[3], p->k[0], p->k[1], p->k[2], p->k[3]);
    const __m256 s1 = p->needs_s1 ? load_clamped<kSwap>(src1 + 4 * px) : _mm256_setzero_ps();
    __m256 fs = factor(p->fs_rgb, false, s, s1, k, d);
    __m256 fd = factor(p->fd_rgb, false, s, s1, k, d);
    if (p->fs_a != p->fs_rgb || p->fs_a == 11) {
      fs = _mm256_blend_ps(fs, factor(p->fs_a, true, s, s1, k, d), 0x88);
    }
    if (p->fd_a != p->fd_rgb || p->fd_a == 11) {
      fd = _mm256_blend_ps(fd, factor(p->fd_a, true, s, s1, k, d), 0x88);
    }
    __m256 r = equation(p->op_rgb, s, fs, d, fd);
    if (p->op_a != p->op_rgb) r = _mm256_blend_ps(r, equation(p->op_a, s, fs, d, fd), 0x88);
    return r;
  }
};

template <bool kSwap, class B>
__attribute__((target("avx2,fma"))) size_t run(const B& b, const Rgba8Plan& p, size_t n,
                                               const uint32_t* src, const uint8_t* dest,
                                               uint8_t* out) {
  const __m256 c255 = _mm256_set1_ps(255.0f);
  const __m256 half = _mm256_set1_ps(0.5f);
  const __m256i keep = _mm256_set1_epi32(static_cast<int>(p.keep));
  const __m256i dword_order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i code[4];
    for (int j = 0; j < 4; ++j) {
      const size_t px = i + 2 * static_cast<size_t>(j);
      __m256 r = load_clamped<kSwap>(src + 4 * px);
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

size_t rgba8_avx2(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
                  const uint8_t* dest, uint8_t* out) {
  return p.swap_rb ? dispatch<true>(p, n, src, src1, dest, out)
                   : dispatch<false>(p, n, src, src1, dest, out);
}

__attribute__((target("avx2,fma"))) bool rgba8_avx2_decode_exact() {
  for (int c = 0; c < 256; c += 8) {
    uint8_t codes[8];
    for (int i = 0; i < 8; ++i) codes[i] = static_cast<uint8_t>(c + i);
    const __m256 exact = _mm256_div_ps(
        _mm256_setr_ps(c, c + 1, c + 2, c + 3, c + 4, c + 5, c + 6, c + 7), _mm256_set1_ps(255.0f));
    const __m256i eq =
        _mm256_cmpeq_epi32(_mm256_castps_si256(decode(codes)), _mm256_castps_si256(exact));
    if (_mm256_movemask_epi8(eq) != -1) return false;
  }
  return true;
}

}  // namespace om::ref::detail

#else  // !OM_BATCH_X86

namespace om::ref::detail {
size_t rgba8_avx2(const Rgba8Plan&, size_t, const uint32_t*, const uint32_t*, const uint8_t*,
                  uint8_t*) {
  return 0;
}
bool rgba8_avx2_decode_exact() { return false; }
}  // namespace om::ref::detail

#endif  // OM_BATCH_X86

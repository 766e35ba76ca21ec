// SPDX-License-Identifier: Apache-2.0
// The blend arithmetic of the RGBA8 kernels, written once over a vector-ops struct V per ISA
// (batch_rgba8.cc: SSE4.1, batch_rgba8_avx2.cc, batch_rgba8_avx512.cc). V provides: type T (a few
// pixels, four lanes each in memory channel order), one(), zero(), alpha(x) (each pixel's A lane
// broadcast), add, sub, mul, min, max, alpha_lanes(rgb, a) (the A lanes of `a`, the others of
// `rgb`), k(const float*) (the blend factor in every pixel), load(const uint32_t*) and swap_rb(x);
// the wide kernels' V also has decode(const uint8_t*) and its pixel loop run<kSwap>(blender, ...).
// Each kernel file includes this header inside `#pragma GCC target(...)` for its ISA, so that
// every instantiation is compiled for it; everything here is a template on V (defined in an
// unnamed namespace of its file), so no code of one ISA can be shared with another TU.
//
// Why host SIMD arithmetic in the default MXCSR environment (RNE, gradual underflow, no FTZ/DAZ)
// stores exactly the canonical codes, although it neither flushes denormals nor clamps the result:
// * Operands: S and S1 are clamped with max(x, 0), then min(x, 1). maxps returns its second operand
//   for a NaN and for -0 vs +0, so NaN -> +0 and -0 -> +0, as f32_clamp does. K is clamped once by
//   f32_clamp. D = i/255 correctly rounded, so D is 0 or >= 1/255. A positive denormal S or S1 is
//   not flushed; the next points show that it gives the same code as +0.
// * Factors: 1 - x is +0 or >= 2^-24 for every x in [0, 1] (and exactly 1 for a denormal x, as for
//   +0); min() returns one of its operands. So a factor is +0, a normal number in [2^-126, 1], or a
//   denormal taken from a denormal As or S1.
// * A product S*F or D*F below 2^-126 is +0 in fp32.h. The combined result r = p' +- q (q >= 0 the
//   other product) differs from the flushed one only when q < 2^-101 (for larger q, ulp(q) > 2 p',
//   so the rounding returns q itself), and then both are below 2^-100 in magnitude and encode to
//   code 0. MIN/MAX of a denormal S and D: +0 vs +0 (D = 0), else code 0 vs code 0. S*1 is S.
// * Post-clamp: r is finite and within [-1, 2]. trunc(RN(RN(r*255) + 0.5)) is <= 0 for r <= 0 (a
//   tiny negative r*255 rounds to at most -0) and >= 255 for r >= 1; saturating narrowing maps
//   those to 0 and 255, the codes of f32_clamp(r, 0, 1). For r in [0, 1] (a denormal r gives
//   0.5 -> 0) x*255 and +0.5 are the canonical binary32 operations; cvttps truncates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "batch_kernels.h"

#define OM_SIMD_INLINE __attribute__((always_inline)) inline

namespace om::ref::detail::simd {

/// S (or S1) of the pixels at `p`, in memory channel order (B8G8R8A8: R and B swapped), clamped
/// to [0, 1] with NaN -> +0.
template <class V, bool kSwap>
OM_SIMD_INLINE typename V::T load_clamped(const uint32_t* p) {
  typename V::T s = V::load(p);
  if (kSwap) s = V::swap_rb(s);
  return V::min(V::max(s, V::zero()), V::one());
}

/// Blend factor `f` (D3D11_BLEND, normalised) of the RGB or the alpha slot.
template <class V>
OM_SIMD_INLINE typename V::T factor(uint32_t f, bool alpha_slot, typename V::T s, typename V::T s1,
                                    typename V::T k, typename V::T d) {
  switch (f) {
    case 2:
      return V::one();
    case 3:
      return s;
    case 4:
      return V::sub(V::one(), s);
    case 5:
      return V::alpha(s);
    case 6:
      return V::sub(V::one(), V::alpha(s));
    case 7:
      return V::alpha(d);
    case 8:
      return V::sub(V::one(), V::alpha(d));
    case 9:
      return d;
    case 10:
      return V::sub(V::one(), d);
    case 11:
      return alpha_slot ? V::one() : V::min(V::alpha(s), V::sub(V::one(), V::alpha(d)));
    case 14:
      return k;
    case 15:
      return V::sub(V::one(), k);
    case 16:
      return s1;
    case 17:
      return V::sub(V::one(), s1);
    case 18:
      return V::alpha(s1);
    case 19:
      return V::sub(V::one(), V::alpha(s1));
    default:
      return V::zero();  // ZERO (normalised)
  }
}

/// Blend op `op` (D3D11_BLEND_OP): the same operation order as blend_channel().
template <class V>
OM_SIMD_INLINE typename V::T equation(uint32_t op, typename V::T s, typename V::T fs,
                                      typename V::T d, typename V::T fd) {
  switch (op) {
    case 4:
      return V::min(s, d);
    case 5:
      return V::max(s, d);
    case 2:
      return V::sub(V::mul(s, fs), V::mul(d, fd));
    case 3:
      return V::sub(V::mul(d, fd), V::mul(s, fs));
    default:
      return V::add(V::mul(s, fs), V::mul(d, fd));
  }
}

/// The unclamped blend of any factors and ops of the plan (switches on loop-invariant values).
template <class V>
OM_SIMD_INLINE typename V::T blend_plan(const Rgba8Plan& p, typename V::T s, typename V::T s1,
                                        typename V::T k, typename V::T d) {
  typename V::T fs = factor<V>(p.fs_rgb, false, s, s1, k, d);
  typename V::T fd = factor<V>(p.fd_rgb, false, s, s1, k, d);
  if (p.fs_a != p.fs_rgb || p.fs_a == 11) {
    fs = V::alpha_lanes(fs, factor<V>(p.fs_a, true, s, s1, k, d));
  }
  if (p.fd_a != p.fd_rgb || p.fd_a == 11) {
    fd = V::alpha_lanes(fd, factor<V>(p.fd_a, true, s, s1, k, d));
  }
  typename V::T r = equation<V>(p.op_rgb, s, fs, d, fd);
  if (p.op_a != p.op_rgb) r = V::alpha_lanes(r, equation<V>(p.op_a, s, fs, d, fd));
  return r;
}

// ---- Blenders of the wide kernels: blend(S, D, pixel index) -> unclamped result. Common
// equations get their own instantiation (no per-pixel switches); every other state runs Generic.

template <class V>
struct PassThrough {
  static constexpr bool kReadsDest = false;
  OM_SIMD_INLINE typename V::T blend(typename V::T s, typename V::T, size_t) const { return s; }
};

template <class V>
struct AlphaOver {  // SRC_ALPHA, INV_SRC_ALPHA, ADD in both slots
  static constexpr bool kReadsDest = true;
  OM_SIMD_INLINE typename V::T blend(typename V::T s, typename V::T d, size_t) const {
    const typename V::T a = V::alpha(s);
    return V::add(V::mul(s, a), V::mul(d, V::sub(V::one(), a)));
  }
};

template <class V>
struct PremultipliedOver {  // ONE, INV_SRC_ALPHA, ADD in both slots (S * 1 = S exactly)
  static constexpr bool kReadsDest = true;
  OM_SIMD_INLINE typename V::T blend(typename V::T s, typename V::T d, size_t) const {
    return V::add(s, V::mul(d, V::sub(V::one(), V::alpha(s))));
  }
};

template <class V>
struct Additive {  // ONE, ONE, ADD in both slots
  static constexpr bool kReadsDest = true;
  OM_SIMD_INLINE typename V::T blend(typename V::T s, typename V::T d, size_t) const {
    return V::add(s, d);
  }
};

template <class V, bool kSwap>
struct Generic {
  static constexpr bool kReadsDest = true;
  const Rgba8Plan* p;
  const uint32_t* src1;
  OM_SIMD_INLINE typename V::T blend(typename V::T s, typename V::T d, size_t px) const {
    const typename V::T s1 = p->needs_s1 ? load_clamped<V, kSwap>(src1 + 4 * px) : V::zero();
    return blend_plan<V>(*p, s, s1, V::k(p->k), d);
  }
};

template <class V, bool kSwap>
size_t dispatch(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
                const uint8_t* dest, uint8_t* out) {
  if (!p.blend) return V::template run<kSwap>(PassThrough<V>{}, p, n, src, dest, out);
  if (same_equation(p, 5, 6, 1)) {
    return V::template run<kSwap>(AlphaOver<V>{}, p, n, src, dest, out);
  }
  if (same_equation(p, 2, 6, 1)) {
    return V::template run<kSwap>(PremultipliedOver<V>{}, p, n, src, dest, out);
  }
  if (same_equation(p, 2, 2, 1)) return V::template run<kSwap>(Additive<V>{}, p, n, src, dest, out);
  return V::template run<kSwap>(Generic<V, kSwap>{&p, src1}, p, n, src, dest, out);
}

/// A wide kernel's entry: V::run<kSwap>(blender, p, n, src, dest, out) (the ISA's pixel loop, which
/// returns the pixels it did) with the blender of the plan's equation and channel order.
template <class V>
size_t kernel(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
              const uint8_t* dest, uint8_t* out) {
  return p.swap_rb ? dispatch<V, true>(p, n, src, src1, dest, out)
                   : dispatch<V, false>(p, n, src, src1, dest, out);
}

}  // namespace om::ref::detail::simd

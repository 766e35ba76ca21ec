# SPDX-License-Identifier: Apache-2.0
"""Independent computations the tests compare omsim with: numpy float32 (the host FPU, IEEE RNE) and exact
rationals, written from docs/arithmetic.md, not from the C++ code."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

F32 = np.float32
TINY = F32(2.0**-126)


def bits(x: np.ndarray) -> np.ndarray:
    """uint32 bit patterns of float32 values."""
    return np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)


def ftz(x: np.ndarray) -> np.ndarray:
    """Flush float32 denormals to the zero of their sign."""
    x = np.asarray(x, np.float32)
    return np.where(np.abs(x) < TINY, np.copysign(F32(0), x), x).astype(np.float32)


def canon(x: np.ndarray) -> np.ndarray:
    """Arithmetic result rule: flush denormal results, canonical NaN."""
    x = ftz(x)
    return np.where(np.isnan(x), np.uint32(0x7FC00000).view(np.float32), x).astype(np.float32)


def add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return canon(ftz(a) + ftz(b))


def sub(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return canon(ftz(a) - ftz(b))


def mul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return canon(ftz(a) * ftz(b))


def dmin(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """D3D min: NaN yields the other operand; min(-0, +0) = -0."""
    a, b = ftz(a), ftz(b)
    r = np.where(a < b, a, b)
    r = np.where((a == b) & (np.signbit(a) | np.signbit(b)), np.copysign(a, F32(-1)), r)
    r = np.where(np.isnan(a), b, np.where(np.isnan(b), a, r))
    return canon(r)


def dmax(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """D3D max: NaN yields the other operand; max(-0, +0) = +0."""
    a, b = ftz(a), ftz(b)
    r = np.where(a > b, a, b)
    r = np.where((a == b) & ~(np.signbit(a) & np.signbit(b)), np.abs(a), r)
    r = np.where(np.isnan(a), b, np.where(np.isnan(b), a, r))
    return canon(r)


def clamp01(x: np.ndarray) -> np.ndarray:
    """Input/output clamp of UNORM RTs: NaN -> +0, then [0, 1]."""
    x = ftz(x)
    x = np.where(np.isnan(x), F32(0), x)
    return np.minimum(np.maximum(x, F32(0)), F32(1)).astype(np.float32)


def unorm_encode(c: np.ndarray, n: int) -> np.ndarray:
    """docs/arithmetic.md §6: clamp, x (2^n - 1), + 0.5, truncate (each a binary32 op)."""
    with np.errstate(all="ignore"):
        t = (clamp01(c) * F32(2**n - 1)).astype(np.float32)
        t = (t + F32(0.5)).astype(np.float32)
    return np.trunc(t).astype(np.uint32)


def unorm_decode(code: np.ndarray, n: int) -> np.ndarray:
    """code / (2^n - 1) correctly rounded to binary32 (a float32 IEEE division of exact operands)."""
    return (np.asarray(code, np.float32) / F32(2**n - 1)).astype(np.float32)


def f32_of(q: Fraction) -> np.float32:
    """The binary32 nearest to a rational whose denominator has few bits (double rounding cannot bite: the
    rationals used here are never within 2^-53 of a binary32 tie)."""
    return np.float32(float(q))


# Blend factors by D3D value for the RGBA8 oracle: f(S, S1, D, K, channel) -> factor, RGB slot semantics for ch < 3.
def factor(b: int, s: np.ndarray, s1: np.ndarray, d: np.ndarray, k: np.ndarray, ch: int) -> np.ndarray:
    one = np.ones_like(s[..., 0])
    alpha_slot = ch == 3
    sel = {
        1: lambda: np.zeros_like(one),
        2: lambda: one,
        3: lambda: s[..., ch],
        4: lambda: sub(one, s[..., ch]),
        5: lambda: s[..., 3],
        6: lambda: sub(one, s[..., 3]),
        7: lambda: d[..., 3],
        8: lambda: sub(one, d[..., 3]),
        9: lambda: d[..., ch],
        10: lambda: sub(one, d[..., ch]),
        11: lambda: one if alpha_slot else dmin(s[..., 3], sub(one, d[..., 3])),
        14: lambda: k[..., ch],
        15: lambda: sub(one, k[..., ch]),
        16: lambda: s1[..., ch],
        17: lambda: sub(one, s1[..., ch]),
        18: lambda: s1[..., 3],
        19: lambda: sub(one, s1[..., 3]),
    }
    return sel[b]()


def blend_unorm8(
    src: np.ndarray, src1: np.ndarray, dest_codes: np.ndarray, k: np.ndarray,
    sb: int, db: int, op: int, sba: int, dba: int, opa: int,
) -> np.ndarray:
    """The canonical datapath (docs/arithmetic.md) for R8G8B8A8_UNORM, blend enabled: the stored codes (N, 4)."""
    s = clamp01(src)
    s1 = clamp01(src1)
    kk = np.broadcast_to(clamp01(k), s.shape)
    d = unorm_decode(dest_codes, 8)
    out = np.empty(s.shape, np.uint32)
    for ch in range(4):
        fs_, fd_, o = (sba, dba, opa) if ch == 3 else (sb, db, op)
        if o == 4:
            r = dmin(s[..., ch], d[..., ch])
        elif o == 5:
            r = dmax(s[..., ch], d[..., ch])
        else:
            ts = mul(s[..., ch], factor(fs_, s, s1, d, kk, ch))
            td = mul(d[..., ch], factor(fd_, s, s1, d, kk, ch))
            r = {1: add(ts, td), 2: sub(ts, td), 3: sub(td, ts)}[o]
        out[..., ch] = unorm_encode(r, 8)
    return out


def f16_rtz(x: np.ndarray) -> np.ndarray:
    """binary32 -> float16 bits by the docs/arithmetic.md §6 rule: round toward zero, finite overflow -> 0x7BFF,
    INF kept, NaN -> 0x7E00, binary32 denormals -> signed zero. Via numpy's RNE conversion, stepped toward zero
    when it rounded away."""
    x = ftz(np.asarray(x, np.float32))
    with np.errstate(all="ignore"):
        h = x.astype(np.float16)
    hb = h.view(np.uint16).astype(np.uint32)
    back = h.astype(np.float32)
    away = np.isfinite(back) & (np.abs(back) > np.abs(x))
    hb = np.where(away, hb - 1, hb)
    inf_from_finite = np.isinf(h) & np.isfinite(x)
    hb = np.where(inf_from_finite, (hb & 0x8000) | 0x7BFF, hb)
    hb = np.where(np.isnan(x), 0x7E00, hb)
    return hb.astype(np.uint32)

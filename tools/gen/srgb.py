# SPDX-License-Identifier: Apache-2.0
"""sRGB tables of the canonical datapath (docs/arithmetic.md §3, §6), computed exactly.

decode_lut(): for each UNORM8 code i, the correctly rounded fp32 of the ideal decode of i/255.
encode_thresholds(): T[k] for k = 1..255, the smallest fp32 x in [0, 1] whose canonical encode is >= k, where the
canonical encode is trunc(fp32_add(fp32_mul(s, 255), 0.5)) and s is the correctly rounded fp32 of the ideal curve.
"""
from __future__ import annotations

import functools
import struct

import mpmath
import numpy as np

mpmath.mp.prec = 200


def bits_to_f32(b: int) -> float:
    return struct.unpack("<f", struct.pack("<I", b))[0]


def f32_to_bits(f: float) -> int:
    return struct.unpack("<I", struct.pack("<f", f))[0]


def round_f32(x: mpmath.mpf) -> int:
    """Bits of the fp32 nearest to x (ties to even), x >= 0 and below the fp32 maximum."""
    guess = f32_to_bits(float(np.float32(float(x))))
    best = None
    for cand in (guess - 1, guess, guess + 1):
        if cand < 0:
            continue
        err = abs(mpmath.mpf(bits_to_f32(cand)) - x)
        key = (err, cand & 1)
        if best is None or key < best[0]:
            best = (key, cand)
    return best[1]


def ideal_decode(c: mpmath.mpf) -> mpmath.mpf:
    if c <= mpmath.mpf("0.04045"):
        return c / mpmath.mpf("12.92")
    return ((c + mpmath.mpf("0.055")) / mpmath.mpf("1.055")) ** mpmath.mpf("2.4")


def ideal_encode(c: mpmath.mpf) -> mpmath.mpf:
    if c <= mpmath.mpf("0.0031308"):
        return c * mpmath.mpf("12.92")
    return mpmath.mpf("1.055") * c ** (mpmath.mpf(1) / mpmath.mpf("2.4")) - mpmath.mpf("0.055")


@functools.cache
def decode_lut() -> list[int]:
    return [round_f32(ideal_decode(mpmath.mpf(i) / 255)) for i in range(256)]


def canonical_encode(xbits: int) -> int:
    s = np.float32(bits_to_f32(round_f32(ideal_encode(mpmath.mpf(bits_to_f32(xbits))))))
    if abs(s) < np.finfo(np.float32).tiny:  # FTZ on the arithmetic inputs
        s = np.float32(0)
    v = np.float32(np.float32(s * np.float32(255)) + np.float32(0.5))
    return int(v)


@functools.cache
def encode_thresholds() -> list[int]:
    """T[k-1] = smallest fp32 bit pattern x in [0, 1.0] with canonical_encode(x) >= k, k = 1..255."""
    out = []
    lo_start = 0
    for k in range(1, 256):
        lo, hi = lo_start, 0x3F800000
        while lo < hi:
            mid = (lo + hi) // 2
            if canonical_encode(mid) >= k:
                hi = mid
            else:
                lo = mid + 1
        out.append(lo)
        lo_start = lo
    return out

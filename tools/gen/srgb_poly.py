# SPDX-License-Identifier: Apache-2.0
"""Tables of the RTL's unquantised sRGB encode (rtl/om_f32_srgb_encode.sv; docs/arithmetic.md §6, §9 gamma space).

The power segment s = 1.055 x^(5/12) - 0.055 is estimated in fixed point from x = 2^E (1 + f), E = -9..-1:
s = K(E) g(f) - 0.055 with K(E) = 1.055 * 2^(5E/12) and g(f) = (1 + f)^(5/12), g a polynomial of degree DEG per
1/2^SEG_BITS of f (Chebyshev-node interpolation). The RTL rounds the estimate to binary32 without any exact check,
so the estimate's error (below 2^-59 here) has to stay below the closest approach of s to a rounding boundary over
all binary32 inputs of the segment; the exhaustive test (ctest -L exhaustive) proves it for these tables.

g's coefficients d_k alternate in sign from d_1 on (d_0, d_1 > 0, d_2 < 0, ...), as the derivatives of (1 + f)^a
with 0 < a < 1 do, and each |d_k| exceeds the sum of the higher ones: the tables hold the magnitudes c_k = |d_k|
and the RTL's Horner steps subtract (k >= 1) or add (k = 0) without sign bits. All values carry FRAC fractional
bits; coefficient k is W_k bits wide.
"""
from __future__ import annotations

import functools
from fractions import Fraction

import mpmath

FRAC = 64
SEG_BITS = 6
DEG = 6
E_MIN = -9  # the smallest binary exponent of x > 0.0031308

mpmath.mp.prec = 200


def _fixed(x: mpmath.mpf) -> int:
    return int(mpmath.nint(x * mpmath.mpf(2) ** FRAC))


@functools.cache
def linear_max_bits() -> int:
    """Bits of the largest binary32 <= 0.0031308 (the end of the linear segment)."""
    lim = Fraction(31308, 10_000_000)
    lo, hi = 0, 0x3F800000
    while lo < hi:  # largest b with value(b) <= lim, b in the normal range
        mid = (lo + hi + 1) // 2
        e, m = mid >> 23, mid & 0x7FFFFF
        val = Fraction(m | 0x800000, 1 << 23) * (Fraction(2) ** (e - 127))
        if val <= lim:
            lo = mid
        else:
            hi = mid - 1
    return lo


@functools.cache
def scales() -> list[int]:
    """K(E) = 1.055 * 2^(5E/12) for n = -E = 1..-E_MIN (index n; index 0 = K(0))."""
    return [_fixed(mpmath.mpf("1.055") * mpmath.power(2, mpmath.mpf(-5 * n) / 12)) for n in range(-E_MIN + 1)]


def offset() -> int:
    """0.055 in fixed point."""
    return _fixed(mpmath.mpf("0.055"))


@functools.cache
def poly_segments() -> list[tuple[int, ...]]:
    """(c_0, ..., c_DEG) per segment j: g((j + t) / 2^SEG_BITS) ~ sum_k (-1)^(k-1 if k else 0) c_k t^k, t in [0, 1)."""
    segs = 1 << SEG_BITS
    nodes = [(1 - mpmath.cos((2 * i + 1) * mpmath.pi / (2 * (DEG + 1)))) / 2 for i in range(DEG + 1)]
    a = mpmath.matrix([[t ** k for k in range(DEG + 1)] for t in nodes])
    out = []
    for j in range(segs):
        b = mpmath.matrix([mpmath.power(1 + (j + t) / segs, mpmath.mpf(5) / 12) for t in nodes])
        d = [_fixed(v) for v in mpmath.lu_solve(a, b)]
        signs = [1] + [(-1) ** (k - 1) for k in range(1, DEG + 1)]
        if any(s * v <= 0 for s, v in zip(signs, d)):
            raise ValueError(f"srgb_poly: segment {j}: coefficients {d} break the sign pattern the RTL relies on")
        c = [abs(v) for v in d]
        if any(c[k] <= sum(c[k + 1:]) for k in range(1, DEG)):
            raise ValueError(f"srgb_poly: segment {j}: a Horner step of magnitudes {c} could go negative")
        out.append(tuple(c))
    return out


def widths() -> list[int]:
    return [max(seg[k] for seg in poly_segments()).bit_length() for k in range(DEG + 1)]


def sv_lines() -> list[str]:
    w = widths()
    out = [
        "  // Unquantised sRGB encode tables (tools/gen/srgb_poly.py, rtl/om_f32_srgb_encode.sv): the power segment's",
        f"  // estimate, fixed point with {FRAC} fractional bits; its error bound is what keeps the RTL's rounding exact.",
        f"  localparam logic [31:0] SRGB_ENCODE_LINEAR_MAX = 32'h{linear_max_bits():08X};  // largest fp32 <= 0.0031308",
        f"  localparam int SRGB_ENCODE_FRAC = {FRAC};",
        f"  localparam int SRGB_ENCODE_SEG_BITS = {SEG_BITS};",
        f"  localparam logic [{FRAC - 1}:0] SRGB_ENCODE_OFFSET = {FRAC}'h{offset():X};  // 0.055",
    ]
    out += [f"  localparam int SRGB_ENCODE_W{k} = {wk};" for k, wk in enumerate(w)]
    out += ["  // K(E) = 1.055 * 2^(5E/12), n = -E = 1..9.",
            f"  function automatic logic [{FRAC - 1}:0] srgb_encode_scale(input logic [3:0] n);",
            f"    logic [{FRAC - 1}:0] v;", "    case (n)"]
    sc = scales()
    out += [f"      4'd{n}: v = {FRAC}'h{sc[n]:X};" for n in range(1, len(sc) - 1)]
    out += [f"      default: v = {FRAC}'h{sc[-1]:X};", "    endcase", "    return v;", "  endfunction", ""]
    segs = poly_segments()
    for k in range(DEG + 1):
        out += [f"  // c_{k} of (1 + (seg + t) / {1 << SEG_BITS})^(5/12) (magnitude; sign + for k = 0, (-1)^(k-1) else).",
                f"  function automatic logic [{w[k] - 1}:0] srgb_encode_c{k}(input logic [{SEG_BITS - 1}:0] seg);",
                f"    logic [{w[k] - 1}:0] v;", "    case (seg)"]
        for j, c in enumerate(segs):
            label = f"{SEG_BITS}'d{j}" if j < len(segs) - 1 else "default"
            out.append(f"      {label}: v = {w[k]}'h{c[k]:X};")
        out += ["    endcase", "    return v;", "  endfunction", ""]
    return out

# SPDX-License-Identifier: Apache-2.0
"""Tables of the RTL's unquantised sRGB encode (rtl/om_f32_srgb_encode.sv; docs/arithmetic.md §6, §9 gamma space).

The power segment s = 1.055 x^(5/12) - 0.055 is estimated in fixed point from x = 2^E (1 + f), E = -9..-1:
x^(5/12) = scale(E) * g(f) with scale(E) = 2^(5E/12) and g(f) = (1 + f)^(5/12), g a cubic per 1/128 of f
(Chebyshev-node interpolation; error below 2^-39). The RTL then settles the binary32 rounding exactly, so these
tables only need to bring the estimate within a small fraction of an ulp; their values are not part of the
bit-exact contract. All constants carry FRAC fractional bits.
"""
from __future__ import annotations

import functools
from fractions import Fraction

import mpmath

FRAC = 48
SEG_BITS = 7
COEF_W = 52  # two's-complement width of each coefficient in the SV table

mpmath.mp.prec = 160


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
    """scale(E) = 2^(5E/12) for E = -1..-9 (index 1..9; index 0 = 1.0)."""
    return [_fixed(mpmath.power(2, mpmath.mpf(-5 * n) / 12)) for n in range(10)]


@functools.cache
def poly_segments() -> list[tuple[int, int, int, int]]:
    """(d0, d1, d2, d3) per segment j: g(j/128 + t/128) ~ d0 + d1 t + d2 t^2 + d3 t^3 for t in [0, 1)."""
    segs = 1 << SEG_BITS
    nodes = [(1 - mpmath.cos((2 * i + 1) * mpmath.pi / 8)) / 2 for i in range(4)]
    out = []
    for j in range(segs):
        a = mpmath.matrix([[t ** k for k in range(4)] for t in nodes])
        b = mpmath.matrix([mpmath.power(1 + (j + t) / segs, mpmath.mpf(5) / 12) for t in nodes])
        d = mpmath.lu_solve(a, b)
        out.append(tuple(_fixed(d[k]) for k in range(4)))
    return out


def sv_lines() -> list[str]:
    mask = (1 << COEF_W) - 1
    out = [
        "  // Unquantised sRGB encode tables (tools/gen/srgb_poly.py, rtl/om_srgb_encode_f32.sv): estimates only; the",
        "  // RTL settles the rounding exactly. Fixed point with 48 fractional bits, coefficients 52-bit two's complement.",
        f"  localparam logic [31:0] SRGB_ENCODE_LINEAR_MAX = 32'h{linear_max_bits():08X};  // largest fp32 <= 0.0031308",
        "  // 2^(-5 n / 12), n = -E = 0..9.",
        "  function automatic logic [51:0] srgb_encode_scale(input logic [3:0] n);",
        "    logic [51:0] v;",
        "    case (n)",
    ]
    sc = scales()
    out += [f"      4'd{n}: v = 52'h{sc[n]:013X};" for n in range(1, 10)]
    out += [f"      default: v = 52'h{sc[0]:013X};", "    endcase", "    return v;", "  endfunction", "",
            "  // {d0, d1, d2, d3}: (1 + (seg + t) / 128)^(5/12) ~ d0 + d1 t + d2 t^2 + d3 t^3, t in [0, 1).",
            "  function automatic logic [207:0] srgb_encode_poly(input logic [6:0] seg);",
            "    logic [207:0] v;", "    case (seg)"]
    segs = poly_segments()
    for j, d in enumerate(segs):
        hexes = ", ".join(f"52'h{(c & mask):013X}" for c in d)
        if j < len(segs) - 1:
            out.append(f"      7'd{j}: v = {{{hexes}}};")
        else:
            out.append(f"      default: v = {{{hexes}}};")
    out += ["    endcase", "    return v;", "  endfunction", ""]
    return out

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Precision study: the canonical datapath (bit-exact binary32, docs/arithmetic.md) against exact arithmetic.

For each render-target format, random PS outputs S are blended over random stored texels D with
SRC_ALPHA / INV_SRC_ALPHA by omsim (the reference model). The same blend is evaluated exactly (float64 on the
clamped binary32 inputs and the exactly decoded D -- every product and sum here is exact or within 2^-53, far
below the formats' resolution), then encoded without rounding. The plot shows, per format, the error of the stored
value in units of the format's last place: codes for UNORM/SNORM/sRGB (D3D allows 0.6), ULPs of the format for
float formats, taken at the larger of the two blend terms (float16/11/10 round toward zero: |error| < 1 ULP).
"""

from __future__ import annotations

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402

import omsim  # noqa: E402
from omsim import FormatClass  # noqa: E402

FORMATS = [
    "R8G8B8A8_UNORM", "R8G8B8A8_UNORM_SRGB", "B5G6R5_UNORM", "B4G4R4A4_UNORM", "R10G10B10A2_UNORM",
    "R16G16B16A16_UNORM", "R8G8B8A8_SNORM", "R16G16B16A16_SNORM", "R16G16B16A16_FLOAT", "R11G11B10_FLOAT",
    "R32G32B32A32_FLOAT",
]
SMALL_FLOAT = {16: (5, 10, True), 11: (5, 6, False), 10: (5, 5, False)}  # bits -> (exponent, mantissa, signed)


def small_float_value(code: np.ndarray, bits: int) -> np.ndarray:
    """Exact value of float16/11/10 codes (finite codes only are generated)."""
    e_bits, m_bits, signed = SMALL_FLOAT[bits]
    code = code.astype(np.int64)
    sign = np.where(signed & ((code >> (bits - 1)) & 1 == 1), -1.0, 1.0) if signed else 1.0
    e = (code >> m_bits) & ((1 << e_bits) - 1)
    m = code & ((1 << m_bits) - 1)
    bias = 15
    val = np.where(e == 0, m * 2.0 ** (1 - bias - m_bits), (1 + m / 2.0**m_bits) * 2.0 ** (e - bias))
    return sign * val


def small_float_ulp(x: np.ndarray, bits: int) -> np.ndarray:
    _, m_bits, _ = SMALL_FLOAT[bits]
    e = np.floor(np.log2(np.maximum(np.abs(x), 2.0**-14)))
    return 2.0 ** (e - m_bits)


def srgb_encode(c: np.ndarray) -> np.ndarray:
    return np.where(c <= 0.0031308, 12.92 * c, 1.055 * np.power(c, 1 / 2.4) - 0.055)


def srgb_decode(c: np.ndarray) -> np.ndarray:
    return np.where(c <= 0.04045, c / 12.92, np.power((c + 0.055) / 1.055, 2.4))


def decode(f: omsim.FormatInfo, fields: np.ndarray, ch: int) -> np.ndarray:
    """The exact value a stored channel field stands for (docs/arithmetic.md §3, ideal)."""
    n = f.channels[ch][0]
    x = fields[..., ch].astype(np.float64)
    if f.cls == FormatClass.UNORM:
        return x / (2**n - 1)
    if f.cls == FormatClass.UNORM_SRGB:
        return x / 255 if ch == 3 else srgb_decode(x / 255)
    if f.cls == FormatClass.SNORM:
        s = np.where(x >= 2 ** (n - 1), x - 2**n, x)
        return np.maximum(s / (2 ** (n - 1) - 1), -1.0)
    if n == 32:
        return fields[..., ch].astype(np.uint32).view(np.float32).astype(np.float64)
    return small_float_value(fields[..., ch], n)


def error_units(f: omsim.FormatInfo, stored: np.ndarray, exact: np.ndarray, scale: np.ndarray, ch: int) -> np.ndarray:
    """Stored minus exact, in codes (fixed point) or in ULPs of the format at `scale`, the larger of the blend's
    two terms (float formats: per-operation rounding is relative to the operands, so a result that cancels to near
    zero is measured against the size of what cancelled)."""
    n = f.channels[ch][0]
    if f.cls in (FormatClass.UNORM, FormatClass.UNORM_SRGB):
        e = np.clip(exact, 0, 1)
        ideal = (srgb_encode(e) if f.cls == FormatClass.UNORM_SRGB and ch < 3 else e) * (2**n - 1)
        return stored.astype(np.float64) - ideal
    if f.cls == FormatClass.SNORM:
        s = np.where(stored >= 2 ** (n - 1), stored.astype(np.float64) - 2**n, stored)
        return s - np.clip(exact, -1, 1) * (2 ** (n - 1) - 1)
    if n == 32:
        v = stored.astype(np.uint32).view(np.float32).astype(np.float64)
        ulp = 2.0 ** (np.floor(np.log2(np.maximum(scale, 2.0**-126))) - 23)
        return (v - exact) / ulp
    e = np.maximum(exact, 0) if n < 16 else exact  # float11/10 store negatives as 0
    return (small_float_value(stored, n) - e) / small_float_ulp(np.maximum(scale, np.abs(e)), n)


def study(fmt: str, n: int, rng: np.random.Generator) -> np.ndarray:
    f = omsim.format_info(fmt)
    lo = -1.0 if f.cls == FormatClass.SNORM else 0.0
    src = rng.uniform(lo - 0.1, 1.1, (n, 4)).astype(np.float32)
    if f.cls == FormatClass.FLOAT:
        src[:, :3] *= np.float32(4.0)
    src[:, 3] = rng.uniform(0, 1, n).astype(np.float32)  # alpha in range so the weights are meaningful
    if f.cls == FormatClass.FLOAT:  # finite destination values of the format
        dest = omsim.pack(f, rng.uniform(-2 if f.channels[0][0] >= 16 else 0, 4, (n, 4)).astype(np.float32))
    else:
        fields = np.stack([rng.integers(0, 2 ** max(b, 1), n) for b, _ in f.channels], axis=1).astype(np.uint32)
        dest = omsim.join(f, fields)
    d_fields = omsim.split(f, dest)
    desc = omsim.RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA")
    out = omsim.split(f, omsim.blend(f, src, dest, desc))
    clamp = {FormatClass.UNORM: (0, 1), FormatClass.UNORM_SRGB: (0, 1), FormatClass.SNORM: (-1, 1)}.get(f.cls)
    s = src.astype(np.float64)
    if clamp:
        s = np.clip(s, *clamp)
    a = s[:, 3]
    errs = []
    for ch in range(3):
        if f.channels[ch][0] == 0:
            continue
        ts, td = s[:, ch] * a, decode(f, d_fields, ch) * (1 - a)
        exact = ts + td
        scale = np.maximum(np.abs(ts), np.abs(td))
        errs.append(error_units(f, out[:, ch], exact, scale, ch))
    return np.concatenate(errs)


def main() -> int:
    args = _common.parse_args("precision_study", __doc__ or "")
    n = 3000 if args.small else 200_000
    rng = np.random.default_rng(2024)
    fig, axes = plt.subplots(3, 4, figsize=(14, 9))
    summary = []
    for ax, fmt in zip(axes.flat, FORMATS):
        err = study(fmt, n, rng)
        f = omsim.format_info(fmt)
        unit = "ULP" if f.cls == FormatClass.FLOAT else "codes"
        ax.hist(err, bins=60, color="tab:blue")
        if f.cls != FormatClass.FLOAT:
            for x in (-0.6, 0.6):
                ax.axvline(x, color="tab:red", lw=0.8, ls="--")
        ax.set_title(f"{fmt}\nmax |err| {np.abs(err).max():.4f} {unit}", fontsize=8)
        ax.tick_params(labelsize=7)
        summary.append((fmt, float(np.abs(err).max()), float(np.mean(err)), unit))
    ax = axes.flat[len(FORMATS)]
    ax.barh([s[0] for s in summary], [s[1] for s in summary], color="tab:green")
    ax.axvline(0.6, color="tab:red", lw=0.8, ls="--")
    ax.set_title("max |error| (codes or ULPs); red: D3D's 0.6", fontsize=8)
    ax.tick_params(labelsize=6)
    fig.suptitle(f"Canonical datapath vs exact arithmetic: SRC_ALPHA/INV_SRC_ALPHA, {n} pixels per format", fontsize=10)
    fig.tight_layout()
    _common.save(fig, args.out)
    print(f"{'format':<22} {'max |err|':>10} {'mean err':>10}")
    for fmt, mx, mean, unit in summary:
        print(f"{fmt:<22} {mx:>10.4f} {mean:>10.4f} {unit}")
    bad = [s for s in summary if s[3] == "codes" and s[1] > 0.6]
    if bad:  # the canonical fixed-point encode must stay inside D3D's tolerance
        print(f"outside D3D's 0.6-code tolerance: {bad}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

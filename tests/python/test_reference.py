# SPDX-License-Identifier: Apache-2.0
"""omsim against independent computations (tests/python/oracle.py: numpy float32 on the host FPU, exact rationals,
mpmath): exhaustive conversions and random blends, bit for bit."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import pytest

import omsim
import oracle


def random_f32(rng: np.random.Generator, n: int) -> np.ndarray:
    """Random float32 bit patterns with the interesting values mixed in."""
    x = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)
    special = np.array([0.0, -0.0, 1.0, -1.0, 0.5, np.inf, -np.inf, np.nan, 1e-40, -1e-40, 65504, 65520], np.float32)
    x[: special.size] = special
    return x


@pytest.mark.parametrize("fmt, n", [("R8_UNORM", 8), ("R16_UNORM", 16), ("B4G4R4A4_UNORM", 4), ("B5G6R5_UNORM", 5)])
def test_unorm_readback_every_code(fmt, n):
    f = omsim.format_info(fmt)
    codes = np.arange(2**n, dtype=np.uint32)
    fields = np.zeros((codes.size, 4), np.uint32)
    ch = next(c for c in range(4) if f.channels[c][0] == n)
    fields[:, ch] = codes
    got = omsim.unpack(f, omsim.join(f, fields))[:, ch]
    expect = np.array([oracle.f32_of(Fraction(int(c), 2**n - 1)) for c in codes], np.float32)
    assert np.array_equal(oracle.bits(got), oracle.bits(expect))
    assert np.array_equal(oracle.bits(got), oracle.bits(oracle.unorm_decode(codes, n)))


@pytest.mark.parametrize("fmt, n", [("R8_UNORM", 8), ("R16_UNORM", 16), ("R10G10B10A2_UNORM", 10)])
def test_unorm_encode_random(fmt, n, rng):
    x = random_f32(rng, 200_000)
    values = np.zeros((x.size, 4), np.float32)
    values[:, 0] = x
    got = omsim.split(fmt, omsim.pack(fmt, values))[:, 0]
    assert np.array_equal(got, oracle.unorm_encode(x, n))


def test_snorm8_readback_every_code():
    codes = np.arange(256, dtype=np.uint32)
    fields = np.zeros((256, 4), np.uint32)
    fields[:, 0] = codes
    got = omsim.unpack("R8_SNORM", omsim.join("R8_SNORM", fields))[:, 0]
    signed = np.where(codes >= 128, codes.astype(np.int64) - 256, codes)
    expect = np.array([oracle.f32_of(max(Fraction(int(s), 127), Fraction(-1))) for s in signed], np.float32)
    assert np.array_equal(oracle.bits(got), oracle.bits(expect))


def test_float16_readback_every_code():
    h = np.arange(65536, dtype=np.uint32)
    fields = np.zeros((h.size, 4), np.uint32)
    fields[:, 0] = h
    got = omsim.unpack("R16_FLOAT", omsim.join("R16_FLOAT", fields))[:, 0]
    expect = h.astype(np.uint16).view(np.float16).astype(np.float32)  # exact widening, NaN payload shifted
    assert np.array_equal(oracle.bits(got), oracle.bits(expect))


def test_float16_encode_random(rng):
    x = random_f32(rng, 200_000)
    values = np.zeros((x.size, 4), np.float32)
    values[:, 0] = x
    got = omsim.split("R16_FLOAT", omsim.pack("R16_FLOAT", values))[:, 0]
    assert np.array_equal(got, oracle.f16_rtz(x))


def test_srgb_decode_table_is_the_correctly_rounded_ideal_curve():
    fields = np.zeros((256, 4), np.uint32)
    fields[:, 0] = np.arange(256)
    got = omsim.unpack("R8G8B8A8_UNORM_SRGB", omsim.join("R8G8B8A8_UNORM_SRGB", fields))[:, 0]
    with mpmath.workprec(200):
        for i in range(256):
            c = mpmath.mpf(i) / 255
            lin = c / mpmath.mpf("12.92") if c <= mpmath.mpf("0.04045") else ((c + mpmath.mpf("0.055")) / mpmath.mpf("1.055")) ** mpmath.mpf("2.4")
            lo, hi = np.nextafter(got[i], np.float32(-1)), np.nextafter(got[i], np.float32(2))
            # got[i] is the nearest binary32: lin lies within half an ulp on both sides
            assert (mpmath.mpf(float(lo)) + mpmath.mpf(float(got[i]))) / 2 <= lin <= (mpmath.mpf(float(got[i])) + mpmath.mpf(float(hi))) / 2, i


def test_scalar_ops_match_host_fpu(rng):
    a, b = random_f32(rng, 3000), random_f32(rng, 3000)
    ops = {
        omsim.scalar.f32_add: oracle.add,
        omsim.scalar.f32_sub: oracle.sub,
        omsim.scalar.f32_mul: oracle.mul,
        omsim.scalar.f32_min: oracle.dmin,
        omsim.scalar.f32_max: oracle.dmax,
    }
    ab, bb = oracle.bits(a), oracle.bits(b)
    for fn, ref in ops.items():
        got = np.array([fn(int(x), int(y)) for x, y in zip(ab, bb)], np.uint32)
        assert np.array_equal(got, oracle.bits(ref(a, b))), fn.__name__


# Factor/op combinations for the RGBA8 sweep: every factor in the RGB slots (with an alpha-legal partner), every op.
ALPHA_OF = {3: 5, 4: 6, 9: 7, 10: 8, 16: 18, 17: 19}
COMBOS = [(sb, db, op) for sb in omsim.Blend for db in (omsim.Blend.INV_SRC_ALPHA, omsim.Blend.DEST_COLOR, omsim.Blend.SRC1_COLOR)
          for op in omsim.BlendOp] + [(omsim.Blend.ONE, db, omsim.BlendOp.ADD) for db in omsim.Blend]


@pytest.mark.parametrize("fmt", ["R8G8B8A8_UNORM", "B8G8R8A8_UNORM"])
@pytest.mark.parametrize("isa", list(omsim.BatchIsa), ids=lambda i: i.name)
def test_rgba8_blend_matches_numpy_canonical_datapath(fmt, isa, rng):
    n = 512
    src = rng.uniform(-0.25, 1.25, (n, 4)).astype(np.float32)
    src1 = rng.uniform(-0.25, 1.25, (n, 4)).astype(np.float32)
    src[:8] = [[0, 0, 0, 0], [1, 1, 1, 1], [np.nan, 0.5, -0.0, 1e-40], [0.5] * 4, [np.inf, -np.inf, 2, -2],
               [1 / 255] * 4, [254.5 / 255] * 4, [0.25, 0.75, 0.125, 0.875]]
    rgba = rng.integers(0, 256, (n, 4), dtype=np.uint32)
    k = rng.uniform(-0.5, 1.5, 4).astype(np.float32)
    swap = fmt.startswith("B8")
    mem = rgba[:, [2, 1, 0, 3]] if swap else rgba  # memory channel order
    dest = omsim.join(fmt, rgba)
    assert np.array_equal(omsim.split(fmt, dest), rgba)
    assert np.array_equal(dest.view(np.uint8).reshape(n, 4), mem)
    for sb, db, op in COMBOS:
        desc = omsim.RtBlendDesc.blending(sb, db, op, src_alpha=ALPHA_OF.get(sb, sb), dest_alpha=ALPHA_OF.get(db, db))
        got = omsim.split(fmt, omsim.blend(fmt, src, dest, desc, src1=src1, blend_factor=k, isa=isa))
        expect = oracle.blend_unorm8(src, src1, rgba, k, sb, db, op, desc.src_blend_alpha, desc.dest_blend_alpha, op)
        assert np.array_equal(got, expect), (sb.name, db.name, op.name)

# SPDX-License-Identifier: Apache-2.0
"""Batch calls equal per-pixel calls, bit for bit: blend()/logic() against rt_op(), process_pixels() against
process_pixel(), for every format, several states and every instruction-set level."""

from __future__ import annotations

import numpy as np
import pytest

import omsim
from omsim import Blend as B
from omsim import BlendOp as Op
from omsim import RtBlendDesc

DESCS = {
    "pass_through": RtBlendDesc(),
    "src_alpha": RtBlendDesc.blending(B.SRC_ALPHA, B.INV_SRC_ALPHA),
    "dual_source_sub": RtBlendDesc.blending(B.SRC1_COLOR, B.INV_SRC1_ALPHA, Op.SUBTRACT, src_alpha=B.SRC1_ALPHA),
    "min_max_masked": RtBlendDesc.blending(B.ONE, B.ONE, Op.MIN, op_alpha=Op.MAX, write_mask=0b1010),
    "sat_factor": RtBlendDesc.blending(B.SRC_ALPHA_SAT, B.BLEND_FACTOR, Op.REV_SUBTRACT),
    "logic_xor": RtBlendDesc(logic_op_enable=True, logic_op=omsim.LogicOp.XOR, render_target_write_mask=0b0111),
    "latched_bad_factor": RtBlendDesc(blend_enable=True, src_blend=13, dest_blend=0, blend_op=7),
}


def random_values(f: omsim.FormatInfo, n: int, rng: np.random.Generator) -> np.ndarray:
    if f.is_integer:
        v = rng.integers(0, 2**32, (n, 4), dtype=np.uint64).astype(np.uint32)
        v[: n // 2] %= 300  # around the 8-bit range as well
        return v.view(f.value_dtype)
    v = rng.uniform(-1.5, 1.5, (n, 4)).astype(np.float32)
    v[0] = [np.nan, np.inf, -np.inf, -0.0]
    v[1] = [1e-40, 65504.0, 70000.0, 0.5]
    return v


def random_texels(f: omsim.FormatInfo, n: int, rng: np.random.Generator) -> np.ndarray:
    raw = rng.integers(0, 256, n * f.texel_bytes, dtype=np.uint8)
    return raw.view(f.texel_dtype).reshape(f.texel_shape(n)).copy()


def texel_int(t: np.ndarray) -> int:
    return int.from_bytes(np.ascontiguousarray(t).tobytes(), "little")


@pytest.mark.parametrize("fmt", [f.name for f in omsim.formats()])
@pytest.mark.parametrize("name", list(DESCS))
def test_blend_batch_equals_rt_op(fmt, name, rng):
    f = omsim.format_info(fmt)
    desc = DESCS[name]
    n = 48
    src, src1 = random_values(f, n, rng), random_values(f, n, rng)
    dest = random_texels(f, n, rng)
    k = (0.25, -0.5, 2.0, 0.75)
    written = np.zeros(n, np.uint8)
    out = omsim.blend(f, src, dest, desc, src1=src1, blend_factor=k, written=written)
    for i in range(n):
        r = omsim.rt_op(f, desc, src[i], texel_int(dest[i]), s1=src1[i], blend_factor=k)
        assert (r.texel, r.write) == (texel_int(out[i]), bool(written[i])), i


@pytest.mark.parametrize("fmt", ["R8G8B8A8_UNORM", "B8G8R8A8_UNORM", "R16G16B16A16_FLOAT", "R8G8B8A8_UINT", "R8G8B8A8_UNORM_SRGB"])
def test_every_isa_level_and_layout_gives_the_same_texels(fmt, rng):
    f = omsim.format_info(fmt)
    n = 1037  # not a multiple of any vector width
    src = random_values(f, n, rng)
    dest = random_texels(f, n, rng)
    descs = [DESCS["src_alpha"], RtBlendDesc.blending(B.ONE, B.ONE), DESCS["logic_xor"], DESCS["pass_through"]]
    for desc in descs:
        ref = omsim.blend(f, src, dest, desc, isa=omsim.BatchIsa.SCALAR)
        for isa in omsim.BatchIsa:
            assert np.array_equal(omsim.blend(f, src, dest, desc, isa=isa), ref), (desc, isa)
        img = omsim.blend(f, src[:1036].reshape(28, 37, 4), dest[:1036].reshape(f.texel_shape((28, 37))), desc)
        assert np.array_equal(img.reshape(ref[:1036].shape), ref[:1036])
        inplace = dest.copy()
        assert omsim.blend(f, src, inplace, desc, out=inplace) is inplace
        assert np.array_equal(inplace, ref)


def test_gamma_space_batch_equals_rt_op(rng):
    f = omsim.format_info("B8G8R8A8_UNORM_SRGB")
    src, dest = random_values(f, 64, rng), random_texels(f, 64, rng)
    out = omsim.blend(f, src, dest, DESCS["src_alpha"], gamma_space=True)
    for i in range(64):
        assert omsim.rt_op(f, DESCS["src_alpha"], src[i], int(dest[i]), gamma_space=True).texel == int(out[i])


def test_pack_equals_clear_texel_for_float_formats(rng):
    for f in omsim.formats():
        if f.is_integer:
            continue
        v = random_values(f, 16, rng)
        t = omsim.pack(f, v)
        for i in range(16):
            assert omsim.clear_texel(f, v[i]) == texel_int(t[i]), f.name


def test_unpack_of_pack_is_identity_for_every_code_of_rgba8():
    codes = np.arange(256, dtype=np.uint32)
    fields = np.stack([codes, codes[::-1], codes, codes[::-1]], axis=1)
    t = omsim.join("R8G8B8A8_UNORM", fields)
    assert np.array_equal(omsim.pack("R8G8B8A8_UNORM", omsim.unpack("R8G8B8A8_UNORM", t)), t)


MRT_FORMATS = ("R8G8B8A8_UNORM", "R16G16B16A16_FLOAT", "R32_UINT", None, "B5G6R5_UNORM")


@pytest.mark.parametrize(
    "state",
    [
        omsim.PixelState(rt_formats=MRT_FORMATS),
        omsim.PixelState(
            blend=omsim.BlendDesc(render_target=[DESCS["src_alpha"]]),
            rt_formats=MRT_FORMATS,
            d3d9=omsim.D3d9State(alpha_test_enable=True, alpha_func=omsim.CmpFunc.GREATER_EQUAL, alpha_ref=0x80,
                                 fog_enable=True, fog_color=(0.25, 0.5, 1.0)),
        ),
        omsim.PixelState(
            blend=omsim.BlendDesc(alpha_to_coverage_enable=True, independent_blend_enable=True,
                                  render_target=[DESCS["src_alpha"], DESCS["min_max_masked"], DESCS["logic_xor"]]),
            blend_factor=(0.5, 0.25, 1.0, 0.0),
            rt_formats=MRT_FORMATS,
        ),
        omsim.PixelState(sample_mask=0xFFFFFFFE, rt_formats=MRT_FORMATS),
    ],
    ids=["plain", "d3d9_alpha_test_fog", "a2c_ibe", "sample_mask_off"],
)
def test_process_pixels_equals_process_pixel(state, rng):
    n = 40
    fmts = [None if f is None else omsim.format_info(f) for f in state.rt_formats]
    oc = [None if f is None else random_values(f, n, rng) for f in fmts[:5]]
    oc[0][:, 3] = rng.uniform(0.3, 0.7, n).astype(np.float32)  # around the alpha-test and A2C thresholds
    oc[2] = None  # o2 not declared: RT 2 untouched
    dest = [None if f is None else random_texels(f, n, rng) for f in fmts[:5]]
    coverage = rng.integers(0, 2, n).astype(np.bool_)
    coverage[:30] = True
    fog = rng.uniform(-0.2, 1.2, n).astype(np.float32)
    clear = np.zeros(n, np.bool_)
    clear[-2:] = True
    res = omsim.process_pixels(state, oc, dest, coverage=coverage, fog=fog, clear=clear)
    for p in range(n):
        one = omsim.process_pixel(
            state,
            [None if o is None else o[p] for o in oc],
            [None if d is None else texel_int(d[p]) for d in dest],
            coverage=bool(coverage[p]),
            fog=float(fog[p]),
            clear=bool(clear[p]),
        )
        assert one.covered == bool(res.covered[p]), p
        assert one.write == tuple(bool(w) for w in res.written[p]), p
        for i, t in enumerate(res.texels):
            assert one.texel[i] == (None if t is None else texel_int(t[p])), (p, i)
    assert not res.written[:-2, 2].any()  # RT 2 bound but o2 undeclared (draws only)
    assert not res.written[:, 3].any()  # slot 3 unbound
    assert res.written[-2:][:, [0, 1, 2, 4]].all()  # a Clear writes every bound RT


@pytest.mark.parametrize("level", list(omsim.FeatureLevel), ids=lambda f: f.name)
def test_format_not_blendable_at_the_feature_level_is_written_unblended(level, rng):
    f = omsim.format_info("R16G16B16A16_FLOAT")  # blendable from 9_3 on (generated format table)
    state = omsim.PixelState(blend=omsim.BlendDesc(render_target=[DESCS["src_alpha"]]), rt_formats=[f],
                             feature_level=level)
    src = rng.uniform(0, 1, (16, 4)).astype(np.float32)
    dest = omsim.pack(f, rng.uniform(0, 1, (16, 4)).astype(np.float32))
    got = omsim.process_pixels(state, [src], [dest]).texels[0]
    blended = omsim.blend(f, src, dest, DESCS["src_alpha"])
    expect = blended if level in f.blend_levels else omsim.pack(f, src)  # docs/behaviour.md §11 #7: blending off
    assert not np.array_equal(blended, omsim.pack(f, src))
    assert np.array_equal(got, expect)
    for p in range(16):
        assert omsim.process_pixel(state, [src[p]], [texel_int(dest[p])]).texel[0] == texel_int(expect[p])

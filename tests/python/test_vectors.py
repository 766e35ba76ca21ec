# SPDX-License-Identifier: Apache-2.0
"""The worked vectors TV01-TV37 (conversion, blend, logic ops, write masks): the canonical values of
docs/vectors.md, through the batch API and the per-pixel API (which must agree bit for bit)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import omsim
from omsim import Blend as B
from omsim import BlendOp as Op
from omsim import LogicOp as L
from omsim import RtBlendDesc

NAN = float("nan")
INF = float("inf")
SA_ISA = RtBlendDesc.blending(B.SRC_ALPHA, B.INV_SRC_ALPHA)


def one_pixel(fmt, desc, s, dest=0, **kw):
    """The texel one pixel gets, by blend() (batch of 1) and rt_op(); asserts that the two agree."""
    f = omsim.format_info(fmt)
    src = np.array([s], f.value_dtype)
    d = np.zeros(f.texel_shape(1), f.texel_dtype)
    d.reshape(-1).view(np.uint8)[: f.texel_bytes] = np.frombuffer(int(dest).to_bytes(f.texel_bytes, "little"), np.uint8)
    written = np.zeros(1, np.bool_)
    out = omsim.blend(f, src, d, desc, written=written, **kw)
    batch = int.from_bytes(out.tobytes(), "little")
    single = omsim.rt_op(f, desc, src[0], dest, **kw)
    assert (single.texel, single.write) == (batch, bool(written[0]))
    return batch


def codes(fmt, texel):
    f = omsim.format_info(fmt)
    t = np.frombuffer(int(texel).to_bytes(f.texel_bytes, "little"), f.texel_dtype).reshape(f.texel_shape(1))
    return [int(c) for c in omsim.split(f, t)[0]]


def unorm8(texel):
    return codes("R8G8B8A8_UNORM", texel)


def rgba8(r, g, b, a):
    return r | g << 8 | b << 16 | a << 24


def r_of(fmt, x, desc=None):
    return codes(fmt, one_pixel(fmt, desc, [x, 0, 0, 0]))[0]


@pytest.mark.parametrize(
    "tv, x, code",
    [
        ("TV01", 0.2, 51),
        ("TV02", 0.5, 128),
        ("TV03", 1.5, 255),
        ("TV03", -0.25, 0),
        ("TV03", NAN, 0),
        ("TV03", INF, 255),
        ("TV03", -INF, 0),
        ("TV04", 1 / 3, 85),
        ("TV05", 0.00196, 0),
        ("TV05", 0.002, 1),
    ],
)
def test_unorm8_pass_through(tv, x, code):
    assert r_of("R8G8B8A8_UNORM", x) == code, tv


@pytest.mark.parametrize(
    "tv, x, code",
    [("TV06", -1.0, 0x81), ("TV06", -2.0, 0x81), ("TV06", 1.0, 127), ("TV06", NAN, 0),
     ("TV07", 0.5, 64), ("TV07", -0.5, 0xC0), ("TV07", 0.25, 32)],
)
def test_snorm8_pass_through(tv, x, code):
    assert r_of("R8G8B8A8_SNORM", x) == code, tv


@pytest.mark.parametrize("a, code", [(0.5, 2), (0.4, 1), (0.7, 2)])
def test_tv08_two_bit_alpha(a, code):
    t = one_pixel("R10G10B10A2_UNORM", None, [0, 0, 0, a])
    assert codes("R10G10B10A2_UNORM", t)[3] == code


def test_tv09_unorm16_and_unorm10():
    assert r_of("R16_UNORM", 0.5) == 32768
    assert r_of("R10G10B10A2_UNORM", 0.5) == 512


@pytest.mark.parametrize(
    "tv, s, d, expect",
    [
        ("TV10", [1, 0, 0, 0.5], (0, 0, 255, 255), [128, 0, 128, 191]),
        ("TV11", [0.8, 0.4, 0.2, 0.25], (51, 102, 153, 204), [89, 102, 128, 169]),
    ],
)
def test_src_alpha_blend(tv, s, d, expect):
    assert unorm8(one_pixel("R8G8B8A8_UNORM", SA_ISA, s, rgba8(*d))) == expect, tv


def test_tv12_one_one_add_saturates():
    desc = RtBlendDesc.blending(B.ONE, B.ONE)
    assert unorm8(one_pixel("R8G8B8A8_UNORM", desc, [0.6] * 4, rgba8(200, 200, 200, 200))) == [255] * 4


def test_tv13_subtract_and_reverse_subtract():
    rev = RtBlendDesc.blending(B.ONE, B.ONE, Op.REV_SUBTRACT)
    sub = RtBlendDesc.blending(B.ONE, B.ONE, Op.SUBTRACT)
    d = rgba8(100, 100, 100, 100)
    assert unorm8(one_pixel("R8G8B8A8_UNORM", rev, [0.6] * 4, d)) == [0] * 4
    assert unorm8(one_pixel("R8G8B8A8_UNORM", sub, [0.6] * 4, d)) == [53] * 4


def test_tv14_modulate():
    desc = RtBlendDesc.blending(B.DEST_COLOR, B.ZERO, src_alpha=B.DEST_ALPHA)
    assert unorm8(one_pixel("R8G8B8A8_UNORM", desc, [0.5] * 4, rgba8(200, 200, 200, 200))) == [100] * 4


def f32_texel(*xs):
    return int.from_bytes(np.array(xs, np.float32).tobytes(), "little")


def test_tv15_min_ignores_factors():
    desc = RtBlendDesc.blending(B.ZERO, B.ZERO, Op.MIN)
    assert one_pixel("R32_FLOAT", desc, [0.2, 0, 0, 0], f32_texel(0.6)) == omsim.f32_bits(0.2)


def test_tv16_max_with_nan_source():
    desc = RtBlendDesc.blending(B.ONE, B.ONE, Op.MAX)
    assert one_pixel("R32_FLOAT", desc, [NAN, 0, 0, 0], f32_texel(0.3)) == omsim.f32_bits(0.3)


def test_tv17_nan_survives_zero_weight():
    desc = RtBlendDesc.blending(B.ZERO, B.ONE)
    assert one_pixel("R32_FLOAT", desc, [NAN, 0, 0, 0], f32_texel(0.3)) == 0x7FC00000


def test_tv18_src_alpha_sat():
    # R = 1.0 * min(0.75, 1 - 128/255) = 127/255 -> 127; the alpha slot's SRC_ALPHA_SAT is 1 -> 0.75 -> 191.
    desc = RtBlendDesc.blending(B.SRC_ALPHA_SAT, B.ZERO)
    assert unorm8(one_pixel("R8G8B8A8_UNORM", desc, [1, 1, 1, 0.75], rgba8(0, 0, 0, 128))) == [127, 127, 127, 191]


def test_tv19_blend_factor():
    desc = RtBlendDesc.blending(B.BLEND_FACTOR, B.INV_BLEND_FACTOR)
    t = one_pixel("R8G8B8A8_UNORM", desc, [1.0] * 4, 0, blend_factor=(0.25,) * 4)
    assert unorm8(t) == [64] * 4


def test_tv20_blend_factor_clamped_per_rt():
    desc = RtBlendDesc.blending(B.BLEND_FACTOR, B.ZERO)
    assert unorm8(one_pixel("R8G8B8A8_UNORM", desc, [0.25] * 4, 0, blend_factor=(2.0,) * 4)) == [64] * 4
    assert one_pixel("R32_FLOAT", desc, [0.25, 0, 0, 0], 0, blend_factor=(2.0,) * 4) == omsim.f32_bits(0.5)


def test_tv21_snorm_inverse_factor_not_clamped():
    t = one_pixel("R8G8B8A8_SNORM", SA_ISA, [0.8, 0, 0, -0.5], rgba8(64, 0, 0, 0))
    assert codes("R8G8B8A8_SNORM", t)[0] == 45


def test_tv22_tv23_srgb_linear_and_gamma_space():
    s, d = [1.0, 1.0, 1.0, 0.5], rgba8(128, 128, 128, 128)
    assert codes("R8G8B8A8_UNORM_SRGB", one_pixel("R8G8B8A8_UNORM_SRGB", SA_ISA, s, d))[0] == 205
    t = one_pixel("R8G8B8A8_UNORM_SRGB", SA_ISA, s, d, gamma_space=True)
    assert codes("R8G8B8A8_UNORM_SRGB", t)[0] == 192


@pytest.mark.parametrize("x, code", [(0.5, 188), (0.18, 118), (0.0031308, 10), (0.001, 3), (1.0, 255)])
def test_tv24_srgb_encode(x, code):
    assert r_of("R8G8B8A8_UNORM_SRGB", x) == code


def test_tv25_srgb_decode():
    spec = {0: 0.0, 1: 0.000303527, 64: 0.0512695, 128: 0.2158605, 188: 0.502886, 255: 1.0}
    t = omsim.join("R8G8B8A8_UNORM_SRGB", np.array([[c, 0, 0, 0] for c in spec], np.uint32))
    got = omsim.unpack("R8G8B8A8_UNORM_SRGB", t)[:, 0]
    for (c, v), g in zip(spec.items(), got):
        if v in (0.0, 1.0):
            assert g == v, c  # the ends are exact
        else:
            assert math.isclose(g, v, rel_tol=2e-6), c  # docs/vectors.md prints 6-7 significant digits


@pytest.mark.parametrize(
    "tv, x, h",
    [
        ("TV26", 1.00146484375, 0x3C01),
        ("TV27", 65519.0, 0x7BFF),
        ("TV27", 65520.0, 0x7BFF),
        ("TV27", 1e6, 0x7BFF),
        ("TV27", INF, 0x7C00),
        ("TV27", -0.0, 0x8000),
        ("TV27", NAN, 0x7E00),
        ("TV28", 2.0**-24, 0x0001),
        ("TV28", 3e-8, 0x0000),
    ],
)
def test_float16_round_toward_zero(tv, x, h):
    assert one_pixel("R16_FLOAT", None, [x, 0, 0, 0]) == h, tv


def test_tv29_float16_blend_overflow_stays_finite():
    desc = RtBlendDesc.blending(B.ONE, B.ONE)
    assert one_pixel("R16_FLOAT", desc, [65504.0, 0, 0, 0], 0x7BFF) == 0x7BFF


def test_tv30_r11g11b10():
    assert codes("R11G11B10_FLOAT", one_pixel("R11G11B10_FLOAT", None, [1.0, -1.0, 70000.0, 0]))[:3] == [0x3C0, 0, 0x3DF]


def test_tv31_integer_clamps():
    assert codes("R8_UINT", one_pixel("R8_UINT", None, np.array([300, 0, 0, 0], np.uint32)))[0] == 255
    assert codes("R8_UINT", one_pixel("R8_UINT", None, np.array([0xFFFFFFFF, 0, 0, 0], np.uint32)))[0] == 255
    assert codes("R8_SINT", one_pixel("R8_SINT", None, np.array([-1, 0, 0, 0], np.int32)))[0] == 0xFF
    assert codes("R8_SINT", one_pixel("R8_SINT", None, np.array([-200, 0, 0, 0], np.int32)))[0] == 0x80


SPEC_LOGIC = {  # docs/behaviour.md §2.4, s = 0x0F, d = 0x35
    L.CLEAR: 0x00, L.SET: 0xFF, L.COPY: 0x0F, L.COPY_INVERTED: 0xF0, L.NOOP: 0x35, L.INVERT: 0xCA, L.AND: 0x05,
    L.NAND: 0xFA, L.OR: 0x3F, L.NOR: 0xC0, L.XOR: 0x3A, L.EQUIV: 0xC5, L.AND_REVERSE: 0x0A, L.AND_INVERTED: 0x30,
    L.OR_REVERSE: 0xCF, L.OR_INVERTED: 0xF5,
}


@pytest.mark.parametrize("op", list(L))
def test_tv32_logic_ops(op):
    src = np.full((1, 4), 0x0F, np.uint32)
    dest = np.full(1, 0x35353535, np.uint32)
    out = omsim.logic("R8G8B8A8_UINT", op, src, dest)
    assert omsim.split("R8G8B8A8_UINT", out)[0].tolist() == [SPEC_LOGIC[op]] * 4
    assert omsim.logic_op_apply(op, 0x0F, 0x35) & 0xFF == SPEC_LOGIC[op]
    desc = RtBlendDesc(logic_op_enable=True, logic_op=op)
    assert one_pixel("R8G8B8A8_UINT", desc, np.full(4, 0x0F, np.uint32), 0x35353535) == int(out[0])


def test_tv33_logic_source_low_bits():
    desc = RtBlendDesc(logic_op_enable=True, logic_op=L.COPY)
    assert one_pixel("R8_UINT", desc, np.array([0x100, 0, 0, 0], np.uint32), 0x35) == 0x00


def test_tv34_logic_full_32_bits():
    desc = RtBlendDesc(logic_op_enable=True, logic_op=L.XOR)
    assert one_pixel("R32_UINT", desc, np.array([0xDEADBEEF, 0, 0, 0], np.uint32), 0xFFFF0000) == 0x2152BEEF


def test_tv35_write_mask():
    desc = RtBlendDesc(render_target_write_mask=omsim.ColorWrite.RED | omsim.ColorWrite.ALPHA)
    assert unorm8(one_pixel("R8G8B8A8_UNORM", desc, [1.0] * 4, rgba8(10, 20, 30, 40))) == [255, 20, 30, 255]


def test_tv36_mask_of_absent_channel_leaves_rt_untouched():
    desc = RtBlendDesc(render_target_write_mask=omsim.ColorWrite.GREEN)
    r = omsim.rt_op("R8_UNORM", desc, [1.0, 1.0, 1.0, 1.0], 0x5A)
    assert (r.write, r.texel) == (False, 0x5A)
    assert one_pixel("R8_UNORM", desc, [1.0] * 4, 0x5A) == 0x5A


def test_tv37_dest_alpha_of_x_channel_is_one():
    d = RtBlendDesc.blending(B.DEST_ALPHA, B.ZERO)
    inv = RtBlendDesc.blending(B.INV_DEST_ALPHA, B.ZERO)
    assert codes("B8G8R8X8_UNORM", one_pixel("B8G8R8X8_UNORM", d, [0.5] * 4, 0x00123456))[:3] == [128] * 3
    assert codes("B8G8R8X8_UNORM", one_pixel("B8G8R8X8_UNORM", inv, [0.5] * 4, 0x00123456))[:3] == [0] * 3

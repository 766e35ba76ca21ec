# SPDX-License-Identifier: Apache-2.0
"""D3D9 legacy post-PS operations (docs/behaviour.md §1.2, §5.4, §5.5): alpha test on oC0 kills the pixel in every RT,
fog on RT0 only; TV48-TV50 and the NaN rules of the alpha comparison."""

from __future__ import annotations

import math

import numpy as np
import pytest

import omsim
from omsim import CmpFunc, D3d9State, FogMode


def test_tv48_linear_fog():
    f = omsim.fog_factor(FogMode.LINEAR, 35.0, start=10.0, end=110.0)
    assert f == 0.75
    d9 = D3d9State(fog_enable=True, fog_color=(1.0, 1.0, 1.0))
    r, g, b, a = omsim.apply_fog(d9, f, (0.2, 0.4, 0.6, 0.3))
    # f*C + (1-f)*Cf in binary32, against the host FPU
    for got, c in zip((r, g, b), (0.2, 0.4, 0.6)):
        expect = np.float32(np.float32(0.75) * np.float32(c)) + np.float32(np.float32(0.25) * np.float32(1.0))
        assert got == float(np.float32(expect))
    assert (round(r, 6), round(g, 6), round(b, 6)) == (0.4, 0.55, 0.7)
    assert a == float(np.float32(0.3))  # alpha untouched


@pytest.mark.parametrize("mode, expect", [(FogMode.EXP, math.exp(-0.5)), (FogMode.EXP2, math.exp(-0.25))])
def test_tv49_exp_fog(mode, expect):
    assert omsim.fog_factor(mode, 10.0, density=0.05) == float(np.float32(expect))


def test_fog_factor_is_clamped_and_none_is_one():
    assert omsim.fog_factor(FogMode.LINEAR, -50.0, start=10.0, end=110.0) == 1.0
    assert omsim.fog_factor(FogMode.LINEAR, 500.0, start=10.0, end=110.0) == 0.0
    assert omsim.fog_factor(FogMode.NONE, 35.0) == 1.0


@pytest.mark.parametrize("alpha, passes", [(0.49, False), (0.52, True)])
def test_tv50_alpha_test(alpha, passes):
    d9 = D3d9State(alpha_test_enable=True, alpha_func=CmpFunc.GREATER_EQUAL, alpha_ref=0x80)
    assert omsim.alpha_test_pass(d9, alpha) is passes


@pytest.mark.parametrize("func", list(CmpFunc))
def test_alpha_test_nan_rules(func):
    d9 = D3d9State(alpha_test_enable=True, alpha_func=func, alpha_ref=0x80)
    expect = func in (CmpFunc.NOT_EQUAL, CmpFunc.ALWAYS)  # docs/behaviour.md §5.4: only these pass a NaN alpha
    assert omsim.alpha_test_pass(d9, float("nan")) is expect


def test_alpha_ref_uses_the_low_eight_bits():
    d9 = D3d9State(alpha_test_enable=True, alpha_func=CmpFunc.EQUAL, alpha_ref=0x1FF)
    assert omsim.alpha_test_pass(d9, 1.0)


def mrt_state(**d3d9):
    return omsim.PixelState(rt_formats=("R8G8B8A8_UNORM",) * 4, d3d9=D3d9State(**d3d9))


def test_failed_alpha_test_kills_every_rt():
    state = mrt_state(alpha_test_enable=True, alpha_func=CmpFunc.GREATER_EQUAL, alpha_ref=0x80)
    n = 2
    oc = [np.array([[1, 1, 1, 0.49], [1, 1, 1, 0.52]], np.float32)] + [np.full((n, 4), 0.5, np.float32)] * 3
    dest = [np.full(n, 0x11223344, np.uint32) for _ in range(4)]
    r = omsim.process_pixels(state, oc, dest)
    assert r.covered.tolist() == [False, True]
    assert r.written.tolist() == [[False] * 8, [True] * 4 + [False] * 4]
    for t in r.texels[:4]:
        assert t[0] == 0x11223344  # killed: every RT keeps its texel, not only RT0
        assert t[1] != 0x11223344


def test_fog_applies_to_rt0_only():
    state = mrt_state(fog_enable=True, fog_color=(1.0, 0.0, 0.0))
    s = np.array([[0.0, 1.0, 0.0, 1.0]], np.float32)
    r = omsim.process_pixels(state, [s] * 4, [np.zeros(1, np.uint32) for _ in range(4)], fog=np.array([0.5], np.float32))
    assert omsim.split("R8G8B8A8_UNORM", r.texels[0])[0].tolist() == [128, 128, 0, 255]
    for t in r.texels[1:4]:
        assert omsim.split("R8G8B8A8_UNORM", t)[0].tolist() == [0, 255, 0, 255]


def test_a2c_threshold_tv40():
    for a, covered in [(0.0, False), (0.49, False), (0.5, True), (1.0, True), (float("nan"), False), (-1.0, False)]:
        assert omsim.a2c_covered(a) is covered, a
    assert omsim.a2c_covered(omsim.f32_value(0x3EFFFFFF))
    assert not omsim.a2c_covered(omsim.f32_value(0x3EFFFFFE))

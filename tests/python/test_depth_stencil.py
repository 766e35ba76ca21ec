# SPDX-License-Identifier: Apache-2.0
"""omsim's depth/stencil and sample-coverage functions (docs/depth-stencil.md): batch results against the D3D
rules stated per case, CreateDepthStencilState's codes, and bad arguments."""

from __future__ import annotations

import numpy as np
import pytest

import omsim
from omsim import CmpFunc, DepthStencilDesc, DepthStencilOpDesc, DsFormat, DsRule, DsvFlag, StencilOp
from omsim.errors import InvalidArgError, TooManyUniqueStateObjectsError

F32 = np.float32


def test_the_default_state_keeps_nearer_samples_and_writes_their_depth():
    r = omsim.ref.depth_stencil(
        DepthStencilDesc(), DsFormat.D16_UNORM, np.array([0.25, 0.75, 0.5], F32), np.array([0xFFFF, 100, 32768], np.uint32)
    )
    assert r.passed.tolist() == [True, False, False]  # LESS: 32768 < 32768 fails
    assert r.write_depth.tolist() == [True, False, False]
    assert r.depth.tolist() == [16384, 100, 32768]  # 0.25 x 65535 + 0.5 truncated; failing samples keep theirs
    assert r.outcome.tolist() == [2, 1, 1]


def test_stencil_outline_increments_where_the_stencil_test_passes_and_masks_the_write():
    desc = DepthStencilDesc(
        depth_enable=False,
        stencil_enable=True,
        stencil_write_mask=0x0F,
        front_face=DepthStencilOpDesc(StencilOp.ZERO, StencilOp.KEEP, StencilOp.INCR_SAT, CmpFunc.EQUAL),
    )
    r = omsim.ref.depth_stencil(
        desc, "D24_UNORM_S8_UINT", np.zeros(3, F32), np.zeros(3, np.uint32),
        stored_stencil=np.array([0x13, 0x14, 0x1F], np.uint8), stencil_ref=3,
    )
    # no stored value equals StencilRef 3: every sample fails and takes ZERO under the write mask 0x0F
    assert r.passed.tolist() == [False, False, False]
    assert r.stencil.tolist() == [0x10, 0x10, 0x10]
    r = omsim.ref.depth_stencil(desc, "D24_UNORM_S8_UINT", np.zeros(1, F32), np.zeros(1, np.uint32),
                                stored_stencil=np.array([3], np.uint8), stencil_ref=3)
    assert r.passed.tolist() == [True] and r.stencil.tolist() == [4]


def test_back_facing_samples_use_the_back_face_and_read_only_flags_block_writes():
    desc = DepthStencilDesc(stencil_enable=True, back_face=DepthStencilOpDesc(stencil_pass_op=StencilOp.INVERT))
    r = omsim.ref.depth_stencil(
        desc, DsFormat.D32_FLOAT_S8X24_UINT, np.array([0.5, 0.5], F32),
        np.array([omsim.f32_bits(1.0)] * 2, np.uint32), stored_stencil=np.array([0x0F, 0x0F], np.uint8),
        front_face=np.array([True, False]), dsv_flags=DsvFlag.READ_ONLY_DEPTH,
    )
    assert r.passed.tolist() == [True, True]
    assert r.write_depth.tolist() == [False, False]
    assert r.stencil.tolist() == [0x0F, 0xF0]


def test_without_a_view_everything_passes_and_nothing_is_written():
    r = omsim.ref.depth_stencil(DepthStencilDesc(depth_func=CmpFunc.NEVER), None, np.ones(2, F32), np.zeros(2, np.uint32))
    assert r.passed.all() and not r.write_depth.any() and not r.write_stencil.any()


def test_depth_is_clamped_to_the_viewport_range():
    r = omsim.ref.depth_stencil(DepthStencilDesc(depth_func=CmpFunc.ALWAYS), DsFormat.D32_FLOAT,
                                np.array([-1.0, np.nan, 2.0], F32), np.zeros(3, np.uint32), min_depth=0.25, max_depth=0.5)
    assert r.depth.tolist() == [omsim.f32_bits(0.25), omsim.f32_bits(0.25), omsim.f32_bits(0.5)]


def test_stencil_ops_over_an_array():
    s = np.array([0, 1, 254, 255], np.uint8)
    assert omsim.ref.stencil_op(StencilOp.INCR_SAT, s).tolist() == [1, 2, 255, 255]
    assert omsim.ref.stencil_op("DECR", s).tolist() == [255, 0, 253, 254]
    assert omsim.ref.stencil_op(StencilOp.REPLACE, s, ref=9).tolist() == [9, 9, 9, 9]


def test_sample_coverage_ands_sample_mask_and_alpha_to_coverage_or_omask():
    raster = np.array([0xF, 0xF, 0x3, 0xF], np.uint32)
    out = omsim.ref.sample_coverage(raster, 4, sample_mask=0xD, alpha=np.array([1.0, 0.5, 1.0, np.nan], F32))
    assert out.tolist() == [0xD, 0x1, 0x1, 0x0]
    out = omsim.ref.sample_coverage(raster, 4, alpha=np.zeros(4, F32), omask=np.array([1, 2, 4, 8], np.uint32))
    assert out.tolist() == [1, 2, 0, 8]


@pytest.mark.parametrize(
    "call, exc, text",
    [
        (lambda: omsim.ref.sample_coverage(np.zeros(2, np.uint32), 3), ValueError, "samples: 3 is not one of"),
        (lambda: omsim.ref.sample_coverage(np.zeros((2, 2), np.uint32), 4), ValueError, "raster: expected a 1-D array"),
        (lambda: omsim.ref.sample_coverage(np.zeros(2, np.uint32), 4, alpha=np.zeros(3, F32)), ValueError, "alpha: 3 elements, expected 2"),
        (lambda: omsim.ref.stencil_op(StencilOp.KEEP, np.zeros(1, np.uint8), ref=256), ValueError, "ref: 256 is outside 0..255"),
        (lambda: omsim.ref.stencil_op("SPIN", np.zeros(1, np.uint8)), ValueError, "op"),
        (lambda: omsim.ref.depth_stencil(DepthStencilDesc(), "R8G8B8A8_UNORM", np.zeros(1, F32), np.zeros(1, np.uint32)), ValueError, "format"),
        (lambda: omsim.ref.depth_stencil(DepthStencilDesc(), DsFormat.D16_UNORM, np.zeros(2, F32), np.zeros(1, np.uint32)), ValueError, "stored_depth: 1 elements, expected 2"),
        (lambda: omsim.ref.depth_stencil("desc", DsFormat.D16_UNORM, np.zeros(1, F32), np.zeros(1, np.uint32)), TypeError, "desc: expected an omsim.DepthStencilDesc"),
        (lambda: omsim.ref.depth_stencil(DepthStencilDesc(), DsFormat.D16_UNORM, np.zeros(1, F32), np.zeros(1, np.uint32), stencil_ref=-1), ValueError, "stencil_ref"),
        (lambda: DepthStencilDesc(stencil_read_mask=0x100), ValueError, r"DepthStencilDesc.stencil_read_mask: 256 is outside 0..255"),
        (lambda: DepthStencilDesc(front_face=3), TypeError, "DepthStencilDesc.front_face"),
        (lambda: DepthStencilDesc(depth_func="SOMETIMES"), ValueError, "DepthStencilDesc.depth_func"),
    ],
)
def test_bad_arguments_name_the_problem(call, exc, text):
    with pytest.raises(exc, match=text):
        call()


@pytest.mark.parametrize(
    "desc, rule",
    [
        (DepthStencilDesc(depth_func=0), DsRule.DEPTH_FUNC),
        (DepthStencilDesc(depth_write_mask=2), DsRule.DEPTH_WRITE_MASK),
        (DepthStencilDesc(stencil_enable=True, front_face=DepthStencilOpDesc(stencil_func=9)), DsRule.FRONT_STENCIL_FUNC),
        (DepthStencilDesc(stencil_enable=True, back_face=DepthStencilOpDesc(stencil_depth_fail_op=0)), DsRule.BACK_STENCIL_DEPTH_FAIL_OP),
        (None, DsRule.NULL_DESC),
    ],
)
def test_create_rejects_each_rule_with_e_invalidarg(desc, rule):
    assert omsim.check_depth_stencil_desc(desc) == (omsim.Hresult.E_INVALIDARG, rule)
    t = omsim.DepthStencilStateTable()
    with pytest.raises(InvalidArgError, match="CREATEDEPTHSTENCILSTATE_") as e:
        t.create(desc)
    assert e.value.rule == rule and t.live_count() == 0


def test_create_deduplicates_normalised_descriptors_and_limits_unique_objects():
    t = omsim.DepthStencilStateTable()
    a = t.create(DepthStencilDesc(depth_enable=False, depth_func=0))  # disabled fields are not checked
    assert t.create(DepthStencilDesc(depth_enable=False)) == a and t.ref_count(a) == 2
    assert t.desc(a) == DepthStencilDesc(depth_enable=False)
    assert t.validate(DepthStencilDesc()) == omsim.Hresult.S_FALSE
    handles = [t.create(DepthStencilDesc(stencil_enable=True, stencil_read_mask=i & 0xFF, stencil_write_mask=i >> 8))
               for i in range(4095)]
    assert len(set(handles)) == 4095 and t.live_count() == 4096
    with pytest.raises(TooManyUniqueStateObjectsError):
        t.create(DepthStencilDesc(depth_func=CmpFunc.GREATER))
    assert omsim.normalise_depth_stencil_desc(DepthStencilDesc(stencil_read_mask=1)) == DepthStencilDesc()


@pytest.mark.parametrize("backend", omsim.backends())
def test_device_creates_depth_stencil_states_with_d3d_codes(backend):
    with omsim.Device("fl11_1", backend) as dev:
        s = dev.create_depth_stencil_state(DepthStencilDesc(stencil_enable=True, stencil_read_mask=7))
        t = dev.create_depth_stencil_state(DepthStencilDesc(stencil_enable=True, stencil_read_mask=7))
        assert s == t and s.ref_count == 2 and dev.live_depth_stencil_states == 1
        assert s.desc.stencil_read_mask == 7
        assert dev.check_depth_stencil_desc(DepthStencilDesc()) == omsim.Hresult.S_FALSE
        with pytest.raises(InvalidArgError, match="CREATEDEPTHSTENCILSTATE_INVALIDDEPTHFUNC"):
            dev.create_depth_stencil_state(DepthStencilDesc(depth_func=0))
        with pytest.raises(InvalidArgError):
            dev.create_depth_stencil_state(None)
        with pytest.raises(TypeError, match="desc: expected an omsim.DepthStencilDesc"):
            dev.create_depth_stencil_state(omsim.BlendDesc())
        assert dev.live_depth_stencil_states == 1  # the rejected calls created nothing
        assert s.release() == 1 and t.release() == 0 and dev.live_depth_stencil_states == 0
        with pytest.raises(ValueError, match="was released"):
            _ = s.desc


@pytest.mark.parametrize(
    "call, match",
    [
        # np.ascontiguousarray(dtype=uint8) wrapped 300 to 44 (INCR_SAT gave 45) and truncated 1.7 to 1.
        (lambda: omsim.stencil_op("INCR_SAT", np.array([300, 255])), r"stencil\[0\]: 300 is not a uint8 value"),
        (lambda: omsim.stencil_op("INCR_SAT", np.array([1.7])), r"stencil\[0\]: 1.7 is not a uint8 value"),
        (lambda: omsim.stencil_op("KEEP", [1, 300]), r"stencil\[1\]: 300 is not a uint8 value"),
        (lambda: omsim.sample_coverage(np.array([-1]), 4), r"raster\[0\]: -1 is not a uint32 value"),
        (lambda: omsim.depth_stencil(omsim.DepthStencilDesc(), "D32_FLOAT", [0.5], [float("nan")]),
         r"stored_depth\[0\]: nan is not a uint32 value"),
        (lambda: omsim.depth_stencil(omsim.DepthStencilDesc(), "D32_FLOAT", [0.5], [0], front_face=[2]),
         r"front_face\[0\]: 2 is not a bool value"),
    ],
)
def test_batch_values_the_dtype_cannot_hold_are_value_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()
    assert list(omsim.stencil_op("INCR_SAT", [1, 255])) == [2, 255]  # values that fit convert as before


@pytest.mark.parametrize("ref", [256, 0xFFFFFFFF])
def test_the_extension_refuses_a_stencil_ref_beyond_8_bits_itself(ref):
    # omsim.ref checks stencil_ref before the call; the extension must not truncate one that reaches it.
    n = 2
    args = dict(
        desc=DepthStencilDesc().to_core(), format=int(DsFormat.D24_UNORM_S8_UINT), dsv_flags=0, stencil_ref=ref,
        min_depth=0, max_depth=0x3F800000, z=np.zeros(n, F32), front_face=None,
        stored_depth=np.zeros(n, np.uint32), stored_stencil=None, flags=np.empty(n, np.uint8),
        outcome=np.empty(n, np.uint8), depth=np.empty(n, np.uint32), stencil=np.empty(n, np.uint8),
    )  # fmt: skip
    omsim._core.depth_stencil_batch(**dict(args, stencil_ref=255))
    with pytest.raises(ValueError, match=f"stencil_ref: {ref} is outside 0..255"):
        omsim._core.depth_stencil_batch(**args)

# SPDX-License-Identifier: Apache-2.0
"""omsim.Device's depth/stencil calls (docs/depth-stencil.md §7): views, OMSetDepthStencilState,
ClearDepthStencilView, depth-tested draws and the buffer's contents, against the reference model's batch function
(omsim.ref.depth_stencil), on every backend (each has the stage: caps.om.depth_stencil)."""

from __future__ import annotations

import numpy as np
import pytest

import omsim
from omsim import CmpFunc, DepthStencilDesc, DepthStencilOpDesc, DsFormat, StencilOp
from omsim.device import Device, RenderTargetView, backends
from omsim.errors import InvalidArgError

W, H = 8, 4
RT = RenderTargetView("R8G8B8A8_UNORM", W, H)
BACKENDS = sorted(backends())


def dsv(fmt=DsFormat.D24_UNORM_S8_UINT, **kw):
    return omsim.DepthStencilView(W, H, format=fmt, **kw)


def bound(dev, fmt=DsFormat.D24_UNORM_S8_UINT, **kw):
    view = dev.create_depth_stencil_view(dsv(fmt, **kw))
    dev.set_render_targets([RT], view)
    dev.set_ps_outputs([omsim.PsOutput()])
    return view


def white(n):
    return np.ones((n, 4), np.float32)


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_backend_has_the_stage(backend):
    with Device("fl11_1", backend) as dev:
        assert dev.caps.om.depth_stencil
        bound(dev)
        assert dev.depth_stencil_view == dsv()
        dev.clear_depth_stencil_view(depth=0.5)
        x = np.arange(2, dtype=np.uint32)
        dev.draw(x, np.zeros(2, np.uint32), white(2), z=np.array([0.75, 0.25], np.float32))  # default: LESS
        assert dev.read_rt(0)[0, :2].tolist() == [0, 0xFFFFFFFF]


@pytest.mark.parametrize("config", ["fl9_1", "fl10_0", "fl11_1"])
@pytest.mark.parametrize("fmt", list(DsFormat))
@pytest.mark.parametrize("backend", BACKENDS)
def test_draws_match_the_reference_batch(backend, config, fmt, rng):
    with Device(config, backend) as dev:
        if config == "fl9_1" and fmt in (DsFormat.D32_FLOAT, DsFormat.D32_FLOAT_S8X24_UINT):
            with pytest.raises(InvalidArgError, match="not a depth-stencil format at this feature level"):
                dev.create_depth_stencil_view(dsv(fmt))
            return
        bound(dev, fmt)
        dev.clear_depth_stencil_view(depth=0.5, stencil=3)
        desc = DepthStencilDesc(
            depth_func=CmpFunc.LESS_EQUAL, stencil_enable=True, stencil_write_mask=0x7F,
            front_face=DepthStencilOpDesc(StencilOp.INCR, StencilOp.DECR_SAT, StencilOp.INVERT, CmpFunc.GREATER_EQUAL),
            back_face=DepthStencilOpDesc(StencilOp.ZERO, StencilOp.REPLACE, StencilOp.INCR_SAT, CmpFunc.NOT_EQUAL),
        )
        dev.set_depth_stencil_state(dev.create_depth_stencil_state(desc), stencil_ref=5)
        depth, stencil = dev.read_depth_stencil()
        dev.write_rt(0, np.zeros((H, W), np.uint32))
        # One pixel per texel (the model's rule is per sample; repeated texels would need sequential updates).
        ys, xs = np.mgrid[0:H, 0:W]
        x, y = xs.ravel().astype(np.uint32), ys.ravel().astype(np.uint32)
        z = rng.uniform(-0.2, 1.2, W * H).astype(np.float32)
        face = rng.random(W * H) < 0.5
        dev.draw(x, y, white(W * H), z=z, front_face=face)
        want = omsim.ref.depth_stencil(desc, fmt, z, depth.ravel(), stored_stencil=stencil.ravel(), front_face=face,
                                       stencil_ref=5)
        got_depth, got_stencil = dev.read_depth_stencil()
        np.testing.assert_array_equal(got_depth.ravel(), np.where(want.write_depth, want.depth, depth.ravel()))
        np.testing.assert_array_equal(got_stencil.ravel(), np.where(want.write_stencil, want.stencil,
                                                                    stencil.ravel()))
        np.testing.assert_array_equal(dev.read_rt(0).ravel(), np.where(want.passed, 0xFFFFFFFF, 0))
        assert 0 < want.passed.sum() < W * H  # the scene has passing and failing pixels


@pytest.mark.parametrize("backend", BACKENDS)
def test_clear_clamps_depth_and_writes_only_its_aspects(backend):
    with Device("fl11_1", backend) as dev:
        bound(dev, DsFormat.D32_FLOAT_S8X24_UINT)
        dev.clear_depth_stencil_view(depth=3.0, stencil=9)
        depth, stencil = dev.read_depth_stencil()
        assert (depth.view(np.float32) == 1.0).all() and (stencil == 9).all()
        dev.clear_depth_stencil_view(omsim.ClearFlag.DEPTH, depth=-1.0, stencil=1)
        depth, stencil = dev.read_depth_stencil()
        assert (depth == 0).all() and (stencil == 9).all()
        dev.write_depth_stencil(np.full((H, W), 0x3F000000, np.uint32), np.full((H, W), 2, np.uint8))
        assert (dev.read_depth_stencil()[1] == 2).all()


@pytest.mark.parametrize("backend", BACKENDS)
def test_read_only_views_keep_the_buffer(backend):
    with Device("fl11_1", backend) as dev:
        bound(dev, flags=omsim.DsvFlag.READ_ONLY_DEPTH | omsim.DsvFlag.READ_ONLY_STENCIL)
        dev.clear_depth_stencil_view(depth=0.5, stencil=1)
        before = dev.read_depth_stencil()
        desc = DepthStencilDesc(stencil_enable=True, front_face=DepthStencilOpDesc(stencil_pass_op=StencilOp.ZERO))
        dev.set_depth_stencil_state(dev.create_depth_stencil_state(desc))
        x = np.arange(4, dtype=np.uint32)
        dev.draw(x, x % H, white(4), z=np.full(4, 0.25, np.float32))
        for a, b in zip(before, dev.read_depth_stencil()):
            np.testing.assert_array_equal(a, b)
        assert (dev.read_rt(0)[x % H, x] == 0xFFFFFFFF).all()  # the pixels passed


@pytest.mark.parametrize("backend", BACKENDS)
def test_d3d9_depth_states_default_to_less_equal_with_two_sided_stencil(backend):
    with Device("fl9_3", backend) as dev:
        bound(dev)
        dev.clear_depth_stencil_view(depth=0.5, stencil=0x10)
        x = np.zeros(1, np.uint32)
        half = np.full(1, 0.5, np.float32)
        dev.draw(x, x, white(1), z=half)
        assert dev.read_rt(0)[0, 0] == 0  # D3D11's LESS: an equal depth fails
        dev.set_d3d9_mode(True)
        dev.draw(x, x, white(1), z=half)
        assert dev.read_rt(0)[0, 0] == 0xFFFFFFFF  # D3DRS_ZFUNC's default LESSEQUAL passes
        states = omsim.D3d9DepthStencil(
            stencil_enable=True, stencil_write_mask=0xFFFFFF0F, two_sided_stencil_mode=True,
            stencil=DepthStencilOpDesc(stencil_pass_op=StencilOp.INVERT),
            ccw_stencil=DepthStencilOpDesc(stencil_pass_op=StencilOp.INCR),
        )
        dev.set_d3d9_depth_stencil(states)
        xs = np.array([1, 2], np.uint32)
        dev.draw(xs, np.zeros(2, np.uint32), white(2), z=np.full(2, 0.25, np.float32),
                 front_face=np.array([True, False]))
        stencil = dev.read_depth_stencil()[1]
        assert stencil[0, 1] == 0x1F and stencil[0, 2] == 0x11  # only the mask's low 8 bits write


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_viewport_depth_range_clamps_z(backend):
    with Device("fl11_1", backend) as dev:
        bound(dev, DsFormat.D32_FLOAT)
        dev.clear_depth_stencil_view(depth=1.0)
        dev.set_depth_range(0.25, 0.75)
        dev.set_depth_stencil_state(dev.create_depth_stencil_state(DepthStencilDesc(depth_func=CmpFunc.ALWAYS)))
        x = np.arange(3, dtype=np.uint32)
        dev.draw(x, np.zeros(3, np.uint32), white(3), z=np.array([0.0, 1.0, np.nan], np.float32))
        assert dev.read_depth_stencil()[0][0, :3].view(np.float32).tolist() == [0.25, 0.75, 0.25]
        with pytest.raises(InvalidArgError, match="outside"):
            dev.set_depth_range(0.0, 1.5)

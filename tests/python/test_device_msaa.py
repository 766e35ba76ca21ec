# SPDX-License-Identifier: Apache-2.0
"""Multisampling through omsim.Device (docs/driver.md, Multisampling): views with a sample count, draws with a raster
coverage mask, a depth per sample and oMask, per-sample readback (H, W, n) on every backend; which samples a draw
writes is omsim.ref.sample_coverage's answer (om::ref). Bad input: exact error type and message, state unchanged."""

from __future__ import annotations

import numpy as np
import pytest

import omsim
from omsim import BlendDesc, Hresult, PsOutput
from omsim.device import ALL_SAMPLES, Device, RenderTargetView, backends
from omsim.errors import InvalidArgError

W, H, N = 4, 2, 4
BACKENDS = sorted(backends())
RED, BLUE = (1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0)


def msaa(dev, fmt="R8G8B8A8_UNORM", n=N, dsv=True):
    rt = dev.create_render_target_view(RenderTargetView(fmt, W, H, sample_count=n))
    ds = dev.create_depth_stencil_view(omsim.DepthStencilView(W, H, sample_count=n)) if dsv else None
    dev.set_render_targets([rt], ds)
    dev.set_ps_outputs([PsOutput()])
    return rt


def test_capabilities_list_the_sample_counts_and_views_follow_them():
    with Device("fl9_1", "model") as d9, Device("fl11_1", "model") as d11:
        assert d9.caps.max_samples == 0x1 and d11.caps.max_samples == 0xF
        assert omsim.FormatSupport.MULTISAMPLE_RENDERTARGET in d11.format_support("R8G8B8A8_UNORM")
        with pytest.raises(InvalidArgError, match="sample count 4 of R8G8B8A8_UNORM is not supported by this device"):
            d9.create_render_target_view(RenderTargetView("R8G8B8A8_UNORM", W, H, sample_count=4))
        assert d11.create_render_target_view(RenderTargetView("R8G8B8A8_UNORM", W, H, sample_count=8)).sample_count == 8


@pytest.mark.parametrize("backend", BACKENDS)
def test_readback_has_a_sample_axis_and_a_clear_writes_every_sample(backend):
    with Device("fl11_1", backend) as dev:
        msaa(dev, "R32G32B32A32_FLOAT")
        assert dev.samples == N
        dev.clear(BLUE)
        img = dev.read_rt(0)
        assert img.shape == (H, W, N, 4) and img.dtype == np.uint32
        assert (img.view(np.float32) == np.array(BLUE, np.float32)).all()
        depth, stencil = dev.read_depth_stencil()
        assert depth.shape == stencil.shape == (H, W, N)
        dev.clear_depth_stencil_view(depth=0.5, stencil=7)
        depth, stencil = dev.read_depth_stencil()
        assert (depth == depth[0, 0, 0]).all() and depth[0, 0, 0] != 0 and (stencil == 7).all()
        img[1, 2, 3] = np.array(RED, np.float32).view(np.uint32)
        dev.write_rt(0, img)
        assert np.array_equal(dev.read_rt(0), img)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_draw_writes_the_samples_om_ref_covers(backend, rng):
    """Random raster masks, alphas, oMask on some pixels, A2C and SampleMask 0xD: a sample is red exactly when
    omsim.ref.sample_coverage covers it, and a depth per sample decides the depth test per sample."""
    n_px = W * H
    ys, xs = np.divmod(np.arange(n_px, dtype=np.uint32), W)
    for _ in range(100):  # 8 random pixels may write no sample or no partial pixel: draw again until both exist
        raster = rng.integers(0, 1 << N, n_px).astype(np.uint32)
        alpha = rng.choice(np.array([0.0, 0.2, 0.4, 0.6, 0.9, 1.0], np.float32), n_px)
        omask = rng.integers(0, 2**32, n_px, dtype=np.uint64).astype(np.uint32)
        written = rng.random(n_px) < 0.3
        z = rng.choice(np.array([0.25, 0.75], np.float32), (n_px, N))
        cov = np.where(written, omsim.ref.sample_coverage(raster, N, sample_mask=0xD, omask=omask),
                       omsim.ref.sample_coverage(raster, N, sample_mask=0xD, alpha=alpha))
        bits = (cov[:, None] >> np.arange(N, dtype=np.uint32)) & 1
        want = (bits == 1) & (z < 0.5)  # LESS against the cleared 0.5
        if 0 < want.sum() < want.size and (want.any(axis=1) & ~want.all(axis=1)).any():
            break
    else:
        pytest.fail("100 random draws gave no partial pixel under omsim.ref.sample_coverage")
    with Device("fl11_1", backend) as dev:
        msaa(dev)
        dev.set_blend_state(dev.create_blend_state(BlendDesc(alpha_to_coverage_enable=True)), sample_mask=0xD)
        dev.clear(BLUE)
        dev.clear_depth_stencil_view(depth=0.5)
        oc = np.zeros((n_px, 4), np.float32)
        oc[:, 0], oc[:, 3] = 1.0, alpha
        plain = ~written
        dev.draw(xs[plain], ys[plain], oc[plain], coverage=raster[plain], z=z[plain])
        dev.draw(xs[written], ys[written], oc[written], coverage=raster[written], z=z[written], omask=omask[written])
        red = omsim.split("R8G8B8A8_UNORM", dev.read_rt(0))[..., 0] == 255  # (H, W, N)
        depth, _ = dev.read_depth_stencil()
    assert np.array_equal(red.reshape(n_px, N), want)
    assert np.array_equal(depth.reshape(n_px, N) < depth.max(), want)  # a passing sample wrote its depth


@pytest.fixture
def dev4():
    with Device("fl11_1", "model") as d:
        msaa(d)
        yield d


def one(**kw):
    return {"x": np.array([1], np.uint32), "y": np.array([1], np.uint32), "oc": np.array([RED], np.float32), **kw}


@pytest.mark.parametrize(
    "kw, exc, text",
    [
        ({"coverage": np.array([0x1F], np.uint32)}, InvalidArgError,
         "draw: pixel 0: coverage mask 0x1F has bits at or above the sample count 4"),
        ({"z": np.zeros((1, 2), np.float32)}, ValueError,
         r"z: expected shape \(1,\) or \(1, 4\) for the bound views' 4 samples, got \(1, 2\)"),
        ({"z": np.zeros((1, 4, 1), np.float32)}, ValueError, r"z: expected shape \(1,\) or \(1, n\)"),
        ({"omask": np.array([1], np.int64)}, TypeError, "omask"),
    ],
)
def test_bad_draw_input_raises_and_changes_nothing(dev4, kw, exc, text):
    dev4.clear(BLUE)
    before, version = dev4.read_rt(0), dev4.state_version
    with pytest.raises(exc, match=text):
        dev4.draw(**one(**kw))
    assert np.array_equal(dev4.read_rt(0), before) and dev4.state_version == version


def test_views_of_different_sample_counts_bind_but_do_not_draw(dev4):
    rt = dev4.render_targets[0]
    dev4.set_render_targets([rt], omsim.DepthStencilView(W, H, sample_count=1))
    assert dev4.validate().reasons & (1 << int(omsim.ValidateReason.RT_MISMATCH))
    before, version = dev4.read_rt(0), dev4.state_version
    for name, call in (("draw", lambda: dev4.draw(**one())), ("clear", lambda: dev4.clear(RED))):
        with pytest.raises(InvalidArgError, match=f"^{name}: the depth-stencil view has 1 samples, the first bound view 4"):
            call()
    assert np.array_equal(dev4.read_rt(0), before) and dev4.state_version == version


def test_full_coverage_is_every_sample(dev4):
    dev4.clear(BLUE)
    dev4.clear_depth_stencil_view(depth=1.0)  # z 0 passes LESS
    dev4.draw(**one(coverage=np.array([ALL_SAMPLES], np.uint32)))
    dev4.draw(**one(x=np.array([2], np.uint32), coverage=np.array([True])))
    red = omsim.split("R8G8B8A8_UNORM", dev4.read_rt(0))[1, :, :, 0] == 255
    assert red[1].all() and red[2].all() and not red[0].any()
    assert Hresult.S_OK == dev4.validate().result

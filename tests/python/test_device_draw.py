# SPDX-License-Identifier: Apache-2.0
"""omsim.device draws, clears and render-target access on every backend, against the reference model.

The expected images are computed without the device: ``omsim.process_pixels`` applied to the same pixels in
order (runs of pixels with distinct coordinates at once, so a later pixel sees an earlier one's result) on the
state the test itself states as an ``omsim.PixelState``; clears are ``omsim.clear_texel`` of the colour inside
the rectangles. The RTL backend runs about 10^5 cycles/s, so images stay small (8 x 8).
"""

from __future__ import annotations

import dataclasses
import threading

import numpy as np
import pytest

import omsim
from omsim import BlendDesc, CmpFunc, FeatureLevel, PixelState, PsOutput, PsOutputType, RtBlendDesc
from omsim.device import Device, RenderTargetView, backends

BACKENDS = sorted(backends())
W, H = 8, 8


def random_image(rng: np.random.Generator, fmt: str) -> np.ndarray:
    """An (H, W) texel image of sane values (what a previous clear or draw could have left)."""
    f = omsim.format_info(fmt)
    if f.is_integer:
        return omsim.join(fmt, rng.integers(0, 2**32, (H, W, 4), dtype=np.uint64).astype(np.uint32))
    return omsim.pack(fmt, rng.uniform(0.0, 1.0, (H, W, 4)).astype(np.float32))


def reference_draw(state, images, x, y, oc, *, oc1=None, fog=None, coverage=None):
    """Apply the pixels to `images` (one per slot, None = unbound) in order, with the reference model. oc: one
    (N, 4) array per slot (None = not declared). Returns the total (covered, written) of all pixels."""
    n, start = len(x), 0
    covered = np.zeros(n, bool)
    written = np.zeros((n, omsim.MAX_RTS), bool)
    while start < n:
        seen, end = set(), start
        while end < n and (x[end], y[end]) not in seen:
            seen.add((x[end], y[end]))
            end += 1
        s = slice(start, end)
        ys, xs = y[s], x[s]
        dests = [None if im is None else np.ascontiguousarray(im[ys, xs]) for im in images]
        part = [None if o is None else np.ascontiguousarray(o[s]) for o in oc]
        extra = (("oc1", oc1), ("fog", fog), ("coverage", coverage))
        opt = {k: None if v is None else np.ascontiguousarray(v[s]) for k, v in extra}
        res = omsim.process_pixels(state, part, dests, **opt)
        for i, im in enumerate(images):
            if im is None:
                continue
            w = res.written[:, i].reshape((-1,) + (1,) * (dests[i].ndim - 1))
            im[ys, xs] = np.where(w, res.texels[i], dests[i])
        covered[s], written[s] = res.covered, res.written
        start = end
    return covered, written


def bind(dev, fmts, outputs):
    dev.set_render_targets([RenderTargetView(f, W, H) for f in fmts])
    dev.set_ps_outputs(outputs)


CASES = {
    # Three targets of different classes and sizes, one equation each (IndependentBlendEnable), K in use.
    "fl11_1": (
        ["R8G8B8A8_UNORM", "R16G16B16A16_FLOAT", "R32_UINT"],
        BlendDesc(
            independent_blend_enable=True,
            render_target=[
                RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA"),
                RtBlendDesc.blending("BLEND_FACTOR", "ONE", "REV_SUBTRACT", write_mask=0xB),
                RtBlendDesc(),
            ],
        ),
    ),
    # FL 9_3: one equation with separate alpha; the sRGB target blends in gamma space (docs/arithmetic.md §9).
    "fl9_3": (
        ["R8G8B8A8_UNORM_SRGB", "B8G8R8A8_UNORM"],
        BlendDesc(
            render_target=[RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA", src_alpha="ONE", dest_alpha="ZERO")]
        ),
    ),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("config", sorted(CASES))
def test_clears_and_draws_equal_the_reference_model(backend, config, rng):
    fmts, desc = CASES[config]
    fl = omsim.config_info(config).fl
    infos = [omsim.format_info(f) for f in fmts]
    types = [PsOutputType.UINT if f.cls == omsim.FormatClass.UINT else PsOutputType.FLOAT for f in infos]
    k = (0.25, 0.5, 0.75, 0.125)
    with Device(config, backend, seed=int(rng.integers(1, 2**31))) as dev:
        bind(dev, fmts, [PsOutput(t) for t in types])
        bs = dev.create_blend_state(desc)
        dev.set_blend_state(bs, blend_factor=k)
        images = [random_image(rng, f) for f in fmts]
        for i, im in enumerate(images):
            dev.write_rt(i, im)
            assert np.array_equal(dev.read_rt(i), im)
        # A clear of two overlapping rectangles: the colour converted per format, nothing else touched.
        colour = (0.2, 0.4, 0.6, 0.8)
        rects = [(1, 1, 4, 3), (3, 2, 9, 5)]
        dev.clear(colour, rects)
        for i, f in enumerate(fmts):
            texel = omsim.clear_texel(f, colour)
            for left, top, right, bottom in rects:
                images[i][top:bottom, left:right] = texel
            assert np.array_equal(dev.read_rt(i), images[i]), f"clear of slot {i} ({f})"
        # Pixels with repeated coordinates, random coverage, one float / integer output per slot.
        n = 96
        x = rng.integers(0, W, n).astype(np.uint32)
        y = rng.integers(0, H, n).astype(np.uint32)
        oc = np.empty((n, len(fmts), 4), np.uint32)
        for i, t in enumerate(types):
            if t == PsOutputType.UINT:
                oc[:, i] = rng.integers(0, 2**32, (n, 4), dtype=np.uint64).astype(np.uint32)
            else:
                oc[:, i] = rng.uniform(-0.25, 1.25, (n, 4)).astype(np.float32).view(np.uint32)
        coverage = rng.random(n) < 0.8
        dev.draw(x, y, oc, coverage=coverage)
        state = PixelState(
            blend=omsim.normalise(desc), blend_factor=k, rt_formats=fmts, gamma_space=fl < FeatureLevel.FL_10_0,
            feature_level=fl,
        )
        reference_draw(state, images, x, y, [oc[:, i] for i in range(len(fmts))], coverage=coverage)
        for i, f in enumerate(fmts):
            got = dev.read_rt(i)
            assert got.dtype == infos[i].texel_dtype and got.shape == (H, W)
            bad = np.argwhere(got != images[i])
            assert bad.size == 0, f"slot {i} ({f}): {len(bad)} texels differ, first at (y, x) = {tuple(bad[0])}"
        # ValidateDevice on the registers read back agrees with om_validate on the state the test bound.
        v = dev.validate()
        bound = omsim.OmState(
            blend=omsim.normalise(desc), blend_factor=k, rt=[omsim.RtBinding(f, W, H) for f in fmts],
            ps_output=[PsOutput(t) for t in types],
        )
        want = omsim.om_validate(bound, config)
        assert (v.passes, v.result, v.reasons, v.rt) == (want.passes, want.result, want.reasons, want.rt)


@pytest.mark.parametrize("backend", BACKENDS)
def test_d3d9_alpha_test_kills_every_target_fog_touches_rt0_and_masks_apply(backend, rng):
    fmts = ["R8G8B8A8_UNORM", "R8G8B8A8_UNORM"]
    desc = BlendDesc(render_target=[RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA")])
    fog_colour = (0.25, 0.5, 0.75)
    with Device("fl9_3", backend) as dev:
        bind(dev, fmts, [PsOutput(), PsOutput()])
        dev.set_d3d9_mode(True)
        dev.set_blend_state(dev.create_blend_state(desc))
        dev.set_alpha_test(True, CmpFunc.GREATER, 100)
        dev.set_fog(True, fog_colour)
        dev.set_color_write_enable(1, 0x5)  # RT1 keeps G and A
        images = [random_image(rng, f) for f in fmts]
        for i, im in enumerate(images):
            dev.write_rt(i, im)
        dev.clear_perf_counters()
        n = W * H
        order = rng.permutation(n)
        x, y = (order % W).astype(np.uint32), (order // W).astype(np.uint32)
        oc = rng.uniform(0.0, 1.0, (n, 2, 4)).astype(np.float32)
        fog = rng.uniform(-0.5, 1.5, n).astype(np.float32)
        dev.draw(x, y, oc, fog=fog)
        # The D3D9 personality as the test states it: one equation, per-RT COLORWRITEENABLEn masks.
        rt = RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA")
        masked = BlendDesc(
            independent_blend_enable=True,
            render_target=[rt, dataclasses.replace(rt, render_target_write_mask=0x5)] + [rt] * 6,
        )
        d3d9 = omsim.D3d9State(alpha_test_enable=True, alpha_func=CmpFunc.GREATER, alpha_ref=100, fog_enable=True,
                               fog_color=fog_colour)
        state = PixelState(
            blend=masked, rt_formats=fmts, d3d9=d3d9, gamma_space=True, feature_level=FeatureLevel.FL_9_3
        )
        covered, written = reference_draw(state, images, x, y, [oc[:, 0], oc[:, 1]], fog=fog)
        assert 0 < covered.sum() < n  # the alpha test both passes and kills
        for i in range(2):
            assert np.array_equal(dev.read_rt(i), images[i]), f"slot {i}"
        pc = dev.perf_counters()
        assert (pc.pixels_in, pc.killed, pc.rt_writes) == (n, n - covered.sum(), written.sum())
        dev.clear_perf_counters()
        assert dev.perf_counters() == omsim.device.PerfCounters()


@pytest.mark.parametrize("backend", BACKENDS)
def test_128_and_64_bit_targets_round_trip_and_blend(backend, rng):
    fmts = ["R32G32B32A32_FLOAT", "R16G16B16A16_UNORM"]
    desc = BlendDesc(render_target=[RtBlendDesc.blending("ONE", "ONE", "MAX")])
    with Device("fl11_1", backend) as dev:
        bind(dev, fmts, [PsOutput(), PsOutput()])
        dev.set_blend_state(dev.create_blend_state(desc))
        images = [random_image(rng, f) for f in fmts]
        assert images[0].shape == (H, W, 4) and images[1].dtype == np.uint64
        for i, im in enumerate(images):
            dev.write_rt(i, im)
            assert np.array_equal(dev.read_rt(i), im)
        n = 24
        x = rng.integers(0, W, n).astype(np.int64)  # any integer dtype
        y = rng.integers(0, H, n).astype(np.int64)
        oc = rng.uniform(-1.0, 2.0, (n, 2, 4)).astype(np.float32)
        dev.draw(x, y, oc)
        state = PixelState(blend=omsim.normalise(desc), rt_formats=fmts, feature_level=FeatureLevel.FL_11_1)
        reference_draw(state, images, x, y, [oc[:, 0], oc[:, 1]])
        for i in range(2):
            assert np.array_equal(dev.read_rt(i), images[i]), f"slot {i}"


def test_draw_with_o0_only_reaches_only_declared_targets(rng):
    with Device("fl11_1") as dev:
        bind(dev, ["R8G8B8A8_UNORM", "R8G8B8A8_UNORM"], [PsOutput()])  # o1 not declared
        before = [dev.read_rt(0), dev.read_rt(1)]
        oc = np.array([[1.0, 0.5, 0.25, 1.0]], np.float32)  # (N, 4): o0
        dev.draw(np.array([3]), np.array([4]), oc)
        want = before[0].copy()
        want[4, 3] = omsim.pack("R8G8B8A8_UNORM", oc)[0]
        assert np.array_equal(dev.read_rt(0), want)
        assert np.array_equal(dev.read_rt(1), before[1])


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_threads_drawing_on_one_device_are_serialised(backend, rng):
    # draw releases the GIL; the device's lock keeps the driver single-threaded. The threads draw into disjoint
    # halves, so the result does not depend on how their calls interleave.
    fmt = "R8G8B8A8_UNORM"
    desc = BlendDesc(render_target=[RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA")])
    with Device("fl11_1", backend) as dev:
        bind(dev, [fmt], [PsOutput()])
        dev.set_blend_state(dev.create_blend_state(desc))
        image = random_image(rng, fmt)
        dev.write_rt(0, image)
        n = 40
        jobs = []
        for half in range(2):
            x = (rng.integers(0, W // 2, n) + half * (W // 2)).astype(np.uint32)
            y = rng.integers(0, H, n).astype(np.uint32)
            jobs.append((x, y, rng.uniform(0.0, 1.0, (n, 4)).astype(np.float32)))
        errors: list[BaseException] = []

        def run(x, y, oc):
            try:
                for i in range(0, n, 8):  # several calls each, to interleave
                    dev.draw(x[i : i + 8], y[i : i + 8], oc[i : i + 8])
                    dev.validate()
            except BaseException as e:  # pragma: no cover - reported below
                errors.append(e)

        threads = [threading.Thread(target=run, args=job) for job in jobs]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        state = PixelState(blend=omsim.normalise(desc), rt_formats=[fmt], feature_level=FeatureLevel.FL_11_1)
        for x, y, oc in jobs:
            reference_draw(state, [image], x, y, [oc])
        assert np.array_equal(dev.read_rt(0), image)


@pytest.mark.parametrize("backend", BACKENDS)
def test_dual_source_and_signed_integer_outputs(backend, rng):
    n = 32
    x = rng.integers(0, W, n).astype(np.uint32)
    y = rng.integers(0, H, n).astype(np.uint32)
    # Dual source (docs/behaviour.md §2.6): S1 = oc1 in the factors.
    desc = BlendDesc(render_target=[RtBlendDesc.blending("SRC1_COLOR", "INV_SRC1_ALPHA", src_alpha="SRC1_ALPHA")])
    with Device("fl11_1", backend) as dev:
        bind(dev, ["R16G16B16A16_FLOAT"], [PsOutput()])
        dev.set_blend_state(dev.create_blend_state(desc))
        image = random_image(rng, "R16G16B16A16_FLOAT")
        dev.write_rt(0, image)
        oc = rng.uniform(-1.0, 2.0, (n, 4)).astype(np.float32)
        oc1 = rng.uniform(0.0, 1.0, (n, 4)).astype(np.float32)
        dev.draw(x, y, oc, oc1=oc1)
        state = PixelState(blend=omsim.normalise(desc), rt_formats=["R16G16B16A16_FLOAT"])
        reference_draw(state, [image], x, y, [oc], oc1=oc1)
        assert np.array_equal(dev.read_rt(0), image)
    # A SINT target takes int32 outputs (negative values clamp to the format's range, docs/arithmetic.md §7).
    with Device("fl11_1", backend) as dev:
        bind(dev, ["R16G16_SINT"], [PsOutput(PsOutputType.SINT)])
        image = omsim.zeros_texels("R16G16_SINT", (H, W))
        oc = rng.integers(-(2**20), 2**20, (n, 4)).astype(np.int32)
        dev.draw(x, y, oc)
        reference_draw(PixelState(rt_formats=["R16G16_SINT"]), [image], x, y, [oc])
        assert np.array_equal(dev.read_rt(0), image)
        fields = omsim.split("R16G16_SINT", image)
        assert {0x7FFF, 0x8000} <= set(np.unique(fields[..., :2]))  # both clamps were hit


def random_desc(rng, config: str) -> BlendDesc:
    """A random blend description valid on `config` (the pure create-time rules decide; defaults otherwise)."""
    factors = [b.name for b in omsim.Blend]
    ops = [o.name for o in omsim.BlendOp]
    pick = lambda xs: xs[int(rng.integers(len(xs)))]  # noqa: E731
    for _ in range(20):
        logic = omsim.config_info(config).logic_op and rng.random() < 0.25
        rts = []
        for i in range(8):
            if logic and i == 0:
                rts.append(RtBlendDesc(logic_op_enable=True, logic_op=pick([o.name for o in omsim.LogicOp])))
                continue
            src, dest, op = pick(factors), pick(factors), pick(ops)
            alpha = rng.random() < 0.5  # separate alpha, without *_COLOR factors
            a_src, a_dest = (pick(["ONE", "ZERO", "SRC_ALPHA", "INV_DEST_ALPHA"]) for _ in range(2))
            rts.append(RtBlendDesc(
                blend_enable=bool(rng.random() < 0.8), src_blend=src, dest_blend=dest, blend_op=op,
                src_blend_alpha=a_src if alpha else src, dest_blend_alpha=a_dest if alpha else dest,
                blend_op_alpha=pick(ops) if alpha else op, render_target_write_mask=int(rng.integers(0, 16)),
            ))
        desc = BlendDesc(bool(rng.random() < 0.3), bool(rng.random() < 0.5), rts)
        if omsim.check_blend_desc(desc, config).ok:
            return desc
    return BlendDesc()


def random_outputs(rng, info, n: int) -> np.ndarray:
    """(n, 4) 32-bit words of a PS output for a target of this format's class."""
    if info.cls == omsim.FormatClass.UINT:
        return rng.integers(0, 2**32, (n, 4), dtype=np.uint64).astype(np.uint32)
    if info.cls == omsim.FormatClass.SINT:
        return rng.integers(-(2**31), 2**31, (n, 4), dtype=np.int64).astype(np.int32).view(np.uint32)
    return rng.uniform(-0.5, 1.5, (n, 4)).astype(np.float32).view(np.uint32)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("config", ["fl9_1", "fl9_3", "fl10_0", "fl11_1"])
def test_random_states_and_pixel_streams_equal_the_reference_model(backend, config, rng):
    cfg = omsim.config_info(config)
    renderable = [f for f in omsim.formats() if cfg.fl in f.rt_levels]
    fl9 = cfg.fl < FeatureLevel.FL_10_0
    with Device(config, backend, seed=int(rng.integers(1, 2**31))) as dev:
        for _ in range(3):
            nrt = int(rng.integers(1, cfg.max_rts + 1))
            infos = [renderable[int(rng.integers(len(renderable)))] for _ in range(nrt)]
            # o0 always declared: alpha-to-coverage reads o0.a, which an undeclared o0 leaves undefined.
            declared = [i == 0 or rng.random() < 0.8 for i in range(nrt)]
            types = [PsOutputType.UINT if f.cls == omsim.FormatClass.UINT else
                     PsOutputType.SINT if f.cls == omsim.FormatClass.SINT else PsOutputType.FLOAT for f in infos]
            bind(dev, infos, [PsOutput(t) if d else None for t, d in zip(types, declared)])
            desc = random_desc(rng, config)
            k = tuple(float(v) for v in rng.uniform(-1.0, 2.0, 4).astype(np.float32))
            mask = 0xFFFFFFFF if fl9 else int(rng.choice([0xFFFFFFFF, 0xFFFFFFFE, 0x5]))
            dev.set_blend_state(dev.create_blend_state(desc), blend_factor=k, sample_mask=mask)
            images = [random_image(rng, f) for f in infos]
            for i, im in enumerate(images):
                dev.write_rt(i, im)
            n = 24
            x = rng.integers(0, 4, n).astype(np.uint32)  # a 4 x 4 corner: many repeated coordinates
            y = rng.integers(0, 4, n).astype(np.uint32)
            oc = np.stack([random_outputs(rng, f, n) for f in infos], axis=1)
            oc1 = random_outputs(rng, infos[0], n)
            coverage = rng.random(n) < 0.9
            dev.draw(x, y, oc, oc1=oc1, coverage=coverage)
            state = PixelState(
                blend=omsim.normalise(desc), blend_factor=k, sample_mask=mask, rt_formats=infos, gamma_space=fl9,
                feature_level=cfg.fl,
            )
            ocs = [oc[:, i] if declared[i] else None for i in range(nrt)]
            reference_draw(state, images, x, y, ocs, oc1=oc1, coverage=coverage)
            for i, f in enumerate(infos):
                assert np.array_equal(dev.read_rt(i), images[i]), f"slot {i} ({f.name}), {desc}"

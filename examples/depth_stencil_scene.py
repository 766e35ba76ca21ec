#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A depth-tested scene with a stencil outline on the "ref" backend, and an MSAA edge drawn on the cycle model.

Three shapes at different depths (a tilted plane, a square, a disc) are drawn with DepthFunc LESS into an
R8G8B8A8_UNORM target with a D24_UNORM_S8_UINT depth-stencil view; every visible pixel writes its shape's id into
the stencil (StencilPassOp REPLACE), the disc its whole silhouette (StencilDepthFailOp REPLACE too). A last pass
draws a disc two pixels larger at the disc's depth, without depth writes, with StencilFunc NOT_EQUAL 2: only the
ring around the silhouette survives, hidden where nearer shapes cover it -- the outline. Every pass is
checked against omsim.ref.depth_stencil on the buffer contents before it (docs/depth-stencil.md §2, §7).

The right panel is an edge drawn on a 4x render target of fl11_1 on the "model" backend: each pixel carries the
per-sample raster coverage of a half-plane at D3D's standard 4x positions, SampleMask 0xB drops sample 2, and the
driver sends one transfer per sample. The samples read back (H, W, 4) are resolved as their mean; the edge pixels
must be partial blends, each exactly the fraction omsim.ref.sample_coverage gives (docs/depth-stencil.md §3).
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
from omsim import CmpFunc, DepthStencilDesc, DepthStencilOpDesc, StencilOp  # noqa: E402

FMT, DS = "R8G8B8A8_UNORM", omsim.DsFormat.D24_UNORM_S8_UINT
SAMPLES_4X = [(0.375, 0.125), (0.875, 0.375), (0.125, 0.625), (0.625, 0.875)]  # D3D's standard 4x pattern


def draw_pass(dev: omsim.Device, desc: DepthStencilDesc, ref: int, mask: np.ndarray, z: np.ndarray,
              color: tuple[float, ...]) -> bool:
    """Draws the pixels of `mask` (one per texel) and checks the buffer against omsim.ref.depth_stencil."""
    depth, stencil = dev.read_depth_stencil()
    ys, xs = np.nonzero(mask)
    zs = np.ascontiguousarray(z[ys, xs], np.float32)
    dev.set_depth_stencil_state(dev.create_depth_stencil_state(desc), stencil_ref=ref)
    oc = np.ascontiguousarray(np.broadcast_to(np.array(color, np.float32), (len(xs), 4)))
    dev.draw(xs.astype(np.uint32), ys.astype(np.uint32), oc, z=zs)
    want = omsim.ref.depth_stencil(desc, DS, zs, depth[ys, xs], stored_stencil=stencil[ys, xs], stencil_ref=ref)
    got_depth, got_stencil = dev.read_depth_stencil()
    return bool(np.array_equal(got_depth[ys, xs], np.where(want.write_depth, want.depth, depth[ys, xs]))
                and np.array_equal(got_stencil[ys, xs], np.where(want.write_stencil, want.stencil, stencil[ys, xs])))


def msaa_edge(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The half-plane y > 0.4 x + 0.3 n, white over black, drawn on an (n, n) 4x target with SampleMask 0xB:
    (resolved grey level per pixel from the device's samples, the covered fraction omsim.ref gives)."""
    y, x = np.mgrid[0:n, 0:n].astype(np.float64)
    raster = np.zeros((n, n), np.uint32)
    for i, (sx, sy) in enumerate(SAMPLES_4X):
        raster |= ((y + sy) > 0.4 * (x + sx) + 0.3 * n).astype(np.uint32) << i
    with omsim.Device("fl11_1", "model") as dev:
        dev.set_render_targets([dev.create_render_target_view(omsim.RenderTargetView(FMT, n, n, sample_count=4))])
        dev.set_ps_outputs([omsim.PsOutput()])
        dev.set_blend_state(None, sample_mask=0xB)
        dev.clear((0.0, 0.0, 0.0, 1.0))
        ys, xs = (a.ravel().astype(np.uint32) for a in np.mgrid[0:n, 0:n])
        dev.draw(xs, ys, np.ones((n * n, 4), np.float32), coverage=raster.ravel())
        samples = omsim.split(FMT, dev.read_rt(0))[..., 0]  # (n, n, 4) red of every sample
    cov = omsim.ref.sample_coverage(raster.ravel(), 4, sample_mask=0xB).reshape(n, n)
    covered = sum((cov >> s) & 1 for s in range(4)).astype(np.float64) / 4
    return samples.mean(axis=-1) / 255.0, covered


def main() -> int:
    args = _common.parse_args("depth_stencil_scene", __doc__ or "")
    w, h = (64, 48) if args.small else (256, 192)
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    plane = (y > h * 0.55) & (x > w * 0.05)
    plane_z = 0.2 + 0.6 * (1 - y / h)  # nearer at the bottom
    disc = np.hypot(x - w * 0.45, y - h * 0.5) < h * 0.3
    big_disc = np.hypot(x - w * 0.45, y - h * 0.5) < h * 0.3 + 2
    square = (abs(x - w * 0.7) < w * 0.15) & (abs(y - h * 0.4) < h * 0.25)
    write_id = DepthStencilDesc(stencil_enable=True,
                                front_face=DepthStencilOpDesc(stencil_pass_op=StencilOp.REPLACE))
    # The disc marks its whole silhouette, hidden parts too (StencilDepthFailOp REPLACE).
    mark = DepthStencilDesc(stencil_enable=True, front_face=DepthStencilOpDesc(
        stencil_depth_fail_op=StencilOp.REPLACE, stencil_pass_op=StencilOp.REPLACE))
    outline = DepthStencilDesc(depth_write_mask=omsim.DepthWriteMask.ZERO, stencil_enable=True, stencil_write_mask=0,
                               front_face=DepthStencilOpDesc(stencil_func=CmpFunc.NOT_EQUAL))
    with omsim.Device("fl11_1", "ref") as dev:
        rt = omsim.RenderTargetView(FMT, w, h)
        dev.set_render_targets([rt], dev.create_depth_stencil_view(omsim.DepthStencilView(w, h, format=DS)))
        dev.set_ps_outputs([omsim.PsOutput()])
        dev.clear((0.05, 0.05, 0.15, 1.0))
        dev.clear_depth_stencil_view(depth=1.0, stencil=0)
        ok = [
            draw_pass(dev, write_id, 1, plane, plane_z, (0.3, 0.6, 0.3, 1.0)),
            draw_pass(dev, write_id, 3, square, np.full((h, w), 0.35), (0.2, 0.5, 0.9, 1.0)),
            draw_pass(dev, mark, 2, disc, np.full((h, w), 0.5), (0.9, 0.4, 0.2, 1.0)),
            draw_pass(dev, outline, 2, big_disc, np.full((h, w), 0.5), (1.0, 1.0, 0.2, 1.0)),
        ]
        image = omsim.split(FMT, dev.read_rt(0))[..., :3].astype(np.uint8)
        depth, stencil = dev.read_depth_stencil()
    ring = big_disc & (stencil != 2)
    lit = (image == (255, 255, 51)).all(axis=-1)
    edge, covered = msaa_edge(48 if args.small else 96)
    levels = sorted(float(v) for v in set(edge.ravel()))
    partial = (edge > 0) & (edge < 0.75)  # only edge pixels: inside, SampleMask 0xB leaves 3 of 4 samples
    print(f"passes match omsim.ref.depth_stencil: {ok}; outline pixels: {int(lit.sum())} of the "
          f"{int(ring.sum())}-pixel ring around the disc's silhouette (the rest is hidden); 4x edge levels: {levels} "
          f"({int(partial.sum())} edge pixels blend 1 or 2 of the 4 samples)")

    fig, axes = plt.subplots(1, 4, figsize=(16, 3.6))
    axes[0].imshow(image, interpolation="nearest")
    axes[0].set_title("colour: depth LESS, stencil outline", fontsize=9)
    axes[1].imshow(depth / float(2**24 - 1), cmap="gray", interpolation="nearest")
    axes[1].set_title("depth (D24 UNORM)", fontsize=9)
    axes[2].imshow(stencil, cmap="viridis", interpolation="nearest")
    axes[2].set_title("stencil: shape id", fontsize=9)
    axes[3].imshow(edge, cmap="gray", interpolation="nearest", vmin=0, vmax=1)
    axes[3].set_title("4x target (model), SampleMask 0xB, resolved", fontsize=9)
    for ax in axes:
        ax.axis("off")
    fig.tight_layout()
    _common.save(fig, args.out)
    edge_ok = np.array_equal(edge, covered) and {0.25, 0.5} <= set(levels) <= {0, 0.25, 0.5, 0.75}
    good = all(ok) and not (lit & ~ring).any() and 0 < lit.sum() < ring.sum() and edge_ok
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""D3D9 multiple render targets: alpha test on oC0 kills the pixel in every RT; fog applies to RT0 only.

Four R8G8B8A8_UNORM render targets start as a checkerboard. The pixel shader writes four different images
(oC0..oC3); oC0's alpha is a radial gradient. D3DRS_ALPHATESTENABLE with ALPHAFUNC = GREATEREQUAL and ALPHAREF =
0x80 fails in the corners, so those pixels keep the checkerboard in *all four* RTs (docs/behaviour.md §5.3 rule 5,
section 5.4). Linear fog (start 0, end = image height, distance = row) turns RT0 grey towards the bottom; RT1..RT3
are not fogged (docs/behaviour.md §11 #20). The whole frame is one omsim.process_pixels call.
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

FMT = "R8G8B8A8_UNORM"


def main() -> int:
    args = _common.parse_args("d3d9_mrt", __doc__ or "")
    h = w = 48 if args.small else 256
    base = _common.source_image(h, w)
    oc = [
        base,
        np.ascontiguousarray(base[..., [2, 0, 1, 3]]),
        np.ascontiguousarray(np.concatenate([1 - base[..., :3], base[..., 3:]], axis=-1)),
        np.ascontiguousarray(np.repeat(base[..., :3].mean(axis=-1, keepdims=True), 4, axis=-1)),
    ]
    y, x = np.mgrid[0:h, 0:w]
    cell = max(h // 8, 1)
    grey = np.where((y // cell + x // cell) % 2 == 0, 0.8, 0.3).astype(np.float32)
    checker = np.ascontiguousarray(np.stack([grey, grey, grey, np.ones_like(grey)], axis=-1))
    dest = [omsim.pack(FMT, checker) for _ in range(4)]
    rows = np.arange(h, dtype=np.float64)
    fog = np.array([omsim.fog_factor("LINEAR", d, start=0.0, end=float(h)) for d in rows], np.float32)
    fog = np.ascontiguousarray(np.broadcast_to(fog[:, None], (h, w)))
    state = omsim.PixelState(
        rt_formats=[FMT] * 4,
        d3d9=omsim.D3d9State(alpha_test_enable=True, alpha_func="GREATER_EQUAL", alpha_ref=0x80,
                             fog_enable=True, fog_color=(0.5, 0.5, 0.5)),
    )
    res = omsim.process_pixels(state, oc, dest, fog=fog)

    killed = ~res.covered
    untouched = [np.array_equal(t[killed], d[killed]) for t, d in zip(res.texels, dest)]
    written = res.written[..., :4]
    print(f"{killed.sum()} of {h * w} pixels fail the alpha test; untouched in every RT: {all(untouched)}")
    print(f"pixels written per RT: {written.sum(axis=(0, 1)).tolist()}")
    # RT1..3 hold the unfogged PS outputs where covered; RT0 differs (fogged) in the lower rows.
    unfogged = [np.array_equal(t[~killed], omsim.pack(FMT, o)[~killed]) for t, o in zip(res.texels[1:4], oc[1:4])]
    rt0_fogged = not np.array_equal(res.texels[0][~killed], omsim.pack(FMT, oc[0])[~killed])
    print(f"RT1..3 unfogged: {all(unfogged)}; RT0 fogged: {rt0_fogged}")

    fig, axes = plt.subplots(1, 5, figsize=(15, 3.4))
    for i, ax in enumerate(axes[:4]):
        rgb = omsim.split(FMT, res.texels[i])[..., :3].astype(np.uint8)
        ax.imshow(rgb, interpolation="nearest")
        ax.set_title(f"RT{i}" + (" (fogged)" if i == 0 else ""), fontsize=9)
        ax.axis("off")
    axes[4].imshow(killed, cmap="gray_r", interpolation="nearest")
    axes[4].set_title("black: alpha test failed\n(every RT keeps its texel)", fontsize=9)
    axes[4].axis("off")
    fig.suptitle("D3D9 MRT: alpha test GREATEREQUAL 0x80 on oC0.a, linear fog on RT0", fontsize=10)
    fig.tight_layout()
    _common.save(fig, args.out)
    ok = all(untouched) and all(unfogged) and rt0_fogged and 0 < killed.sum() < h * w
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

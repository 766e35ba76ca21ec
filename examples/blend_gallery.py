#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Blend-mode gallery: every D3D11 blend factor under every blend op, over two images, in one grid.

Row pairs are the five ops; in the first row of a pair the factor is SrcBlend (DestBlend = INV_SRC_ALPHA), in the
second it is DestBlend (SrcBlend = SRC_ALPHA). Columns are the 17 factors. Alpha uses the alpha-slot equivalent of
each factor (SRC_COLOR -> SRC_ALPHA, ...). MIN and MAX ignore the factors, so their rows repeat one tile: that is
D3D's rule (docs/behaviour.md §2.3), not a bug. Render target R8G8B8A8_UNORM, K = (0.25, 0.5, 0.75, 0.5), o1 = o0
with the colour channels rotated. Every tile is one omsim.blend call (the bit-exact reference model).
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
from omsim import Blend, BlendOp  # noqa: E402

FMT = "R8G8B8A8_UNORM"
ALPHA_SLOT = {Blend.SRC_COLOR: Blend.SRC_ALPHA, Blend.INV_SRC_COLOR: Blend.INV_SRC_ALPHA,
              Blend.DEST_COLOR: Blend.DEST_ALPHA, Blend.INV_DEST_COLOR: Blend.INV_DEST_ALPHA,
              Blend.SRC1_COLOR: Blend.SRC1_ALPHA, Blend.INV_SRC1_COLOR: Blend.INV_SRC1_ALPHA}
K = (0.25, 0.5, 0.75, 0.5)


def tile(src: np.ndarray, src1: np.ndarray, dest: np.ndarray, sb: Blend, db: Blend, op: BlendOp) -> np.ndarray:
    desc = omsim.RtBlendDesc.blending(sb, db, op, src_alpha=ALPHA_SLOT.get(sb, sb), dest_alpha=ALPHA_SLOT.get(db, db))
    out = omsim.blend(FMT, src, dest, desc, src1=src1, blend_factor=K)
    return omsim.split(FMT, out)[..., :3].astype(np.uint8)  # RGB codes as stored


def main() -> int:
    args = _common.parse_args("blend_gallery", __doc__ or "")
    size = 24 if args.small else 96
    gap = 2
    src = _common.source_image(size, size)
    src1 = np.ascontiguousarray(src[..., [1, 2, 0, 3]])
    dest = omsim.pack(FMT, _common.dest_image(size, size))
    factors = list(Blend)
    rows = [(op, "src") for op in BlendOp] + [(op, "dest") for op in BlendOp]
    rows.sort(key=lambda r: (int(r[0]), r[1] == "dest"))
    step = size + gap
    grid = np.full((len(rows) * step + gap, len(factors) * step + gap, 3), 255, np.uint8)
    for r, (op, slot) in enumerate(rows):
        for c, f in enumerate(factors):
            sb, db = (f, Blend.INV_SRC_ALPHA) if slot == "src" else (Blend.SRC_ALPHA, f)
            y, x = gap + r * step, gap + c * step
            grid[y : y + size, x : x + size] = tile(src, src1, dest, sb, db, op)
    fig, ax = plt.subplots(figsize=(2 + grid.shape[1] / 40 if args.small else 2 + grid.shape[1] / 80,
                                    1.5 + grid.shape[0] / 40 if args.small else 1.5 + grid.shape[0] / 80))
    ax.imshow(grid, interpolation="nearest")
    ax.set_xticks([gap + c * step + size / 2 for c in range(len(factors))], [f.name for f in factors],
                  rotation=90, fontsize=6)
    ax.set_yticks([gap + r * step + size / 2 for r in range(len(rows))],
                  [f"{op.name}: Src=F" if s == "src" else f"{op.name}: Dest=F" for op, s in rows], fontsize=6)
    ax.set_title(f"omsim blend gallery ({FMT}; F = column factor; other factor SRC_ALPHA / INV_SRC_ALPHA)",
                 fontsize=8)
    fig.tight_layout()
    _common.save(fig, args.out)
    print(f"{len(rows) * len(factors)} tiles of {size}x{size} pixels, kernel {omsim.blend_kernel(FMT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

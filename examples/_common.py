# SPDX-License-Identifier: Apache-2.0
"""Shared bits of the omsim examples: command line, test images, writing a PNG atomically."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def parse_args(name: str, description: str) -> argparse.Namespace:
    """--small (CI size) and --out (default <repo>/build/examples/<name>.png)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--small", action="store_true", help="run at a small size (seconds; what CTest runs)")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "examples" / f"{name}.png", help="PNG to write")
    return ap.parse_args()


def source_image(h: int, w: int) -> np.ndarray:
    """A float32 (h, w, 4) 'PS output': hue sweep left to right, alpha falling off from the centre."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    hue = x / max(w - 1, 1)
    rgb = np.stack([np.clip(np.abs(hue * 6 - 3) - 1, 0, 1), np.clip(2 - np.abs(hue * 6 - 2), 0, 1),
                    np.clip(2 - np.abs(hue * 6 - 4), 0, 1)], axis=-1)
    r = np.hypot((x - w / 2) / w, (y - h / 2) / h) * 2
    a = np.clip(1.1 - r, 0, 1)[..., None]
    return np.concatenate([rgb, a], axis=-1).astype(np.float32)


def dest_image(h: int, w: int) -> np.ndarray:
    """A float32 (h, w, 4) background: a checkerboard over a vertical blue-to-yellow ramp, alpha ramp."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    t = y / max(h - 1, 1)
    check = ((x // max(w // 4, 1) + y // max(h // 4, 1)) % 2) * 0.25
    rgb = np.stack([t * 0.9 + check, t * 0.8 + check, (1 - t) * 0.9 + check], axis=-1)
    a = (x / max(w - 1, 1))[..., None]
    return np.clip(np.concatenate([rgb, a], axis=-1), 0, 1).astype(np.float32)


def save(fig: object, out: Path) -> None:
    """Save a matplotlib figure to `out` (via a temporary name, so readers never see half a file)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.stem}.{os.getpid()}.png")
    fig.savefig(tmp, dpi=100)  # type: ignore[attr-defined]
    os.replace(tmp, out)
    print(f"wrote {out}")

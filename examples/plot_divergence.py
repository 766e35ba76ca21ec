#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A divergence in numpy: run the lockstep with a deliberately broken model (``fault="wr_data"``), read the
failure window's RTL and model waves with ``omsim.waves``, find where they first differ, and plot the write port of
both sides around it with the divergence marked. Exits non-zero when the waves do not show the reported failure."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from omsim import cosim, waves  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", action="store_true", help="a short run (CI)")
    ap.add_argument("--out", default="divergence.png")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        res = cosim.run("fl11_1", seed=5, cycles=20_000 if args.small else 100_000, fault="wr_data", waves=tmp,
                        waves_full=False)
        fail = res.failures[0]
        rep = waves.diff(Path(tmp) / "rtl.fst", Path(tmp) / "model.fst")
        print(f"report: cycle {fail.cycle} {fail.field}; waves: first difference at cycle {rep.first.cycle} "
              f"on {rep.first.signal}")
        names = ["om_top.mem_wr_valid_o", "om_top.mem_wr_ready_i", "om_top.mem_wr_data_o"]
        sides = {side: waves.Waves(Path(tmp) / f"{side}.fst").read(names) for side in ("rtl", "model")}
    cycles = np.arange(max(0, fail.cycle - 30), fail.cycle + 5)
    t = cycles * waves.TICKS_PER_CYCLE
    fig, axes = plt.subplots(3, 1, sharex=True, figsize=(9, 6))
    for ax, name in zip(axes, names):
        for side, style in (("rtl", dict(lw=3, alpha=0.5)), ("model", dict(color="k", ls="--", lw=1))):
            vals = [int(v) & 0xFFFF_FFFF if v is not None else 0 for v in sides[side][name].sample(t)]
            ax.step(cycles, vals, where="post", label=side, **style)
        ax.axvline(rep.first.cycle, color="red")
        ax.set_ylabel(name.split(".")[-1] + ("[31:0]" if "data" in name else ""), fontsize=8)
    axes[0].legend(loc="upper left")
    axes[-1].set_xlabel("cycle")
    fig.suptitle(f"fl11_1 seed 5, model's write data broken: first difference at cycle {rep.first.cycle}")
    fig.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")
    return 0 if rep.first.cycle == fail.cycle else 1


if __name__ == "__main__":
    sys.exit(main())

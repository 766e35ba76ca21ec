#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""RTL against model, three ways: one verification engineer's picture of omsim.device and omsim.cosim.

Top row -- the host driver on both backends: ``omsim.Device`` over "model" and over "rtl" (the Verilated om_top)
clears an R8G8B8A8_UNORM target, binds SRC_ALPHA / INV_SRC_ALPHA and draws a translucent gradient, three
overlapping discs and a bar in ONE draw call (many pixels repeat a coordinate, so the order they are applied in
shows). The third image is the reference model (``omsim.process_pixels`` applied in draw order); the fourth, the
same pixels applied in reverse order, shows that the comparison would notice a reordering. The number of texels
that differ from the reference is printed and put in the titles; it must be 0.

Middle row -- ``omsim.cosim.run`` (constrained-random lockstep of RTL and cycle model, scoreboarded against the
reference model) for every configuration and a few seeds: functional coverage per seed and merged over the seeds
(``Coverage`` objects add with ``+``; all configurations merged in the last bar), and the RTL side's perf_o
counters at the end of each run (since the stimulus's last PERF_CLEAR) summed over the seeds, with the model
side's values as markers (they must be equal). fl11_0 and fl11_1 have the same capabilities (logic ops on both),
so the stimulus of a seed, and hence the run, is the same on both.

Bottom row -- ``omsim.cosim.Lockstep("fl11_1", ...)`` stepped one cycle at a time from Python: om_top's
handshake outputs of the RTL (thick coloured steps) with the cycle model's (thin black dashes) on top, through
reset, the bus programming and the first pixels; every output port of both sides is compared every recorded cycle.

The script exits non-zero if any image texel differs, any co-simulation run fails (its report is printed) or the
stepped sides ever disagree.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402

import omsim  # noqa: E402
from omsim import cosim  # noqa: E402
from omsim.device import Device, RenderTargetView  # noqa: E402

FMT = "R8G8B8A8_UNORM"
CONFIG = "fl11_1"
CLEAR = (0.08, 0.08, 0.16, 1.0)
PERF = ("pixels_in", "rt_reads", "rt_writes", "hazard_stalls", "mem_stalls", "killed")
WAVES = ("in_ready", "mem_rd_valid", "mem_wr_valid", "pready")


# --- 1. one draw on both backends against the reference model ------------------------------------------------------
def shapes(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pixels of one draw, in order: (x, y, oc) with oc (N, 4) float32 RGBA. A full-screen horizontal hue
    gradient with alpha rising downwards, three discs (red, green, blue, alpha 0.6) overlapping in the middle, a
    white diagonal bar (alpha 0.5) across everything."""
    y, x = np.mgrid[0:size, 0:size]
    xs, ys, ocs = [], [], []

    def add(mask: np.ndarray, rgba: np.ndarray) -> None:
        xs.append(x[mask])
        ys.append(y[mask])
        ocs.append(np.broadcast_to(rgba, (size, size, 4))[mask])

    grad = _common.source_image(size, size)
    grad[..., 3] = 0.25 + 0.6 * y / (size - 1)
    add(np.ones((size, size), bool), grad)
    r = 0.3 * size
    centres = [(0.38, 0.4), (0.62, 0.4), (0.5, 0.62)]
    for (cx, cy), rgb in zip(centres, np.eye(3)):
        inside = np.hypot(x + 0.5 - cx * size, y + 0.5 - cy * size) < r
        add(inside, np.array([*rgb, 0.6]))
    add(np.abs(x - y) <= max(size // 16, 1), np.array([1.0, 1.0, 1.0, 0.5]))
    return (np.concatenate(xs).astype(np.uint32), np.concatenate(ys).astype(np.uint32),
            np.ascontiguousarray(np.concatenate(ocs), dtype=np.float32))


def reference(state: omsim.PixelState, image: np.ndarray, x: np.ndarray, y: np.ndarray, oc: np.ndarray) -> None:
    """Apply the pixels to the texel image in place, in order: runs of pixels with distinct coordinates go to one
    omsim.process_pixels call, so a later pixel sees an earlier one's result."""
    start, n = 0, len(x)
    while start < n:
        seen, end = set(), start
        while end < n and (x[end], y[end]) not in seen:
            seen.add((x[end], y[end]))
            end += 1
        ys, xs = y[start:end], x[start:end]
        dest = np.ascontiguousarray(image[ys, xs])
        res = omsim.process_pixels(state, [np.ascontiguousarray(oc[start:end])], [dest])
        image[ys, xs] = np.where(res.written[:, 0], res.texels[0], dest)
        start = end


def device_draw(backend: str, size: int, desc: omsim.BlendDesc, x, y, oc) -> tuple[np.ndarray, float]:
    """Clear, bind the blend state and draw on one backend; the target's texels and the wall time."""
    t0 = time.perf_counter()
    with Device(CONFIG, backend, seed=7) as dev:
        dev.set_render_targets([RenderTargetView(FMT, size, size)])
        dev.set_ps_outputs([omsim.PsOutput()])
        dev.clear(CLEAR)
        dev.set_blend_state(dev.create_blend_state(desc))
        dev.draw(x, y, oc)
        image = dev.read_rt(0)
    return image, time.perf_counter() - t0


def rgb(texels: np.ndarray) -> np.ndarray:
    return omsim.split(FMT, texels)[..., :3].astype(np.uint8)


def part_images(axes, size: int) -> list[str]:
    desc = omsim.BlendDesc(render_target=[omsim.RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA")])
    x, y, oc = shapes(size)
    got = {b: device_draw(b, size, desc, x, y, oc) for b in ("model", "rtl")}
    state = omsim.PixelState(blend=omsim.normalise(desc), rt_formats=[FMT], feature_level=omsim.config_info(CONFIG).fl)
    want = np.full((size, size), omsim.clear_texel(FMT, CLEAR), omsim.format_info(FMT).texel_dtype)
    backwards = want.copy()
    reference(state, want, x, y, oc)
    reference(state, backwards, x[::-1].copy(), y[::-1].copy(), oc[::-1].copy())
    problems = []
    panels = []
    for b, (image, secs) in got.items():
        bad = int(np.count_nonzero(image != want))
        print(f"device {b:5s}: {len(x)} pixels on {size}x{size} in {secs:.2f} s, {bad} texels differ from reference")
        if bad:
            problems.append(f"device backend {b!r}: {bad} texels differ from the reference model")
        panels.append((image, f'Device(backend="{b}")\n{bad} texels differ from reference', "red" if bad else "black"))
    rev = int(np.count_nonzero(backwards != want))
    print(f"reference in reverse order: {rev} texels differ (the draw order is visible)")
    if rev == 0:
        problems.append("reversing the pixel order changes nothing: the draw does not test ordering")
    panels.append((want, f"reference: process_pixels in order\n{len(x)} pixels, one draw", "black"))
    panels.append((backwards, f"reference, reverse order\n{rev} texels differ (order matters)", "dimgray"))
    for ax, (image, title, colour) in zip(axes, panels):
        ax.imshow(rgb(image), interpolation="nearest")
        ax.set_title(title, fontsize=9, color=colour)
        ax.set_xticks([])
        ax.set_yticks([])
    return problems


# --- 2. constrained-random co-simulation per configuration ---------------------------------------------------------
def part_cosim(ax_cov, ax_perf, seeds: list[int], cycles: int) -> list[str]:
    problems = []
    names = cosim.configs()
    merged: dict[str, cosim.Coverage] = {}
    single: dict[str, list[float]] = {}
    perf = {side: np.zeros((len(names), len(PERF)), np.int64) for side in ("rtl", "model")}
    t0 = time.perf_counter()
    for i, cfg in enumerate(names):
        for seed in seeds:
            res = cosim.run(cfg, seed=seed, cycles=cycles)
            print(f"  {res}".splitlines()[0])
            if not res.passed:
                print(res.report)
                problems.append(f"cosim {cfg} seed {seed} failed (reproduce: {res.reproduce})")
            merged[cfg] = res.coverage if cfg not in merged else merged[cfg] + res.coverage
            single.setdefault(cfg, []).append(res.coverage.percent)
            for side in perf:
                p = res.perf_by_side[side]
                perf[side][i] += [getattr(p, k) for k in PERF]
    print(f"cosim: {len(names) * len(seeds)} runs of {cycles} cycles in {time.perf_counter() - t0:.1f} s")
    if not np.array_equal(perf["rtl"], perf["model"]):
        problems.append("cosim perf counters differ between the RTL and the model side")
    total = merged[names[0]]
    for cfg in names[1:]:
        total = total + merged[cfg]
    labels = names + ["all"]
    covs = [merged[c] for c in names] + [total]
    pos = np.arange(len(labels))
    bars = ax_cov.bar(pos, [c.percent for c in covs], color=["tab:blue"] * len(names) + ["tab:purple"], width=0.6,
                      label=f"merged over seeds {', '.join(map(str, seeds))}")
    for j, cfg in enumerate(names):
        ax_cov.plot([j] * len(single[cfg]), single[cfg], "o", color="orange", ms=5,
                    label="one run" if j == 0 else None)
    for b, c in zip(bars, covs):
        ax_cov.annotate(f"{c.covered}/{c.universe_size}", (b.get_x() + b.get_width() / 2, b.get_height()),
                        xytext=(0, 2), textcoords="offset points", ha="center", fontsize=8)
    ax_cov.set_xticks(pos, labels)
    ax_cov.set_ylabel("functional coverage (% of bins)")
    ax_cov.set_ylim(0, max(c.percent for c in covs) * 1.45)
    ax_cov.set_title(f"cosim.run coverage ({cycles} cycles per run; labels: bins hit / reachable)", fontsize=10)
    ax_cov.legend(fontsize=8, loc="upper right")

    width = 0.8 / len(PERF)
    for k, name in enumerate(PERF):
        xk = np.arange(len(names)) + (k - (len(PERF) - 1) / 2) * width
        ax_perf.bar(xk, perf["rtl"][:, k], width, label=name)
        ax_perf.plot(xk, perf["model"][:, k], "k_", ms=7, mew=1.5, label="model side" if k == 0 else None)
    ax_perf.set_xticks(np.arange(len(names)), names)
    ax_perf.set_ylabel(f"count (sum over {len(seeds)} seeds)")
    ax_perf.set_title("perf_o at end of run (RTL bars, model markers; since last PERF_CLEAR)", fontsize=10)
    ax_perf.legend(fontsize=7, ncol=4, loc="upper right")
    ax_perf.set_ylim(0, perf["rtl"].max() * 1.35)
    return problems


# --- 3. the lockstep stepped from Python -----------------------------------------------------------------------------
def part_lockstep(ax, seed: int, cycles: int, record: int) -> list[str]:
    problems = []
    t0 = time.perf_counter()
    sim = cosim.Lockstep(CONFIG, seed=seed, cycles=cycles)
    waves: dict[str, list[list[int]]] = {s: [[] for _ in WAVES] for s in ("rtl", "model")}
    in_valid, differ = [], 0
    while sim.cycle < record and sim.step(1):
        out = sim.outputs
        assert out is not None and sim.inputs is not None
        differ += out["rtl"] != out["model"]
        in_valid.append(int(sim.inputs["in_valid"]))
        for s in waves:
            for k, name in enumerate(WAVES):
                waves[s][k].append(int(out[s][name]))
    res = sim.run_to_end()
    print(f"lockstep: {len(in_valid)} cycles stepped one by one, {differ} with differing outputs; "
          f"then run to the end: {res}".splitlines()[0] + f" ({time.perf_counter() - t0:.1f} s)")
    if differ:
        problems.append(f"lockstep: outputs differ in {differ} of {len(in_valid)} stepped cycles")
    if not res.passed:
        print(res.report)
        problems.append(f"lockstep {CONFIG} seed {seed} failed (reproduce: {res.reproduce})")

    t = np.arange(len(in_valid))
    rows = [("in_valid (tb)", in_valid, in_valid)] + [
        (name, waves["rtl"][k], waves["model"][k]) for k, name in enumerate(WAVES)]
    colours = ["tab:gray", "tab:blue", "tab:green", "tab:red", "tab:purple"]
    for r, ((name, a, b), colour) in enumerate(zip(rows, colours)):
        base = (len(rows) - 1 - r) * 1.5
        ax.step(t, base + np.asarray(a) * 0.9, where="post", color=colour, lw=3, alpha=0.55)
        if r:
            ax.step(t, base + np.asarray(b) * 0.9, where="post", color="black", lw=0.8, ls="--")
    ax.set_yticks([(len(rows) - 1 - r) * 1.5 + 0.45 for r in range(len(rows))], [name for name, _, _ in rows])
    ax.set_xlim(0, len(t))
    ax.set_xlabel("cycle")
    ax.plot([], [], color="tab:gray", lw=3, alpha=0.55, label="RTL (Verilated om_top): thick, coloured")
    ax.plot([], [], color="black", lw=0.8, ls="--", label="cycle model: thin, dashed")
    ax.legend(fontsize=8, loc="lower right", ncol=2, bbox_to_anchor=(1.0, 1.0), frameon=False)
    ax.set_title(f'cosim.Lockstep("{CONFIG}", seed={seed}).step(1) x {len(t)}: reset, bus programming, pixels; '
                 f"outputs differ in {differ} cycles", fontsize=10, loc="left")
    return problems


def main() -> int:
    args = _common.parse_args("rtl_vs_model", __doc__ or "")
    size = 16 if args.small else 32
    seeds = [1, 2] if args.small else [1, 2, 3]
    cycles = 5_000 if args.small else 50_000
    t0 = time.perf_counter()
    fig = plt.figure(figsize=(15, 12))
    grid = fig.add_gridspec(3, 4, height_ratios=[0.9, 1.0, 0.8], hspace=0.35, wspace=0.35, top=0.93, bottom=0.05,
                            left=0.08, right=0.98)
    problems = part_images([fig.add_subplot(grid[0, i]) for i in range(4)], size)
    problems += part_cosim(fig.add_subplot(grid[1, :2]), fig.add_subplot(grid[1, 2:]), seeds, cycles)
    problems += part_lockstep(fig.add_subplot(grid[2, :]), seed=3, cycles=2_000 if args.small else 5_000,
                              record=300 if args.small else 500)
    fig.suptitle(f"omsim: RTL vs cycle model vs reference -- {'PASS' if not problems else 'FAIL'}", fontsize=13)
    _common.save(fig, args.out)
    for p in problems:
        print(f"FAIL: {p}")
    print(f"{'ok' if not problems else 'FAILED'} in {time.perf_counter() - t0:.1f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

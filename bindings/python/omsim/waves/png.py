# SPDX-License-Identifier: Apache-2.0
"""Render a window of a wave file to PNG, headless (matplotlib's Agg backend): single bits as steps, vectors as
value boxes labelled in hex (or by enum name where the file carries an enum table), cycles on the x axis, and a
marker at a chosen cycle (the divergence)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .fst import TICKS_PER_CYCLE, Waves, cycle_of

MISMATCH = "cosim.mismatch"
HALF_WINDOW = 20  # cycles either side of the divergence when no window is given


@dataclass(frozen=True)
class Window:
    """The cycles [first, last] to draw, the signals, and the marker cycle (None: no marker)."""

    first: int
    last: int
    signals: tuple[str, ...]
    marker: int | None


def divergence_window(waves: Waves) -> Window:
    """For a co-simulation's cosim.fst: the cycles around the first cycle ``cosim.mismatch`` is 1, the mismatch
    flag, and each port pair (``cosim.rtl.X`` above ``cosim.model.X``) that differs in that window. ValueError
    when the file is not a cosim.fst or its sides never disagree."""
    if MISMATCH not in waves:
        raise ValueError(f"{str(waves.path)!r} has no {MISMATCH}: name --signals and --from/--to")
    flag = waves.trace(MISMATCH)
    hits = flag.times[flag.values.astype(bool)] if len(flag.times) else flag.times
    if not len(hits):
        raise ValueError(f"{str(waves.path)!r}: the sides never disagree ({MISMATCH} is never 1): name the window")
    at = cycle_of(int(hits[0]))
    first, last = max(0, at - HALF_WINDOW), at + HALF_WINDOW
    rtl = [n for n in waves.names if n.startswith("cosim.rtl.")]
    pairs = [(n, "cosim.model." + n[len("cosim.rtl."):]) for n in rtl]
    pairs = [(r, m) for r, m in pairs if m in waves]
    traces = waves.read([s for p in pairs for s in p])
    times = np.arange(first, last + 1) * TICKS_PER_CYCLE
    differing = [s for r, m in pairs if _differs(traces[r].sample(times), traces[m].sample(times)) for s in (r, m)]
    return Window(first, last, (MISMATCH, *differing), at)


def _differs(x: np.ndarray, y: np.ndarray) -> bool:
    return any(a != b for a, b in zip(x, y))


CYCLE_INCHES = 0.25
# Agg draws at most 2**23 pixels a side: at 110 dpi and CYCLE_INCHES a cycle that is some 300 000 cycles.
MAX_WINDOW = 100_000


def render(path: str | Path, out: str | Path, signals=None, first: int | None = None, last: int | None = None,
           marker: int | None = None) -> Window:
    """Draws ``signals`` of wave file ``path`` over cycles ``first``..``last`` into PNG ``out`` and returns the
    window drawn. Without signals and cycles, a cosim.fst's divergence window (:func:`divergence_window`).
    Raises ValueError naming a bad window, a signal the file lacks or an ``out`` that is no file name (empty, a
    directory, in a missing directory: checked before the waves are read), OSError when ``out`` cannot be written.
    ``out`` is written as given (matplotlib would add ".png" to a name without an extension)."""
    if not str(out):
        raise ValueError("-o: the PNG file name is an empty string")
    out = Path(out)
    if out.is_dir():
        raise ValueError(f"-o: '{out}' is a directory")
    if not out.parent.is_dir():
        raise ValueError(f"-o: cannot create '{out}': '{out.parent}' is not a directory")
    waves = Waves(path)
    if signals is None and first is None and last is None:
        win = divergence_window(waves)
    else:
        if not signals:
            raise ValueError("name the signals to draw (--signals)")
        for s in signals:
            if s not in waves:
                raise ValueError(f"signal {s!r} is not in {str(waves.path)!r}")
        end = cycle_of(waves.end_time())
        first = 0 if first is None else first
        last = end if last is None else last
        if first < 0 or last < first:
            raise ValueError(f"window {first}..{last} is empty or negative (cycles)")
        if last > end:
            raise ValueError(f"window {first}..{last} goes past the end of {str(waves.path)!r} (cycle {end})")
        if last - first + 1 > MAX_WINDOW:
            raise ValueError(f"window {first}..{last} has more than {MAX_WINDOW} cycles, too wide for one PNG "
                             f"({CYCLE_INCHES} inch a cycle)")
        win = Window(first, last, tuple(signals), marker)
    _draw(waves, win, out)
    return win


def _label(v, enum: dict[int, str]) -> str:
    """A box's text: the enum name, else hex (wide values: their low 32 bits after an ellipsis)."""
    if v is None:
        return ""
    if not isinstance(v, (int, np.integer)):
        return str(v)
    v = int(v)
    if v in enum:
        return enum[v]
    return hex(v) if v < 1 << 32 else f"…{v & 0xFFFF_FFFF:08x}"


def _draw(waves: Waves, win: Window, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    traces = waves.read(win.signals)
    t0, t1 = win.first * TICKS_PER_CYCLE, (win.last + 1) * TICKS_PER_CYCLE
    fig, ax = plt.subplots(
        figsize=(max(8.0, CYCLE_INCHES * (win.last - win.first + 1)), 0.45 * len(win.signals) + 1.2)
    )
    for row, name in enumerate(win.signals):
        tr = traces[name]
        y = len(win.signals) - 1 - row
        inside = (tr.times > t0) & (tr.times < t1)
        edges = [t0]
        vals = [tr.at(t0)]
        for t in tr.times[inside].tolist():  # a new box only where the value changes (writers repeat values)
            v = tr.at(t)
            if v != vals[-1]:
                edges.append(t)
                vals.append(v)
        edges = np.array(edges + [t1])
        xs = edges / TICKS_PER_CYCLE
        if tr.width == 1:
            level = [y + 0.1 + 0.6 * (v == 1) for v in vals]
            ax.step(xs, level + level[-1:], where="post", color="tab:green", lw=1.2)
        else:
            enum = waves.enum_names(name)
            for k, v in enumerate(vals):
                ax.fill_between([xs[k], xs[k + 1]], y + 0.1, y + 0.7, color="tab:blue", alpha=0.15, lw=0.8,
                                edgecolor="tab:blue")
                if xs[k + 1] - xs[k] >= 2:  # room for a label: at least two cycles
                    ax.text((xs[k] + xs[k + 1]) / 2, y + 0.4, _label(v, enum), ha="center", va="center",
                            fontsize=6, clip_on=True)
    if win.marker is not None:
        ax.axvline(win.marker, color="red", lw=1.2)
    ax.set_yticks([len(win.signals) - 1 - r + 0.4 for r in range(len(win.signals))], win.signals, fontsize=7)
    ax.set_xlim(win.first, win.last + 1)
    ax.set_ylim(-0.2, len(win.signals))
    ax.set_xlabel("cycle")
    ax.set_title(f"{waves.path.name}: cycles {win.first}..{win.last}", fontsize=9)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=110, format="png")
    plt.close(fig)

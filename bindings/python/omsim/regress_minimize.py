# SPDX-License-Identifier: Apache-2.0
"""Minimized failures for :mod:`omsim.regress`: the first failure of a bucket shrunk by delta debugging (Zeller's
ddmin) to a small stimulus that still fails with the same signature.

The stimulus of the failing run (:class:`omsim.cosim.Stimulus`, regenerated from configuration, seed, cycles and
profile) is cut in passes until none removes anything more: its length (to a few cycles past the failure), whole
segments, then each segment's pixels and bus operations, then the memory's timing phases (each cut one made ideal
memory of the same length). A candidate counts only when its run
fails with exactly the original signature, so the shrinking cannot wander to a different bug. The result is written
as a stimulus file (with the waves of its run) and replayed by ``omsim run --stimulus FILE [--fault F]``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, TypeVar

from .regress_db import ResultsDb, buckets
from .regress_triage import signature

T = TypeVar("T")
_TAIL = 64  # cycles kept after a failure when the minimizer shortens a stimulus


def ddmin(items: list[T], fails: Callable[[list[T]], bool]) -> list[T]:
    """The smallest sublist (1-minimal: removing any one element passes) for which `fails` holds, found by
    removing chunks of halving size; `fails(items)` is assumed true. Order is kept."""
    if not items:
        return items
    if fails([]):
        return []
    n = 2
    while len(items) >= 2:
        size = -(-len(items) // n)
        for start in range(0, len(items), size):
            rest = items[:start] + items[start + size :]
            if rest and fails(rest):
                items = rest
                n = max(n - 1, 2)
                break
        else:
            if n >= len(items):
                break
            n = min(len(items), 2 * n)
    return items


@dataclass
class Minimized:
    """A minimized failure: the stimulus, the signature it keeps, and what finding it cost."""

    stimulus: Any  # omsim.cosim.Stimulus
    signature: str
    pixels: int
    runs: int
    seconds: float


class _Oracle:
    """Runs candidates: True when a candidate fails with the target signature. Past its budget of runs every
    candidate counts as passing, so the search stops with what it has."""

    def __init__(self, target: str, fault: Optional[str], budget: int) -> None:
        self.target, self.fault, self.budget, self.runs = target, fault, budget, 0
        self.failure_cycle = 0  # of the last candidate that failed the target way

    def __call__(self, stim: Any) -> bool:
        from . import cosim

        if self.runs >= self.budget:
            return False
        self.runs += 1
        try:
            res = cosim.run(stimulus=stim, fault=self.fault, coverage=False)
        except cosim.FaultNeverFiredError:  # the cut removed what the fault corrupts
            return False
        if signature(res.failure) != self.target:
            return False
        self.failure_cycle = res.failure.cycle
        return True


def _cut(stim: Any, fails: _Oracle, get: Callable[[Any], list]) -> None:
    """Removes what it can from the list `get(stim)` (in place) while the stimulus still fails."""
    import copy

    def test(keep: list[int]) -> bool:
        cand = copy.deepcopy(stim)
        seq = get(cand)
        seq[:] = [seq[k] for k in keep]
        return fails(cand)

    seq = get(stim)
    seq[:] = [seq[k] for k in ddmin(list(range(len(seq))), test)]


def _idealise(stim: Any, fails: _Oracle) -> None:
    """Makes ideal (MemPhase.ideal of the same length) what memory timing phases it can (in place) while the
    stimulus still fails."""
    import copy

    slow = [k for k, m in enumerate(stim.mem) if m.kind != "ideal"]

    def apply(mem: list, keep: list[int]) -> None:
        kept = set(keep)
        for k in slow:
            if k not in kept:
                mem[k] = type(mem[k]).ideal(mem[k].cycles)

    def test(keep: list[int]) -> bool:
        cand = copy.deepcopy(stim)
        apply(cand.mem, keep)
        return fails(cand)

    apply(stim.mem, ddmin(slow, test))


def _trim(stim: Any, fails: _Oracle) -> None:
    """Ends the stimulus a few cycles after the failure when it still fails so (candidates that pass then run only
    that long; the stimulus is prefix-stable, so the cycles before stay the same)."""
    import copy

    end = fails.failure_cycle + _TAIL
    if end < stim.cycles:
        cand = copy.deepcopy(stim)
        cand.cycles = end
        if fails(cand):
            stim.cycles = end


def _shrink(stim: Any, fails: _Oracle) -> None:
    """One pass (in place): the length, segments, each segment's pixels and bus operations, memory timing."""
    _trim(stim, fails)
    _cut(stim, fails, lambda s: s.segments)
    for i in range(len(stim.segments)):
        _cut(stim, fails, lambda s, i=i: s.segments[i].pixels)
        _cut(stim, fails, lambda s, i=i: s.segments[i].traffic)
    _idealise(stim, fails)


def _tidy(stim: Any, fails: _Oracle) -> None:
    """Merges runs of ideal memory phases and drops the trailing ones (beyond the last phase memory is ideal), when
    the stimulus still fails so."""
    import copy

    mem: list = []
    for p in stim.mem:
        if mem and p.kind == "ideal" and mem[-1].kind == "ideal":
            mem[-1] = type(p).ideal(mem[-1].cycles + p.cycles)
        else:
            mem.append(p)
    while mem and mem[-1].kind == "ideal":
        mem.pop()
    cand = copy.deepcopy(stim)
    cand.mem = mem
    if mem != stim.mem and fails(cand):
        stim.mem = mem


def _size(stim: Any) -> tuple[int, ...]:
    return (stim.cycles, stim.pixel_count, len(stim.segments), sum(len(s.traffic) for s in stim.segments),
            sum(m.kind != "ideal" for m in stim.mem))


def minimize(
    config: str, seed: int, cycles: int, profile: str, fault: Optional[str], target: str, budget: int = 300
) -> Optional[Minimized]:
    """Shrinks the failing run (config, seed, cycles, profile, fault) while it fails with signature `target`; None
    when the regenerated stimulus does not fail that way."""
    from . import cosim

    t0 = time.monotonic()
    stim = cosim.Stimulus.generate(config, seed=seed, cycles=cycles, profile=profile)
    fails = _Oracle(target, fault, budget)
    if not fails(stim):
        return None
    before = None
    while _size(stim) != before and fails.runs < budget:
        before = _size(stim)
        _shrink(stim, fails)
    _tidy(stim, fails)
    return Minimized(stim, target, stim.pixel_count, fails.runs, time.monotonic() - t0)


def _slug(sig: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", sig).strip("_")[:80] or "failure"


def _waves_and_png(path: Path, fault: Optional[str], waves: Path, png: Path) -> str:
    """The minimized run's waves (the whole run, and the failure window in waves/window) and a PNG of the window
    around the divergence; returns a note when the run no longer fails (so there is no window to draw)."""
    from . import cosim
    from . import waves as wavetools

    res = cosim.run(stimulus=path, fault=fault, waves=waves)
    window = waves / "window" / "cosim.fst"
    if res.passed or not window.is_file():
        return "the minimized run wrote no failure window"
    wavetools.render(window, png)
    return ""


def minimize_buckets(store: ResultsDb, rows: list, out_dir: Path, budget: int) -> list[str]:
    """Minimizes the first failure of every bucket of `rows` that is neither waived, an error, nor minimized yet;
    writes OUT/minimized/<signature>/stimulus.stim and waves/, and records them in the database. Returns
    messages about buckets that could not be minimized."""
    msgs: list[str] = []
    for b in buckets(rows):
        if b["minimized"] or b["waived"] == b["count"] or b["signature"].endswith("| error"):
            continue
        f = b["first"]
        m = minimize(f["config"], f["seed"], f["cycles"], f["profile"], f["fault"] or None, b["signature"], budget)
        if m is None:
            msgs.append(f"minimize: {b['signature']}: the regenerated run does not fail the same way")
            continue
        where = (out_dir / "minimized" / _slug(b["signature"])).resolve()  # reproduce lines work from anywhere
        where.mkdir(parents=True, exist_ok=True)
        path = where / "stimulus.stim"
        m.stimulus.save(path)
        waves = where / "waves"
        try:
            wave_msg = _waves_and_png(path, f["fault"] or None, waves, where / "divergence.png")
        except (RuntimeError, ValueError, OSError) as e:  # e.g. a build without tracing (OM_RTL_CHECKS=OFF)
            wave_msg = f"waves not written: {e}"
        if wave_msg:
            msgs.append(f"minimize: {b['signature']}: {wave_msg}")
        repro = f"omsim run --stimulus {path}" + (f" --fault {f['fault']}" if f["fault"] else "")
        store.update(
            b["run_id"],
            minimized=str(path),
            minimized_pixels=m.pixels,
            minimized_reproduce=repro,
            minimized_waves=str(waves),
            minimize_runs=m.runs,
            minimize_seconds=m.seconds,
        )
        print(
            f"minimized {b['signature']}: {m.pixels} pixels in {m.runs} runs, {m.seconds:.1f} s -> {path}", flush=True
        )
    return msgs

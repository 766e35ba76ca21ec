# SPDX-License-Identifier: Apache-2.0
"""Compare two wave files signal by signal, matching signals by their shared full names.

Works on the RTL's and the cycle model's files of one co-simulation run (both use Verilator's names) and on two
runs of one side. Two rules keep the comparison to what the lockstep compares:

* nothing is compared while ``om_top.rst_ni`` is 0 in the first file (registers take their reset values only at
  a clock edge in reset), nor before both files have started;
* a register under a scope with a ``valid_q`` (a pipeline register's payload) is compared only while that
  ``valid_q`` is 1 in the first file: a payload in a bubble takes part in no transfer;
* likewise a stage-boundary payload of ``om_top.sv`` (``acc_op``, ``rd_op``, ``dp_texel``, ... and their fields) only
  while its valid (``acc_valid``, ``rd_valid``, ``dp_valid``) is 1, as the lockstep compares the boundaries: the
  payloads and their valids are ``GATED`` of the generated ``omsim._top_ports`` (defs/top_ports.toml).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from .._top_ports import GATED
from .fst import Trace, Waves, cycle_of

RESET = "om_top.rst_ni"


@dataclass(frozen=True)
class Difference:
    """One signal differing at one time: the values of the first file (``a``) and of the second (``b``)."""

    signal: str
    time: int
    cycle: int
    a: str
    b: str


@dataclass(frozen=True)
class DiffReport:
    """What :func:`diff` found: ``first`` (None when the files agree), every difference from the first one's
    cycle through ``window`` cycles after it, and how many signals were compared or found in one file only."""

    a: str
    b: str
    compared: int
    only_a: int
    only_b: int
    window: int
    first: Difference | None
    differences: list[Difference] = field(default_factory=list)

    def to_dict(self) -> dict:
        """The report as plain dicts and lists (what ``omsim wave-diff --json`` prints)."""
        return asdict(self)

    def table(self) -> str:
        """The differences as aligned text lines (cycle, time, signal, both values)."""
        rows = [f"{d.cycle:>10} {d.time:>12}  {d.signal}  {d.a} / {d.b}" for d in self.differences]
        head = f"{'cycle':>10} {'time':>12}  signal  a / b"
        return "\n".join([head, *rows])


def _fmt(v) -> str:
    if v is None:
        return "-"
    return hex(int(v)) if isinstance(v, (int, np.integer)) else str(v)


def _values_at(tr: Trace, times: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The values at ``times`` and where they are known (False before the signal's first change)."""
    idx = np.searchsorted(tr.times, times, side="right") - 1
    known = idx >= 0
    if not len(tr.values):
        return np.zeros(len(times), np.uint64), known
    return tr.values[np.maximum(idx, 0)], known


def _is_one(tr: Trace, times: np.ndarray) -> np.ndarray:
    vals, known = _values_at(tr, times)
    return known & np.asarray(vals == 1, bool)


def _is_nan(x) -> bool:
    return isinstance(x, float) and x != x


def _differ(tr_a: Trace, tr_b: Trace, times: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    va, ka = _values_at(tr_a, times)
    vb, kb = _values_at(tr_b, times)
    if va.dtype != vb.dtype:  # one side has unknown bits or wide values: compare as Python objects
        va, vb = va.astype(object), vb.astype(object)
    ne = np.asarray(va != vb, bool)
    if ne.any() and (va.dtype == object or va.dtype.kind == "f"):  # real signals: NaN equals NaN
        ne &= ~np.array([_is_nan(x) and _is_nan(y) for x, y in zip(va.tolist(), vb.tolist())], bool)
    bad = (ka != kb) | (ka & kb & ne)
    va = np.where(ka, va.astype(object), None)
    vb = np.where(kb, vb.astype(object), None)
    return bad, va, vb


def _qualifier(name: str, names: set[str]) -> str | None:
    """The valid that qualifies a payload: a boundary's valid beside it, or for a register the valid_q under the
    nearest enclosing scope that has one."""
    parts = name.split(".")
    for k, part in enumerate(parts):
        cand = ".".join(parts[:k] + [GATED.get(part, "")])
        if part in GATED and cand in names:
            return cand
    if parts[-1] == "valid_q" or not any(p.endswith("_q") for p in parts[-2:]):
        return None
    for k in range(len(parts) - 1, 0, -1):
        cand = ".".join(parts[:k]) + ".valid_q"
        if cand in names and cand != name:
            return cand
    return None


def _start(tr: dict[str, Trace]) -> int:
    firsts = [int(t.times[0]) for t in tr.values() if len(t.times)]
    return min(firsts, default=0)


def diff(a: str | Path | Waves, b: str | Path | Waves, window: int = 10, signals=None) -> DiffReport:
    """Compares the signals both files have (or only ``signals``) and returns the first difference and every
    difference within ``window`` cycles after it. Raises ValueError for a negative window or a requested signal
    missing from a file, FileNotFoundError/ValueError for files that cannot be read."""
    if isinstance(window, bool) or not isinstance(window, int) or window < 0:
        raise ValueError(f"window must be a whole number of cycles >= 0, not {window!r}")
    wa = a if isinstance(a, Waves) else Waves(a)
    wb = b if isinstance(b, Waves) else Waves(b)
    na, nb = set(wa.names), set(wb.names)
    if signals is not None:
        signals = list(signals)
        for s in signals:
            for w, names in ((wa, na), (wb, nb)):
                if s not in names:
                    raise ValueError(f"signal {s!r} is not in {str(w.path)!r}")
        common = sorted(set(signals))
    else:
        common = sorted(na & nb)
    quals = {n: _qualifier(n, na) for n in common}
    extra = {q for q in quals.values() if q} | ({RESET} if RESET in na else set())
    ta = wa.read(common + sorted(extra - set(common)))
    tb = wb.read(common)
    start = max(_start(ta), _start(tb))
    reset = ta.get(RESET)
    bad: dict[str, tuple[np.ndarray, list, list]] = {}
    for name in common:
        times = np.union1d(ta[name].times, tb[name].times)
        times = times[times >= start]
        if not len(times):
            continue
        ok, va, vb = _differ(ta[name], tb[name], times)
        if reset is not None:
            ok &= _is_one(reset, times)
        if quals[name]:
            ok &= _is_one(ta[quals[name]], times)
        k = np.flatnonzero(ok)
        if len(k):
            bad[name] = (times[k], va[k].tolist(), vb[k].tolist())
    if not bad:
        return DiffReport(str(wa.path), str(wb.path), len(common), len(na - nb), len(nb - na), window, None)
    t0 = min(int(t[0]) for t, _, _ in bad.values())
    last = cycle_of(t0) + window
    table = [Difference(n, int(t), cycle_of(t), _fmt(x), _fmt(y))
             for n, (ts, xs, ys) in bad.items() for t, x, y in zip(ts.tolist(), xs, ys) if cycle_of(t) <= last]
    table.sort(key=lambda d: (d.time, d.signal))
    return DiffReport(str(wa.path), str(wb.path), len(common), len(na - nb), len(nb - na), window, table[0], table)

# SPDX-License-Identifier: Apache-2.0
"""Wave files (FST, VCD) read with pywellen into numpy: one signal's value changes as two arrays.

The co-simulation's files use one clock convention (waves/README.md): cycle ``c`` settles at time ``10*c`` (clock
low) and takes its clock edge at ``10*c + 5``; :func:`cycle_of` maps the time of a change to its cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

#: Time units (of the files' 1 ps precision) per simulated cycle, and the clock edge's offset in a cycle.
TICKS_PER_CYCLE = 10
EDGE_OFFSET = 5


def cycle_of(time: int) -> int:
    """The cycle a change at ``time`` of a co-simulation wave file belongs to: a change at a cycle's settle time
    to that cycle, a change at its clock edge (registers and the outputs they drive) to the next one."""
    return (int(time) + EDGE_OFFSET) // TICKS_PER_CYCLE


@dataclass(frozen=True)
class Trace:
    """The value changes of one signal: ``times`` (int64, increasing) and ``values``.

    ``values`` is uint64 when every value is known and fits 64 bits, else an object array of Python ints, with
    strings such as ``"10x1"`` for values with unknown bits. The value at time ``t`` is the last change at or
    before ``t`` (:meth:`at`).
    """

    name: str
    width: int
    times: np.ndarray
    values: np.ndarray

    def at(self, time: int):
        """The value at ``time``, or None before the first change."""
        i = int(np.searchsorted(self.times, time, side="right")) - 1
        return None if i < 0 else self.values[i]

    def sample(self, times) -> np.ndarray:
        """The values at each of ``times`` (object array; None before the first change)."""
        idx = np.searchsorted(self.times, np.asarray(times, np.int64), side="right") - 1
        out = np.empty(len(idx), object)
        for k, i in enumerate(idx):
            out[k] = None if i < 0 else self.values[i]
        return out


class Waves:
    """One wave file. ``names`` lists its signals by full hierarchical name (``om_top.om_top.u_hazard.head_q``);
    ``trace(name)`` reads one into numpy. Raises FileNotFoundError for a missing file and ValueError for a file
    pywellen cannot read, naming the path."""

    def __init__(self, path: str | Path):
        if not str(path):  # Path("") is "."
            raise FileNotFoundError("wave file name is an empty string")
        self.path = Path(path)
        if self.path.is_dir():
            raise IsADirectoryError(f"wave file {str(self.path)!r} is a directory")
        if not self.path.is_file():
            raise FileNotFoundError(f"wave file {str(self.path)!r} does not exist")
        self._vars = self._named(self._open())
        self._traces: dict[str, Trace] = {}

    @property
    def names(self) -> list[str]:
        return sorted(self._vars)

    def __contains__(self, name: str) -> bool:
        return name in self._vars

    def width(self, name: str) -> int:
        """The signal's width in bits; KeyError naming it when the file has no such signal."""
        return int(self._var(name).bitwidth or 0)

    def enum_names(self, name: str) -> dict[int, str]:
        """The enum table a signal carries in the file (value -> name), or {} without one."""
        table = self._var(name).enum_type
        if not table:
            return {}
        _, pairs = table
        return {int(bits, 2): label for bits, label in pairs}

    def trace(self, name: str) -> Trace:
        """The value changes of signal ``name``; KeyError naming it when the file has no such signal."""
        return self.read([name])[name]

    def read(self, names) -> dict[str, Trace]:
        """The value changes of several signals, read in one pass over the file."""
        names = list(dict.fromkeys(names))
        want = [n for n in names if n not in self._traces]
        if want:
            wave = self._open()  # pywellen streams a Waveform once: a pass opens the file again
            named = self._named(wave)
            by_id: dict[str, list[str]] = {}
            include = []
            for n in want:
                self._var(n)
                var = named[n]
                key = str(var.signal_id)  # SignalId compares by identity; its str names the signal
                if key not in by_id:
                    include.append(var)
                by_id.setdefault(key, []).append(n)
            changes: dict[str, list[tuple[int, object]]] = {key: [] for key in by_id}
            wave.stream_changes(lambda t, sid, v: changes[str(sid)].append((t, v)), include)
            for key, group in by_id.items():
                for n in group:
                    self._traces[n] = self._make(n, changes[key])
        return {n: self._traces[n] for n in names}

    def end_time(self) -> int:
        """The last time any signal changes (0 for an empty file)."""
        steps: list[int] = []
        wave = self._open()
        wave.stream_time_steps(lambda t, *_: steps.append(t), list(self._named(wave).values()))
        return max(steps, default=0)

    def _make(self, name: str, changes: list[tuple[int, object]]) -> Trace:
        times = np.fromiter((t for t, _ in changes), np.int64, len(changes))
        vals = [v for _, v in changes]
        width = self.width(name)
        if width <= 64 and all(isinstance(v, int) for v in vals):
            values = np.array(vals, np.uint64)
        else:
            values = np.empty(len(vals), object)
            values[:] = vals
        return Trace(name, width, times, values)

    def _open(self):
        import pywellen

        try:
            return pywellen.Waveform(str(self.path))
        except Exception as e:  # pywellen raises its own exception types for unreadable files
            raise ValueError(f"wave file {str(self.path)!r} cannot be read: {e}") from None

    @staticmethod
    def _named(wave) -> dict:
        named: dict = {}
        for var in wave.all_vars():
            named.setdefault(var.full_name, var)
        return named

    def _var(self, name: str):
        try:
            return self._vars[name]
        except KeyError:
            raise KeyError(f"{str(self.path)!r} has no signal {name!r}") from None

# SPDX-License-Identifier: Apache-2.0
"""Results of omsim.cosim runs: RunResult, Failure, PerfCounters and Coverage (see :mod:`omsim.cosim`)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Optional, Union

from . import _cosim, _structs_cosim, device_types
from ._structs_cosim import Failure

PathLike = Union[str, "os.PathLike[str]"]


# --- results -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PerfCounters(device_types.PerfCounters):
    """om_top's perf_o: the PERF_* counters as a bus read returns them (since the last PERF_CLEAR; the
    stimulus clears them at some drains) and STATUS.BUSY."""

    busy: bool = False

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PerfCounters:
        """From the ``perf`` dict of an outputs dict."""
        return cls(**d)


class Coverage(_cosim.Coverage):
    """Functional coverage of co-simulation runs: named bins ``"group/bin"`` with hit counts, and the universe of
    bins the runs' configurations can reach. Merging adds hits and unites universes and run lists, so the coverage
    of many runs (any configurations) combines: ``total = cov1 + cov2`` or ``total.merge(cov)`` (``cov.merge(cov)``
    doubles every count and repeats the runs). Files are the JSON of ``omsim run --coverage-out`` /
    ``omsim coverage -o``."""

    def __init__(self, other: Optional[_cosim.Coverage] = None) -> None:
        """Empty coverage (no bins, no runs), or a copy of `other`."""
        super().__init__()
        if other is not None:
            self.merge(other)

    @classmethod
    def load(cls, path: PathLike) -> Coverage:
        """Reads a coverage file. OSError when it cannot be read, ValueError when it is not a coverage file."""
        with open(os.fspath(path), "rb") as f:
            data = f.read()
        try:
            return cls.from_json(data.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise ValueError(f"{os.fspath(path)}: not a coverage file (not UTF-8 text: {e.reason} at byte {e.start})") from None
        except ValueError as e:
            raise ValueError(f"{os.fspath(path)}: {e}") from None

    @classmethod
    def from_json(cls, text: str) -> Coverage:
        """Parses a coverage file's text; ValueError when it is not one."""
        if not isinstance(text, str):
            raise TypeError(f"text: expected a str, got {type(text).__name__}")
        return cls(_cosim.coverage_from_json(text))

    def save(self, path: PathLike) -> None:
        """Writes the coverage file (readable by :meth:`load` and ``omsim coverage``)."""
        with open(os.fspath(path), "w", encoding="utf-8") as f:
            f.write(self.to_json())

    def bins(self) -> dict[str, int]:
        """Every bin (inside the universe or not) and its hits."""
        return {k: v["hits"] for k, v in json.loads(self.to_json())["bins"].items()}

    def copy(self) -> Coverage:
        """An independent copy."""
        return Coverage(self)

    def to_dict(self) -> dict[str, Any]:
        """The coverage file as a dict (``{"bins": {name: {"hits", "universe"}}, "runs": [...]}``)."""
        return json.loads(self.to_json())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickles as the coverage file's text (so results cross process boundaries: pools, Dask workers)."""
        return (Coverage.from_json, (self.to_json(),))

    def __eq__(self, other: object) -> bool:
        """Same bins (hits and universe) and runs, in whatever order the bins were added."""
        if not isinstance(other, _cosim.Coverage):
            return NotImplemented
        a, b = self.to_dict(), json.loads(other.to_json())
        return (a["bins"], a["runs"]) == (b["bins"], b["runs"])

    __hash__ = None  # type: ignore[assignment]  # mutable (merge)

    def __add__(self, other: Coverage) -> Coverage:
        """A new object holding both (neither operand changes)."""
        if not isinstance(other, Coverage):
            return NotImplemented
        out = self.copy()
        out.merge(other)
        return out

    def __radd__(self, other: object) -> Coverage:
        """``0 + coverage`` is the coverage, so ``sum(coverages)`` merges a list."""
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self.copy()
        return NotImplemented

    def __repr__(self) -> str:
        return f"Coverage({self.percent:.1f} %: {self.covered} of {self.universe_size} bins, {len(self.runs)} runs)"


@dataclass(frozen=True)
class RunResult:
    """The outcome of a co-simulation run.

    `passed`: the run ended (``complete``) without a failure (no divergence, scoreboard, assertion or testbench
    failure). `complete`: the run reached its end -- its stimulus, the final drain and the final memory and counter
    checks -- or stopped at a failure; False for a :class:`Lockstep` finished early. `cycles`: cycles simulated
    (the stimulus's cycles plus the final drain, or up to the failure). `pixels`: pixels the testbench got
    accepted. `mismatches`: 0, or 1 when the run stopped at a failure (the first one is in `failures`). `report`:
    the multi-line first-divergence report of ``omsim run`` ("" when passed). `perf`: perf_o of the first side in
    the last cycle; `perf_by_side`: of each side (keys are the side names; ``"rtl_a"``/``"rtl_b"`` when both sides
    have the same name). `secs_*`: wall time of the run, of side a's and side b's eval/tick. `waves`: FST files
    written. `reproduce`: the ``omsim run`` command line of the same run."""

    passed: bool
    complete: bool
    config: str
    seed: int
    cycles: int
    pixels: int
    mismatches: int
    failures: list[Failure]
    report: str
    coverage: Coverage
    perf: PerfCounters
    perf_by_side: dict[str, PerfCounters]
    sides: tuple[str, ...]
    secs_total: float
    secs_a: float
    secs_b: float
    waves: list[str]
    revision: str
    reproduce: str

    @property
    def failure(self) -> Optional[Failure]:
        """The first failure, or None."""
        return self.failures[0] if self.failures else None

    @property
    def cycles_per_second(self) -> float:
        """Lockstep speed of the run (cycles / secs_total)."""
        return self.cycles / self.secs_total if self.secs_total > 0 else 0.0

    @property
    def verdict(self) -> str:
        """``"PASS"``, ``"FAIL"``, or ``"PARTIAL"`` for a run finished early without a failure."""
        return "FAIL" if self.failures else ("PASS" if self.complete else "PARTIAL")

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data (JSON-serialisable): failures and perf counters as dicts, the coverage as
        :meth:`Coverage.to_dict`, plus ``verdict``."""
        return {**asdict(self), "coverage": self.coverage.to_dict(), "sides": list(self.sides), "verdict": self.verdict}

    def __str__(self) -> str:
        head = (
            f"{self.config} seed {self.seed}, {' vs '.join(self.sides)}: {self.verdict}, "
            f"{self.cycles} cycles, {self.pixels} pixels, coverage {self.coverage.percent:.1f} %"
        )
        return head + ("\n" + self.report if self.report else "")


def result_from_dict(d: Mapping[str, Any]) -> RunResult:
    """A RunResult from the result dict of the extension (omsim._cosim.run / Lockstep.finish)."""
    perf = {k: PerfCounters.from_dict(p) for k, p in d["perf_by_side"].items()}
    plain = {f.name: d[f.name] for f in fields(RunResult) if f.name in d}  # the fields the extension gives as is
    return RunResult(
        **{
            **plain,
            "failures": [Failure(*f) for f in d["failures"]],
            "coverage": Coverage(d["coverage"]),
            "perf": next(iter(perf.values())),
            "perf_by_side": perf,
        }
    )


__all__ = ["Coverage", "PerfCounters", "RunResult", "result_from_dict"]
__all__ += _structs_cosim.__all__

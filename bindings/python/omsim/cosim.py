# SPDX-License-Identifier: Apache-2.0
"""Co-simulation control: the Verilated RTL (om_top) and the cycle model (om::Top) in lockstep, from Python.

The same harness as ``omsim run`` (testbenches/cosim): constrained-random stimulus generated from (configuration,
seed, cycles), identical inputs into both sides every cycle, every output compared every cycle, the render-target
memory and the performance counters scoreboarded against the reference model, functional coverage sampled.

Quick start::

    from omsim import cosim
    res = cosim.run("fl11_1", seed=1, cycles=20_000)     # RunResult
    res.passed, res.pixels, res.perf.rt_writes, res.coverage.percent
    bad = cosim.run("fl11_1", seed=5, cycles=20_000, fault="wr_data")
    print(bad.report)                                      # the first-divergence report of `omsim run`

    sim = cosim.Lockstep("fl9_3", seed=2, cycles=5_000)   # the same run, stepped
    sim.step(100); sim.inputs["paddr"], sim.outputs["rtl"]["prdata"]
    res = sim.run_to_end()

    rtl = cosim.Side("rtl")                                # one side, driven port by port
    out = rtl.eval(cosim.idle_inputs("fl11_1", reset=True)); rtl.tick()

Three levels: :func:`run` (a whole run), :class:`Lockstep` (the run stepped, with the ports of the last cycle) and
:class:`Side` (one side, your own inputs). Ports are dicts named like om_top's ports without the ``_i``/``_o``
suffix (cppmodel/include/om/top_ports.h): inputs ``rst_n cfg psel penable pwrite paddr pwdata pstrb in_valid
in_data mem_rd_ready mem_rsp_valid mem_rsp_data mem_wr_ready`` (``in_data``: a dict ``cmd x y coverage fog oc1
oc``), outputs ``prdata pready pslverr in_ready mem_rd_valid mem_rd_addr mem_wr_valid mem_wr_addr mem_wr_data
perf``; 128-bit texels are ints, binary32 values their bit patterns.

Mismatches are results (``RunResult.passed`` is False and ``failures`` says what and where), not exceptions. Bad
arguments raise TypeError/ValueError naming the argument. Runs release the GIL; Ctrl-C stops them with
KeyboardInterrupt (checked every 4096 cycles).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Optional, Union

from . import _cosim
from .cosim_results import Coverage, Failure, PathLike, PerfCounters, RunResult, result_from_dict, side_keys
from .tables import ConfigLike, config_info

Ports = dict[str, Any]
"""A dict of om_top ports (see the module docstring)."""
Progress = Union[bool, Callable[[int, int], None]]
"""False, True (a tqdm bar) or a callable(cycle, total) called every 4096 cycles."""


# --- what is built in ----------------------------------------------------------------------------------------------
def sides() -> list[str]:
    """Names of the sides built in: ``"rtl"`` (the Verilated om_top) and ``"model"`` (the cycle model)."""
    return _cosim.sides()


def configs() -> list[str]:
    """Names of the hardware configurations a run can use (fl9_1 ... fl11_1)."""
    return _cosim.configs()


def faults() -> list[str]:
    """Names of the deliberate output faults of ``fault=`` (the harness's mutation switch):

    wr_data flips bit 0 of mem_wr_data_o from the 5th write on; rd_addr flips bit 0 of mem_rd_addr_o from the 3rd
    read on; prdata flips bit 0 of prdata_o on the 3rd completed bus read; in_ready drops in_ready_o for one
    cycle at the 50th accepted pixel. The fault goes on the compared (second) side."""
    return _cosim.faults()


def git_revision() -> str:
    """Git revision of the sources the extension was built from (``"<hash>"``, ``"-dirty"`` appended if modified)."""
    return _cosim.git_revision()


def idle_inputs(config: ConfigLike = None, *, reset: bool = False) -> Ports:
    """om_top's inputs with every port idle: the configuration strap ``cfg`` set for `config`, ``rst_n`` low when
    `reset`, the bus, pixel and memory ports at 0. A starting point for :meth:`Side.eval`."""
    d = _cosim.default_inputs()
    d["cfg"] = _cosim.config_index(_config_name(config))
    d["rst_n"] = not _bool(reset, "reset")
    return d


# --- argument coercion ---------------------------------------------------------------------------------------------
def _bool(v: Any, name: str) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"{name}: expected a bool, got {type(v).__name__}")
    return v


def _config_name(config: ConfigLike) -> str:
    return config_info(config).name


def _sides(v: Any) -> list[str]:
    if isinstance(v, str):
        return [v]  # "rtl" alone; "rtl,model" as omsim run spells it
    if not isinstance(v, Sequence):
        raise TypeError(f"sides: expected a sequence of side names, got {type(v).__name__}")
    return list(v)


def _split_sides(v: Any) -> list[str]:
    s = _sides(v)
    if len(s) == 1 and isinstance(s[0], str) and "," in s[0]:
        return s[0].split(",")
    return s


def _path(v: Optional[PathLike], name: str) -> Optional[str]:
    if v is None:
        return None
    if not isinstance(v, (str, os.PathLike)):
        raise TypeError(f"{name}: expected a path (str or os.PathLike) or None, got {type(v).__name__}")
    p = os.fspath(v)
    if not isinstance(p, str) or not p:
        raise ValueError(f"{name}: expected a non-empty directory path")
    return p


def _rts(v: Optional[int]) -> Any:
    return 0 if v is None else v


class _Bar:
    """Progress reporting: a tqdm bar (imported only when asked for) or the caller's callable."""

    def __init__(self, progress: Progress, total: int) -> None:
        self._bar: Any = None
        self._fn: Optional[Callable[[int, int], None]] = None
        if progress is True:
            from tqdm import tqdm

            self._bar = tqdm(total=total, unit="cycle", unit_scale=True, desc="cosim", leave=False)
        elif callable(progress):
            self._fn = progress
        elif progress is not False:
            raise TypeError(f"progress: expected a bool or a callable(cycle, total), got {type(progress).__name__}")

    @property
    def callback(self) -> Optional[Callable[[int, int], None]]:
        if self._bar is None:
            return self._fn
        return self._update

    def _update(self, cycle: int, total: int) -> None:
        self._bar.update(max(0, min(cycle, total) - self._bar.n))

    def close(self, cycles: int) -> None:
        if self._bar is not None:
            self._update(cycles, self._bar.total)
            self._bar.close()


# --- a whole run ---------------------------------------------------------------------------------------------------
def run(
    config: ConfigLike = None,
    seed: int = 1,
    cycles: int = 100_000,
    *,
    rts: Optional[int] = None,
    sides: Sequence[str] = ("rtl", "model"),
    scoreboard: bool = True,
    coverage: bool = True,
    waves: Optional[PathLike] = None,
    waves_full: bool = True,
    window: int = 200,
    fault: Optional[str] = None,
    progress: Progress = False,
) -> RunResult:
    """Runs the lockstep co-simulation and returns its :class:`RunResult` (``omsim run`` from Python).

    `config`: a configuration name (``"fl9_1"`` ... ``"fl11_1"``, see :func:`configs`), a ConfigInfo, or None for
    the default. `seed`: the stimulus seed (0 .. 2**64-1). `cycles`: cycles of stimulus, 1 .. 1e12 (the final drain
    adds a few). `rts`: bind that many render targets in every draw (1 .. the configuration's max_rts; None or 0:
    a random count per draw). `sides`: two side names compared every cycle (``("rtl", "model")``,
    ``("rtl", "rtl")``), or one side alone (``("rtl",)``; ``"rtl,model"`` as ``omsim run`` spells it works too).
    `scoreboard`: check memory and counters against the reference model.
    `coverage`: sample functional coverage. `waves`: a directory: FST files of the whole run (``rtl.fst``,
    ``model.fst``, ``cosim.fst`` with both sides and a mismatch flag; slower), and on a failure also the failure
    window (`window` cycles before it to 10 after) in ``waves/window/``; with ``waves_full=False`` only the
    failure window, directly in `waves` (as ``omsim run --waves``: nothing for a passing run, no slowdown).
    `fault`: one of :func:`faults`, applied to the compared side (the run must then fail). `progress`: True for a
    tqdm bar, or a callable(cycle, total).

    A mismatch is a result (``passed`` False, ``failures``, ``report``), not an exception. Raises TypeError /
    ValueError for bad arguments, KeyboardInterrupt on Ctrl-C.
    """
    cfg = _config_name(config)
    bar = _Bar(progress, cycles if isinstance(cycles, int) else 0)
    try:
        d = _cosim.run(
            cfg,
            seed,
            cycles,
            _rts(rts),
            _split_sides(sides),
            fault,
            _bool(scoreboard, "scoreboard"),
            _bool(coverage, "coverage"),
            _path(waves, "waves"),
            waves is not None and _bool(waves_full, "waves_full"),
            window,
            bar.callback,
        )
    finally:
        bar.close(cycles if isinstance(cycles, int) else 0)
    return result_from_dict(d)


# --- the run stepped -----------------------------------------------------------------------------------------------
class Lockstep:
    """The lockstep co-simulation advanced from Python: the run :func:`run` makes from the same arguments,
    stepped a number of cycles at a time, with the ports of the last evaluated cycle visible.

    Each cycle: the testbench computes the inputs, every side evaluates them (clock low), the outputs are compared,
    the testbench observes them, the clock rises. The run stops at the first failure (that cycle is evaluated but
    takes no clock edge) or after the stimulus and its final drain and checks. `waves`: FST files of the whole run
    in that directory (closed by :meth:`finish` or when the object goes away). Use as a context manager to close
    them at the end of a block.
    """

    def __init__(
        self,
        config: ConfigLike = None,
        seed: int = 1,
        cycles: int = 10_000,
        *,
        rts: Optional[int] = None,
        sides: Sequence[str] = ("rtl", "model"),
        scoreboard: bool = True,
        coverage: bool = True,
        waves: Optional[PathLike] = None,
        fault: Optional[str] = None,
    ) -> None:
        """Generates the stimulus and builds the sides (arguments as :func:`run`)."""
        self._raw = _cosim.Lockstep(
            _config_name(config),
            seed,
            cycles,
            _rts(rts),
            _split_sides(sides),
            fault,
            _bool(scoreboard, "scoreboard"),
            _bool(coverage, "coverage"),
            _path(waves, "waves"),
        )
        self._keys = side_keys(self._raw.side_names)
        self._result: Optional[RunResult] = None

    def step(self, n: int = 1) -> int:
        """Runs up to `n` cycles and returns the clock edges taken: fewer than `n` when the run ends (at a
        failure, or after the final checks), 0 once it has ended."""
        return self._raw.step(n)

    def run_to_end(self, progress: Progress = False) -> RunResult:
        """Steps until the run ends and returns its result (see :meth:`finish`)."""
        bar = _Bar(progress, self._raw.total_cycles)
        try:
            while not self._raw.done:
                self._raw.step(1 << 62, bar.callback)
        finally:
            bar.close(self._raw.cycle)
        return self.finish()

    def finish(self) -> RunResult:
        """Ends the run where it is (closes the wave files) and returns its result: what ran so far, with its
        coverage and the perf counters of the last cycle. Before the run's end the final checks have not run:
        the result is ``complete=False`` and not ``passed`` (verdict PARTIAL) unless a failure came first. Later
        steps do nothing; finish() again returns the same result."""
        if self._result is None:
            complete = self._raw.done
            self._result = result_from_dict(self._raw.finish(), complete)
        return self._result

    @property
    def cycle(self) -> int:
        """Clock edges taken so far (the cycle the next step evaluates)."""
        return self._raw.cycle

    @property
    def done(self) -> bool:
        """The run has ended (the stimulus and its checks are done, or a failure stopped it)."""
        return self._raw.done

    @property
    def failures(self) -> list[Failure]:
        """Failures so far (at most one: the run stops at the first)."""
        return [Failure(**f) for f in self._raw.failures]

    @property
    def failure(self) -> Optional[Failure]:
        """The failure that stopped the run, or None."""
        fs = self.failures
        return fs[0] if fs else None

    @property
    def sides(self) -> tuple[str, ...]:
        """Keys of :attr:`outputs`: the side names (``"rtl_a"``/``"rtl_b"`` when both have the same name)."""
        return tuple(self._keys)

    @property
    def inputs(self) -> Optional[Ports]:
        """om_top's inputs in the last evaluated cycle (None before the first step)."""
        return self._raw.inputs

    @property
    def outputs(self) -> Optional[dict[str, Ports]]:
        """Each side's outputs in the last evaluated cycle, by side name (None before the first step)."""
        outs = self._raw.outputs
        return None if outs is None else dict(zip(self._keys, outs))

    def __enter__(self) -> Lockstep:
        return self

    def __exit__(self, *exc: object) -> None:
        self.finish()

    def __repr__(self) -> str:
        return f"Lockstep({' vs '.join(self._keys)}, cycle {self.cycle}, {'done' if self.done else 'running'})"


# --- one side ------------------------------------------------------------------------------------------------------
class Side:
    """One side of the co-simulation for driving om_top's ports yourself: ``"rtl"`` (the Verilated om_top) or
    ``"model"`` (the cycle model), in its power-on state. Each cycle: :meth:`eval` with that cycle's inputs (the
    clock low; returns the outputs), then :meth:`tick` (the rising edge). Two sides given the same inputs give the
    same outputs: that is what :func:`run` checks. Start with a few cycles of reset (``idle_inputs(config,
    reset=True)``); the configuration strap ``cfg`` is sampled while in reset."""

    def __init__(self, kind: str, *, fault: Optional[str] = None) -> None:
        """`kind`: one of :func:`sides`; `fault`: one of :func:`faults` (corrupts this side's outputs)."""
        if not isinstance(kind, str):
            raise TypeError(f"kind: expected a str, got {type(kind).__name__}")
        self._raw = _cosim.Side(kind, fault)

    @property
    def name(self) -> str:
        """``"rtl"`` or ``"model"``."""
        return self._raw.name

    @property
    def cycle(self) -> int:
        """Clock edges taken so far."""
        return self._raw.cycle

    def eval(self, inputs: Mapping[str, Any]) -> Ports:
        """Drives `inputs` (a dict of input ports; missing ports are 0 and rst_n 1) with the clock low and returns
        the outputs of this cycle. Unknown port names, wrong types and values wider than the port raise
        ValueError / TypeError naming the port."""
        if not isinstance(inputs, Mapping):
            raise TypeError(f"inputs: expected a dict of ports, got {type(inputs).__name__}")
        return self._raw.eval(inputs if isinstance(inputs, dict) else dict(inputs))

    def tick(self) -> None:
        """The rising clock edge with the inputs of the last :meth:`eval` (RuntimeError without one)."""
        self._raw.tick()

    def step(self, inputs: Mapping[str, Any]) -> Ports:
        """:meth:`eval` then :meth:`tick`; returns the outputs of the evaluated cycle."""
        out = self.eval(inputs)
        self.tick()
        return out

    def open_waves(self, path: PathLike) -> None:
        """Writes an FST file of this side from now on (om_top's signal names; RuntimeError when it cannot)."""
        self._raw.open_waves(str(_path(path, "path")))

    def close_waves(self) -> None:
        """Closes the FST file, if one is open."""
        self._raw.close_waves()

    def take_error(self) -> str:
        """A failed RTL assertion or $error since the last call (its description), else ""."""
        return self._raw.take_error()

    def __enter__(self) -> Side:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close_waves()

    def __repr__(self) -> str:
        return f"Side({self.name!r}, cycle {self.cycle})"


__all__ = [
    "Coverage",
    "Failure",
    "Lockstep",
    "PerfCounters",
    "Ports",
    "RunResult",
    "Side",
    "configs",
    "faults",
    "git_revision",
    "idle_inputs",
    "run",
    "sides",
]

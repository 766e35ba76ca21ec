# SPDX-License-Identifier: Apache-2.0
"""Co-simulation control: the Verilated RTL (om_top) and the cycle model (om::Top) in lockstep, from Python.

The same harness as ``omsim run`` (cosim/): constrained-random stimulus generated from (configuration,
seed, cycles, profile) or replayed from a :class:`Stimulus` / stimulus file, identical inputs into both sides every cycle, every output compared every cycle, the render-target
memory and the performance counters scoreboarded against the reference model, functional coverage sampled.

Quick start::

    from omsim import cosim
    res = cosim.run("fl11_1", seed=1, cycles=20_000)     # RunResult
    res.passed, res.pixels, res.perf.rt_writes, res.coverage.percent
    bad = cosim.run("fl11_1", seed=5, cycles=20_000, fault="wr_data")
    print(bad.report)                                      # the first-divergence report of `omsim run`
    stim = cosim.Stimulus.generate("fl11_1", seed=5, cycles=20_000, profile="hazards")
    stim.segments[0].pixels[:] = stim.segments[0].pixels[:3]; stim.save("s.stim")
    cosim.run(stimulus="s.stim", fault="wr_data@900")      # replay (omsim run --stimulus s.stim)

    sim = cosim.Lockstep("fl9_3", seed=2, cycles=5_000)   # the same run, stepped
    sim.step(100); sim.inputs["paddr"], sim.outputs["rtl"]["prdata"]
    res = sim.run_to_end()

    rtl = cosim.Side("rtl")                                # one side, driven port by port
    out = rtl.eval(cosim.idle_inputs("fl11_1", reset=True)); rtl.tick()

Three levels: :func:`run` (a whole run), :class:`Lockstep` (the run stepped, with the ports of the last cycle) and
:class:`Side` (one side, your own inputs). Ports are dicts named like om_top's ports without the ``_i``/``_o``
suffix: ``omsim._top_ports.PORTS``, generated from defs/top_ports.toml, lists every one with its direction and
width (docs/interface.md). ``in_data`` is a dict of ``pixel_t``'s fields and ``perf`` of ``perf_t``'s (docs/types.md);
128-bit texels are ints, binary32 values their bit patterns.

Mismatches are results (``RunResult.passed`` is False and ``failures`` says what and where), not exceptions. Bad
arguments raise TypeError/ValueError naming the argument. Runs release the GIL; Ctrl-C stops them with
KeyboardInterrupt (checked every 4096 cycles).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Optional, Union

from . import _cosim, cosim_results, cosim_stimulus
from .cosim_results import *  # noqa: F403  (the results: __all__)
from .cosim_results import Failure, PathLike, RunResult, result_from_dict
from .cosim_stimulus import *  # noqa: F403  (the stimulus: __all__)
from .cosim_stimulus import Stimulus, check_profile, name_arg as _name
from .state import int_arg, path_arg
from .tables import ConfigLike, config_info, configs as _configs

Ports = dict[str, Any]
"""A dict of om_top ports (see the module docstring)."""
Progress = Union[bool, Callable[[int, int], None]]
"""False, True (a tqdm bar) or a callable(cycle, total) called every 4096 cycles."""

_MAX_CYCLES = 10**12  # as `omsim run --cycles`
_DEFAULT_CYCLES = 100_000


# --- what is built in ----------------------------------------------------------------------------------------------
sides = _cosim.sides
git_revision = _cosim.git_revision


def configs() -> list[str]:
    """Names of the hardware configurations a run can use (fl9_1 ... fl11_1)."""
    return [c.name for c in _configs()]


def faults() -> list[str]:
    """Names of the deliberate output faults of ``fault=`` (the harness's mutation switch):

    wr_data flips bit 0 of mem_wr_data_o from the 5th write on; rd_addr flips bit 0 of mem_rd_addr_o from the 3rd
    read on; prdata flips bit 0 of prdata_o on the 3rd completed bus read; in_ready drops in_ready_o for one
    cycle at the 50th accepted pixel. The fault goes on the compared (second) side."""
    return _cosim.faults()


def idle_inputs(config: ConfigLike = None, *, reset: bool = False) -> Ports:
    """om_top's inputs with every port idle: the configuration strap ``cfg`` set for `config`, ``rst_n`` low when
    `reset`, the bus, pixel and memory ports at 0. A starting point for :meth:`Side.eval`."""
    d = _cosim.default_inputs()
    d["cfg"] = config_info(config).core
    d["rst_n"] = not _bool(reset, "reset")
    return d


# --- argument checks (the extension takes them as checked here) ----------------------------------------------------
def _bool(v: Any, name: str) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"{name}: expected a bool, got {type(v).__name__}")
    return v


def _sides(v: Any) -> list[str]:
    if isinstance(v, str):
        v = v.split(",")  # "rtl" alone; "rtl,model" as omsim run spells it
    if not isinstance(v, Sequence):
        raise TypeError(
            f"sides: expected a sequence of 1 or 2 side names, e.g. ('rtl', 'model'), got {type(v).__name__}"
        )
    if len(v) not in (1, 2):
        raise ValueError(f"sides: expected 1 or 2 side names, got {len(v)}")
    return [_name(s, f"sides[{i}]" if not isinstance(s, str) else "sides", sides(), "side") for i, s in enumerate(v)]


def _fault(v: Any) -> str:
    """A fault 'NAME' or 'NAME@CYCLE' (checked by the harness's parser)."""
    if v is None:
        return ""
    if not isinstance(v, str):
        raise TypeError(f"fault: expected a str, got {type(v).__name__}")
    _cosim.parse_fault(v)
    return v


def _make_dir(p: str, name: str) -> None:
    """Creates directory `p` (a checked path, "" for none) once every other argument has been accepted, so a
    rejected call leaves nothing behind."""
    if p:
        try:
            os.makedirs(p, exist_ok=True)
        except OSError as e:
            raise ValueError(f"{name}: cannot create {p}: {e.strerror or e}") from None


def _run_args(
    config: ConfigLike,
    seed: Any,
    cycles: Any,
    rts: Any,
    sides: Any,
    fault: Any,
    scoreboard: Any,
    coverage: Any,
    waves: Any,
) -> dict[str, Any]:
    """The extension's options of a run, checked (TypeError / ValueError naming the argument)."""
    cfg = config_info(config)
    return {
        "config": cfg.core,
        "seed": int_arg(seed, "seed", 0, 2**64 - 1),
        "cycles": int_arg(cycles, "cycles", 1, _MAX_CYCLES),
        "rts": int_arg(0 if rts is None else rts, f"rts ({cfg.name})", 0, cfg.max_rts),
        "sides": _sides(sides),
        "fault": _fault(fault),
        "scoreboard": _bool(scoreboard, "scoreboard"),
        "coverage": _bool(coverage, "coverage"),
        "waves": path_arg(waves, "waves"),
    }


class FaultNeverFiredError(ValueError):
    """A run given a `fault` ended without the fault corrupting an output (armed after the last write, say): it
    tested nothing (``omsim run`` exits 2). ``result`` is the run's :class:`RunResult`."""

    def __init__(self, message: str, result: RunResult) -> None:
        super().__init__(message)
        self.result = result


def _progress(progress: Progress, total: int) -> tuple[Optional[Callable[[int, int], None]], Callable[[int], None]]:
    """The extension's progress callback and the call that ends the report at a cycle: a tqdm bar (imported only
    when asked for) or the caller's callable."""
    if progress is False or (callable(progress) and progress is not True):
        return progress or None, lambda cycle: None
    if progress is not True:
        raise TypeError(f"progress: expected a bool or a callable(cycle, total), got {type(progress).__name__}")
    from tqdm import tqdm

    bar = tqdm(total=total, unit="cycle", unit_scale=True, desc="cosim", leave=False)

    def update(cycle: int, _total: int) -> None:
        bar.update(max(0, min(cycle, total) - bar.n))

    def close(cycle: int) -> None:
        update(cycle, total)
        bar.close()

    return update, close


# --- a whole run ---------------------------------------------------------------------------------------------------
def run(
    config: ConfigLike = None,
    seed: Optional[int] = None,
    cycles: Optional[int] = None,
    *,
    profile: Optional[str] = None,
    stimulus: Union[Stimulus, PathLike, None] = None,
    record: Optional[PathLike] = None,
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
    the default. `seed`: the stimulus seed (0 .. 2**64-1, default 1). `cycles`: cycles of stimulus, 1 .. 1e12
    (default 100000; the final drain adds a few); the first N cycles of a seed are the same whatever `cycles` is.
    `profile`: the stimulus mix, one of :data:`PROFILES` (default ``"default"``). `stimulus`: replay a
    :class:`Stimulus` or a stimulus file instead (its configuration and length; `config`, `seed`, `profile` and
    `rts` may be given only when they agree with it, `cycles` may shorten it). `record`: write the run's stimulus
    to this file. `rts`: bind that many render targets in every draw (1 .. the configuration's max_rts; None or 0:
    a random count per draw). `sides`: two side names compared every cycle (``("rtl", "model")``,
    ``("rtl", "rtl")``), or one side alone (``("rtl",)``; ``"rtl,model"`` as ``omsim run`` spells it works too).
    `scoreboard`: check memory and counters against the reference model.
    `coverage`: sample functional coverage. `waves`: a directory: FST files of the whole run (``rtl.fst``,
    ``model.fst``, ``cosim.fst`` with both sides and a mismatch flag; slower), and on a failure also the failure
    window (`window` cycles before it to 20 after) in ``waves/window/``; with ``waves_full=False`` only the
    failure window, directly in `waves` (as ``omsim run --waves``: nothing for a passing run, no slowdown).
    `fault`: one of :func:`faults`, optionally ``"NAME@CYCLE"`` (armed from that cycle on), applied to the
    compared side (the run must then fail; FaultNeverFiredError, a ValueError, after the run when the fault never
    fired). `progress`: True for a tqdm bar, or a callable(cycle, total).

    A mismatch is a result (``passed`` False, ``failures``, ``report``), not an exception. Raises TypeError /
    ValueError for bad arguments (:data:`StimulusError` for a malformed stimulus), KeyboardInterrupt on Ctrl-C.
    """
    text = name = ""
    if stimulus is not None:
        stim, name = _stimulus_arg(stimulus)
        _agree(stim, name, config=config, seed=seed, profile=profile, rts=rts)
        n = stim.cycles if cycles is None else int_arg(cycles, f"cycles (stimulus {name})", 1, stim.cycles)
        text, prof = stim.dumps(), stim.profile or ""
        args = _run_args(stim.config, stim.seed or 0, n, stim.rts, sides, fault, scoreboard, coverage, waves)
    else:
        prof = check_profile("default" if profile is None else profile)
        seed = 1 if seed is None else seed
        n = _DEFAULT_CYCLES if cycles is None else cycles
        args = _run_args(config, seed, n, rts, sides, fault, scoreboard, coverage, waves)
    args.update(
        profile=prof,
        stimulus=text,
        stimulus_name=name,
        record=path_arg(record, "record"),
        waves_full=waves is not None and _bool(waves_full, "waves_full"),
        window=int_arg(window, "window", 0, _MAX_CYCLES),
    )
    args["progress"], done = _progress(progress, args["cycles"])
    try:
        _make_dir(args["waves"], "waves")
        d = _cosim.run(args)
    finally:
        done(args["cycles"])
    res = result_from_dict(d)
    if d["fault_not_fired"]:
        raise FaultNeverFiredError(f"fault: {fault!r} {d['fault_not_fired']}", res)
    return res


def _stimulus_arg(v: Any) -> tuple[Stimulus, str]:
    """The stimulus to replay and the name that stands for it in messages and reproduce commands."""
    if isinstance(v, Stimulus):
        return v, v.path or "<stimulus>"
    if isinstance(v, (str, os.PathLike)):
        return Stimulus.load(v), os.fspath(v)
    raise TypeError(f"stimulus: expected a Stimulus or a path, got {type(v).__name__}")


def _agree(stim: Stimulus, name: str, **given: Any) -> None:
    """Each argument given with a stimulus must say what the stimulus says."""
    for key, v in given.items():
        if v is None:
            continue
        have = getattr(stim, key)
        same = config_info(v).name == have if key == "config" else v == have
        if not same:
            raise ValueError(
                f"{key}: {v!r} disagrees with the stimulus {name} ({key} {have!r}); leave it out to replay the stimulus"
            )


# --- the run stepped -----------------------------------------------------------------------------------------------
class Lockstep(_cosim.Lockstep):
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
        args = _run_args(config, seed, cycles, rts, sides, fault, scoreboard, coverage, waves)
        _make_dir(args["waves"], "waves")
        super().__init__(args)
        self._result: Optional[RunResult] = None

    def step(self, n: int = 1, progress: Optional[Callable[[int, int], None]] = None) -> int:
        """Runs up to `n` cycles and returns the clock edges taken: fewer than `n` when the run ends (at a
        failure, or after the final checks), 0 once it has ended."""
        return super().step(int_arg(n, "n", 0, 2**64 - 1), progress)

    def run_to_end(self, progress: Progress = False) -> RunResult:
        """Steps until the run ends and returns its result (see :meth:`finish`)."""
        callback, done = _progress(progress, self.total_cycles)
        try:
            self.step(2**64 - 1, callback)  # stops at the run's end
        finally:
            done(self.cycle)
        return self.finish()

    def finish(self) -> RunResult:  # type: ignore[override]
        """Ends the run where it is (closes the wave files) and returns its result: what ran so far, with its
        coverage and the perf counters of the last cycle. Before the run's end the final checks have not run:
        the result is ``complete=False`` and not ``passed`` (verdict PARTIAL) unless a failure came first. Later
        steps do nothing; finish() again returns the same result."""
        if self._result is None:
            self._result = result_from_dict(super().finish())
        return self._result

    @property
    def failures(self) -> list[Failure]:  # type: ignore[override]
        """Failures so far (at most one: the run stops at the first)."""
        return [Failure(*f) for f in super().failures]

    @property
    def failure(self) -> Optional[Failure]:
        """The failure that stopped the run, or None."""
        return next(iter(self.failures), None)

    def __enter__(self) -> Lockstep:
        return self

    def __exit__(self, *exc: object) -> None:
        self.finish()

    def __repr__(self) -> str:
        return f"Lockstep({' vs '.join(self.sides)}, cycle {self.cycle}, {'done' if self.done else 'running'})"


# --- one side ------------------------------------------------------------------------------------------------------
class Side(_cosim.Side):
    """One side of the co-simulation for driving om_top's ports yourself: ``"rtl"`` (the Verilated om_top) or
    ``"model"`` (the cycle model), in its power-on state. Each cycle: :meth:`eval` with that cycle's inputs (the
    clock low; returns the outputs), then :meth:`tick` (the rising edge). Two sides given the same inputs give the
    same outputs: that is what :func:`run` checks. Start with a few cycles of reset (``idle_inputs(config,
    reset=True)``); the configuration strap ``cfg`` is sampled while in reset."""

    def __init__(self, kind: str, *, fault: Optional[str] = None) -> None:
        """`kind`: one of :func:`sides`; `fault`: one of :func:`faults` (corrupts this side's outputs)."""
        super().__init__(
            _name(kind, "kind", sides(), "side"), "" if fault is None else _name(fault, "fault", faults(), "fault")
        )

    def eval(self, inputs: Mapping[str, Any]) -> Ports:
        """Drives `inputs` (a dict of input ports; missing ports are 0 and rst_n 1) with the clock low and returns
        the outputs of this cycle. Unknown port names, wrong types and values wider than the port raise
        ValueError / TypeError naming the port (and TypeError for `inputs` that is not a mapping)."""
        return super().eval(dict(inputs) if isinstance(inputs, Mapping) and not isinstance(inputs, dict) else inputs)

    def step(self, inputs: Mapping[str, Any]) -> Ports:
        """:meth:`eval` then :meth:`tick`; returns the outputs of the evaluated cycle."""
        out = self.eval(inputs)
        self.tick()
        return out

    def open_waves(self, path: PathLike) -> None:
        """Writes an FST file of this side from now on (om_top's signal names; RuntimeError when it cannot)."""
        super().open_waves(path_arg(path, "path"))

    def __enter__(self) -> Side:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close_waves()

    def __repr__(self) -> str:
        return f"Side({self.name!r}, cycle {self.cycle})"


__all__ = [
    "FaultNeverFiredError",
    "Lockstep",
    "Ports",
    "Side",
    "configs",
    "faults",
    "git_revision",
    "idle_inputs",
    "run",
    "sides",
]
__all__ += cosim_results.__all__
__all__ += cosim_stimulus.__all__

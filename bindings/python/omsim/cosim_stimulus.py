# SPDX-License-Identifier: Apache-2.0
"""The stimulus of co-simulation runs as an editable Python object (see :mod:`omsim.cosim`).

A :class:`Stimulus` is what a run replays: segments (state programming as bus writes, a palette of pixel-shader
outputs, pixels, bus traffic) and memory timing phases. It comes from a seed (:meth:`Stimulus.generate`), from a
stimulus file (:meth:`Stimulus.load`, :meth:`Stimulus.loads`; the format is docs/stimulus.md) or from your own code,
and is written with :meth:`Stimulus.save` / :meth:`Stimulus.dumps`. Reading and writing go through the C++ reader
and writer of ``omsim run --stimulus`` / ``--record``, so a file means the same to both. Every object here is a
plain dataclass: picklable, ``copy.deepcopy``-able, comparable with ``==``; edit the lists freely (drop pixels or
segments, replace memory phases with :meth:`MemPhase.ideal`) and the result stays a valid stimulus as long as each
pixel's ``palette`` indexes its segment's palette.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any, Optional

from . import _cosim
from .cosim_results import PathLike
from .state import int_arg
from .tables import ConfigLike, config_info

StimulusError = _cosim.StimulusError
"""A malformed stimulus: a ValueError whose message names the file (or ``<stimulus>``), the line, the field and
the bad value, e.g. ``x.stim:12: pixel x: '70000' is out of range: want a whole number from 0 to 16383 ...``."""

PROFILES: tuple[str, ...] = tuple(_cosim.profiles())
"""Names of the stimulus profiles (``omsim run --profile``; cosim/README.md describes each)."""

F32_ONE = 0x3F800000
_UNSAVED = "<stimulus>"


@dataclass
class BusOp:
    """One APB transfer, issued `gap` idle cycles after the previous one completed. `kind`: ``state_write``,
    ``partial_write`` (with `strb`), ``read``, ``perf_clear``, ``ro_write``, ``wo_read``, ``unmapped_read``,
    ``unmapped_write``, ``misaligned_read``, ``misaligned_write`` or ``status_poll`` (read STATUS until idle: a
    drain). The kind says whether it writes and whether PSLVERR is expected."""

    kind: str
    addr: int
    data: int = 0
    strb: int = 0xF
    gap: int = 0


@dataclass
class PaletteEntry:
    """A pixel-shader output a segment's pixels refer to: `oc` the eight outputs o0..o7 (four 32-bit words each:
    binary32 bits, or integers for integer render targets), `dual` the dual-source output, `fog` the D3D9 fog
    factor (binary32 bits)."""

    oc: tuple[tuple[int, int, int, int], ...] = ((0, 0, 0, 0),) * 8
    dual: tuple[int, int, int, int] = (0, 0, 0, 0)
    fog: int = F32_ONE


@dataclass
class PixelRef:
    """One pixel-port transfer: coordinates (0..16383), `palette` (index into its segment's palette), `gap` idle
    cycles before it is offered (0..255), `clear` (a Clear command: o0 written to every bound RT), `coverage` (its
    sample is covered), `front` (front-facing), `depth` (binary32 bits of the sample's depth), `sample` (the sample
    it carries, 0..7), `omask_written` (the pixel shader writes oMask) and `omask` (the sample's oMask bit)."""

    x: int
    y: int
    palette: int = 0
    gap: int = 0
    clear: bool = False
    coverage: bool = True
    front: bool = True
    depth: int = 0
    sample: int = 0
    omask_written: bool = False
    omask: bool = True


@dataclass
class Segment:
    """A draw: `program` (state writes, sent while the previous segment's pixels are still in flight), then
    `pixels` streamed with `traffic` (other bus transfers). `drain`: first wait until idle (the program starts with
    a ``status_poll``), check the memory image and refill memory (`fill`, from `fill_seed`). `illegal`: the state
    holds a deliberately illegal value (reported by coverage)."""

    program: list[BusOp] = field(default_factory=list)
    traffic: list[BusOp] = field(default_factory=list)
    palette: list[PaletteEntry] = field(default_factory=list)
    pixels: list[PixelRef] = field(default_factory=list)
    drain: bool = False
    fill: bool = True
    fill_seed: int = 0
    illegal: bool = False


@dataclass
class MemPhase:
    """`cycles` consecutive cycles of memory timing. `kind`: ``"ideal"`` (always ready, latency 1), ``"cycle"`` (each
    cycle ready when `rd` / `wr` is 1000, not when 0, latency `lat_lo` = `lat_hi`), ``"random"`` (each cycle ready
    with probability `rd` / `wr` per mille, latency drawn from `lat_lo`..`lat_hi`, draws from `seed`) or ``"burst"``
    (the first `burst` cycles stall `stall` = ``"rd"``, ``"wr"`` or ``"both"``, then ready; latency
    `lat_lo`..`lat_hi` from `seed`). After the last phase the memory is ideal. The file holds only the fields a kind
    uses: build phases with :meth:`ideal` and :meth:`cycle` to have them compare equal after a round trip."""

    kind: str = "ideal"
    cycles: int = 1
    rd: int = 1000
    wr: int = 1000
    lat_lo: int = 1
    lat_hi: int = 1
    stall: str = "rd"
    burst: int = 0
    seed: int = 0

    @classmethod
    def ideal(cls, cycles: int) -> MemPhase:
        """`cycles` cycles of ideal memory (no stalls, latency 1): what a minimizer puts in place of a phase."""
        return cls("ideal", int_arg(cycles, "cycles", 1, 10**12))

    @classmethod
    def cycle(cls, rd: bool = True, wr: bool = True, lat: int = 1, cycles: int = 1) -> MemPhase:
        """`cycles` cycles exactly as given: read / write ready or not, read latency `lat` (1..255)."""
        lat = int_arg(lat, "lat", 1, 255)
        return cls("cycle", int_arg(cycles, "cycles", 1, 10**12), 1000 if rd else 0, 1000 if wr else 0, lat, lat)


@dataclass
class Stimulus:
    """The stimulus of a run (see the module docstring). `config`: the configuration name; `cycles`: the run length
    it covers; `rts`: 0 or the RT count every draw binds; `profile` and `seed`: where it came from (None for a
    hand-written one); `segments`, `mem`: its contents. `path`: the file it was last loaded from or saved to (used
    in reproduce commands; not compared)."""

    config: str
    cycles: int
    segments: list[Segment] = field(default_factory=list)
    mem: list[MemPhase] = field(default_factory=list)
    rts: int = 0
    profile: Optional[str] = None
    seed: Optional[int] = None
    path: Optional[str] = field(default=None, compare=False)

    @classmethod
    def generate(
        cls, config: ConfigLike = None, seed: int = 1, cycles: int = 100_000, profile: str = "default", rts: int = 0
    ) -> Stimulus:
        """The stimulus ``omsim run --config CONFIG --seed SEED --cycles CYCLES --profile PROFILE --rts RTS`` runs.
        Its first N cycles are the same for every `cycles` >= N."""
        cfg = config_info(config)
        seed = int_arg(seed, "seed", 0, 2**64 - 1)
        cycles = int_arg(cycles, "cycles", 1, 10**12)
        rts = int_arg(0 if rts is None else rts, f"rts ({cfg.name})", 0, cfg.max_rts)
        return cls._from_core(_cosim.stimulus_generate(cfg.core, seed, cycles, check_profile(profile), rts))

    @classmethod
    def loads(cls, text: str, name: str = _UNSAVED) -> Stimulus:
        """Parses stimulus file text (`name` stands for the file in messages). Raises :data:`StimulusError`."""
        if not isinstance(text, str):
            raise TypeError(f"text: expected a str, got {type(text).__name__}")
        return cls._from_core(_cosim.stimulus_parse(text, name))

    @classmethod
    def load(cls, path: PathLike) -> Stimulus:
        """Reads a stimulus file (OSError when it cannot be read, :data:`StimulusError` when malformed)."""
        p = os.fspath(path)
        with open(p, "rb") as f:  # bytes, as omsim run reads it: a stray byte is the reader's to name
            st = cls._from_core(_cosim.stimulus_parse(f.read(), p))
        st.path = p
        return st

    def dumps(self) -> str:
        """The stimulus file text (raises :data:`StimulusError` / ValueError when an edit left it invalid)."""
        return _cosim.stimulus_format(self._to_core())

    def save(self, path: PathLike) -> None:
        """Writes the stimulus file (``omsim run --stimulus PATH`` replays it) and remembers `path`."""
        p = os.fspath(path)
        text = self.dumps()
        with open(p, "w", encoding="utf-8") as f:
            f.write(text)
        self.path = p

    def to_dict(self) -> dict[str, Any]:
        """Plain dicts and lists of the whole stimulus (e.g. for JSON)."""
        return dataclasses.asdict(self)

    @property
    def pixel_count(self) -> int:
        """Pixels over all segments."""
        return sum(len(s.pixels) for s in self.segments)

    def __repr__(self) -> str:
        origin = f"seed {self.seed}, profile {self.profile}" if self.seed is not None else "hand-written"
        return (
            f"Stimulus({self.config}, {origin}, {self.cycles} cycles, {len(self.segments)} segments, "
            f"{self.pixel_count} pixels, {len(self.mem)} memory phases)"
        )

    # --- the extension's plain form: nested tuples in field order (lists for lists), without `path` ----------
    @classmethod
    def _from_core(cls, t: tuple[Any, ...]) -> Stimulus:
        config, cycles, segs, mem, *rest = t
        segments = [
            Segment([BusOp(*o) for o in prog], [BusOp(*o) for o in traffic], [PaletteEntry(*p) for p in pal],
                    [PixelRef(*p) for p in px], *flags)
            for prog, traffic, pal, px, *flags in segs
        ]
        return cls(config, cycles, segments, [MemPhase(*m) for m in mem], *rest)

    def _to_core(self) -> tuple[Any, ...]:
        return dataclasses.astuple(self)[:-1]


def name_arg(v: Any, name: str, known: Sequence[str], what: str) -> str:
    """`v` as one of the `known` names of a `what` (TypeError / ValueError naming `name` and the valid ones)."""
    if not isinstance(v, str):
        raise TypeError(f"{name}: expected a str, got {type(v).__name__}")
    if v not in known:
        raise ValueError(f"{name}: unknown {what} '{v}' ({', '.join(known)})")
    return v


def check_profile(v: Any) -> str:
    """`v` as a profile name (TypeError / ValueError naming it and the valid ones)."""
    return name_arg(v, "profile", PROFILES, "profile")


__all__ = [
    "PROFILES",
    "BusOp",
    "MemPhase",
    "PaletteEntry",
    "PixelRef",
    "Segment",
    "Stimulus",
    "StimulusError",
    "check_profile",
]

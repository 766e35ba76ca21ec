# SPDX-License-Identifier: Apache-2.0
"""Output-merger state as frozen dataclasses mapped to the C++ structs of ``om/ref/state.h`` and ``pixel.h``.

Enum fields take a member, a member name (``"SRC_ALPHA"``) or an int. An int that is not a member of the enum is
kept as a plain int, as D3D passes any 32-bit value through to validation (``check_blend_desc`` then reports
E_INVALIDARG; the datapath treats such values as the state registers would, see docs/arithmetic.md). Values
outside 32 bits, unknown names and wrong types raise ValueError / TypeError naming the field.

Every class is immutable and hashable (like D3D state objects); derive variants with ``dataclasses.replace``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, Optional, TypeVar, Union

import numpy as np

from . import _core, _defs, _types
from .enums import Blend, BlendOp, CmpFunc, ColorWrite, FeatureLevel, LogicOp
from .tables import FormatInfo, f32_bits, format_info

E = TypeVar("E", bound=Enum)

MAX_RTS = _types.SIZES["MaxRts"]
"""RT slots (D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT)."""


def coerce_enum(enum_cls: type[E], value: Any, name: str, *, raw_ok: bool = True) -> Union[E, int]:
    """`value` as a member of `enum_cls` (from a member, a name or an int). With `raw_ok`, a 32-bit int that is
    no member is returned as is; otherwise (or for anything else) ValueError / TypeError naming `name`."""
    if isinstance(value, enum_cls):
        return value
    if isinstance(value, str):
        try:
            return enum_cls[value.upper()]
        except KeyError:
            names = ", ".join(m.name for m in enum_cls if m.name)
            raise ValueError(f"{name}: unknown {enum_cls.__name__} name {value!r}; expected one of {names}") from None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(
            f"{name}: expected an omsim.{enum_cls.__name__}, a member name or an int, got {type(value).__name__}"
        )
    v = int(value)
    if not 0 <= v <= 0xFFFFFFFF:
        raise ValueError(f"{name}: {v} is outside the 32-bit range of a D3D enum field")
    try:
        return enum_cls(v)
    except ValueError:
        if raw_ok:
            return v
        values = ", ".join(f"{m.name}={int(m.value)}" for m in enum_cls)  # type: ignore[call-overload]
        raise ValueError(f"{name}: {v} is not a {enum_cls.__name__} value (expected one of {values})") from None


def coerce_bool(value: Any, name: str) -> bool:
    """A D3D BOOL: True/False or an int (non-zero = TRUE)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value) != 0
    raise TypeError(f"{name}: expected a bool, got {type(value).__name__}")


def coerce_u32(value: Any, name: str) -> int:
    """An unsigned 32-bit field."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}")
    v = int(value)
    if not 0 <= v <= 0xFFFFFFFF:
        raise ValueError(f"{name}: {v} is outside [0, 2**32)")
    return v


def coerce_floats(value: Any, n: int, name: str) -> tuple[float, ...]:
    """n real numbers (binary32 on the way to C++: rounded to nearest even)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)) or len(value) != n:
        raise ValueError(f"{name}: expected {n} numbers")
    out = []
    for i, x in enumerate(value):
        if isinstance(x, bool) or not isinstance(x, (int, float, np.integer, np.floating)):
            raise TypeError(f"{name}[{i}]: expected a number, got {type(x).__name__}")
        out.append(float(x))
    return tuple(out)


def _set(obj: Any, name: str, value: Any) -> None:
    object.__setattr__(obj, name, value)


@dataclass(frozen=True)
class RtBlendDesc:
    """D3D11_RENDER_TARGET_BLEND_DESC1 (defaults: no blend, no logic op, write mask ALL)."""

    blend_enable: bool = False
    logic_op_enable: bool = False
    src_blend: Union[Blend, int] = Blend.ONE
    dest_blend: Union[Blend, int] = Blend.ZERO
    blend_op: Union[BlendOp, int] = BlendOp.ADD
    src_blend_alpha: Union[Blend, int] = Blend.ONE
    dest_blend_alpha: Union[Blend, int] = Blend.ZERO
    blend_op_alpha: Union[BlendOp, int] = BlendOp.ADD
    logic_op: Union[LogicOp, int] = LogicOp.NOOP
    render_target_write_mask: Union[ColorWrite, int] = ColorWrite.ALL

    def __post_init__(self) -> None:
        for f in ("blend_enable", "logic_op_enable"):
            _set(self, f, coerce_bool(getattr(self, f), f"RtBlendDesc.{f}"))
        for f in ("src_blend", "dest_blend", "src_blend_alpha", "dest_blend_alpha"):
            _set(self, f, coerce_enum(Blend, getattr(self, f), f"RtBlendDesc.{f}"))
        for f in ("blend_op", "blend_op_alpha"):
            _set(self, f, coerce_enum(BlendOp, getattr(self, f), f"RtBlendDesc.{f}"))
        _set(self, "logic_op", coerce_enum(LogicOp, self.logic_op, "RtBlendDesc.logic_op"))
        mask = coerce_u32(self.render_target_write_mask, "RtBlendDesc.render_target_write_mask")
        _set(self, "render_target_write_mask", ColorWrite(mask) if mask <= 0xF else mask)
        _set(self, "_hash", hash(tuple(int(getattr(self, f.name)) for f in fields(self))))

    def __hash__(self) -> int:  # computed once: descriptors key the caches of every batch call
        return self.__dict__["_hash"]  # type: ignore[no-any-return]

    @classmethod
    def blending(
        cls,
        src: Union[Blend, str, int],
        dest: Union[Blend, str, int],
        op: Union[BlendOp, str, int] = BlendOp.ADD,
        *,
        src_alpha: Union[Blend, str, int, None] = None,
        dest_alpha: Union[Blend, str, int, None] = None,
        op_alpha: Union[BlendOp, str, int, None] = None,
        write_mask: Union[ColorWrite, int] = ColorWrite.ALL,
    ) -> RtBlendDesc:
        """A blending descriptor; the alpha fields default to the RGB ones (pass them when an RGB factor is a
        *_COLOR factor, which validation rejects in the alpha slots)."""
        return cls(
            blend_enable=True,
            src_blend=src,  # type: ignore[arg-type]
            dest_blend=dest,  # type: ignore[arg-type]
            blend_op=op,  # type: ignore[arg-type]
            src_blend_alpha=src if src_alpha is None else src_alpha,  # type: ignore[arg-type]
            dest_blend_alpha=dest if dest_alpha is None else dest_alpha,  # type: ignore[arg-type]
            blend_op_alpha=op if op_alpha is None else op_alpha,  # type: ignore[arg-type]
            render_target_write_mask=write_mask,
        )

    def to_core(self) -> _core.RtBlendDesc:
        """The C++ struct (cached; do not modify it)."""
        c = self.__dict__.get("_core")
        if c is None:
            c = _core.RtBlendDesc(**{f.name: int(getattr(self, f.name)) for f in fields(self)})
            _set(self, "_core", c)
        return c

    @classmethod
    def from_core(cls, c: _core.RtBlendDesc) -> RtBlendDesc:
        """From the C++ struct."""
        return cls(**{f.name: getattr(c, f.name) for f in fields(cls)})


def _eight_descs(value: Any, name: str) -> tuple[RtBlendDesc, ...]:
    if isinstance(value, RtBlendDesc):
        value = (value,)
    if not isinstance(value, (Sequence, np.ndarray)) or isinstance(value, (str, bytes)) or not 1 <= len(value) <= MAX_RTS:
        raise ValueError(f"{name}: expected 1 to 8 RtBlendDesc (missing entries are defaults)")
    for i, d in enumerate(value):
        if not isinstance(d, RtBlendDesc):
            raise TypeError(f"{name}[{i}]: expected an RtBlendDesc, got {type(d).__name__}")
    return tuple(value) + (RtBlendDesc(),) * (MAX_RTS - len(value))


@dataclass(frozen=True)
class BlendDesc:
    """D3D11_BLEND_DESC1. ``render_target`` takes 1 to 8 entries (the rest are defaults) and always holds 8."""

    alpha_to_coverage_enable: bool = False
    independent_blend_enable: bool = False
    render_target: tuple[RtBlendDesc, ...] = (RtBlendDesc(),) * MAX_RTS

    def __post_init__(self) -> None:
        _set(self, "alpha_to_coverage_enable", coerce_bool(self.alpha_to_coverage_enable, "BlendDesc.alpha_to_coverage_enable"))
        _set(self, "independent_blend_enable", coerce_bool(self.independent_blend_enable, "BlendDesc.independent_blend_enable"))
        _set(self, "render_target", _eight_descs(self.render_target, "BlendDesc.render_target"))

    def to_core(self) -> _core.BlendDesc:
        """The C++ struct (cached; do not modify it)."""
        c = self.__dict__.get("_core")
        if c is None:
            c = _core.BlendDesc(
                self.alpha_to_coverage_enable,
                self.independent_blend_enable,
                [d.to_core() for d in self.render_target],
            )
            _set(self, "_core", c)
        return c

    @classmethod
    def from_core(cls, c: _core.BlendDesc) -> BlendDesc:
        """From the C++ struct."""
        return cls(
            c.alpha_to_coverage_enable,
            c.independent_blend_enable,
            tuple(RtBlendDesc.from_core(d) for d in c.render_target),
        )


@dataclass(frozen=True)
class D3d9State:
    """D3D9 post-PS states: alpha test on oC0.a (docs/behaviour.md §5.4) and fog on RT0 RGB (§5.5)."""

    alpha_test_enable: bool = False
    alpha_func: Union[CmpFunc, int] = CmpFunc.ALWAYS
    alpha_ref: int = 0
    """D3DRS_ALPHAREF: the low 8 bits are the reference (ref / 255)."""
    fog_enable: bool = False
    fog_color: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """D3DRS_FOGCOLOR RGB as linear floats (alpha unused)."""

    def __post_init__(self) -> None:
        _set(self, "alpha_test_enable", coerce_bool(self.alpha_test_enable, "D3d9State.alpha_test_enable"))
        _set(self, "alpha_func", coerce_enum(CmpFunc, self.alpha_func, "D3d9State.alpha_func"))
        _set(self, "alpha_ref", coerce_u32(self.alpha_ref, "D3d9State.alpha_ref"))
        _set(self, "fog_enable", coerce_bool(self.fog_enable, "D3d9State.fog_enable"))
        _set(self, "fog_color", coerce_floats(self.fog_color, 3, "D3d9State.fog_color"))

    def to_core(self) -> _core.D3d9State:
        """The C++ struct (a new one)."""
        c = _core.D3d9State()
        c.alpha_test_enable = self.alpha_test_enable
        c.alpha_func = int(self.alpha_func)
        c.alpha_ref = self.alpha_ref
        c.fog_enable = self.fog_enable
        c.fog_color = tuple(f32_bits(x) for x in self.fog_color)
        return c


def _eight_formats(value: Any, name: str) -> tuple[Optional[FormatInfo], ...]:
    if not isinstance(value, (Sequence, np.ndarray)) or isinstance(value, (str, bytes)) or len(value) > MAX_RTS:
        raise ValueError(f"{name}: expected up to 8 formats (None = slot unbound)")
    out = [None if f is None else format_info(f, f"{name}[{i}]") for i, f in enumerate(value)]
    return tuple(out) + (None,) * (MAX_RTS - len(out))


@dataclass(frozen=True)
class PixelState:
    """Everything a draw sees (pixel.h PixelState): blend object, K, SampleMask, bound RT formats, D3D9 states.

    ``rt_formats`` takes up to 8 formats (None = unbound; missing entries unbound). Which PS outputs are declared
    is not part of this state: ``process_pixel(s)`` derive it from which ``oc`` entries are given.
    """

    blend: BlendDesc = BlendDesc()
    blend_factor: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)
    sample_mask: int = 0xFFFFFFFF
    rt_formats: tuple[Optional[FormatInfo], ...] = (None,) * MAX_RTS
    d3d9: D3d9State = D3d9State()
    gamma_space: bool = False
    """FL 9_x emulation: *_UNORM_SRGB RTs blend in gamma space (docs/arithmetic.md §9)."""
    feature_level: FeatureLevel = FeatureLevel.FL_11_1
    """The configuration's feature level: an RT whose format is not BLENDABLE there is written with blending off
    (docs/behaviour.md §11 #7)."""

    def __post_init__(self) -> None:
        if not isinstance(self.blend, BlendDesc):
            raise TypeError(f"PixelState.blend: expected a BlendDesc, got {type(self.blend).__name__}")
        if not isinstance(self.d3d9, D3d9State):
            raise TypeError(f"PixelState.d3d9: expected a D3d9State, got {type(self.d3d9).__name__}")
        _set(self, "blend_factor", coerce_floats(self.blend_factor, 4, "PixelState.blend_factor"))
        _set(self, "sample_mask", coerce_u32(self.sample_mask, "PixelState.sample_mask"))
        _set(self, "rt_formats", _eight_formats(self.rt_formats, "PixelState.rt_formats"))
        _set(self, "gamma_space", coerce_bool(self.gamma_space, "PixelState.gamma_space"))
        _set(self, "feature_level", coerce_enum(FeatureLevel, self.feature_level, "PixelState.feature_level", raw_ok=False))

    def to_core(self, ps_outputs: int) -> _core.PixelState:
        """The C++ struct with the declared-output mask `ps_outputs` (bit i: o[i] declared)."""
        c = _core.PixelState()
        c.blend = self.blend.to_core()
        c.blend_factor = tuple(f32_bits(x) for x in self.blend_factor)
        c.sample_mask = self.sample_mask
        c.rt_format = [None if f is None else f.core for f in self.rt_formats]
        c.ps_outputs = ps_outputs
        c.d3d9 = self.d3d9.to_core()
        c.gamma_space = self.gamma_space
        c.fl_index = _defs.FEATURE_LEVELS.index(self.feature_level.name[len("FL_") :])
        return c


__all__ = [
    "MAX_RTS",
    "RtBlendDesc",
    "BlendDesc",
    "D3d9State",
    "PixelState",
    "coerce_enum",
    "coerce_bool",
    "coerce_u32",
    "coerce_floats",
]

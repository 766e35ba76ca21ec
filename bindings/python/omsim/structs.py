# SPDX-License-Identifier: Apache-2.0
"""The machinery of the API dataclasses: :class:`Struct` (``to_core()`` / ``from_core()``), the field and argument
checks (one place for every module that checks arguments), and the hand-written behaviour the generated dataclasses
(omsim/_structs.py, from defs/structs.toml) mix in. The public modules (omsim.state, omsim.validate,
omsim.device_types) re-export the dataclasses; omsim.state the checks too.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from enum import Enum, Flag
from typing import Any, Optional, TypeVar, Union

import numpy as np

from . import _types
from .enums import Blend, BlendOp, ColorWrite, Format, Hresult, ValidateReason, desc_rule_message
from .errors import InvalidArgError, error_class
from .tables import FormatInfo, format_info

E = TypeVar("E", bound=Enum)
S = TypeVar("S", bound="Struct")
T = TypeVar("T")
Coerce = Callable[[Any, str], Any]

MAX_RTS = _types.SIZES["MaxRts"]
"""RT slots (D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT)."""


def coerce_enum(enum_cls: type[E], value: Any, name: str, *, raw_ok: bool = True) -> Union[E, int]:
    """`value` as a member of `enum_cls` (from a member, a name or an int). With `raw_ok`, a 32-bit int that is
    no member (for a flag class: has bits of no member) is returned as is; otherwise (or for anything else)
    ValueError / TypeError naming `name`."""
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
    if raw_ok and issubclass(enum_cls, Flag) and v & ~sum(int(m) for m in enum_cls):  # type: ignore[call-overload]
        return v
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


def int_arg(v: Any, name: str, lo: int, hi: int) -> int:
    """An int argument in lo..hi: TypeError / ValueError naming it otherwise."""
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        raise TypeError(f"{name}: expected an int, got {type(v).__name__}")
    if not lo <= int(v) <= hi:
        raise ValueError(f"{name}: {int(v)} is outside {lo}..{hi}")
    return int(v)


def coerce_real(value: Any, name: str) -> float:
    """A real number (an int or float, not a bool); TypeError naming `name` otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}: expected a number, got {type(value).__name__}")
    return float(value)


def coerce_floats(value: Any, n: int, name: str) -> tuple[float, ...]:
    """n real numbers (binary32 on the way to C++: rounded to nearest even)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)) or len(value) != n:
        raise ValueError(f"{name}: expected {n} numbers")
    return tuple(coerce_real(x, f"{name}[{i}]") for i, x in enumerate(value))


def instance_of(cls: type, *, optional: bool = False) -> Coerce:
    """A check that a value is a `cls` (or None, when `optional`), naming the argument otherwise."""
    article = "an" if cls.__name__[0] in "AEFHILMNORSX" else "a"

    def check(value: Any, name: str) -> Any:
        if (value is None and optional) or isinstance(value, cls):
            return value
        alt = " or None" if optional else ""
        raise TypeError(f"{name}: expected {article} {cls.__name__}{alt}, got {type(value).__name__}")

    check.what = cls.__name__  # type: ignore[attr-defined]
    return check


def require(value: Any, cls: type[T], name: str, none: Optional[str] = None) -> T:
    """`value` when it is a `cls` (or None, when `none` says what None means, e.g. "None (a NULL pointer)");
    TypeError "<name>: expected an omsim.<cls>[ or <none>], got <type>" otherwise."""
    if isinstance(value, cls) or (value is None and none is not None):
        return value
    alt = f" or {none}" if none else ""
    raise TypeError(f"{name}: expected an omsim.{cls.__name__}{alt}, got {type(value).__name__}")


def _format_or_none(value: Any, name: str) -> Optional[FormatInfo]:
    return None if value is None else format_info(value, name)


_format_or_none.what = "formats"  # type: ignore[attr-defined]


def rt_slots(value: Any, name: str, item: Coerce, *, least: int = 0, fill: Any = None) -> tuple[Any, ...]:
    """One entry per RT slot: a sequence of `least` to 8 entries, each checked by `item`, the rest `fill`."""
    if isinstance(value, (str, bytes, np.ndarray)) or not isinstance(value, Sequence) or not least <= len(value) <= MAX_RTS:
        what = getattr(item, "what", "entries")
        raise ValueError(f"{name}: expected {f'{least} to' if least else 'up to'} 8 {what} (one per RT slot)")
    return tuple(item(v, f"{name}[{i}]") for i, v in enumerate(value)) + (fill,) * (MAX_RTS - len(value))


def path_arg(value: Any, name: str) -> str:
    """A file or directory path (a str or os.PathLike) as a str, "" for None; TypeError / ValueError naming `name`."""
    if value is None:
        return ""
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name}: expected a path (str or os.PathLike) or None, got {type(value).__name__}")
    p = os.fspath(value)
    if not isinstance(p, str) or not p:
        raise ValueError(f"{name}: expected a non-empty path")
    return p


def coerce_u64(value: Any, name: str) -> int:
    """`value` as an unsigned 64-bit int (a cycle count); TypeError / ValueError naming `name`."""
    return int_arg(value, name, 0, 2**64 - 1)


def coerce_u8(value: Any, name: str) -> int:
    """`value` as an int in 0..255 (a UINT8 field); TypeError / ValueError naming `name`."""
    return int_arg(value, name, 0, 0xFF)


def slot_entries(value: Any, name: str, cls: type, *, optional: bool = False, least: int = 0) -> tuple[Any, ...]:
    """A field of one `cls` per RT slot (:func:`rt_slots`; a single `cls` is the first): the missing entries are
    None when `optional` (or for formats), default `cls` objects otherwise."""
    item = _format_or_none if cls is FormatInfo else instance_of(cls, optional=optional)
    fill = None if optional or cls is FormatInfo else cls()
    return rt_slots((value,) if isinstance(value, cls) else value, name, item, least=least, fill=fill)


def coerce_words(value: Any, name: str, size: Optional[int]) -> tuple[int, ...]:
    """A tuple of `size` (None: any number of) unsigned 32-bit ints."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != (size or len(value)):
        raise ValueError(f"{name}: expected {size} values")
    if all(type(x) is int and 0 <= x <= 0xFFFFFFFF for x in value):  # the common case, without a name per word
        return tuple(value)
    return tuple(coerce_u32(x, f"{name}[{i}]") for i, x in enumerate(value))


class Struct:
    """The base of the state dataclasses (omsim/_structs.py, generated from defs/structs.toml with a
    ``__post_init__`` that checks and converts every field by its type, ``_plain()`` and ``_unplain()``):
    ``to_core()`` / ``from_core()`` are the extension's tuple of the C++ struct."""

    def __post_init__(self) -> None:
        """Runs after the field checks (a mixin's own set-up)."""

    def _plain(self) -> tuple[Any, ...]:
        raise NotImplementedError  # pragma: no cover - every generated dataclass has one

    @staticmethod
    def _unplain(core: Sequence[Any]) -> Sequence[Any]:
        """The fields from the extension's tuple: nested structs' tuples become dataclasses (generated for a
        struct that has them)."""
        return core

    def to_core(self) -> tuple[Any, ...]:
        """The C++ struct as the extension modules take it: the fields in order, enums as ints, floats as binary32
        bits, formats as DXGI values, nested structs as tuples (worked out once: the object is immutable)."""
        core = self.__dict__.get("_core")
        if core is None:
            core = self._plain()
            object.__setattr__(self, "_core", core)
        return core  # type: ignore[no-any-return]

    @classmethod
    def from_core(cls: type[S], core: Sequence[Any]) -> S:
        """From the tuple the extension modules return for the C++ struct."""
        return cls(*cls._unplain(core))


def rt_format_arg(fmt: Any, name: str) -> Union[Format, int]:
    """A render-target view's format: a format argument, or a raw DXGI value 0..255 (kept as an int when the output
    merger does not implement it)."""
    if isinstance(fmt, (str, FormatInfo)):
        return format_info(fmt, name).format
    if isinstance(fmt, bool) or not isinstance(fmt, (int, np.integer)) or not 0 <= int(fmt) <= 0xFF:
        raise ValueError(f"{name}: expected a format or a DXGI value 0..255, got {fmt!r}")
    return Format(int(fmt)) if int(fmt) in Format._value2member_map_ else int(fmt)


M = TypeVar("M", bound="RtBlendDescMixin")


class RtBlendDescMixin(Struct):
    """RtBlendDesc's own behaviour: its hash is computed once (descriptors key the caches of every batch call), and
    :meth:`blending` builds a blending descriptor."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(self.to_core()))

    def __hash__(self) -> int:
        return self.__dict__["_hash"]  # type: ignore[no-any-return]

    @classmethod
    def blending(
        cls: type[M],
        src: Union[Blend, str, int],
        dest: Union[Blend, str, int],
        op: Union[BlendOp, str, int] = BlendOp.ADD,
        *,
        src_alpha: Union[Blend, str, int, None] = None,
        dest_alpha: Union[Blend, str, int, None] = None,
        op_alpha: Union[BlendOp, str, int, None] = None,
        write_mask: Union[ColorWrite, int] = ColorWrite.ALL,
    ) -> M:
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


class DescCheckMixin(Struct):
    """DescCheck's behaviour: whether the descriptor is valid, the broken rule's message, the exception."""

    @property
    def ok(self) -> bool:
        """True when the descriptor is valid."""
        return self.hr == Hresult.S_OK  # type: ignore[attr-defined]

    @property
    def message(self) -> str:
        """The debug-layer style message of the broken rule."""
        return desc_rule_message(self.rule)  # type: ignore[attr-defined]

    def raise_for_result(self) -> None:
        """Raise InvalidArgError (with rule and rt) unless the descriptor is valid."""
        if not self.ok:
            where = "" if self.rt < 0 else f" in RenderTarget[{self.rt}]"  # type: ignore[attr-defined]
            raise InvalidArgError(f"blend descriptor rejected: {self.message}{where}", rule=self.rule, rt=self.rt)  # type: ignore[attr-defined]


class ValidateResultMixin(Struct):
    """ValidateResult's behaviour: whether the draw renders in one pass, the failing checks, the exception."""

    @property
    def ok(self) -> bool:
        """True when the draw renders correctly in one pass (warnings allowed)."""
        return self.result == Hresult.S_OK  # type: ignore[attr-defined]

    @property
    def failed(self) -> list[ValidateReason]:
        """Every failing check, in table order (ValidateReason.WARNING for warnings)."""
        return [r for r in ValidateReason if self.reasons >> int(r) & 1]  # type: ignore[attr-defined]

    def raise_for_result(self) -> None:
        """Raise the ValidateError subclass of ``result`` (e.g. ConflictingRenderStateError) unless ok."""
        if not self.ok:
            message = self._message(", ".join(r.name for r in self.failed))
            raise error_class(self.result)(message, passes=self.passes, reasons=self.reasons, rt=self.rt)  # type: ignore[attr-defined, call-arg]

    def _message(self, names: str) -> str:
        return f"om_validate: {names} (passes {self.passes}, rt {self.rt})"  # type: ignore[attr-defined]


__all__ = [
    "MAX_RTS",
    "Struct",
    "coerce_enum",
    "coerce_bool",
    "coerce_u8",
    "coerce_u32",
    "coerce_floats",
    "coerce_real",
    "int_arg",
    "instance_of",
    "path_arg",
    "require",
    "rt_slots",
]

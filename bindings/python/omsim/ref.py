# SPDX-License-Identifier: Apache-2.0
"""The reference model (om::ref) over numpy: batch calls on arrays and per-pixel calls on Python values.

Batch calls (zero-copy: arrays are checked, never converted; the GIL is released while C++ runs):

* :func:`blend` / :func:`logic` -- one render target, many pixels: ``om::ref::blend_batch``, bit for bit what
  ``rt_op`` gives per pixel (blend, logic op, pass-through conversion, write mask).
* :func:`pack` / :func:`unpack` -- values <-> texels of a format; :func:`split` / :func:`join` -- texels <-> their
  component bit fields.
* :func:`process_pixels` -- whole pixels over the 8 RT slots: coverage, D3D9 alpha test (kills every RT), D3D9 fog
  (RT0 only), then one RT op per bound slot with a declared output.

Per-pixel calls (:func:`rt_op`, :func:`process_pixel`) take Python numbers and return ints for texels.

Arrays: *values* have shape ``(..., 4)`` (R, G, B, A): ``float32`` for float/norm formats (or ``uint32`` holding
binary32 bit patterns, e.g. to pass NaN payloads), ``uint32``/``int32`` for integer formats. *Texels* have the
format's texel dtype (see :mod:`omsim.tables`). All arrays must be C-contiguous numpy arrays in native byte order;
anything else raises TypeError (type, dtype) or ValueError (shape, layout, overlap) naming the argument.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Optional, Union

import numpy as np

from . import _core
from .enums import BatchIsa, ColorWrite, FogMode, LogicOp
from .tables import FormatInfo, FormatLike, f32_bits, f32_value, format_info
from .state import MAX_RTS, BlendDesc, D3d9State, PixelState, RtBlendDesc, coerce_bool, coerce_enum, coerce_floats, coerce_real, coerce_u32, require, rt_slots

Values = Union[Sequence[float], Sequence[int], np.ndarray]
"""Four channel values of one pixel: numbers (float formats: real values; integer formats: ints) or a (4,)
array with the dtype rules of batch values."""

_ONES = (1.0, 1.0, 1.0, 1.0)
_ONE_BITS = (0x3F800000,) * 4


def _blend_factor_words(k: Any, name: str = "blend_factor") -> tuple[int, int, int, int]:
    """K (or a colour) as binary32 words, from 4 real numbers or a (4,) float32 / uint32 (bits) array."""
    if k is _ONES:
        return _ONE_BITS
    return _words(None, k if isinstance(k, np.ndarray) else coerce_floats(k, 4, name), name)


def _words(f: Optional[FormatInfo], v: Any, name: str) -> tuple[int, int, int, int]:
    """Four 32-bit words of one pixel's values for format f (None: treated as a float format)."""
    integer = f is not None and f.is_integer
    if isinstance(v, np.ndarray):
        if v.shape != (4,):
            raise ValueError(f"{name}: expected shape (4,), got {v.shape}")
        ok = (np.uint32, np.int32) if integer else (np.float32, np.uint32)
        if v.dtype not in ok:
            want = " or ".join(np.dtype(t).name for t in ok)
            raise TypeError(f"{name}: expected dtype {want}, got {v.dtype}")
        w = v.view(np.uint32)
        return (int(w[0]), int(w[1]), int(w[2]), int(w[3]))
    if isinstance(v, (str, bytes)) or not isinstance(v, Sequence) or len(v) != 4:
        raise ValueError(f"{name}: expected 4 values (R, G, B, A)")
    if not integer:
        a, b, c, d = (f32_bits(x) for x in coerce_floats(v, 4, name))
        return (a, b, c, d)
    for i, x in enumerate(v):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
            raise TypeError(f"{name}[{i}]: {f.name} is an integer format: expected an int, got {type(x).__name__}")  # type: ignore[union-attr]
        if not -(2**31) <= int(x) < 2**32:
            raise ValueError(f"{name}[{i}]: {int(x)} does not fit a 32-bit PS output register")
    a, b, c, d = (int(x) & 0xFFFFFFFF for x in v)
    return (a, b, c, d)


def _rt_state(*args: Any) -> _core.BatchRt:
    """The C++ BatchRt for the arguments of :func:`_new_rt_state`, cached on them (all immutable when hashable)."""
    try:
        hash(args)
    except TypeError:  # an unhashable argument (an ndarray blend factor): no caching
        return _new_rt_state(*args)
    return _cached_rt_state(*args)


def _new_rt_state(
    format: FormatLike,
    desc: Optional[RtBlendDesc],
    blend_factor: Any,
    logic_op_enable: Optional[bool],
    logic_op: Union[LogicOp, str, int, None],
    gamma_space: bool,
) -> _core.BatchRt:
    f = format_info(format)
    desc = require(desc, RtBlendDesc, "desc", "None") or _DEFAULT_DESC
    le = desc.logic_op_enable if logic_op_enable is None else coerce_bool(logic_op_enable, "logic_op_enable")
    lo = desc.logic_op if logic_op is None else coerce_enum(LogicOp, logic_op, "logic_op")
    return _core.BatchRt(
        f.core, desc.to_core(), le, int(lo), coerce_bool(gamma_space, "gamma_space"), _blend_factor_words(blend_factor)
    )


_cached_rt_state = functools.lru_cache(maxsize=4096)(_new_rt_state)


_DEFAULT_DESC = RtBlendDesc()
_AUTO = BatchIsa.AUTO
_AUTO_INT = int(BatchIsa.AUTO)


def _isa(isa: Any) -> int:
    if isa is _AUTO:
        return _AUTO_INT
    return int(coerce_enum(BatchIsa, isa, "isa", raw_ok=False))


def blend(
    format: FormatLike,
    src: np.ndarray,
    dest: np.ndarray,
    desc: Optional[RtBlendDesc] = None,
    *,
    src1: Optional[np.ndarray] = None,
    blend_factor: Union[Sequence[float], np.ndarray] = _ONES,
    logic_op_enable: Optional[bool] = None,
    logic_op: Union[LogicOp, str, int, None] = None,
    gamma_space: bool = False,
    out: Optional[np.ndarray] = None,
    written: Optional[np.ndarray] = None,
    isa: Union[BatchIsa, int] = BatchIsa.AUTO,
) -> np.ndarray:
    """One render target, many pixels: the texels ``rt_op`` stores, bit for bit (om::ref::blend_batch).

    format: the RT format. src: (..., 4) PS output o[i] (value dtype rules of the module docstring). dest: the
    current texels (texel array of the format, same pixel shape). desc: this RT's descriptor (None: defaults, i.e.
    pass-through conversion under write mask ALL). src1: dual-source o1. blend_factor: K as 4 floats (or a (4,)
    float32/uint32 array). logic_op_enable / logic_op: RenderTarget[0]'s logic op (None: take them from desc).
    gamma_space: FL 9_x sRGB blending. out: where to write (None: a new array; may be dest itself for in-place).
    written: optional bool/uint8 array of the pixel shape, set to 1 where the texel is stored. isa: highest
    instruction set (BatchIsa). Returns out.
    """
    rt = _rt_state(format, desc, blend_factor, logic_op_enable, logic_op, gamma_space)
    return _core.blend_batch(rt, src, dest, out, src1, written, _isa(isa))


def blend_kernel(
    format: FormatLike,
    desc: Optional[RtBlendDesc] = None,
    *,
    blend_factor: Union[Sequence[float], np.ndarray] = _ONES,
    logic_op_enable: Optional[bool] = None,
    logic_op: Union[LogicOp, str, int, None] = None,
    gamma_space: bool = False,
    isa: Union[BatchIsa, int] = BatchIsa.AUTO,
) -> str:
    """Name of the C++ kernel :func:`blend` runs for this state on this CPU ("avx2-rgba8", "scalar", ...)."""
    rt = _rt_state(format, desc, blend_factor, logic_op_enable, logic_op, gamma_space)
    return _core.blend_batch_kernel(rt, _isa(isa))


def logic(
    format: FormatLike,
    op: Union[LogicOp, str, int],
    src: np.ndarray,
    dest: np.ndarray,
    *,
    write_mask: Union[ColorWrite, int] = ColorWrite.ALL,
    out: Optional[np.ndarray] = None,
    written: Optional[np.ndarray] = None,
) -> np.ndarray:
    """Logic op `op` on a UINT render target (docs/arithmetic.md §7): the low n bits of each source channel, merged
    under `write_mask`. A non-UINT RT is left unchanged (its texels are copied to out). Returns out."""
    lo = coerce_enum(LogicOp, op, "op", raw_ok=False)
    desc = RtBlendDesc(logic_op_enable=True, logic_op=lo, render_target_write_mask=write_mask)
    return blend(format, src, dest, desc, out=out, written=written)


def logic_op_apply(op: Union[LogicOp, str, int], s: int, d: int) -> int:
    """The D3D11_LOGIC_OP table on two 32-bit words (s = source, d = destination)."""
    lo = coerce_enum(LogicOp, op, "op", raw_ok=False)
    return _core.logic_op_apply(int(lo), coerce_u32(s, "s"), coerce_u32(d, "d"))


def pack(format: FormatLike, values: np.ndarray, out: Optional[np.ndarray] = None) -> np.ndarray:
    """Encode (..., 4) values into texels of `format` (docs/arithmetic.md §6: clamp, scale, round or truncate as the
    canonical datapath does; X padding stored as ones). Returns the texel array."""
    return _core.pack(format_info(format).core, values, out)


def unpack(format: FormatLike, texels: np.ndarray, out: Optional[np.ndarray] = None) -> np.ndarray:
    """Read texels back to the blender's domain (docs/arithmetic.md §3): (..., 4) float32 for float/norm formats,
    uint32 for UINT, int32 for SINT. Absent R, G, B read 0, absent A reads 1."""
    return _core.unpack(format_info(format).core, texels, out)


def split(format: FormatLike, texels: np.ndarray, out: Optional[np.ndarray] = None) -> np.ndarray:
    """The stored component bit fields R, G, B, A of every texel as (..., 4) uint32 (absent channels 0)."""
    return _core.split(format_info(format).core, texels, out)


def join(format: FormatLike, fields: np.ndarray, out: Optional[np.ndarray] = None) -> np.ndarray:
    """Texels from (..., 4) component bit fields (each masked to its width; X padding ones)."""
    return _core.join(format_info(format).core, fields, out)


@dataclass(frozen=True)
class RtOpResult:
    """One RT op: ``write`` (the texel is stored) and the new ``texel`` (equal to dest when not written)."""

    write: bool
    texel: int


def rt_op(
    format: FormatLike,
    desc: Optional[RtBlendDesc],
    s: Values,
    dest: int,
    *,
    s1: Optional[Values] = None,
    blend_factor: Union[Sequence[float], np.ndarray] = _ONES,
    logic_op_enable: Optional[bool] = None,
    logic_op: Union[LogicOp, str, int, None] = None,
    gamma_space: bool = False,
    clear: bool = False,
) -> RtOpResult:
    """One RT op on one pixel (om::ref::rt_op): s = o[i], dest = the current texel as an int. See :func:`blend`
    for the other arguments; clear: a Clear of the RT to colour s (blend state and write mask ignored)."""
    rt = _rt_state(format, desc, blend_factor, logic_op_enable, logic_op, gamma_space)
    f = format_info(format)
    w1 = (0, 0, 0, 0) if s1 is None else _words(f, s1, "s1")
    return RtOpResult(*_core.rt_op(rt, _words(f, s, "s"), dest, w1, coerce_bool(clear, "clear")))


def _slots(value: Any, name: str) -> tuple[Any, ...]:
    return rt_slots(value, name, lambda v, n: v)


@dataclass(frozen=True)
class PixelResult:
    """One pixel: ``covered``, and per RT slot ``write`` and the new ``texel`` (None for unbound slots)."""

    covered: bool
    write: tuple[bool, ...]
    texel: tuple[Optional[int], ...]


def process_pixel(
    state: PixelState,
    oc: Sequence[Optional[Values]],
    dest: Sequence[Optional[int]],
    *,
    oc1: Optional[Values] = None,
    coverage: bool = True,
    fog: float = 1.0,
    clear: bool = False,
) -> PixelResult:
    """One pixel through the output merger (om::ref::process_pixel).

    oc: up to 8 PS outputs o[0..7] (4 values each; None = not declared, so that RT is untouched). dest: the
    current texel (int) of every bound slot (None for unbound). oc1: dual-source o1. coverage: raster coverage.
    fog: the D3D9 fog factor f. clear: a Clear command (oc[0] is the colour, written to every bound RT).
    """
    st = require(state, PixelState, "state")
    ocs, ds = _slots(oc, "oc"), _slots(dest, "dest")
    words = [None if v is None else _words(st.rt_formats[i], v, f"oc[{i}]") for i, v in enumerate(ocs)]
    w1 = (0, 0, 0, 0) if oc1 is None else _words(st.rt_formats[0], oc1, "oc1")
    covered, write, texel = _core.process_pixel(
        st.to_core(), words, ds, w1, coerce_bool(coverage, "coverage"), f32_bits(coerce_real(fog, "fog")), coerce_bool(clear, "clear")
    )
    return PixelResult(covered, tuple(write), tuple(texel))


@dataclass(frozen=True)
class PixelsResult:
    """Many pixels: ``texels`` (the output array of every bound slot, None for unbound), ``covered`` (bool,
    pixel shape) and ``written`` (bool, pixel shape + (8,)): slot i of pixel p stored."""

    texels: tuple[Optional[np.ndarray], ...]
    covered: np.ndarray
    written: np.ndarray


def process_pixels(
    state: PixelState,
    oc: Sequence[Optional[np.ndarray]],
    dest: Sequence[Optional[np.ndarray]],
    *,
    oc1: Optional[np.ndarray] = None,
    coverage: Optional[np.ndarray] = None,
    fog: Optional[np.ndarray] = None,
    clear: Optional[np.ndarray] = None,
    out: Optional[Sequence[Optional[np.ndarray]]] = None,
) -> PixelsResult:
    """Many pixels through the output merger: :func:`process_pixel` for every pixel of the arrays.

    oc: up to 8 value arrays (..., 4) (None = o[i] not declared). dest: the texel array of every bound slot of
    state.rt_formats (None for unbound slots). oc1: (..., 4) dual-source values. coverage, clear: bool arrays of
    the pixel shape (default all covered, no clears). fog: float32 fog factors (default 1.0 = no fog). out: output
    texel arrays per slot (None: new arrays; an entry may be dest's own array for in-place).
    """
    st = require(state, PixelState, "state")
    outs = None if out is None else _slots(out, "out")
    return PixelsResult(
        *_core.process_pixels(st.to_core(), _slots(oc, "oc"), _slots(dest, "dest"), outs, oc1, coverage, fog, clear)
    )


def select_rt_desc(blend: BlendDesc, rt: int) -> RtBlendDesc:
    """The descriptor RT slot `rt` (0..7) uses: IndependentBlendEnable / logic-op rules (docs/behaviour.md §2.6)."""
    require(blend, BlendDesc, "blend")
    if isinstance(rt, bool) or not isinstance(rt, (int, np.integer)):
        raise TypeError(f"rt: expected an int, got {type(rt).__name__}")
    if not 0 <= int(rt) < MAX_RTS:
        raise ValueError(f"rt: {int(rt)} is not an RT slot (0..7)")
    return RtBlendDesc.from_core(_core.select_rt_desc(blend.to_core(), int(rt)))


def a2c_covered(alpha: float) -> bool:
    """Single-sample alpha-to-coverage (docs/behaviour.md §8): covered iff alpha + 0.5 >= 1.0 in binary32."""
    return _core.a2c_covered(f32_bits(coerce_real(alpha, "alpha")))


def alpha_test_pass(d3d9: D3d9State, alpha: float) -> bool:
    """D3D9 alpha test of oC0.a (docs/behaviour.md §5.4): True when disabled or when ``alpha FUNC alpha_ref/255``."""
    return _core.alpha_test_pass(require(d3d9, D3d9State, "d3d9").to_core(), f32_bits(coerce_real(alpha, "alpha")))


def apply_fog(d3d9: D3d9State, f: float, c: Sequence[float]) -> tuple[float, float, float, float]:
    """D3D9 fog on RGB (docs/behaviour.md §5.5): f*C + (1-f)*fog_color with f clamped to [0, 1]; alpha untouched."""
    r = _core.apply_fog(require(d3d9, D3d9State, "d3d9").to_core(), f32_bits(coerce_real(f, "f")), _words(None, c, "c"))
    return (f32_value(r[0]), f32_value(r[1]), f32_value(r[2]), f32_value(r[3]))


def fog_factor(mode: Union[FogMode, str, int], d: float, start: float = 0.0, end: float = 1.0, density: float = 1.0) -> float:
    """D3D9 fog factor f in [0, 1] at distance d (docs/behaviour.md §5.5; the defaults are D3D9's render-state
    defaults)."""
    m = coerce_enum(FogMode, mode, "mode", raw_ok=False)
    bits = _core.fog_factor(
        int(m), f32_bits(coerce_real(d, "d")), f32_bits(coerce_real(start, "start")), f32_bits(coerce_real(end, "end")),
        f32_bits(coerce_real(density, "density")),
    )
    return f32_value(bits)


def clear_texel(format: FormatLike, colour: Values) -> int:
    """The texel a Clear writes to an RT of `format` (docs/behaviour.md §5.7): the float colour converted."""
    f = format_info(format)
    return _core.clear_texel(f.core, _words(None, colour, "colour"))


from .ref_depth import (  # noqa: E402  (the depth/stencil batch functions belong to omsim.ref too)
    DepthStencilResult,
    depth_stencil,
    sample_coverage,
    stencil_op,
)

__all__ = [
    "DepthStencilResult",
    "depth_stencil",
    "sample_coverage",
    "stencil_op",
    "blend",
    "blend_kernel",
    "logic",
    "logic_op_apply",
    "pack",
    "unpack",
    "split",
    "join",
    "RtOpResult",
    "rt_op",
    "PixelResult",
    "process_pixel",
    "PixelsResult",
    "process_pixels",
    "select_rt_desc",
    "a2c_covered",
    "alpha_test_pass",
    "apply_fog",
    "fog_factor",
    "clear_texel",
]

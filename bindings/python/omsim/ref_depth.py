# SPDX-License-Identifier: Apache-2.0
"""Depth/stencil and sample coverage of the reference model over numpy arrays (docs/depth-stencil.md).

* :func:`depth_stencil`: the whole per-sample test (clamp, convert, depth and stencil tests, stencil op, writes) for
  arrays of samples under one state and view.
* :func:`stencil_op`: one stencil op over an array of stencil values.
* :func:`sample_coverage`: raster coverage & SampleMask & alpha-to-coverage / oMask, per pixel.
* :func:`check_depth_stencil_desc`, :func:`normalise_depth_stencil_desc` and :class:`DepthStencilStateTable`:
  CreateDepthStencilState's validation, normalisation and object table (raising the D3D code's exception).

Every number comes from the C++ reference model; this module only checks and shapes arguments.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Union

import numpy as np

from . import _core
from .enums import DsFormat, DsRule, DsvFlag, Hresult, StencilOp
from .errors import InvalidArgError, error_class, is_failure
from .state import DepthStencilDesc, coerce_enum, coerce_u8, coerce_u32, require
from .tables import f32_bits

SAMPLE_COUNTS = (1, 2, 4, 8)
"""Samples per pixel a configuration may have (docs/depth-stencil.md §3)."""


class DepthStencilResult(NamedTuple):
    """Per sample: passed both tests (stays in the colour coverage), the op taken (0 stencil fail, 1 depth fail,
    2 pass), whether depth / stencil are written, and the values the buffer holds afterwards."""

    passed: np.ndarray  # bool
    outcome: np.ndarray  # uint8
    write_depth: np.ndarray  # bool
    write_stencil: np.ndarray  # bool
    depth: np.ndarray  # uint32: UNORM code or binary32 bits
    stencil: np.ndarray  # uint8


def _desc(desc: Any, name: str = "desc") -> tuple[Any, ...]:
    return require(desc, DepthStencilDesc, name).to_core()


def _vec(a: Any, name: str, dtype: Any) -> np.ndarray:
    """`a` as a 1-D array of `dtype`. Into an integer or bool dtype only values it holds exactly convert: a cast
    would wrap 300 to 44 in uint8, truncate 1.7 to 1 and turn NaN into 0 (a silently wrong result)."""
    src = np.asarray(a)
    if src.dtype.kind not in "biuf":
        raise TypeError(f"{name}: expected numbers, got an array of {src.dtype}")
    if src.ndim != 1:
        raise ValueError(f"{name}: expected a 1-D array, got {src.ndim} dimensions")
    with np.errstate(invalid="ignore", over="ignore"):
        arr = np.ascontiguousarray(src.astype(dtype, copy=False))
        lost = np.dtype(dtype).kind != "f" and src.dtype != arr.dtype and not np.array_equal(arr, src)
    if lost:
        i = int(np.flatnonzero(arr != src)[0])
        raise ValueError(f"{name}[{i}]: {src[i].item()!r} is not a {np.dtype(dtype).name} value")
    return arr


def _depth_bits(v: Any, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, float, np.floating, np.integer)):
        raise TypeError(f"{name}: expected a real number, got {type(v).__name__}")
    return f32_bits(float(v))


def depth_stencil(
    desc: DepthStencilDesc,
    format: Union[DsFormat, str, int, None],
    z: Any,
    stored_depth: Any,
    *,
    stored_stencil: Any = None,
    front_face: Any = None,
    stencil_ref: int = 0,
    dsv_flags: Union[DsvFlag, int] = 0,
    min_depth: float = 0.0,
    max_depth: float = 1.0,
) -> DepthStencilResult:
    """The depth/stencil test of each sample (docs/depth-stencil.md §2). z: float32 depths (or uint32 binary32
    bits); stored_depth: uint32 buffer values (UNORM codes or binary32 bits); stored_stencil: uint8 (default 0);
    front_face: bools (default all front-facing); format None = no view bound (everything passes)."""
    fmt = None if format is None else int(coerce_enum(DsFormat, format, "format", raw_ok=False))
    zs = np.asarray(z)
    zs = _vec(zs, "z", np.uint32 if zs.dtype == np.uint32 else np.float32)  # binary32 bits pass as they are
    n = zs.shape[0]
    sd = _vec(stored_depth, "stored_depth", np.uint32)
    ss = None if stored_stencil is None else _vec(stored_stencil, "stored_stencil", np.uint8)
    ff = None if front_face is None else _vec(front_face, "front_face", np.bool_)
    flags, outcome = np.empty(n, np.uint8), np.empty(n, np.uint8)
    depth, stencil = np.empty(n, np.uint32), np.empty(n, np.uint8)
    _core.depth_stencil_batch(
        _desc(desc), fmt, coerce_u32(int(dsv_flags), "dsv_flags"), coerce_u8(stencil_ref, "stencil_ref"),
        _depth_bits(min_depth, "min_depth"), _depth_bits(max_depth, "max_depth"),
        zs, ff, sd, ss, flags, outcome, depth, stencil,
    )
    return DepthStencilResult((flags & 1) != 0, outcome, (flags & 2) != 0, (flags & 4) != 0, depth, stencil)


def stencil_op(op: Union[StencilOp, str, int], stencil: Any, ref: int = 0) -> np.ndarray:
    """The new stencil values of `op` (before the write mask) for uint8 `stencil` and StencilRef `ref`."""
    s = _vec(stencil, "stencil", np.uint8)
    out = np.empty_like(s)
    _core.stencil_op_batch(int(coerce_enum(StencilOp, op, "op")), coerce_u8(ref, "ref"), s, out)
    return out


def sample_coverage(
    raster: Any,
    samples: int,
    *,
    sample_mask: int = 0xFFFFFFFF,
    alpha: Any = None,
    omask: Any = None,
) -> np.ndarray:
    """Final coverage per pixel (uint32, low `samples` bits): raster & SampleMask & (oMask if given, else the
    alpha-to-coverage mask of `alpha` if given). samples: 1, 2, 4 or 8."""
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or int(samples) not in SAMPLE_COUNTS:
        raise ValueError(f"samples: {samples!r} is not one of {SAMPLE_COUNTS}")
    r = _vec(raster, "raster", np.uint32)
    al = None if alpha is None else _vec(alpha, "alpha", np.float32)
    om = None if omask is None else _vec(omask, "omask", np.uint32)
    out = np.empty_like(r)
    _core.sample_coverage_batch(coerce_u32(sample_mask, "sample_mask"), al is not None, int(samples), r, al, om, out)
    return out


def _raise(hr: int, rule: int) -> None:
    if hr == Hresult.E_INVALIDARG:
        r = DsRule(rule)
        raise InvalidArgError(f"depth-stencil descriptor rejected: {_core.ds_rule_message(rule)}", rule=r)
    if is_failure(hr):
        raise error_class(hr)("CreateDepthStencilState failed")


def check_depth_stencil_desc(desc: Optional[DepthStencilDesc]) -> tuple[Hresult, DsRule]:
    """CreateDepthStencilState's validation (docs/depth-stencil.md §4): (S_OK, OK) or (E_INVALIDARG, the first
    broken rule); None is a NULL pointer."""
    hr, rule = _core.check_depth_stencil_desc(None if desc is None else _desc(desc))
    return Hresult(hr), DsRule(rule)


def normalise_depth_stencil_desc(desc: DepthStencilDesc) -> DepthStencilDesc:
    """What GetDesc reports: fields of a disabled depth or stencil part set to their defaults."""
    return DepthStencilDesc.from_core(_core.normalise_depth_stencil_desc(_desc(desc)))


class DepthStencilStateTable(_core.DepthStencilStateTable):
    """CreateDepthStencilState's object table of one device: de-duplication on the normalised descriptor,
    reference counts, 4096 unique live objects (as :class:`omsim.BlendStateTable`)."""

    def create(self, desc: Optional[DepthStencilDesc]) -> int:  # type: ignore[override]
        """The handle (an existing one for an equal normalised descriptor). Raises InvalidArgError (with
        ``rule``), TooManyUniqueStateObjectsError or OutOfMemoryError."""
        hr, handle, rule = super().create(None if desc is None else _desc(desc), True)
        _raise(hr, rule)
        return handle

    def validate(self, desc: Optional[DepthStencilDesc]) -> Hresult:
        """CreateDepthStencilState without an object pointer: S_FALSE when valid, else raises InvalidArgError."""
        hr, _, rule = super().create(None if desc is None else _desc(desc), False)
        _raise(hr, rule)
        return Hresult(hr)

    def desc(self, handle: int) -> DepthStencilDesc:  # type: ignore[override]
        """GetDesc: the normalised descriptor (ValueError when not live)."""
        return DepthStencilDesc.from_core(super().desc(coerce_u32(handle, "handle")))


__all__ = [
    "DepthStencilResult",
    "DepthStencilStateTable",
    "SAMPLE_COUNTS",
    "check_depth_stencil_desc",
    "depth_stencil",
    "normalise_depth_stencil_desc",
    "sample_coverage",
    "stencil_op",
]

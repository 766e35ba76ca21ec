# SPDX-License-Identifier: Apache-2.0
"""Scalar primitives of the canonical datapath on raw bit patterns (ints): the binary32 ops of ``fp32.h`` and the
per-component conversions of ``convert.h``.

Every argument is a 32-bit word (a binary32 bit pattern, or a code); use :func:`omsim.f32_bits` /
:func:`omsim.f32_value` to go between Python floats and bit patterns. A word outside [0, 2**32) raises ValueError
naming the argument; an unsupported width raises ValueError from the model.
"""

from __future__ import annotations

from typing import Union

from . import _core
from .enums import CmpFunc
from .state import coerce_enum, coerce_u32 as _w


def f32_add(a: int, b: int) -> int:
    """a + b: inputs flushed (FTZ), RNE, denormal result flushed, any NaN result = 0x7FC00000."""
    return _core.f32_add(_w(a, "a"), _w(b, "b"))


def f32_sub(a: int, b: int) -> int:
    """a - b, as f32_add."""
    return _core.f32_sub(_w(a, "a"), _w(b, "b"))


def f32_mul(a: int, b: int) -> int:
    """a * b, as f32_add (NaN * 0 = INF * 0 = NaN)."""
    return _core.f32_mul(_w(a, "a"), _w(b, "b"))


def f32_min(a: int, b: int) -> int:
    """D3D min: a NaN operand yields the other; min(-0, +0) = -0."""
    return _core.f32_min(_w(a, "a"), _w(b, "b"))


def f32_max(a: int, b: int) -> int:
    """D3D max: a NaN operand yields the other; max(-0, +0) = +0."""
    return _core.f32_max(_w(a, "a"), _w(b, "b"))


def f32_clamp(a: int, lo: int, hi: int) -> int:
    """Clamp to [lo, hi] with NaN -> +0 (the blender's input and output clamp)."""
    return _core.f32_clamp(_w(a, "a"), _w(lo, "lo"), _w(hi, "hi"))


def f32_compare(func: Union[CmpFunc, str, int], a: int, b: int) -> bool:
    """`a func b` with the D3D NaN rules (docs/behaviour.md §5.4)."""
    f = coerce_enum(CmpFunc, func, "func", raw_ok=False)
    return _core.f32_compare(int(f), _w(a, "a"), _w(b, "b"))


def f32_ftz(a: int) -> int:
    """Flush a binary32 denormal to the zero of its sign."""
    return _core.f32_ftz(_w(a, "a"))


def unorm_to_f32(code: int, bits: int) -> int:
    """UNORM code -> binary32 code / (2^bits - 1), correctly rounded (bits 1..16)."""
    return _core.unorm_to_f32(_w(code, "code"), _w(bits, "bits"))


def f32_to_unorm(f: int, bits: int) -> int:
    """binary32 -> UNORM code: clamp [0, 1] (NaN -> 0), x (2^bits - 1), + 0.5, truncate."""
    return _core.f32_to_unorm(_w(f, "f"), _w(bits, "bits"))


def snorm_to_f32(code: int, bits: int) -> int:
    """SNORM code (two's complement in `bits`) -> binary32 max(code / (2^(bits-1) - 1), -1) (bits 2..16)."""
    return _core.snorm_to_f32(_w(code, "code"), _w(bits, "bits"))


def f32_to_snorm(f: int, bits: int) -> int:
    """binary32 -> SNORM code in the low `bits` bits (-1.0 -> 0x81 for 8 bits)."""
    return _core.f32_to_snorm(_w(f, "f"), _w(bits, "bits"))


def srgb_to_f32(code: int) -> int:
    """sRGB UNORM8 code -> linear binary32 (the correctly rounded ideal decode)."""
    return _core.srgb_to_f32(_w(code, "code"))


def f32_to_srgb(f: int) -> int:
    """Linear binary32 -> sRGB UNORM8 code (the canonical encode)."""
    return _core.f32_to_srgb(_w(f, "f"))


def f32_srgb_encode_unquantised(f: int) -> int:
    """Linear binary32 -> the unquantised sRGB-encoded binary32 (FL 9_x gamma-space blending)."""
    return _core.f32_srgb_encode_unquantised(_w(f, "f"))


def f16_to_f32(h: int) -> int:
    """float16 bits -> binary32 bits (exact)."""
    return _core.f16_to_f32(_w(h, "h"))


def f11_to_f32(h: int) -> int:
    """float11 bits -> binary32 bits (exact)."""
    return _core.f11_to_f32(_w(h, "h"))


def f10_to_f32(h: int) -> int:
    """float10 bits -> binary32 bits (exact)."""
    return _core.f10_to_f32(_w(h, "h"))


def f32_to_f16(f: int) -> int:
    """binary32 -> float16 bits: RTZ, finite overflow -> 0x7BFF, NaN -> 0x7E00."""
    return _core.f32_to_f16(_w(f, "f"))


def f32_to_f11(f: int) -> int:
    """binary32 -> float11 bits: RTZ, negative -> 0, overflow -> 0x7BF, NaN -> 0x7E0."""
    return _core.f32_to_f11(_w(f, "f"))


def f32_to_f10(f: int) -> int:
    """binary32 -> float10 bits: RTZ, negative -> 0, overflow -> 0x3DF, NaN -> 0x3F0."""
    return _core.f32_to_f10(_w(f, "f"))


__all__ = [
    "f32_add",
    "f32_sub",
    "f32_mul",
    "f32_min",
    "f32_max",
    "f32_clamp",
    "f32_compare",
    "f32_ftz",
    "unorm_to_f32",
    "f32_to_unorm",
    "snorm_to_f32",
    "f32_to_snorm",
    "srgb_to_f32",
    "f32_to_srgb",
    "f32_srgb_encode_unquantised",
    "f16_to_f32",
    "f11_to_f32",
    "f10_to_f32",
    "f32_to_f16",
    "f32_to_f11",
    "f32_to_f10",
]

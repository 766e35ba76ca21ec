# SPDX-License-Identifier: Apache-2.0
"""Scalar primitives of the canonical datapath on raw bit patterns (ints): the binary32 ops of ``fp32.h`` and the
per-component conversions of ``convert.h``.

Every argument is a 32-bit word (a binary32 bit pattern, or a code); use :func:`omsim.f32_bits` /
:func:`omsim.f32_value` to go between Python floats and bit patterns. A word outside [0, 2**32) raises ValueError
naming the argument; an unsupported width raises ValueError from the model. Each function is the extension's, with
its arguments checked here (names and descriptions from the extension).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Union

from . import _core
from .enums import CmpFunc
from .state import coerce_enum, coerce_u32


def _checked(name: str) -> Callable[..., Any]:
    core = getattr(_core, name)
    head, _, doc = core.__doc__.partition("\n")
    params = [p.split(":")[0].strip() for p in head[len(name) + 1 : head.rindex(")")].split(",")]
    signature = inspect.Signature(
        [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=int) for p in params],
        return_annotation=int,
    )

    def call(*args: Any, **kwargs: Any) -> Any:
        if kwargs or len(args) != len(params):
            args = tuple(signature.bind(*args, **kwargs).arguments.values())
        return core(*map(coerce_u32, args, params))

    call.__name__ = call.__qualname__ = name
    call.__doc__ = doc.strip()
    call.__signature__ = signature  # type: ignore[attr-defined]
    return call


f32_add = _checked("f32_add")
f32_sub = _checked("f32_sub")
f32_mul = _checked("f32_mul")
f32_min = _checked("f32_min")
f32_max = _checked("f32_max")
f32_clamp = _checked("f32_clamp")
f32_ftz = _checked("f32_ftz")
unorm_to_f32 = _checked("unorm_to_f32")
f32_to_unorm = _checked("f32_to_unorm")
snorm_to_f32 = _checked("snorm_to_f32")
f32_to_snorm = _checked("f32_to_snorm")
srgb_to_f32 = _checked("srgb_to_f32")
f32_to_srgb = _checked("f32_to_srgb")
f32_srgb_encode_unquantised = _checked("f32_srgb_encode_unquantised")
f16_to_f32 = _checked("f16_to_f32")
f11_to_f32 = _checked("f11_to_f32")
f10_to_f32 = _checked("f10_to_f32")
f32_to_f16 = _checked("f32_to_f16")
f32_to_f11 = _checked("f32_to_f11")
f32_to_f10 = _checked("f32_to_f10")


def f32_compare(func: Union[CmpFunc, str, int], a: int, b: int) -> bool:
    """`a func b` with the D3D NaN rules (docs/behaviour.md §5.4)."""
    f = coerce_enum(CmpFunc, func, "func", raw_ok=False)
    return _core.f32_compare(int(f), coerce_u32(a, "a"), coerce_u32(b, "b"))


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

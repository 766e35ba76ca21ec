# SPDX-License-Identifier: Apache-2.0
"""Render-target formats, named hardware configurations and binary32 bit helpers.

A *format* argument anywhere in omsim accepts a :class:`~omsim.enums.Format` member, a DXGI name
(``"R8G8B8A8_UNORM"``, optional ``DXGI_FORMAT_`` prefix, any case), a DXGI value (``28``) or a
:class:`FormatInfo`. A *config* argument accepts a configuration name of ``defs/configs.toml`` (``"fl11_1"``) or a
:class:`ConfigInfo`; ``None`` means the default configuration.

Texel arrays (render-target memory images) hold one texel per pixel: ``uint8``/``uint16``/``uint32``/``uint64``
for 8/16/32/64-bit formats, and ``uint32`` with a trailing dimension of 4 (little-endian words) for 128-bit
formats. Value arrays have a trailing dimension of 4 (R, G, B, A): ``float32`` for float/norm formats,
``uint32``/``int32`` for integer formats.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Union

import numpy as np

from . import _defs
from .enums import FeatureLevel, Format, FormatClass, PBlendCaps, PMiscCaps


@dataclass(frozen=True)
class FormatInfo:
    """Layout and feature-level support of one render-target format (from the generated format table)."""

    format: Format
    name: str
    cls: FormatClass
    texel_bits: int
    channels: tuple[tuple[int, int], ...]
    """(bits, offset) of R, G, B, A; bits 0 = absent."""
    x: tuple[int, int]
    """(bits, offset) of the X padding (stored as ones), (0, 0) when none."""
    rt_levels: frozenset[FeatureLevel]
    """Feature levels at which the format is a render target."""
    blend_levels: frozenset[FeatureLevel]
    """Feature levels at which it is blendable."""

    @property
    def core(self) -> int:
        """The format as the extension modules take it: its DXGI value."""
        return int(self.format)

    @property
    def texel_bytes(self) -> int:
        """Bytes per texel."""
        return self.texel_bits // 8

    @property
    def is_integer(self) -> bool:
        """UINT or SINT: values are integers, never blended."""
        return self.cls in (FormatClass.UINT, FormatClass.SINT)

    @property
    def texel_dtype(self) -> np.dtype:
        """numpy dtype of this format's texel arrays."""
        return np.dtype({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64, 16: np.uint32}[self.texel_bytes])

    @property
    def value_dtype(self) -> np.dtype:
        """numpy dtype of values in the blender's domain: float32, uint32 (UINT) or int32 (SINT)."""
        return np.dtype({FormatClass.UINT: np.uint32, FormatClass.SINT: np.int32}.get(self.cls, np.float32))

    def texel_shape(self, shape: int | Sequence[int]) -> tuple[int, ...]:
        """Shape of the texel array for a pixel shape (adds the word dimension of 128-bit formats)."""
        s = (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(int(d) for d in shape)
        return s + (4,) if self.texel_bytes == 16 else s

    def has_channel(self, ch: int) -> bool:
        """True when channel ch (0..3 = R, G, B, A) is stored."""
        return self.channels[ch][0] > 0


FormatLike = Union[Format, str, int, FormatInfo]
"""What a format argument accepts."""


def _levels(support: list[bool]) -> frozenset[FeatureLevel]:
    return frozenset(FeatureLevel[f"FL_{name}"] for name, ok in zip(_defs.FEATURE_LEVELS, support) if ok)


_FORMATS: tuple[FormatInfo, ...] = tuple(
    FormatInfo(Format(f["dxgi"]), name, FormatClass[f["cls"]], f["texel_bits"], tuple(f["chans"]), f["x"],
               _levels(f["rt"]), _levels(f["blend"]))
    for name, f in _defs.FORMATS.items()
)
_BY_VALUE: dict[int, FormatInfo] = {int(f.format): f for f in _FORMATS}
_BY_NAME: dict[str, FormatInfo] = {f.name: f for f in _FORMATS}


def formats() -> list[FormatInfo]:
    """Every render-target format the output merger implements, in DXGI order."""
    return list(_FORMATS)


def format_info(fmt: FormatLike, name: str = "format") -> FormatInfo:
    """Resolve a format argument (see the module docstring). ValueError names the argument when the format is
    unknown or not implemented; TypeError for another type."""
    if isinstance(fmt, FormatInfo):
        return fmt
    if isinstance(fmt, str):
        info = _BY_NAME.get(fmt.upper().removeprefix("DXGI_FORMAT_"))
        if info is None:
            raise ValueError(
                f"{name}: unknown render-target format {fmt!r}; expected a DXGI name such as "
                f"'R8G8B8A8_UNORM' (the {len(_FORMATS)} formats are listed by omsim.formats())"
            )
        return info
    if isinstance(fmt, (int, np.integer)) and not isinstance(fmt, bool):
        info = _BY_VALUE.get(int(fmt))
        if info is None:
            raise ValueError(
                f"{name}: DXGI_FORMAT value {int(fmt)} is not a render-target format the output merger "
                "implements (see omsim.Format)"
            )
        return info
    raise TypeError(
        f"{name}: expected an omsim.Format, a DXGI name or value, or a FormatInfo, got {type(fmt).__name__}"
    )


def empty_texels(fmt: FormatLike, shape: int | Sequence[int]) -> np.ndarray:
    """An uninitialised texel array of `fmt` for a pixel shape."""
    f = format_info(fmt)
    return np.empty(f.texel_shape(shape), f.texel_dtype)


def zeros_texels(fmt: FormatLike, shape: int | Sequence[int]) -> np.ndarray:
    """An all-zero texel array of `fmt` for a pixel shape."""
    f = format_info(fmt)
    return np.zeros(f.texel_shape(shape), f.texel_dtype)


@dataclass(frozen=True)
class ConfigInfo:
    """A named hardware configuration (defs/configs.toml): what the capability registers report."""

    name: str
    fl: FeatureLevel
    max_rts: int
    logic_op: bool
    """D3D11_OPTIONS.OutputMergerLogicOp."""
    d3d9_options1: int
    """Bit i = field i of D3D11_FEATURE_DATA_D3D9_OPTIONS1."""
    d3d9_num_rts: int
    pmisc: PMiscCaps
    src_blend_caps: PBlendCaps
    dest_blend_caps: PBlendCaps
    default: bool
    core: int = field(repr=False, compare=False)
    """The configuration as the extension modules take it: its index in their table."""


_CONFIGS: tuple[ConfigInfo, ...] = tuple(
    ConfigInfo(name, FeatureLevel[f"FL_{c['fl']}"], c["max_rts"], c["logic_op"],
               sum(1 << i for i, v in enumerate(c["d3d9_options1"]) if v), c["d3d9_num_rts"], PMiscCaps(c["pmisc"]),
               PBlendCaps(c["src_blend_caps"]), PBlendCaps(c["dest_blend_caps"]), c["default"], i)
    for i, (name, c) in enumerate(_defs.CONFIGS.items())
)
_CONFIG_BY_NAME: dict[str, ConfigInfo] = {c.name: c for c in _CONFIGS}

ConfigLike = Union[str, ConfigInfo, None]
"""What a config argument accepts (None = the default configuration)."""


def configs() -> list[ConfigInfo]:
    """Every named configuration."""
    return list(_CONFIGS)


def config_info(cfg: ConfigLike = None, name: str = "config") -> ConfigInfo:
    """Resolve a config argument: a name such as "fl11_1", a ConfigInfo, or None for the default."""
    if cfg is None:
        return next(c for c in _CONFIGS if c.default)
    if isinstance(cfg, ConfigInfo):
        return cfg
    if isinstance(cfg, str):
        info = _CONFIG_BY_NAME.get(cfg.lower())
        if info is None:
            raise ValueError(
                f"{name}: unknown configuration {cfg!r}; expected one of {', '.join(_CONFIG_BY_NAME)}"
            )
        return info
    raise TypeError(f"{name}: expected a configuration name or ConfigInfo, got {type(cfg).__name__}")


def f32_bits(x: float) -> int:
    """The binary32 bit pattern of x (rounded to nearest even from a Python float; too large -> +-INF)."""
    if isinstance(x, bool) or not isinstance(x, (int, float, np.integer, np.floating)):
        raise TypeError(f"x: expected a number, got {type(x).__name__}")
    try:
        return int(struct.unpack("<I", struct.pack("<f", x))[0])
    except OverflowError:  # struct refuses exactly the values that round to infinity
        return 0xFF800000 if x < 0 else 0x7F800000


def f32_value(bits: int) -> float:
    """The value of a binary32 bit pattern 0..2**32-1 (NaN payloads are not preserved by Python floats)."""
    if isinstance(bits, bool) or not isinstance(bits, (int, np.integer)):
        raise TypeError(f"bits: expected an int (a binary32 bit pattern), got {type(bits).__name__}")
    if not 0 <= int(bits) <= 0xFFFFFFFF:
        raise ValueError(f"bits: {int(bits)} is outside [0, 2**32)")
    return float(struct.unpack("<f", struct.pack("<I", int(bits)))[0])


def f32_bits_array(x: np.ndarray) -> np.ndarray:
    """Zero-copy uint32 view of a float32 array (its bit patterns)."""
    if not isinstance(x, np.ndarray) or x.dtype != np.float32:
        raise TypeError("x: expected a float32 numpy array")
    return x.view(np.uint32)


__all__ = [
    "FormatInfo",
    "FormatLike",
    "formats",
    "format_info",
    "empty_texels",
    "zeros_texels",
    "ConfigInfo",
    "ConfigLike",
    "configs",
    "config_info",
    "f32_bits",
    "f32_value",
    "f32_bits_array",
]

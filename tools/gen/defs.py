# SPDX-License-Identifier: Apache-2.0
"""Loads the definition tables of defs/ (formats, enums, configs) into plain Python objects.

The only reader of defs/*.toml: every generator and the Python package go through it.
"""
from __future__ import annotations

import dataclasses
import pathlib
import re
import tomllib

DEFS = pathlib.Path(__file__).resolve().parents[2] / "defs"
FEATURE_LEVELS = ["9_1", "9_2", "9_3", "10_0", "10_1", "11_0", "11_1"]
CHANNELS = "RGBA"


class DefinitionError(ValueError):
    """A definition table is malformed; the message names the file and entry."""


@dataclasses.dataclass(frozen=True)
class Channel:
    bits: int = 0
    offset: int = 0


@dataclasses.dataclass(frozen=True)
class Format:
    name: str
    dxgi: int
    cls: str
    texel_bits: int
    chans: tuple[Channel, Channel, Channel, Channel]  # R, G, B, A; bits == 0 when absent
    x: Channel  # padding bits (stored as ones)
    rt: tuple[bool, ...]  # per feature level, FEATURE_LEVELS order
    blend: tuple[bool, ...]


@dataclasses.dataclass(frozen=True)
class DepthFormat:
    name: str
    dxgi: int
    texel_bits: int
    depth_bits: int  # 16, 24 or 32
    depth_float: bool  # binary32 depth, else UNORM
    stencil_offset: int  # bit offset of the 8 stencil bits; -1 when the format has none
    ds: tuple[bool, ...]  # usable as a depth-stencil view, per feature level


@dataclasses.dataclass(frozen=True)
class Config:
    name: str
    fl: str
    samples: int  # largest sample count per pixel; every power of two up to it is supported
    max_rts: int
    logic_op: bool
    d3d9_options1: tuple[bool, bool, bool, bool]
    d3d9_num_rts: int
    pmisc: int
    src_blend_caps: int
    dest_blend_caps: int
    default: bool

    @property
    def sample_counts(self) -> int:
        """CAP_MAX_SAMPLES: bit k set for each supported sample count 2^k."""
        return (self.samples << 1) - 1

    @property
    def fl_index(self) -> int:
        return FEATURE_LEVELS.index(self.fl)

    @property
    def fl_code(self) -> int:
        return enums()["feature_level"]["values"][self.fl] >> 8


def _load(name: str) -> dict:
    path = DEFS / name
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DefinitionError(f"{path}: {e}") from e


def enums() -> dict:
    return _load("enums.toml")


def _parse_chans(fmt: dict) -> tuple[tuple[Channel, ...], Channel, int]:
    chans = {c: Channel() for c in CHANNELS + "X"}
    offset = 0
    for tok in fmt["chans"].split():
        m = re.fullmatch(r"([RGBAX])(\d+)", tok)
        if not m or chans[m.group(1)].bits:
            raise DefinitionError(f"formats.toml: {fmt['name']}: bad channel token {tok!r}")
        bits = int(m.group(2))
        chans[m.group(1)] = Channel(bits, offset)
        offset += bits
    if offset not in (8, 16, 32, 64, 128):
        raise DefinitionError(f"formats.toml: {fmt['name']}: texel of {offset} bits")
    return tuple(chans[c] for c in CHANNELS), chans["X"], offset


def formats() -> list[Format]:
    out = []
    classes = enums()["format_class"]["values"]
    for fmt in _load("formats.toml")["format"]:
        chans, x, texel = _parse_chans(fmt)
        caps = fmt["caps"].split()
        if len(caps) != len(FEATURE_LEVELS) or any(c not in ("-", "R", "RB") for c in caps):
            raise DefinitionError(f"formats.toml: {fmt['name']}: caps must be 7 of -, R, RB")
        if fmt["class"] not in classes:
            raise DefinitionError(f"formats.toml: {fmt['name']}: unknown class {fmt['class']}")
        out.append(Format(fmt["name"], fmt["dxgi"], fmt["class"], texel, chans, x,
                          tuple(c != "-" for c in caps), tuple(c == "RB" for c in caps)))
    return sorted(out, key=lambda f: f.dxgi)


DEPTH_KINDS = {"UNORM16": (16, False), "UNORM24": (24, False), "FLOAT32": (32, True)}


def depth_formats() -> list[DepthFormat]:
    out = []
    for fmt in _load("formats.toml").get("depth_format", []):
        name = fmt["name"]
        if fmt["depth"] not in DEPTH_KINDS:
            raise DefinitionError(f"formats.toml: {name}: depth must be one of {', '.join(DEPTH_KINDS)}")
        bits, is_float = DEPTH_KINDS[fmt["depth"]]
        stencil = fmt.get("stencil", -1)
        if fmt["texel_bits"] not in (16, 32, 64) or bits > fmt["texel_bits"]:
            raise DefinitionError(f"formats.toml: {name}: texel of {fmt['texel_bits']} bits")
        if stencil != -1 and not bits <= stencil <= fmt["texel_bits"] - 8:
            raise DefinitionError(f"formats.toml: {name}: stencil offset {stencil} overlaps depth or the texel end")
        ds = fmt["ds"].split()
        if len(ds) != len(FEATURE_LEVELS) or any(c not in ("-", "D") for c in ds):
            raise DefinitionError(f"formats.toml: {name}: ds must be 7 of -, D")
        out.append(DepthFormat(name, fmt["dxgi"], fmt["texel_bits"], bits, is_float, stencil,
                               tuple(c == "D" for c in ds)))
    return sorted(out, key=lambda f: f.dxgi)


def configs() -> list[Config]:
    data = _load("configs.toml")
    e = enums()
    max_samples = _load("types.toml")["sizes"]["MaxSamples"]["value"]
    legal_samples = [1 << k for k in range(max_samples.bit_length()) if 1 << k <= max_samples]
    out = []
    for c in data["config"]:
        def bits(names: list[str], table: str) -> int:
            v = 0
            for n in names:
                if n not in e[table]["values"]:
                    raise DefinitionError(f"configs.toml: {c['name']}: unknown {table} bit {n}")
                v |= e[table]["values"][n]
            return v
        if c["fl"] not in FEATURE_LEVELS:
            raise DefinitionError(f"configs.toml: {c['name']}: unknown feature level {c['fl']}")
        samples = c.get("samples")
        if type(samples) is not int or samples not in legal_samples:
            raise DefinitionError(f"configs.toml: {c['name']}: samples = {samples!r} is not one of {legal_samples}")
        out.append(Config(c["name"], c["fl"], samples, c["max_rts"], c["logic_op"], tuple(c["d3d9_options1"]),
                          c["d3d9_num_rts"], bits(c["pmisc"], "pmisc"),
                          bits(c["src_blend_caps"], "pblend"), bits(c["dest_blend_caps"], "pblend"),
                          c.get("default", False)))
    return out


def spec_revision() -> int:
    return _load("configs.toml")["spec_revision"]

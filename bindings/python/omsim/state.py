# SPDX-License-Identifier: Apache-2.0
"""Output-merger state as frozen dataclasses mapped to the C++ structs of ``om/ref/state.h`` and ``pixel.h``.

The classes (RtBlendDesc, BlendDesc, D3d9State, DepthStencilOpDesc, DepthStencilDesc, D3d9DepthStencil, PixelState)
are generated from defs/structs.toml (omsim._structs) and re-exported here with the field machinery of
:mod:`omsim.structs`.

Enum fields take a member, a member name (``"SRC_ALPHA"``) or an int. An int that is not a member of the enum is
kept as a plain int, as D3D passes any 32-bit value through to validation (``check_blend_desc`` then reports
E_INVALIDARG; the datapath treats such values as the state registers would, see docs/arithmetic.md). Values
outside 32 bits, unknown names and wrong types raise ValueError / TypeError naming the field.

Every class is immutable and hashable (like D3D state objects); derive variants with ``dataclasses.replace``.
Each is a :class:`Struct`: its fields are checked in one place (by their annotations), and ``to_core()`` /
``from_core()`` give and take the tuple the extension modules exchange for the C++ struct.
"""

from __future__ import annotations

from ._structs import BlendDesc, D3d9DepthStencil, D3d9State, DepthStencilDesc, DepthStencilOpDesc, PixelState, RtBlendDesc
from . import structs
from .structs import *  # noqa: F403  (the field checks, for the modules that check arguments)

__all__ = [
    "RtBlendDesc",
    "BlendDesc",
    "D3d9State",
    "D3d9DepthStencil",
    "DepthStencilDesc",
    "DepthStencilOpDesc",
    "PixelState",
]
__all__ += structs.__all__

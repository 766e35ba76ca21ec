# SPDX-License-Identifier: Apache-2.0
"""D3D enumerations as :class:`enum.IntEnum` / :class:`enum.IntFlag` classes.

Every class except ``DescRule``, ``DsRule`` and ``BatchIsa`` is built at import time from the generated
``omsim._defs`` (itself generated from ``defs/enums.toml`` and ``defs/formats.toml``), so Python, C++ and the RTL
share one definition. Members carry the D3D values (``Blend.SRC_ALPHA == 5``, ``Format.R8G8B8A8_UNORM == 28``).
Feature levels are spelled ``FeatureLevel.FL_11_1`` (as in C++).

Those three come from the extension module (C++ enums of ``validate.h``, ``ds_state.h`` and ``batch.h``).
"""

from __future__ import annotations

from enum import IntEnum, IntFlag

from . import _core, _defs


def _table(table: str, prefix: str = "") -> dict[str, int]:
    return {f"{prefix}{name}": value for name, value in _defs.ENUMS[table].items()}


Blend = IntEnum("Blend", _table("blend"), module=__name__)
Blend.__doc__ = "D3D11_BLEND: blend factors (docs/behaviour.md §2.2)."
BlendOp = IntEnum("BlendOp", _table("blend_op"), module=__name__)
BlendOp.__doc__ = "D3D11_BLEND_OP (docs/behaviour.md §2.3)."
LogicOp = IntEnum("LogicOp", _table("logic_op"), module=__name__)
LogicOp.__doc__ = "D3D11_LOGIC_OP (docs/behaviour.md §2.4)."
CmpFunc = IntEnum("CmpFunc", _table("cmp_func"), module=__name__)
CmpFunc.__doc__ = "D3D11_COMPARISON_FUNC / D3DCMPFUNC (docs/behaviour.md §5.4)."
StencilOp = IntEnum("StencilOp", _table("stencil_op"), module=__name__)
StencilOp.__doc__ = "D3D11_STENCIL_OP / D3DSTENCILOP (docs/depth-stencil.md §2.1)."
DepthWriteMask = IntEnum("DepthWriteMask", _table("depth_write_mask"), module=__name__)
DepthWriteMask.__doc__ = "D3D11_DEPTH_WRITE_MASK: ZERO (no depth writes) or ALL."
DsvFlag = IntFlag("DsvFlag", _table("dsv_flag"), module=__name__)
DsvFlag.__doc__ = "D3D11_DSV_FLAG: read-only aspects of a depth-stencil view (docs/depth-stencil.md §2)."
ClearFlag = IntFlag("ClearFlag", _table("clear_flag"), module=__name__)
ClearFlag.__doc__ = "D3D11_CLEAR_FLAG: the aspects ClearDepthStencilView writes."
DsFormat = IntEnum("DsFormat", {name: info["dxgi"] for name, info in _defs.DS_FORMATS.items()}, module=__name__)
DsFormat.__doc__ = "DXGI_FORMAT values of the depth-stencil formats the output merger implements."
FogMode = IntEnum("FogMode", _table("fog_mode"), module=__name__)
FogMode.__doc__ = "D3DFOGMODE (docs/behaviour.md §5.5)."
FormatClass = IntEnum("FormatClass", _table("format_class"), module=__name__)
FormatClass.__doc__ = "Numeric class of a render-target format."
ColorWrite = IntFlag("ColorWrite", _table("color_write"), module=__name__)
ColorWrite.__doc__ = "D3D11_COLOR_WRITE_ENABLE bits (docs/behaviour.md §2.5)."
Hresult = IntEnum("Hresult", _table("hresult"), module=__name__)
Hresult.__doc__ = "HRESULT codes the output merger reports (unsigned 32-bit values)."
FeatureLevel = IntEnum("FeatureLevel", _table("feature_level", "FL_"), module=__name__)
FeatureLevel.__doc__ = "D3D_FEATURE_LEVEL values (FL_9_1 = 0x9100 ... FL_11_1 = 0xB100)."
FormatSupport = IntFlag("FormatSupport", _table("format_support"), module=__name__)
FormatSupport.__doc__ = "D3D11_FORMAT_SUPPORT bits of docs/caps.md §5."
FormatSupport2 = IntFlag("FormatSupport2", _table("format_support2"), module=__name__)
FormatSupport2.__doc__ = "D3D11_FORMAT_SUPPORT2 bits of docs/caps.md §5."
PMiscCaps = IntFlag("PMiscCaps", _table("pmisc"), module=__name__)
PMiscCaps.__doc__ = "D3DPMISCCAPS bits (docs/caps.md §4)."
PBlendCaps = IntFlag("PBlendCaps", _table("pblend"), module=__name__)
PBlendCaps.__doc__ = "D3DPBLENDCAPS bits (docs/caps.md §4)."
ValidateReason = IntEnum("ValidateReason", _table("validate_reason"), module=__name__)
ValidateReason.__doc__ = "om_validate check numbers: bit i of ValidateResult.reasons (docs/validation.md §7)."
Format = IntEnum("Format", {name: info["dxgi"] for name, info in _defs.FORMATS.items()}, module=__name__)
Format.__doc__ = "DXGI_FORMAT values of the render-target formats the output merger implements."

DescRule = IntEnum("DescRule", {name: value for name, value, _ in _core.DESC_RULES}, module=__name__)
DescRule.__doc__ = "The create-time rule a blend descriptor breaks (docs/validation.md §2–§3); OK when none."
DsRule = IntEnum("DsRule", {name: value for name, value, _ in _core.DS_RULES}, module=__name__)
DsRule.__doc__ = "The rule a depth-stencil descriptor breaks (docs/depth-stencil.md §4); OK when none."


ResourceType = IntEnum("ResourceType", _table("resource_type"), module=__name__)
ResourceType.__doc__ = "D3D11_RESOURCE_DIMENSION of a bound view's resource (om_validate.h)."
PsOutputType = IntEnum("PsOutputType", _table("ps_output_type"), module=__name__)
PsOutputType.__doc__ = "Component type of a pixel-shader colour output (om_validate.h)."


BatchIsa = IntEnum("BatchIsa", dict(_core.BATCH_ISAS), module=__name__)
BatchIsa.__doc__ = "Highest instruction set a batch call may use (batch.h); AUTO = the best this CPU has."


def desc_rule_message(rule: DescRule | int) -> str:
    """Debug-layer style name of a create-time rule ("CREATEBLENDSTATE_NO_ALPHA_TO_COVERAGE", ...)."""
    return _core.desc_rule_message(int(rule))


__all__ = [
    "Blend",
    "BlendOp",
    "LogicOp",
    "CmpFunc",
    "StencilOp",
    "DepthWriteMask",
    "DsvFlag",
    "ClearFlag",
    "DsFormat",
    "DsRule",
    "FogMode",
    "FormatClass",
    "ColorWrite",
    "Hresult",
    "FeatureLevel",
    "FormatSupport",
    "FormatSupport2",
    "PMiscCaps",
    "PBlendCaps",
    "ValidateReason",
    "Format",
    "DescRule",
    "ResourceType",
    "PsOutputType",
    "BatchIsa",
    "desc_rule_message",
]

# SPDX-License-Identifier: Apache-2.0
"""omsim: a D3D11.1 GPU output merger -- the bit-exact reference model over numpy.

Quick start::

    import numpy as np, omsim
    desc = omsim.RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA")
    src = np.array([[1.0, 0.0, 0.0, 0.5]], np.float32)            # o0 per pixel, (N, 4)
    dest = omsim.pack("R8G8B8A8_UNORM", np.array([[0, 0, 1, 1]], np.float32))   # texels, (N,) uint32
    out = omsim.blend("R8G8B8A8_UNORM", src, dest, desc)           # (N,) uint32: 0xBF800080
    omsim.split("R8G8B8A8_UNORM", out)                            # [[128, 0, 128, 191]]

What is here (all bit-exact with the C++ reference model om::ref):

* :mod:`omsim.enums` -- IntEnum/IntFlag classes of the generated definitions: Blend, BlendOp, LogicOp, Format, ...
* :mod:`omsim.tables` -- format and configuration tables, texel dtypes, binary32 bit helpers.
* :mod:`omsim.state` -- RtBlendDesc, BlendDesc, D3d9State, PixelState (frozen dataclasses).
* :mod:`omsim.ref` -- batch calls over numpy (blend, logic, pack/unpack, split/join, process_pixels) and
  per-pixel calls (rt_op, process_pixel, fog/alpha-test helpers).
* :mod:`omsim.scalar` -- binary32 ops and per-component conversions on bit patterns.
* :mod:`omsim.validate` -- CreateBlendState1 validation, the blend-state object table, capabilities, om_validate.
* :mod:`omsim.errors` -- the OmError hierarchy: one exception class per failing HRESULT.
* :mod:`omsim.device` -- the host driver over a backend ("model": the cycle model om::Top; "rtl": the Verilated
  om_top, both with the same random-latency memory; "tlm": the SystemC model when built in): ``Device`` (caps queries, blend-state objects,
  binding, clear/draw, read-back, validate, perf counters), D3D codes as exceptions / result objects.
* :mod:`omsim.cosim` -- the lockstep co-simulation of the RTL and the cycle model: ``run`` a configuration/seed for N
  cycles (mismatches, coverage, perf counters, waves), ``Lockstep`` to step both sides, raw ``Side`` objects.
  Imported on first use (it loads the Verilated om_top).

Errors: bad Python input raises TypeError/ValueError naming the argument. D3D failure codes are results from
queries (``check_blend_desc``, ``om_validate``) and exceptions from creation (``validate_blend_desc``,
``BlendStateTable.create``); see :mod:`omsim.errors`.
"""

from __future__ import annotations

from . import _enums, device, enums, errors, ref, scalar, state, tables, validate
from ._enums import *  # noqa: F403  (every enum class of defs/enums.toml)
from .errors import (
    ConflictingRenderStateError,
    DeviceLostError,
    DriverInternalError,
    InvalidArgError,
    OmError,
    OutOfMemoryError,
    TooManyUniqueStateObjectsError,
    ValidateError,
)
from .tables import (
    ConfigInfo,
    FormatInfo,
    config_info,
    configs,
    empty_texels,
    f32_bits,
    f32_value,
    format_info,
    formats,
    zeros_texels,
)
from .ref import *  # noqa: F403
from .state import MAX_RTS, BlendDesc, D3d9DepthStencil, D3d9State, DepthStencilDesc, DepthStencilOpDesc, PixelState, RtBlendDesc
from .ref_depth import (
    DepthStencilStateTable,
    check_depth_stencil_desc,
    normalise_depth_stencil_desc,
)
from .device import (
    BlendState,
    DepthStencilState,
    D3d9Options,
    D3d9ShadowSupport,
    D3d9SimpleInstancingSupport,
    D3d11Options,
    DepthStencilView,
    Device,
    DeviceValidateResult,
    RenderTargetView,
    backends,
)
from .validate import (
    BlendStateTable,
    Caps,
    D3d9Options1,
    D3dCaps9,
    DescCheck,
    D3d9Mode,
    DsvBinding,
    OmState,
    PsOutput,
    RtBinding,
    ValidateResult,
    cap_register,
    caps,
    check_blend_desc,
    is_normalised,
    normalise,
    om_validate,
    validate_blend_desc,
)



def __getattr__(name: str) -> object:
    # omsim.cosim loads the Verilated om_top: imported on first use.
    if name == "cosim":
        import importlib

        return importlib.import_module(".cosim", __name__)
    raise AttributeError(f"module 'omsim' has no attribute {name!r}")


try:
    from importlib.metadata import version as _version

    __version__ = _version("omsim")
except Exception:  # an uninstalled developer tree (build/<dir>/python)
    __version__ = "0+unknown"

__all__ = [
    # errors
    "OmError", "InvalidArgError", "OutOfMemoryError", "TooManyUniqueStateObjectsError", "ValidateError",
    "ConflictingRenderStateError", "DeviceLostError", "DriverInternalError",
    # tables
    "ConfigInfo", "FormatInfo", "config_info", "configs", "empty_texels", "f32_bits", "f32_value", "format_info",
    "formats", "zeros_texels",
    # state
    "MAX_RTS", "BlendDesc", "D3d9DepthStencil", "D3d9State", "DepthStencilDesc", "DepthStencilOpDesc", "PixelState", "RtBlendDesc",
    # depth/stencil states
    "DepthStencilStateTable", "check_depth_stencil_desc", "normalise_depth_stencil_desc",
    # validation
    "BlendStateTable", "Caps", "D3d9Options1", "D3dCaps9", "DescCheck", "D3d9Mode", "DsvBinding", "OmState", "PsOutput", "RtBinding",
    "ValidateResult", "cap_register", "caps", "check_blend_desc", "is_normalised", "normalise", "om_validate",
    "validate_blend_desc",
    # device
    "BlendState", "DepthStencilState", "D3d9Options", "D3d9ShadowSupport", "D3d9SimpleInstancingSupport", "D3d11Options",
    "DepthStencilView", "Device", "DeviceValidateResult", "RenderTargetView", "backends",
    # submodules
    "cosim", "device", "enums", "errors", "ref", "scalar", "state", "tables", "validate",  # noqa: F405  (cosim: __getattr__)
]
__all__ += _enums.__all__
__all__ += ref.__all__

# SPDX-License-Identifier: Apache-2.0
"""Value types of :mod:`omsim.device`: D3D feature structures, validate results, perf counters, bus results and
the blend-state object wrapper.

The render-target and depth/stencil views, the PS output signature entries and the D3D9_OPTIONS1 / D3DCAPS9
structures are the classes :mod:`omsim.validate` already has (``RenderTargetView`` is ``omsim.RtBinding``,
``DepthStencilView`` is ``omsim.DsvBinding``), so a state bound on a device and the same state given to
``omsim.om_validate`` are written the same way. The D3D feature structures and PerfCounters are generated from
defs/structs.toml (omsim._structs; PerfCounters' fields from the register map's counters) and re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from . import _structs_device_types
from ._structs_device_types import *  # noqa: F403  (the dataclasses)
from .validate import DsvBinding, RtBinding, ValidateResult

RenderTargetView = RtBinding
"""A render-target view (CreateRenderTargetView + its resource): ``omsim.RtBinding``. ``format`` is a format
argument or a raw DXGI value 0..255 (the driver rejects formats without RENDER_TARGET support)."""

DepthStencilView = DsvBinding
"""A depth-stencil view (CreateDepthStencilView + its resource): format, read-only flags and shape,
``omsim.DsvBinding``; the shape also feeds validate."""


def sample_shape(v: RtBinding | DsvBinding) -> tuple[int, ...]:
    """(H, W) of a single-sample view, (H, W, n) of a view of n samples: the shape of its readback."""
    return (v.height, v.width) if v.sample_count == 1 else (v.height, v.width, v.sample_count)


class BusStatus(IntEnum):
    """How a raw register transfer ended (om::driver::BusStatus)."""

    OK = 0
    SLAVE_ERROR = 1
    """PSLVERR: read-only / unmapped / misaligned address."""
    TIMEOUT = 2
    """No PREADY: the OM is held in reset."""


@dataclass(frozen=True)
class BusResult:
    """A raw register read: ``status`` and ``data`` (0 unless OK)."""

    status: BusStatus
    data: int


@dataclass(frozen=True)
class DeviceValidateResult(ValidateResult):
    """``Device.validate()``'s answer: a :class:`~omsim.ValidateResult` (``passes``, ``result``, ``reasons``,
    ``rt``; ``ok``, ``failed``, ``raise_for_result()``) for the state the hardware holds, plus ``state_version``
    (the device's version it was computed for), ``message`` (the driver's list of failing checks) and
    ``is_current`` (False as soon as any state-setting call succeeds: re-validate, as with D3D9).
    ``raise_for_result()`` raises with the driver's message."""

    state_version: int = 0
    message: str = ""
    device: Any = field(default=None, repr=False, compare=False)

    @property
    def is_current(self) -> bool:
        """True while no state has changed on the device since this result was computed."""
        return self.device is not None and not self.device.closed and self.device.state_version == self.state_version

    def _message(self, names: str) -> str:
        """raise_for_result()'s message: the driver's, then the failing checks."""
        return f"{self.message or 'validate'} [checks: {names}; passes {self.passes}, rt {self.rt}]"


__all__ = [
    "RenderTargetView",
    "sample_shape",
    "DepthStencilView",
    "BusStatus",
    "BusResult",
    "DeviceValidateResult",
]
__all__ += _structs_device_types.__all__

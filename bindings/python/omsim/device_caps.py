# SPDX-License-Identifier: Apache-2.0
"""Capability queries of :class:`omsim.device.Device` (CheckFeatureSupport, GetDeviceCaps, the decoded capability
registers): a base class of Device, kept apart from the state and command calls.

Each query reads the capability registers over the bus at each call (the driver's rule), so it answers what the
hardware says now; a query that cannot answer raises (InvalidArgError for a DXGI value >= 116, DeviceLostError
when the OM does not answer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ._structs import FeatureQueries
from .state import int_arg
from .tables import format_info
from .validate import Caps, D3dCaps9

if TYPE_CHECKING:
    from .device import Device


class DeviceCaps(FeatureQueries):
    """The capability queries of a device (the base of :class:`omsim.device.Device`); the CheckFeatureSupport queries
    (``format_support(fmt)``, ``d3d11_options()``, ...) are generated from defs/structs.toml (FeatureQueries)."""

    @property
    def caps(self: Device) -> Caps:
        """Everything the driver decoded from the capability registers at create (an omsim.Caps, comparable with
        ``omsim.caps(config)``)."""
        if self._caps is None:
            self._caps = Caps.from_core(self._raw("caps").caps())
        return self._caps

    def _query(self: Device, name: str, *args: int) -> Any:
        hr, members = getattr(self._raw(name), name)(*args)
        self._check(hr, name)
        return members

    @staticmethod
    def _dxgi(fmt: Any) -> int:
        if isinstance(fmt, (int, np.integer)) and not isinstance(fmt, bool):
            return int_arg(fmt, "fmt", 0, 0xFFFFFFFF)
        return int(format_info(fmt, "fmt").format)

    def device_caps9(self) -> D3dCaps9:
        """IDirect3DDevice9::GetDeviceCaps: NumSimultaneousRTs, PrimitiveMiscCaps, Src/DestBlendCaps."""
        return D3dCaps9.from_core(self._query("get_device_caps9"))


__all__ = ["DeviceCaps"]

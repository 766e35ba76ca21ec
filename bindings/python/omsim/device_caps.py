# SPDX-License-Identifier: Apache-2.0
"""Capability queries of :class:`omsim.device.Device` (CheckFeatureSupport, GetDeviceCaps, the decoded capability
registers): a base class of Device, kept apart from the state and command calls.

Each query reads the capability registers over the bus at each call (the driver's rule), so it answers what the
hardware says now; a query that cannot answer raises (InvalidArgError for a DXGI value >= 116, DeviceLostError
when the OM does not answer).
"""

from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np

from .device_types import D3d9Options, D3d9ShadowSupport, D3d9SimpleInstancingSupport, D3d11Options
from .enums import Format, FormatSupport, FormatSupport2, Hresult
from .state import int_arg
from .tables import FormatInfo, format_info
from .validate import Caps, D3d9Options1, D3dCaps9

# D3D11_FEATURE values (docs/caps.md §1).
_FORMAT_SUPPORT, _FORMAT_SUPPORT2, _D3D11_OPTIONS = 2, 3, 5
_D3D9_OPTIONS, _D3D9_SHADOW_SUPPORT, _D3D9_SIMPLE_INSTANCING_SUPPORT, _D3D9_OPTIONS1 = 7, 9, 11, 13


class DeviceCaps:
    """The capability queries of a device (the base of :class:`omsim.device.Device`)."""

    _caps: Optional[Caps]

    def _raw(self, what: str) -> Any:  # pragma: no cover - Device implements it
        raise NotImplementedError

    def _check(self, hr: int, call: str) -> Hresult:  # pragma: no cover - Device implements it
        raise NotImplementedError

    @property
    def caps(self) -> Caps:
        """Everything the driver decoded from the capability registers at create (an omsim.Caps, comparable with
        ``omsim.caps(config)``)."""
        if self._caps is None:
            self._caps = Caps.from_core(self._raw("caps").caps())
        return self._caps

    def _feature(self, feature: int, name: str, in_format: int = 0) -> tuple[int, ...]:
        hr, members = self._raw(name).check_feature_support(feature, in_format)
        self._check(hr, name)
        return members  # type: ignore[no-any-return]

    @staticmethod
    def _dxgi(fmt: Any) -> int:
        if isinstance(fmt, (int, np.integer)) and not isinstance(fmt, bool):
            return int_arg(fmt, "fmt", 0, 0xFFFFFFFF)
        return int(format_info(fmt, "fmt").format)

    def format_support(self, fmt: Union[Format, str, int, FormatInfo]) -> FormatSupport:
        """CheckFeatureSupport(FORMAT_SUPPORT): RENDER_TARGET / BLENDABLE / MULTISAMPLE_RENDERTARGET of a format
        (a format argument, or any DXGI value: formats the OM does not implement report 0, values >= 116 raise
        InvalidArgError)."""
        return FormatSupport(self._feature(_FORMAT_SUPPORT, "format_support", self._dxgi(fmt))[1])

    def format_support2(self, fmt: Union[Format, str, int, FormatInfo]) -> FormatSupport2:
        """CheckFeatureSupport(FORMAT_SUPPORT2): OUTPUT_MERGER_LOGIC_OP of a format (as :meth:`format_support`)."""
        return FormatSupport2(self._feature(_FORMAT_SUPPORT2, "format_support2", self._dxgi(fmt))[1])

    def d3d11_options(self) -> D3d11Options:
        """CheckFeatureSupport(D3D11_OPTIONS): OutputMergerLogicOp from CAP_OM (the other members FALSE)."""
        return D3d11Options.from_core(self._feature(_D3D11_OPTIONS, "d3d11_options"))

    def d3d9_options(self) -> D3d9Options:
        """CheckFeatureSupport(D3D9_OPTIONS)."""
        return D3d9Options.from_core(self._feature(_D3D9_OPTIONS, "d3d9_options"))

    def d3d9_shadow_support(self) -> D3d9ShadowSupport:
        """CheckFeatureSupport(D3D9_SHADOW_SUPPORT)."""
        return D3d9ShadowSupport.from_core(self._feature(_D3D9_SHADOW_SUPPORT, "d3d9_shadow_support"))

    def d3d9_simple_instancing_support(self) -> D3d9SimpleInstancingSupport:
        """CheckFeatureSupport(D3D9_SIMPLE_INSTANCING_SUPPORT)."""
        members = self._feature(_D3D9_SIMPLE_INSTANCING_SUPPORT, "d3d9_simple_instancing_support")
        return D3d9SimpleInstancingSupport.from_core(members)

    def d3d9_options1(self) -> D3d9Options1:
        """CheckFeatureSupport(D3D9_OPTIONS1): the four BOOLs of docs/caps.md §2."""
        return D3d9Options1.from_core(self._feature(_D3D9_OPTIONS1, "d3d9_options1"))

    def device_caps9(self) -> D3dCaps9:
        """IDirect3DDevice9::GetDeviceCaps: NumSimultaneousRTs, PrimitiveMiscCaps, Src/DestBlendCaps."""
        hr, caps9 = self._raw("device_caps9").get_device_caps9()
        self._check(hr, "GetDeviceCaps")
        return D3dCaps9.from_core(caps9)


__all__ = ["DeviceCaps"]

# SPDX-License-Identifier: Apache-2.0
"""The view and depth/stencil calls of :class:`~omsim.device.Device` (docs/depth-stencil.md §7):
CreateRenderTargetView, CreateDepthStencilView,
OMSetDepthStencilState, ClearDepthStencilView, the D3D9 depth/stencil render states and host access to the bound
depth-stencil buffer.

Every backend has the depth/stencil stage (``caps.om.depth_stencil``): the hardware's om_depth behind the
"model", "rtl" and "tlm" backends, om::ref behind "ref". The state is programmed into the depth/stencil registers;
the buffer is the backend's depth-stencil memory, which the clear writes directly (the hardware has no clear
command for it). A backend without the stage would raise InvalidArgError naming CAP_OM.DEPTH_STENCIL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Union

import numpy as np

from .device_objects import DepthStencilState, bound_handle
from .device_types import DepthStencilView, RenderTargetView, sample_shape
from .enums import ClearFlag
from .errors import InvalidArgError
from .state import D3d9DepthStencil, coerce_real, coerce_u32, instance_of
from .tables import f32_bits

if TYPE_CHECKING:
    from .device import Device

_BOTH = ClearFlag.DEPTH | ClearFlag.STENCIL


class DepthStencilCalls:
    """Mixed into :class:`~omsim.device.Device`."""

    _dsv: Optional[DepthStencilView]

    def create_render_target_view(self: Device, desc: RenderTargetView) -> RenderTargetView:
        """ID3D11Device::CreateRenderTargetView: the view when ``desc`` (format and the texture's shape) is valid
        on this device. InvalidArgError names the rule and the value: a format without RENDER_TARGET here, sizes
        0 or above the limit, an invalid resource type, a ``sample_count`` the device does not support (its
        CAP_MAX_SAMPLES bit clear, or the format without MULTISAMPLE_RENDERTARGET; :attr:`caps`
        ``max_samples`` and :meth:`format_support` say which)."""
        instance_of(RenderTargetView)(desc, "desc")
        hr, plain = self._raw("create_render_target_view").create_render_target_view(desc.to_core())
        self._check(hr, "CreateRenderTargetView")
        return RenderTargetView.from_core(plain)

    def create_depth_stencil_view(self: Device, desc: DepthStencilView) -> DepthStencilView:
        """ID3D11Device::CreateDepthStencilView: the view when ``desc`` (format, DSV flags and the texture's
        shape) is valid on this device. InvalidArgError names the rule: a format that is not a depth format of
        this feature level (the D32 formats need 10_0), flags outside READ_ONLY_DEPTH | READ_ONLY_STENCIL,
        read-only flags below 11_0, READ_ONLY_STENCIL without stencil bits, sizes 0 or above the limit, a
        Buffer / Texture3D resource, a ``sample_count`` whose CAP_MAX_SAMPLES bit is clear."""
        instance_of(DepthStencilView)(desc, "desc")
        hr, plain = self._raw("create_depth_stencil_view").create_depth_stencil_view(desc.to_core())
        self._check(hr, "CreateDepthStencilView")
        return DepthStencilView.from_core(plain)

    @property
    def depth_stencil_view(self: Device) -> Optional[DepthStencilView]:
        """The view bound by the last :meth:`set_render_targets` (None = none)."""
        return self._dsv

    def set_depth_stencil_state(self: Device, state: Optional[DepthStencilState], stencil_ref: int = 0) -> None:
        """OMSetDepthStencilState(state, StencilRef): None = the default state (DepthEnable, LESS, writes on,
        stencil off); the low 8 bits of ``stencil_ref`` are the reference. The device keeps its own reference."""
        handle = bound_handle(self, state, DepthStencilState, "depth-stencil state")
        raw = self._raw("set_depth_stencil_state")
        self._check(raw.set_depth_stencil_state(handle, coerce_u32(stencil_ref, "stencil_ref")), "OMSetDepthStencilState")

    def set_depth_range(self: Device, min_depth: float = 0.0, max_depth: float = 1.0) -> None:
        """RSSetViewports' MinDepth / MaxDepth, the part the OM uses: z is clamped to [min_depth, max_depth] before
        the depth test (docs/depth-stencil.md §2). InvalidArgError for a value outside [0, 1] or NaN, or min_depth above
        max_depth."""
        raw = self._raw("set_depth_range")
        words = f32_bits(coerce_real(min_depth, "min_depth")), f32_bits(coerce_real(max_depth, "max_depth"))
        self._check(raw.set_depth_range(*words), "RSSetViewports")

    def set_d3d9_depth_stencil(self: Device, states: D3d9DepthStencil) -> None:
        """The D3D9 depth/stencil render states (D3D9 mode only; they replace the bound depth-stencil state
        there). InvalidArgError outside D3D9 mode or for a D3DCMPFUNC / D3DSTENCILOP outside 1..8."""
        instance_of(D3d9DepthStencil)(states, "states")
        raw = self._raw("set_d3d9_depth_stencil")
        self._check(raw.set_d3d9_depth_stencil(states.to_core()), "SetRenderState(Z/STENCIL)")

    def clear_depth_stencil_view(
        self: Device, flags: Union[ClearFlag, int] = _BOTH, depth: float = 1.0, stencil: int = 0
    ) -> None:
        """ClearDepthStencilView on the bound view: the aspects in ``flags`` get ``depth`` (clamped to [0, 1],
        NaN -> 0, converted per format) and ``stencil`` (0..255) over the whole view. InvalidArgError: no view
        bound, flags empty or outside DEPTH | STENCIL, no depth/stencil stage."""
        raw = self._raw("clear_depth_stencil_view")
        hr = raw.clear_depth_stencil_view(
            coerce_u32(flags, "flags"), f32_bits(coerce_real(depth, "depth")), coerce_u32(stencil, "stencil")
        )
        self._check(hr, "ClearDepthStencilView")

    def _bound_dsv(self: Device, what: str) -> DepthStencilView:
        self._raw(what)  # raises on a closed device
        if self._dsv is None:
            raise InvalidArgError(f"{what}: no depth-stencil view bound")
        return self._dsv

    def read_depth_stencil(self: Device) -> tuple[np.ndarray, np.ndarray]:
        """The bound view's contents: (depth, stencil), (H, W) uint32 depth values (UNORM codes, or binary32 bits
        for the float formats; ``.view(np.float32)``) and (H, W) uint8 stencil (0 without stencil bits); (H, W, n)
        each, every sample, for a view of n > 1 samples."""
        v = self._bound_dsv("read_depth_stencil")
        shape = sample_shape(v)
        depth, stencil = np.empty(shape, np.uint32), np.empty(shape, np.uint8)
        raw = self._raw("read_depth_stencil")
        self._check(raw.read_depth_stencil(v.sample_count, depth, stencil), "read_depth_stencil")
        return depth, stencil

    def write_depth_stencil(self: Device, depth: np.ndarray, stencil: Optional[np.ndarray] = None) -> None:
        """Write the bound view's whole contents (uint32 depth values, uint8 stencil, default 0; the shape
        :meth:`read_depth_stencil` returns). InvalidArgError for a depth code wider than the format or a stencil
        without stencil bits."""
        v = self._bound_dsv("write_depth_stencil")
        shape = sample_shape(v)
        s = np.zeros(shape, np.uint8) if stencil is None else stencil
        for name, a in (("depth", depth), ("stencil", s)):
            if isinstance(a, np.ndarray) and a.shape != shape:
                raise ValueError(f"{name}: expected shape {shape} for the {v.width}x{v.height} x{v.sample_count} view, "
                                 f"got {a.shape}")
        raw = self._raw("write_depth_stencil")
        self._check(raw.write_depth_stencil(v.sample_count, depth, s), "write_depth_stencil")


__all__ = ["DepthStencilCalls"]

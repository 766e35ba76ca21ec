# SPDX-License-Identifier: Apache-2.0
"""The state objects a :class:`~omsim.device.Device` creates: :class:`BlendState` (CreateBlendState1) and
:class:`DepthStencilState` (CreateDepthStencilState), one mechanism for both.

Each wrapper owns one reference to the driver's object: identical (normalised) descriptions give the same
``handle`` (wrappers compare equal) and raise its reference count, as D3D's de-duplication does. The reference is
released by :meth:`StateObject.release`, by leaving a ``with`` block, or when the wrapper is garbage collected,
whichever comes first (a collected wrapper's reference is given back at the device's next call, so the live
counts and ``ref_count`` already show it); after that the wrapper is dead (``released`` is True) and its methods
raise ValueError. A wrapper keeps its device alive; after ``Device.close()`` nothing is released. Binding a blend
state (``Device.set_blend_state``) makes the device hold its own reference (docs/behaviour.md §2.8), so a bound
object outlives its released wrappers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Optional

from .state import BlendDesc, DepthStencilDesc, Struct, require

if TYPE_CHECKING:
    from .device import Device


class StateObject:
    """A reference to one state object of a device (see the module documentation)."""

    # The driver calls of the object's kind (omsim._device.Device methods) and its D3D names for messages.
    _get_desc: ClassVar[str]
    _add_ref: ClassVar[str]
    _release: ClassVar[str]
    _desc_cls: ClassVar[type[Struct]]
    _desc_call: ClassVar[str]

    def __init__(self, device: Device, handle: int) -> None:
        self._device = device
        self._handle = handle
        self._released = False

    @property
    def handle(self) -> int:
        """The driver's handle (>= 1), equal for equal normalised descriptions while the object lives."""
        return self._handle

    @property
    def device(self) -> Device:
        """The device that created this object."""
        return self._device

    @property
    def released(self) -> bool:
        """True once this wrapper's reference has been released."""
        return self._released

    def _live(self, what: str) -> Any:
        name = f"{type(self).__name__}.{what}"
        if self._released:
            raise ValueError(f"{name}: this object ({self._handle}) was released")
        return self._device._raw(name)

    @property
    def desc(self) -> Any:
        """GetDesc: the normalised description."""
        hr, plain = getattr(self._live("desc"), self._get_desc)(self._handle)
        self._device._check(hr, self._desc_call)
        return self._desc_cls.from_core(plain)

    @property
    def ref_count(self) -> int:
        """The object's reference count (COM's AddRef-then-Release idiom): wrappers plus device bindings."""
        raw = self._live("ref_count")
        hr, _ = getattr(raw, self._add_ref)(self._handle)
        self._device._check(hr, "AddRef")
        hr, n = getattr(raw, self._release)(self._handle)
        self._device._check(hr, "Release")
        return int(n)

    def release(self) -> int:
        """IUnknown::Release of this wrapper's reference: the remaining count (the object is destroyed at 0).
        ValueError when already released."""
        raw = self._live("release")
        self._released = True
        hr, n = getattr(raw, self._release)(self._handle)
        self._device._check(hr, "Release")
        return int(n)

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        if not self._released and not self._device.closed:
            self.release()

    def __del__(self) -> None:
        # A finaliser may run at any point, even inside another call on the device (a garbage collection
        # triggered there): it only queues the reference, which the device releases before its next call.
        if not self._released:
            self._released = True
            self._device._pending.append((self._release, self._handle))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, StateObject)
        return self._device is other._device and self._handle == other._handle

    def __hash__(self) -> int:
        return hash((type(self).__name__, id(self._device), self._handle))

    def __repr__(self) -> str:
        state = "released" if self._released else "live"
        return f"<omsim.{type(self).__name__} {self._handle} ({state}) of {self._device!r}>"


class BlendState(StateObject):
    """An ID3D11BlendState1 (from ``Device.create_blend_state``); ``desc`` is GetDesc1's normalised
    description (docs/behaviour.md §2.1)."""

    _get_desc, _add_ref, _release = "get_desc1", "add_ref", "release"
    _desc_cls, _desc_call = BlendDesc, "GetDesc1"


class DepthStencilState(StateObject):
    """An ID3D11DepthStencilState (from ``Device.create_depth_stencil_state``); ``desc`` is GetDesc's normalised
    description (docs/depth-stencil.md §4)."""

    _get_desc, _add_ref, _release = "get_depth_stencil_desc", "add_ref_depth_stencil_state", "release_depth_stencil_state"
    _desc_cls, _desc_call = DepthStencilDesc, "GetDesc"


def bound_handle(device: Device, state: Optional[StateObject], cls: type[StateObject], noun: str) -> int:
    """The handle an OMSet*State call binds for ``state`` (None = 0, the default state): TypeError for another
    kind of object, ValueError for another device's or a released one."""
    if state is None:
        return 0
    require(state, cls, "state", "None")
    if state.device is not device:
        raise ValueError(f"state: the {noun} belongs to another device")
    if state.released:
        raise ValueError(f"state: {noun} {state.handle} was released")
    return state.handle


__all__ = ["BlendState", "DepthStencilState", "StateObject", "bound_handle"]

# SPDX-License-Identifier: Apache-2.0
"""The host driver over a backend: a D3D11.1 output merger you create, query, program, draw on and validate.

Quick start::

    import numpy as np, omsim
    from omsim.device import Device, RenderTargetView
    with Device("fl11_1", backend="model") as dev:             # D3D11CreateDevice ("rtl": the Verilated RTL)
        dev.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 4, 4)])
        dev.set_ps_outputs([omsim.PsOutput()])               # o0 declared, FLOAT
        over = omsim.RtBlendDesc.blending("SRC_ALPHA", "INV_SRC_ALPHA")
        bs = dev.create_blend_state(omsim.BlendDesc(render_target=[over]))   # CreateBlendState1
        dev.set_blend_state(bs)                               # OMSetBlendState
        dev.clear((0.0, 0.0, 1.0, 1.0))
        dev.draw(np.array([1]), np.array([2]), np.array([[1.0, 0.0, 0.0, 0.5]], np.float32))
        img = dev.read_rt(0)                                  # (4, 4) uint32 texels
        dev.validate().raise_for_result()

Every call is the driver's (``om::driver::Device``, docs/driver.md), which talks to the backend only over the
register bus and the pixel/memory port, so the same script runs on the cycle model ("model") and on the RTL
("rtl", when this build has Verilator); :func:`backends` lists them.

D3D codes (see :mod:`omsim.errors`):

* Calls that create or set something (``Device()``, ``create_blend_state``, ``check_blend_desc``, ``set_*``,
  ``clear``, ``draw``, ``read_rt``/``write_rt``, ``reset``, ...) raise the :class:`~omsim.errors.OmError`
  subclass of a failing HRESULT (``InvalidArgError`` -- also a ``ValueError`` --, ``DeviceLostError``,
  ``TooManyUniqueStateObjectsError``, ...); the message is the driver's ``last_error`` and ``.hresult`` the code.
  A failing call changes nothing.
* Capability queries return dataclasses; they raise only when the driver cannot answer (E_INVALIDARG for a
  DXGI value >= 116, D3DERR_DEVICELOST).
* :meth:`Device.validate` returns a :class:`~omsim.device_types.DeviceValidateResult` (never raises for a
  failing state; ``raise_for_result()`` converts, ``is_current`` says whether state changed since).
* Bad Python input (wrong type, dtype, shape, layout, unknown backend/config/format names, values outside the
  range of the argument) raises plain ``TypeError`` / ``ValueError`` naming the argument.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Optional, Union

import numpy as np

from . import _device, _regs, device_types
from .device_caps import DeviceCaps
from .device_depth import DepthStencilCalls
from .device_objects import BlendState, DepthStencilState, bound_handle
from .device_types import *  # noqa: F403  (the value types: __all__)
from .device_types import (
    BusResult,
    BusStatus,
    DepthStencilView,
    DeviceValidateResult,
    PerfCounters,
    RenderTargetView,
    sample_shape,
)
from .enums import CmpFunc, FeatureLevel, Hresult
from .errors import InvalidArgError, error_class, is_failure
from .ref import _blend_factor_words
from .state import MAX_RTS, BlendDesc, DepthStencilDesc, coerce_bool, coerce_enum, coerce_floats, coerce_u32, instance_of, int_arg, path_arg, rt_slots
from .tables import ConfigInfo, ConfigLike, FormatInfo, config_info, f32_bits, format_info
from .validate import Caps, PsOutput, desc_core

_ONES = (1.0, 1.0, 1.0, 1.0)
_NO_VIEW = RenderTargetView(0)  # DXGI_FORMAT_UNKNOWN: the driver's empty slot


def backends() -> dict[str, str]:
    """The backends of this build: name -> one-line description ("model" always, "rtl" when Verilator built the
    RTL backend)."""
    return dict(_device.backends())


ALL_SAMPLES = 0xFFFFFFFF
"""A coverage mask covering every sample, whatever the sample count (the driver's kAllSamples)."""


def _coords(a: Any, name: str) -> np.ndarray:
    if not isinstance(a, np.ndarray):
        raise TypeError(f"{name}: expected a numpy.ndarray of pixel coordinates, got {type(a).__name__}")
    if a.dtype.kind not in "iu":
        raise TypeError(f"{name}: expected an integer dtype, got {a.dtype}")
    if a.ndim != 1:
        raise ValueError(f"{name}: expected shape (N,), got {a.shape}")
    if not a.flags.c_contiguous:
        raise ValueError(f"{name}: array must be C-contiguous (numpy.ascontiguousarray)")
    if a.size and (int(a.min()) < 0 or int(a.max()) > 0xFFFFFFFF):
        raise ValueError(f"{name}: coordinates must be in 0..2**32-1 (the driver accepts 0..16383)")
    return a.astype(np.uint32, copy=False)


class Device(DeviceCaps, DepthStencilCalls):
    """A D3D device on the output merger: ``om::driver::Device`` over a backend (D3D11CreateDevice).

    config: a configuration name ("fl9_1" ... "fl11_1"), a ConfigInfo, or None for the default; it is the
    hardware's configuration strap, and everything the device reports comes from its capability registers.
    backend: a name of :func:`backends`. seed: the backend's randomness (memory latency, stalls, input gaps on
    "rtl"). waves: an FST file of the whole session ("rtl" and "model" trace; ValueError for "tlm"), complete after
    :meth:`close`. A failing create raises the OmError of its HRESULT.

    Use it as a context manager (or call :meth:`close`) to free the backend deterministically.
    """

    def __init__(
        self,
        config: ConfigLike = None,
        backend: str = "model",
        *,
        seed: int = 1,
        waves: Union[str, os.PathLike[str], None] = None,
    ) -> None:
        self._config: ConfigInfo = config_info(config)
        if not isinstance(backend, str):  # an unknown name is the driver's ValueError (make_backend)
            raise TypeError(f"backend: expected a backend name, got {type(backend).__name__}")
        seed = int_arg(seed, "seed", 0, 2**64 - 1)
        hr, raw = _device.create_device(backend, self._config.core, seed, path_arg(waves, "waves"))
        if is_failure(hr):
            raise error_class(hr)(f"D3D11CreateDevice on backend {backend!r} ({self._config.name}) failed")
        self._d: Any = raw
        self._views: list[Optional[RenderTargetView]] = [None] * MAX_RTS
        self._dsv: Optional[DepthStencilView] = None
        self._caps: Optional[Caps] = None
        self._pending: list[tuple[str, int]] = []  # (release call, handle) of garbage-collected state wrappers

    # -- plumbing ------------------------------------------------------------------------------------------------
    def _raw(self, what: str) -> Any:
        d = self._d
        if d.closed:
            raise ValueError(f"{what}: the device is closed")
        while self._pending:  # collected wrappers' references, given back before anything else happens
            release, handle = self._pending.pop()
            getattr(d, release)(handle)
        return d

    def _check(self, hr: int, call: str) -> Hresult:
        """Raise the OmError of a failing HRESULT with the driver's message; return the code otherwise."""
        if is_failure(hr):
            msg = self._d.last_error if not self._d.closed else ""
            raise error_class(hr)(msg or f"{call} failed")
        return Hresult(hr)

    def _call(self, call: str, d3d: str, *args: Any) -> Hresult:
        """Raw method `call` of the driver, a failing HRESULT raised as the OmError of the D3D call `d3d`."""
        return self._check(getattr(self._raw(call), call)(*args), d3d)

    def close(self) -> None:
        """Destroy the driver and the backend now (an "rtl" backend finishes its waves file). Idempotent; every
        later call raises ValueError."""
        self._d.close()

    @property
    def closed(self) -> bool:
        """True after :meth:`close`."""
        return bool(self._d.closed)

    def __enter__(self) -> Device:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{self._d.cycles} cycles"
        return f"<omsim.Device {self._config.name} on {self._d.backend!r}, {state}>"

    # -- properties ----------------------------------------------------------------------------------------------
    @property
    def backend(self) -> str:
        """Name of the backend."""
        return str(self._d.backend)

    @property
    def config(self) -> ConfigInfo:
        """The configuration strap the backend was built with."""
        return self._config

    @property
    def feature_level(self) -> FeatureLevel:
        """The feature level read from CAP_FL."""
        self._raw("feature_level")  # raises on a closed device
        return self.caps.fl

    @property
    def cycles(self) -> int:
        """Clock cycles the backend has simulated so far."""
        return int(self._raw("cycles").cycles)

    @property
    def last_error(self) -> str:
        """What the last failing driver call complained about ("" after a success)."""
        if self._d.closed:  # not _raw(): giving back queued references would clear it
            raise ValueError("last_error: the device is closed")
        return str(self._d.last_error)

    @property
    def state_version(self) -> int:
        """Moves with every successful state-setting call (set_*, reset); validate results compare it."""
        return int(self._raw("state_version").state_version)

    @property
    def live_blend_states(self) -> int:
        """Unique live blend-state objects (the limit is 4096)."""
        return int(self._raw("live_blend_states").live_blend_states)

    @property
    def render_targets(self) -> tuple[Optional[RenderTargetView], ...]:
        """The 8 slots as last bound by :meth:`set_render_targets` (None = empty)."""
        return tuple(self._views)

    # -- blend-state objects -------------------------------------------------------------------------------------
    def create_blend_state(self, desc: Optional[BlendDesc]) -> BlendState:
        """ID3D11Device1::CreateBlendState1: a :class:`BlendState` holding one reference. An identical normalised
        description returns the live object (same handle, reference count + 1). Raises InvalidArgError
        (docs/validation.md §2–§3 for this device's feature level and OutputMergerLogicOp; desc None = NULL) or
        TooManyUniqueStateObjectsError (4096 unique objects live)."""
        hr, handle = self._raw("create_blend_state").create_blend_state1(desc_core(desc), True)
        self._check(hr, "CreateBlendState1")
        return BlendState(self, int(handle))

    def check_blend_desc(self, desc: Optional[BlendDesc]) -> Hresult:
        """CreateBlendState1 with ppBlendState = NULL: Hresult.S_FALSE for a valid description (nothing is
        created), else raises InvalidArgError."""
        hr, _ = self._raw("check_blend_desc").create_blend_state1(desc_core(desc), False)
        return self._check(hr, "CreateBlendState1")

    # -- depth-stencil-state objects -----------------------------------------------------------------------------
    def create_depth_stencil_state(self, desc: Optional[DepthStencilDesc]) -> DepthStencilState:
        """ID3D11Device::CreateDepthStencilState: a :class:`DepthStencilState` holding one reference, de-duplicated
        on the normalised description. Raises InvalidArgError (docs/depth-stencil.md §4; desc None = NULL) or
        TooManyUniqueStateObjectsError. Bind it with :meth:`set_depth_stencil_state`."""
        hr, handle = self._raw("create_depth_stencil_state").create_depth_stencil_state(desc_core(desc, DepthStencilDesc), True)
        self._check(hr, "CreateDepthStencilState")
        return DepthStencilState(self, int(handle))

    def check_depth_stencil_desc(self, desc: Optional[DepthStencilDesc]) -> Hresult:
        """CreateDepthStencilState without an object pointer: S_FALSE when valid, else raises InvalidArgError."""
        hr, _ = self._raw("check_depth_stencil_desc").create_depth_stencil_state(desc_core(desc, DepthStencilDesc), False)
        return self._check(hr, "CreateDepthStencilState")

    @property
    def live_depth_stencil_states(self) -> int:
        """Unique live depth-stencil-state objects (the limit is 4096)."""
        return int(self._raw("live_depth_stencil_states").live_depth_stencil_states)

    # -- output-merger state -------------------------------------------------------------------------------------
    def set_blend_state(
        self,
        state: Optional[BlendState],
        blend_factor: Union[Sequence[float], np.ndarray, None] = _ONES,
        sample_mask: int = 0xFFFFFFFF,
    ) -> None:
        """OMSetBlendState(state, BlendFactor, SampleMask). state None = the default state; blend_factor: 4 floats
        or a (4,) float32/uint32 array, None = NULL (ones). The device keeps its own reference to the bound
        object. Raises InvalidArgError (SampleMask 0 at FL 9_x, a logic-op state in D3D9 mode)."""
        handle = bound_handle(self, state, BlendState, "blend state")
        k = None if blend_factor is None else _blend_factor_words(blend_factor)
        self._call("set_blend_state", "OMSetBlendState", handle, k, coerce_u32(sample_mask, "sample_mask"))

    def set_render_targets(
        self, views: Sequence[Optional[RenderTargetView]], dsv: Optional[DepthStencilView] = None
    ) -> None:
        """OMSetRenderTargets(len(views), views, dsv): slot i gets views[i] (None = empty), later slots are
        emptied. Raises InvalidArgError (more than 8 views, a format without RENDER_TARGET on this device, sizes
        0 / above the feature level's limit / differing, ...)."""
        if isinstance(views, (str, bytes)) or not isinstance(views, Sequence):
            raise TypeError(f"views: expected a sequence of RenderTargetView or None, got {type(views).__name__}")
        view = instance_of(RenderTargetView, optional=True)
        plain = [(view(v, f"views[{i}]") or _NO_VIEW).to_core() for i, v in enumerate(views)]
        instance_of(DepthStencilView, optional=True)(dsv, "dsv")
        self._call("set_render_targets", "OMSetRenderTargets", plain, None if dsv is None else dsv.to_core())
        self._views = (list(views) + [None] * MAX_RTS)[:MAX_RTS]
        self._dsv = dsv

    def set_ps_outputs(self, outputs: Sequence[Optional[PsOutput]]) -> None:
        """The bound pixel shader's output signature: up to 8 PsOutput (None = o[i] not declared). Only declared
        outputs reach their render target in draws."""
        slots = rt_slots(outputs, "outputs", instance_of(PsOutput, optional=True))
        plain = [None if o is None else o.to_core() for o in slots]
        self._call("set_ps_outputs", "PSSetShader", plain)

    def set_d3d9_mode(self, enable: bool) -> None:
        """Select the D3D9 personality (docs/behaviour.md §1.2): alpha test, fog and COLORWRITEENABLEn become
        programmable and validate applies the D3DCAPS9 rules. InvalidArgError with a logic-op state bound."""
        self._call("set_d3d9_mode", "set_d3d9_mode", coerce_bool(enable, "enable"))

    def set_alpha_test(self, enable: bool, func: Union[CmpFunc, str, int] = CmpFunc.ALWAYS, ref: int = 0) -> None:
        """D3DRS_ALPHATESTENABLE / ALPHAFUNC / ALPHAREF (D3D9 mode only): pixels whose oC0.a fails
        ``a FUNC ref/255`` are killed in every RT. InvalidArgError outside D3D9 mode, func not 1..8, ref > 255."""
        args = coerce_bool(enable, "enable"), int(coerce_enum(CmpFunc, func, "func")), coerce_u32(ref, "ref")
        self._call("set_alpha_test", "SetRenderState(ALPHATEST)", *args)

    def set_fog(self, enable: bool, color: Sequence[float] = (0.0, 0.0, 0.0)) -> None:
        """D3DRS_FOGENABLE / FOGCOLOR (D3D9 mode only): RT0's RGB becomes f*C + (1-f)*color, f per pixel (the
        ``fog`` argument of :meth:`draw`). InvalidArgError outside D3D9 mode."""
        words = [f32_bits(x) for x in coerce_floats(color, 3, "color")]
        self._call("set_fog", "SetRenderState(FOG)", coerce_bool(enable, "enable"), words)

    def set_color_write_enable(self, index: int, mask: int) -> None:
        """D3DRS_COLORWRITEENABLE (index 0) ... COLORWRITEENABLE3 (D3D9 mode only): the write mask of RT
        ``index`` (slots 4..7 use index 0's). InvalidArgError outside D3D9 mode, index > 3, mask > 0xF."""
        args = coerce_u32(index, "index"), coerce_u32(mask, "mask")
        self._call("set_color_write_enable", "SetRenderState(COLORWRITEENABLE)", *args)

    # -- commands ------------------------------------------------------------------------------------------------
    def clear(
        self, color: Union[Sequence[float], np.ndarray], rects: Optional[Sequence[Sequence[int]]] = None
    ) -> None:
        """IDirect3DDevice9::Clear(D3DCLEAR_TARGET): every bound slot gets ``color`` (4 floats, or a (4,)
        float32/uint32 array; converted per format, no blend, no write mask) inside ``rects`` ((left, top,
        right, bottom), right/bottom exclusive, clipped; None = the whole target). InvalidArgError for a rect
        with left > right or top > bottom."""
        words = _blend_factor_words(color, "color")
        plain = []
        if rects is not None:
            if isinstance(rects, (str, bytes)) or not isinstance(rects, Sequence):
                raise TypeError(f"rects: expected a sequence of (left, top, right, bottom), got {type(rects).__name__}")
            for i, r in enumerate(rects):
                if isinstance(r, (str, bytes)) or not isinstance(r, (Sequence, np.ndarray)) or len(r) != 4:
                    raise ValueError(f"rects[{i}]: expected (left, top, right, bottom)")
                plain.append(tuple(coerce_u32(v, f"rects[{i}]") for v in r))
        self._call("clear", "Clear", words, plain)

    def draw(
        self,
        x: np.ndarray,
        y: np.ndarray,
        oc: np.ndarray,
        *,
        oc1: Optional[np.ndarray] = None,
        fog: Optional[np.ndarray] = None,
        coverage: Optional[np.ndarray] = None,
        z: Optional[np.ndarray] = None,
        front_face: Optional[np.ndarray] = None,
        omask: Optional[np.ndarray] = None,
    ) -> None:
        """Send N shaded pixels through the OM in order and wait until it is idle (the PS outputs of a draw). The
        driver sends each pixel as one transfer per sample of the bound views' sample count n (:attr:`samples`).

        x, y: (N,) integer arrays (0..16383, else InvalidArgError). oc: (N, 4) = o0 only, or (N, k, 4) =
        o0..o[k-1], k <= 8, of 32-bit words: float32, uint32 (binary32 bits for float/norm RTs, integers for
        UINT RTs) or int32 (SINT RTs); which outputs reach an RT is decided by :meth:`set_ps_outputs`. oc1: (N, 4)
        dual-source o1. fog: (N,) float32 (or uint32 bits) D3D9 fog factors, default 1.0. coverage: (N,) bool
        (True = every sample) or (N,) uint32 raster coverage mask (bit s = sample s; below ``1 << n``, else
        InvalidArgError), default all covered. z: (N,) float32 (or uint32 bits) depth of every sample, or (N, n)
        one per sample, for the depth/stencil test, default 0.0; front_face: (N,) bool facing for the stencil
        faces, default all front-facing. omask: (N,) uint32 oMask (bit s = sample s; given = the pixel shader
        writes oMask, which then replaces alpha-to-coverage). All arrays C-contiguous; the GIL is released while
        the backend runs.
        """
        xs, ys = _coords(x, "x"), _coords(y, "y")
        if isinstance(oc, np.ndarray) and oc.ndim == 2 and oc.flags.c_contiguous:
            oc = oc.reshape(oc.shape[0], 1, oc.shape[1])
        if isinstance(coverage, np.ndarray) and coverage.dtype == np.bool_:
            coverage = np.where(coverage, np.uint32(ALL_SAMPLES), np.uint32(0))
        elif isinstance(coverage, np.ndarray) and coverage.dtype != np.uint32:
            raise TypeError(f"coverage: expected dtype bool or uint32, got {coverage.dtype}")
        n = self.samples
        if isinstance(z, np.ndarray) and z.ndim == 2 and z.shape[1] != n:
            raise ValueError(f"z: expected shape ({len(xs)},) or ({len(xs)}, {n}) for the bound views' {n} samples, "
                             f"got {z.shape}")
        self._call("draw", "draw", xs, ys, oc, oc1, fog, coverage, z, front_face, omask)

    @property
    def samples(self) -> int:
        """The sample count the bound views render with: the first bound render target's, else the depth-stencil
        view's, else 1 (the driver programs it into MS_CTRL; draws and clears need every bound view to have it)."""
        views = [v for v in self._views if v is not None]
        return int(views[0].sample_count if views else self._dsv.sample_count if self._dsv else 1)

    def _bound(self, rt: Any, what: str) -> tuple[int, RenderTargetView, FormatInfo]:
        """Slot `rt`, its view and the view's format; InvalidArgError when the slot is not bound."""
        slot = int_arg(rt, "rt", 0, MAX_RTS - 1)
        v = self._views[slot]
        if v is None:
            raise InvalidArgError(f"{what}: slot {slot} not bound")
        return slot, v, format_info(v.format)

    def read_rt(self, rt: int) -> np.ndarray:
        """Map a bound render target: its texel image in the format's texel dtype (``omsim.pack``'s layout:
        uint8/16/32/64, or an extra axis of 4 uint32 for 128-bit formats): (H, W) for a single-sample view,
        (H, W, n) -- every sample of every pixel -- for a view of n > 1 samples (so (H, W, n, 4) for 128-bit
        formats). InvalidArgError when slot ``rt`` is not bound."""
        slot, v, f = self._bound(rt, "read_rt")
        out = np.empty(f.texel_shape(sample_shape(v)), f.texel_dtype)
        self._call("read_rt", "read_rt", slot, int(f.format), v.sample_count, out)
        return out

    def write_rt(self, rt: int, image: np.ndarray) -> None:
        """Write a bound render target's whole texel image (the layout :meth:`read_rt` returns, every sample).
        InvalidArgError when the slot is not bound or a texel has bits above the format's width."""
        slot, v, f = self._bound(rt, "write_rt")
        want = f.texel_shape(sample_shape(v))
        if isinstance(image, np.ndarray) and image.shape != want:
            raise ValueError(
                f"image: expected shape {want} for the {v.width}x{v.height} x{v.sample_count} {f.name} view, "
                f"got {image.shape}"
            )
        self._call("write_rt", "write_rt", slot, int(f.format), v.sample_count, image)

    # -- validation and the rest ---------------------------------------------------------------------------------
    def validate(self) -> DeviceValidateResult:
        """ValidateDevice (docs/validation.md §7) on the state the hardware holds (registers read back): a result
        object, never an exception for a failing state. DEVICELOST when the OM does not answer (held in reset),
        DRIVERINTERNALERROR when a register differs from what the driver programmed."""
        raw = self._raw("validate")
        passes, result, reasons, rt, version = raw.validate()
        msg = raw.last_error if is_failure(result) else ""
        return DeviceValidateResult(passes, Hresult(result), reasons, rt, version, msg, self)

    def perf_counters(self) -> PerfCounters:
        """The PERF_* counters, read over the bus."""
        return PerfCounters.from_core(self._query("read_perf_counters"))

    def clear_perf_counters(self) -> None:
        """Restart every perf counter from 0 (PERF_CLEAR)."""
        self._call("clear_perf_counters", "clear_perf_counters")

    def reset(self) -> None:
        """IDirect3DDevice9::Reset: after a lost device, reprogram the default state (the bound blend state is
        released and every slot unbound; blend objects stay alive). DeviceLostError while the OM is held in
        reset."""
        self._call("reset", "Reset")
        self._views = [None] * MAX_RTS
        self._dsv = None

    def hold_reset(self, asserted: bool = True) -> None:
        """Assert (True) or release (False) the OM's reset in the backend -- a device-lost experiment: while held,
        every call that reaches the bus raises DeviceLostError (and the device stays lost until :meth:`reset`)."""
        self._raw("hold_reset").hold_reset(coerce_bool(asserted, "asserted"))

    def bus_read(self, offset: int) -> BusResult:
        """One raw register read behind the driver's back (docs/registers.md; 0x000..0xFFF)."""
        status, data = self._raw("bus_read").bus_read(int_arg(offset, "offset", 0, _regs.SPACE - 1))
        return BusResult(BusStatus(status), int(data))

    def bus_write(self, offset: int, value: int) -> BusStatus:
        """One raw register write behind the driver's back (validate then reports DRIVERINTERNALERROR if a state
        register no longer holds what the driver programmed)."""
        raw = self._raw("bus_write")
        return BusStatus(raw.bus_write(int_arg(offset, "offset", 0, _regs.SPACE - 1), coerce_u32(value, "value")))


__all__ = [
    "backends",
    "Device",
    "BlendState",
    "DepthStencilState",
]
__all__ += device_types.__all__

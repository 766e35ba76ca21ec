# SPDX-License-Identifier: Apache-2.0
"""Validation with D3D codes: CreateBlendState1 rules, the blend-state object table, capabilities, om_validate.

Result objects or exceptions (see also :mod:`omsim.errors`):

* :func:`check_blend_desc` and :func:`om_validate` are queries: they return :class:`DescCheck` /
  :class:`ValidateResult` holding the HRESULT; a failing result is an answer, not an error. Call
  ``raise_for_result()`` on it to get the exception instead.
* :func:`validate_blend_desc` and :meth:`BlendStateTable.create` behave like the D3D create call: they return on
  success and raise the :class:`~omsim.errors.OmError` subclass of the failing code (``InvalidArgError`` for
  E_INVALIDARG, carrying ``rule`` and ``rt``; ``TooManyUniqueStateObjectsError``; ``OutOfMemoryError``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Union

import numpy as np

from . import _core
from .enums import DescRule, DsFormat, DsvFlag, FeatureLevel, Format, Hresult, PBlendCaps, PMiscCaps, PsOutputType, ResourceType, ValidateReason, desc_rule_message
from .errors import InvalidArgError, error_class, is_failure
from .tables import ConfigLike, FormatInfo, config_info, format_info
from .state import BlendDesc, Struct, checked_by, coerce_u32, require, slots


# --- capabilities -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OmCaps(Struct):
    """The fields of CAP_OM (docs/caps.md §7)."""

    max_rts: int = 0
    independent_write_masks: bool = False
    per_rt_blend_enable: bool = False
    independent_blend: bool = False
    separate_alpha: bool = False
    dual_source: bool = False
    src_alpha_sat: bool = False
    alpha_to_coverage: bool = False
    logic_op: bool = False
    mrt_independent_bit_depths: bool = False
    linear_srgb_blend: bool = False
    depth_stencil: bool = False
    cube_depth_stencil: bool = False


@dataclass(frozen=True)
class D3d9Options1(Struct):
    """D3D11_FEATURE_DATA_D3D9_OPTIONS1 (docs/caps.md §2)."""

    full_non_pow2_texture_supported: bool = False
    depth_as_texture_with_less_equal_comparison_filter_supported: bool = False
    simple_instancing_supported: bool = False
    texture_cube_face_render_target_with_non_cube_depth_stencil_supported: bool = False


@dataclass(frozen=True)
class D3dCaps9(Struct):
    """The D3DCAPS9 members of docs/caps.md §4."""

    num_simultaneous_rts: int = 0
    primitive_misc_caps: PMiscCaps = PMiscCaps(0)
    src_blend_caps: PBlendCaps = PBlendCaps(0)
    dest_blend_caps: PBlendCaps = PBlendCaps(0)


@dataclass(frozen=True)
class Caps(Struct):
    """Everything the capability registers say, decoded (caps.h). Build one with :func:`caps`; derive what-if
    variants with ``dataclasses.replace``."""

    spec_revision: int
    fl: FeatureLevel
    om: OmCaps
    d3d9_options1: D3d9Options1
    output_merger_logic_op: bool
    """D3D11_FEATURE_DATA_D3D11_OPTIONS.OutputMergerLogicOp."""
    d3d9: D3dCaps9
    max_samples: int
    fmt: tuple[int, ...]
    """Raw CAP_FMT[k] bits for DXGI value k = 0..115: [0] RENDER_TARGET, [1] BLENDABLE, [2] logic op, [3] MSAA RT."""


_CAPS: dict[int, Caps] = {}


def caps(config: ConfigLike = None) -> Caps:
    """The decoded capability registers of a named configuration (None: the default one)."""
    index = config_info(config).core
    if index not in _CAPS:
        _CAPS[index] = Caps.from_core(_core.caps_from_config(index))
    return _CAPS[index]


def cap_register(config: ConfigLike, offset: int) -> int:
    """The capability register at byte `offset` (docs/caps.md §7); ValueError when `offset` is unmapped."""
    return _core.cap_register(config_info(config).core, coerce_u32(offset, "offset"))


def _fl_and_cap(config: Union[ConfigLike, Caps]) -> tuple[FeatureLevel, bool]:
    if isinstance(config, Caps):
        return config.fl, config.output_merger_logic_op
    c = config_info(config)
    return c.fl, c.logic_op


# --- create-time validation -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DescCheck:
    """Outcome of create-time validation: the code, the first broken rule and its RenderTarget[] index (-1 when
    the rule concerns the whole descriptor)."""

    hr: Hresult
    rule: DescRule
    rt: int

    @property
    def ok(self) -> bool:
        """True when the descriptor is valid."""
        return self.hr == Hresult.S_OK

    @property
    def message(self) -> str:
        """The debug-layer style message of the broken rule."""
        return desc_rule_message(self.rule)

    def raise_for_result(self) -> None:
        """Raise InvalidArgError (with rule and rt) unless the descriptor is valid."""
        if not self.ok:
            where = "" if self.rt < 0 else f" in RenderTarget[{self.rt}]"
            raise InvalidArgError(f"blend descriptor rejected: {self.message}{where}", rule=self.rule, rt=self.rt)


def desc_core(desc: Any, cls: type[Struct] = BlendDesc) -> Optional[tuple[Any, ...]]:
    """A descriptor argument of class `cls` as the extension modules take it (None = a NULL pointer)."""
    return None if require(desc, cls, "desc", "None (a NULL pointer)") is None else desc.to_core()


def check_blend_desc(desc: Optional[BlendDesc], config: Union[ConfigLike, Caps] = None) -> DescCheck:
    """CreateBlendState1's validation (docs/validation.md §2–§3; first failure wins) for the feature level and
    OutputMergerLogicOp of `config` (a configuration or Caps). desc None = a NULL pointer. Returns a result."""
    fl, cap = _fl_and_cap(config)
    hr, rule, rt = _core.check_blend_desc(desc_core(desc), int(fl), cap)
    return DescCheck(Hresult(hr), DescRule(rule), rt)


def validate_blend_desc(desc: Optional[BlendDesc], config: Union[ConfigLike, Caps] = None) -> None:
    """As :func:`check_blend_desc`, but raise InvalidArgError (E_INVALIDARG, with ``rule`` and ``rt``) when the
    descriptor is rejected."""
    check_blend_desc(desc, config).raise_for_result()


def normalise(desc: BlendDesc) -> BlendDesc:
    """docs/behaviour.md §2.1 normalisation: what GetDesc1 reports and the de-duplication key."""
    c = desc_core(desc)
    if c is None:
        raise TypeError("desc: expected an omsim.BlendDesc, got None")
    return BlendDesc.from_core(_core.normalise(c))


def is_normalised(desc: BlendDesc) -> bool:
    """normalise(desc) == desc."""
    c = desc_core(desc)
    if c is None:
        raise TypeError("desc: expected an omsim.BlendDesc, got None")
    return _core.is_normalised(c)


class BlendStateTable(_core.BlendStateTable):
    """CreateBlendState1's object table of one device (docs/validation.md §1, §4): validation, de-duplication on the
    normalised descriptor, reference counts and the limit of 4096 unique live objects. Handles are ints >= 1;
    ``add_ref``, ``release`` (the counts after the call), ``ref_count`` and ``is_live`` are the C++ table's
    (ValueError for a handle that is not live)."""

    def __init__(self, config: Union[ConfigLike, Caps] = None) -> None:
        fl, cap = _fl_and_cap(config)
        super().__init__(int(fl), cap)

    def create(self, desc: Optional[BlendDesc]) -> int:  # type: ignore[override]
        """CreateBlendState1 with an object pointer: the handle (an existing one for an equal normalised
        descriptor, whose reference count grows). Raises InvalidArgError, TooManyUniqueStateObjectsError or
        OutOfMemoryError."""
        hr, handle, rule, rt = super().create(desc_core(desc), True)
        self._raise(hr, rule, rt)
        return handle

    def validate(self, desc: Optional[BlendDesc]) -> Hresult:
        """CreateBlendState1 with ppBlendState = NULL: S_FALSE for a valid descriptor (nothing created), else
        raises InvalidArgError."""
        hr, _, rule, rt = super().create(desc_core(desc), False)
        self._raise(hr, rule, rt)
        return Hresult(hr)

    @staticmethod
    def _raise(hr: int, rule: int, rt: int) -> None:
        if not is_failure(hr):
            return
        if hr == Hresult.E_INVALIDARG:
            DescCheck(Hresult(hr), DescRule(rule), rt).raise_for_result()
        raise error_class(hr)("CreateBlendState1 failed")

    def desc(self, handle: int) -> BlendDesc:  # type: ignore[override]
        """GetDesc1: the normalised descriptor (ValueError when not live)."""
        return BlendDesc.from_core(super().desc(coerce_u32(handle, "handle")))

    @property
    def live_count(self) -> int:  # type: ignore[override]
        """Number of unique live objects."""
        return super().live_count()


# --- om_validate ------------------------------------------------------------------------------------------------
def _rt_format(fmt: Any, name: str) -> Union[Format, int]:
    if isinstance(fmt, (str, FormatInfo)):
        return format_info(fmt, name).format
    if isinstance(fmt, bool) or not isinstance(fmt, (int, np.integer)) or not 0 <= int(fmt) <= 0xFF:
        raise ValueError(f"{name}: expected a format or a DXGI value 0..255, got {fmt!r}")
    return Format(int(fmt)) if int(fmt) in Format._value2member_map_ else int(fmt)


@dataclass(frozen=True)
class RtBinding(Struct):
    """One bound render-target view. format: a format argument, or a raw DXGI value 0..255 (to test formats the
    output merger does not implement)."""

    format: Union[Format, int] = checked_by(Format.R8G8B8A8_UNORM, _rt_format)
    width: int = 1
    height: int = 1
    array_size: int = 1
    sample_count: int = 1
    type: ResourceType = ResourceType.TEXTURE2D
    cube: bool = False


@dataclass(frozen=True)
class DsvBinding(Struct):
    """A depth-stencil view: its texture's shape (all om_validate looks at), the view's depth format and its
    D3D11_DSV_FLAG read-only flags."""

    width: int = 1
    height: int = 1
    array_size: int = 1
    sample_count: int = 1
    type: ResourceType = ResourceType.TEXTURE2D
    cube: bool = False
    format: Union[DsFormat, int] = DsFormat.D24_UNORM_S8_UINT
    flags: Union[DsvFlag, int] = DsvFlag(0)


@dataclass(frozen=True)
class PsOutput(Struct):
    """A declared pixel-shader output o[i]: component type, written components (bits R, G, B, A) and, for
    integer outputs, the value width (32 = unknown; only feeds a warning)."""

    type: PsOutputType = PsOutputType.FLOAT
    mask: int = 0xF
    value_bits: int = 32


@dataclass(frozen=True)
class D3d9Mode(Struct):
    """The D3D9 personality (docs/behaviour.md §1.2, §5.3–§5.6): with ``enabled`` the per-RT write masks are
    ``color_write_enable`` and the D3DCAPS9 limits apply."""

    enabled: bool = False
    alpha_test_enable: bool = False
    fog_enable: bool = False
    dither_enable: bool = False
    multisample_antialias: bool = False
    color_write_enable: tuple[int, int, int, int] = (0xF, 0xF, 0xF, 0xF)


@dataclass(frozen=True)
class OmState(Struct):
    """Everything the next draw would use (docs/validation.md §7). ``blend`` is the bound blend-state object's
    descriptor, so it must be normalised (``omsim.normalise``; otherwise check 1 reports an internal error).
    ``rt``: up to 8 RtBinding (None = unbound); ``ps_output``: up to 8 PsOutput (None = o[i] not declared);
    ``dsv``: None = no depth/stencil view."""

    blend: BlendDesc = BlendDesc()
    blend_factor: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)
    sample_mask: int = 0xFFFFFFFF
    rt: tuple[Optional[RtBinding], ...] = slots(None)
    dsv: Optional[DsvBinding] = None
    ps_output: tuple[Optional[PsOutput], ...] = slots(None)
    d3d9: D3d9Mode = D3d9Mode()
    initialised: bool = True
    internal_error: bool = False


@dataclass(frozen=True)
class ValidateResult:
    """om_validate's answer (docs/validation.md §7): ``passes`` (1 when the draw renders in one pass), ``result``
    (the code of the first failing check), ``reasons`` (bit i = check i failed; bit 17 = warnings only) and
    ``rt`` (the first offending RT slot, -1 if none)."""

    passes: int
    result: Hresult
    reasons: int
    rt: int

    @property
    def ok(self) -> bool:
        """True when the draw renders correctly in one pass (warnings allowed)."""
        return self.result == Hresult.S_OK

    @property
    def failed(self) -> list[ValidateReason]:
        """Every failing check, in table order (ValidateReason.WARNING for warnings)."""
        return [r for r in ValidateReason if self.reasons >> int(r) & 1]

    def raise_for_result(self) -> None:
        """Raise the ValidateError subclass of ``result`` (e.g. ConflictingRenderStateError) unless ok."""
        if not self.ok:
            names = ", ".join(r.name for r in self.failed)
            cls = error_class(self.result)
            raise cls(f"om_validate: {names} (passes {self.passes}, rt {self.rt})", passes=self.passes, reasons=self.reasons, rt=self.rt)  # type: ignore[call-arg]


def om_validate(state: OmState, config: Union[ConfigLike, Caps] = None) -> ValidateResult:
    """Can `state` render in one pass on hardware with these capabilities (a configuration name, ConfigInfo or
    Caps)? Returns a ValidateResult; never raises for a failing state."""
    require(state, OmState, "state")
    c = config if isinstance(config, Caps) else caps(config)
    passes, result, reasons, rt = _core.om_validate(state.to_core(), c.to_core())
    return ValidateResult(passes, Hresult(result), reasons, rt)


__all__ = [
    "OmCaps",
    "D3d9Options1",
    "D3dCaps9",
    "Caps",
    "caps",
    "cap_register",
    "DescCheck",
    "check_blend_desc",
    "validate_blend_desc",
    "normalise",
    "is_normalised",
    "BlendStateTable",
    "RtBinding",
    "DsvBinding",
    "PsOutput",
    "D3d9Mode",
    "OmState",
    "ValidateResult",
    "om_validate",
    "desc_core",
]

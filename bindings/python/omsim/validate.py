# SPDX-License-Identifier: Apache-2.0
"""Validation with D3D codes: CreateBlendState1 rules, the blend-state object table, capabilities, om_validate.

The capability and om_validate state classes (OmCaps, D3d9Options1, D3dCaps9, Caps, RtBinding, DsvBinding, PsOutput,
D3d9Mode, OmState) are generated from defs/structs.toml (omsim._structs) and re-exported here.

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

from . import _core
from ._structs import Caps, D3d9Mode, D3d9Options1, D3dCaps9, DsvBinding, OmCaps, OmState, PsOutput, RtBinding
from .enums import DescRule, FeatureLevel, Hresult, ValidateReason, desc_rule_message
from .errors import InvalidArgError, error_class, is_failure
from .tables import ConfigLike, config_info
from .state import BlendDesc, Struct, coerce_u32, require


# --- capabilities -----------------------------------------------------------------------------------------------
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
    return BlendDesc.from_core(_core.normalise(require(desc, BlendDesc, "desc").to_core()))


def is_normalised(desc: BlendDesc) -> bool:
    """normalise(desc) == desc."""
    return _core.is_normalised(require(desc, BlendDesc, "desc").to_core())


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
            message = self._message(", ".join(r.name for r in self.failed))
            raise error_class(self.result)(message, passes=self.passes, reasons=self.reasons, rt=self.rt)  # type: ignore[call-arg]

    def _message(self, names: str) -> str:
        return f"om_validate: {names} (passes {self.passes}, rt {self.rt})"


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

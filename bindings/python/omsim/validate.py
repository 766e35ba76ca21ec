# SPDX-License-Identifier: Apache-2.0
"""Validation with D3D codes: CreateBlendState1 rules, the blend-state object table, capabilities, om_validate.

The capability and om_validate state classes (OmCaps, D3d9Options1, D3dCaps9, Caps, RtBinding, DsvBinding, PsOutput,
D3d9Mode, OmState) and the result classes (DescCheck, ValidateResult) are generated from defs/structs.toml
(omsim._structs) and re-exported here.

Result objects or exceptions (see also :mod:`omsim.errors`):

* :func:`check_blend_desc` and :func:`om_validate` are queries: they return :class:`DescCheck` /
  :class:`ValidateResult` holding the HRESULT; a failing result is an answer, not an error. Call
  ``raise_for_result()`` on it to get the exception instead.
* :func:`validate_blend_desc` and :meth:`BlendStateTable.create` behave like the D3D create call: they return on
  success and raise the :class:`~omsim.errors.OmError` subclass of the failing code (``InvalidArgError`` for
  E_INVALIDARG, carrying ``rule`` and ``rt``; ``TooManyUniqueStateObjectsError``; ``OutOfMemoryError``).
"""

from __future__ import annotations

from typing import Any, Optional, Union

from . import _core, _structs_validate
from ._structs_validate import *  # noqa: F403  (the dataclasses)
from ._structs_validate import Caps, DescCheck, OmState, ValidateResult
from .enums import FeatureLevel, Hresult
from .errors import error_class, is_failure
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
def desc_core(desc: Any, cls: type[Struct] = BlendDesc) -> Optional[tuple[Any, ...]]:
    """A descriptor argument of class `cls` as the extension modules take it (None = a NULL pointer)."""
    return None if require(desc, cls, "desc", "None (a NULL pointer)") is None else desc.to_core()


def check_blend_desc(desc: Optional[BlendDesc], config: Union[ConfigLike, Caps] = None) -> DescCheck:
    """CreateBlendState1's validation (docs/validation.md §2–§3; first failure wins) for the feature level and
    OutputMergerLogicOp of `config` (a configuration or Caps). desc None = a NULL pointer. Returns a result."""
    fl, cap = _fl_and_cap(config)
    return DescCheck.from_core(_core.check_blend_desc(desc_core(desc), int(fl), cap))


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
        return self._create(desc, True)[1]

    def validate(self, desc: Optional[BlendDesc]) -> Hresult:
        """CreateBlendState1 with ppBlendState = NULL: S_FALSE for a valid descriptor (nothing created), else
        raises InvalidArgError."""
        return Hresult(self._create(desc, False)[0])

    def _create(self, desc: Optional[BlendDesc], want_object: bool) -> tuple[int, int]:
        """(hr, handle) of a successful create; a failing code raised as its exception."""
        hr, handle, rule, rt = super().create(desc_core(desc), want_object)
        if hr == Hresult.E_INVALIDARG:
            DescCheck(hr, rule, rt).raise_for_result()
        if is_failure(hr):
            raise error_class(hr)("CreateBlendState1 failed")
        return hr, handle

    def desc(self, handle: int) -> BlendDesc:  # type: ignore[override]
        """GetDesc1: the normalised descriptor (ValueError when not live)."""
        return BlendDesc.from_core(super().desc(coerce_u32(handle, "handle")))

    @property
    def live_count(self) -> int:  # type: ignore[override]
        """Number of unique live objects."""
        return super().live_count()


# --- om_validate ------------------------------------------------------------------------------------------------
def om_validate(state: OmState, config: Union[ConfigLike, Caps] = None) -> ValidateResult:
    """Can `state` render in one pass on hardware with these capabilities (a configuration name, ConfigInfo or
    Caps)? Returns a ValidateResult; never raises for a failing state."""
    require(state, OmState, "state")
    c = config if isinstance(config, Caps) else caps(config)
    return ValidateResult.from_core(_core.om_validate(state.to_core(), c.to_core()))


__all__ = [
    "caps",
    "cap_register",
    "check_blend_desc",
    "validate_blend_desc",
    "normalise",
    "is_normalised",
    "BlendStateTable",
    "om_validate",
    "desc_core",
]
__all__ += _structs_validate.__all__

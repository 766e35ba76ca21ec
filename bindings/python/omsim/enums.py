# SPDX-License-Identifier: Apache-2.0
"""D3D enumerations as :class:`enum.IntEnum` / :class:`enum.IntFlag` classes.

Every class except ``DescRule``, ``DsRule`` and ``BatchIsa`` is generated (``omsim._enums``) from
``defs/enums.toml`` and ``defs/formats.toml``, so Python, C++ and the RTL share one definition. Members carry the
D3D values (``Blend.SRC_ALPHA == 5``, ``Format.R8G8B8A8_UNORM == 28``). Feature levels are spelled
``FeatureLevel.FL_11_1`` (as in C++).

Those three come from the extension module (C++ enums of ``validate.h``, ``ds_state.h`` and ``batch.h``).
"""

from __future__ import annotations

from enum import IntEnum

from . import _core, _enums
from ._enums import *  # noqa: F403

DescRule = IntEnum("DescRule", {name: value for name, value, _ in _core.DESC_RULES}, module=__name__)
DescRule.__doc__ = "The create-time rule a blend descriptor breaks (docs/validation.md §2–§3); OK when none."
DsRule = IntEnum("DsRule", {name: value for name, value, _ in _core.DS_RULES}, module=__name__)
DsRule.__doc__ = "The rule a depth-stencil descriptor breaks (docs/depth-stencil.md §4); OK when none."
BatchIsa = IntEnum("BatchIsa", dict(_core.BATCH_ISAS), module=__name__)
BatchIsa.__doc__ = "Highest instruction set a batch call may use (batch.h); AUTO = the best this CPU has."


def desc_rule_message(rule: DescRule | int) -> str:
    """Debug-layer style name of a create-time rule ("CREATEBLENDSTATE_NO_ALPHA_TO_COVERAGE", ...)."""
    return _core.desc_rule_message(int(rule))


__all__ = ["DescRule", "DsRule", "BatchIsa", "desc_rule_message"]
__all__ += _enums.__all__

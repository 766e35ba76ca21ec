# SPDX-License-Identifier: Apache-2.0
"""D3D enumerations as :class:`enum.IntEnum` / :class:`enum.IntFlag` classes.

Every class is generated (``omsim._enums``) from ``defs/enums.toml`` and ``defs/formats.toml``, so Python, C++
and the RTL share one definition. Members carry the D3D values (``Blend.SRC_ALPHA == 5``,
``Format.R8G8B8A8_UNORM == 28``). Feature levels are spelled ``FeatureLevel.FL_11_1`` (as in C++).
"""

from __future__ import annotations

from . import _core, _enums
from ._enums import *  # noqa: F403
from ._enums import DescRule


def desc_rule_message(rule: DescRule | int) -> str:
    """Debug-layer style name of a create-time rule ("CREATEBLENDSTATE_NO_ALPHA_TO_COVERAGE", ...)."""
    return _core.desc_rule_message(int(rule))


__all__ = ["desc_rule_message"]
__all__ += _enums.__all__

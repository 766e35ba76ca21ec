# SPDX-License-Identifier: Apache-2.0
"""D3D failure codes as Python exceptions.

Every failing HRESULT the output merger reports has one exception class; all derive from :class:`OmError`,
which carries the code in ``.hresult``. ``InvalidArgError`` (E_INVALIDARG) also derives from ``ValueError``, so
code that treats bad arguments generically still catches it. The ``D3DERR_*`` codes of ``om_validate``
(docs/validation.md §7) derive from :class:`ValidateError`.

Which calls raise and which return result objects (see also ``omsim.validate``):

* Calls that *make* something (``validate_blend_desc``, ``BlendStateTable.create``) raise the exception of the
  failing code, as a D3D create call fails.
* Queries (``check_blend_desc``, ``om_validate``) return a result object with the code; a failing result is an
  answer, not an error. Their ``raise_for_result()`` turns it into the exception when wanted.
* Bad Python input (wrong type, dtype, shape, unknown names, values out of range) raises the plain built-in
  ``TypeError`` / ``ValueError`` naming the argument, never an ``OmError``.
"""

from __future__ import annotations

from .enums import Hresult


class OmError(Exception):
    """A D3D failure code. ``hresult`` is the code (an :class:`~omsim.enums.Hresult`)."""

    hresult: Hresult = Hresult.E_INVALIDARG

    def __init__(self, message: str, *, hresult: Hresult | None = None) -> None:
        super().__init__(message)
        if hresult is not None:
            self.hresult = hresult

    def __str__(self) -> str:
        return f"{super().__str__()} [{self.hresult.name} 0x{int(self.hresult):08X}]"


class InvalidArgError(OmError, ValueError):
    """E_INVALIDARG: a descriptor or argument D3D rejects (e.g. CreateBlendState1, docs/validation.md §2).

    ``rule`` (a :class:`~omsim.enums.DescRule`) and ``rt`` (RenderTarget[] index or -1) say why, when known.
    """

    hresult = Hresult.E_INVALIDARG

    def __init__(self, message: str, *, rule: object = None, rt: int = -1) -> None:
        super().__init__(message)
        self.rule = rule
        self.rt = rt


class ValidateError(OmError):
    """A D3DERR_* code of om_validate (docs/validation.md §7). ``passes``, ``reasons``, ``rt``: as ValidateResult."""

    def __init__(self, message: str, *, passes: int = 0, reasons: int = 0, rt: int = -1) -> None:
        super().__init__(message)
        self.passes = passes
        self.reasons = reasons
        self.rt = rt


# The class of every other failing code, and ERROR_CLASSES, are generated from defs/enums.toml (hresult.errors).
from . import _errors  # noqa: E402  (they derive from the classes above)
from ._errors import *  # noqa: E402, F403
from ._errors import ERROR_CLASSES  # noqa: E402


def is_failure(hr: int) -> bool:
    """True for a failing HRESULT (severity bit 31 set)."""
    return (int(hr) & 0x80000000) != 0


def error_class(hr: Hresult | int) -> type[OmError]:
    """The exception class of a failing HRESULT; ValueError for a success code or an unknown one."""
    try:
        code = Hresult(int(hr))
    except ValueError:
        raise ValueError(f"hr: 0x{int(hr):08X} is not an HRESULT the output merger reports") from None
    if code not in ERROR_CLASSES:
        raise ValueError(f"hr: {code.name} is not a failure code")
    return ERROR_CLASSES[code]


__all__ = ["OmError", "InvalidArgError", "ValidateError", "is_failure", "error_class"]
__all__ += _errors.__all__

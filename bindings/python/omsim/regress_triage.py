# SPDX-License-Identifier: Apache-2.0
"""Failure triage for :mod:`omsim.regress`: the signature of a failure (what buckets it) and waivers.

A signature is ``"STAGE | PORT/FIELD | KIND"`` from a run's first failure, with the values and cycles left out, so
every run that fails the same way lands in one bucket whatever its seed:

* a divergence at om_top's ports: ``"om_top | mem_wr_data_o[31:0] | divergence"``;
* at a stage boundary: ``"om_hazard -> om_dest_read | hz_op.need_rd | divergence"``;
* an RTL assertion: ``"rtl | <assertion text, numbers as #> | assertion"``;
* a scoreboard or testbench check: ``"scoreboard | final render-target memory differs from om::ref | scoreboard"``.

Waivers are a TOML file of ``[[waiver]]`` tables (``signature`` -- exact, or a glob with ``*`` -- ``reason``,
``owner``, ``expires`` = a date): a failure whose signature a live waiver matches is reported but does not fail the
regression; one matched only by an expired waiver does, with a message naming the waiver.
"""

from __future__ import annotations

import datetime
import fnmatch
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:  # the triage needs no extension module
    from .cosim_results import Failure

_HEX = re.compile(r"0x[0-9a-fA-F]+")
_NUM = re.compile(r"(?<![\w.])[-+]?\d+(\.\d+)?(?![\w])")
_MAX_FIELD = 120


def _normalise(text: str) -> str:
    """Values and counts out of a message line: hex as 0x#, numbers as #, runs of blanks as one."""
    text = _NUM.sub("#", _HEX.sub("0x#", text))
    return " ".join(text.split())[:_MAX_FIELD]


def signature(failure: Optional[Failure]) -> str:
    """The bucket of a run's first failure (see the module docstring); "" for None (a passing run)."""
    if failure is None:
        return ""
    kind = failure.kind
    if kind == "divergence":
        stage, sep, field = failure.field.partition(": ")
        if not sep:  # a port of om_top
            stage, field = "om_top", failure.field
        return f"{stage} | {field} | {kind}"
    first = failure.message.strip().splitlines()[0] if failure.message.strip() else failure.field
    if kind == "assertion":
        side, _, text = first.partition(": ")
        return f"{failure.field or side} | {_normalise(text or first)} | {kind}"
    stage, sep, text = first.partition(": ")
    if not sep:
        stage, text = kind, first
    # "... differs from om::ref before segment 3 (...):" -> where it was found is the run's, not the bug's.
    text = re.split(r" (before|after|at) (segment|cycle|pixel)\b", text)[0].rstrip(":")
    return f"{stage} | {_normalise(text)} | {kind}"


def error_signature(error: str) -> str:
    """The bucket of a run that raised instead of returning a result (``"TypeName: message"``)."""
    name, _, text = error.partition(": ")
    return f"worker | {name}: {_normalise(text)} | error"


# --- waivers -------------------------------------------------------------------------------------------------------
class WaiverError(ValueError):
    """A waiver file that cannot be used; the message names the file, line and field."""


@dataclass(frozen=True)
class Waiver:
    signature: str  # exact, or a glob (fnmatch) with * / ?
    reason: str
    owner: str
    expires: datetime.date
    line: int  # of its [[waiver]] header

    def matches(self, sig: str) -> bool:
        return sig == self.signature or fnmatch.fnmatchcase(sig, self.signature)

    def expired(self, today: datetime.date) -> bool:
        return today > self.expires

    def describe(self) -> str:
        return f"'{self.signature}' ({self.owner}, until {self.expires.isoformat()}: {self.reason})"


_FIELDS = ("signature", "reason", "owner", "expires")


def _key_line(lines: list[str], start: int, end: int, key: str) -> int:
    """1-based line of `key = ...` inside the table starting at line `start` (or the header's line)."""
    pat = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for i in range(start - 1, end):
        if pat.match(lines[i]):
            return i + 1
    return start


def load_waivers(path: Path) -> list[Waiver]:
    """Reads a waiver file; WaiverError naming ``path:line`` and the field when it is not a valid one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise WaiverError(f"{path}: cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise WaiverError(f"{path}: not TOML (not UTF-8 text: {e.reason} at byte {e.start})") from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise WaiverError(f"{path}: not TOML: {e}") from None
    unknown = sorted(set(doc) - {"waiver"})
    if unknown:
        raise WaiverError(f"{path}: unknown top-level key '{unknown[0]}' (expected [[waiver]] tables)")
    entries = doc.get("waiver", [])
    if not isinstance(entries, list):
        raise WaiverError(f"{path}: 'waiver' must be an array of tables ([[waiver]])")
    lines = text.splitlines()
    headers = [i + 1 for i, ln in enumerate(lines) if re.match(r"^\s*\[\[\s*waiver\s*\]\]", ln)]
    out = []
    for n, entry in enumerate(entries):
        start = headers[n] if n < len(headers) else 1
        end = headers[n + 1] - 1 if n + 1 < len(headers) else len(lines)
        out.append(_waiver(path, entry, n + 1, start, lambda k: _key_line(lines, start, end, k)))
    return out


def _waiver(path: Path, entry: Any, n: int, start: int, line_of: Any) -> Waiver:
    def bad(key: str, what: str) -> WaiverError:
        return WaiverError(f"{path}:{line_of(key)}: waiver {n}: '{key}': {what}")

    if not isinstance(entry, dict):
        raise WaiverError(f"{path}:{start}: waiver {n}: expected a table")
    for key in entry:
        if key not in _FIELDS:
            raise bad(key, f"unknown field (expected {', '.join(_FIELDS)})")
    for key in _FIELDS:
        if key not in entry:
            raise WaiverError(f"{path}:{start}: waiver {n}: '{key}' is missing (expected {', '.join(_FIELDS)})")
    for key in ("signature", "reason", "owner"):
        if not isinstance(entry[key], str) or not entry[key].strip():
            raise bad(key, f"expected a non-empty string, got {entry[key]!r}")
    expires = entry["expires"]
    if isinstance(expires, str):
        try:
            expires = datetime.date.fromisoformat(expires)
        except ValueError:
            raise bad("expires", f"expected a date YYYY-MM-DD, got {entry['expires']!r}") from None
    if isinstance(expires, datetime.datetime) or not isinstance(expires, datetime.date):
        raise bad("expires", f"expected a date YYYY-MM-DD, got {entry['expires']!r}")
    return Waiver(entry["signature"].strip(), entry["reason"].strip(), entry["owner"].strip(), expires, start)


@dataclass(frozen=True)
class WaiverVerdict:
    waived: bool  # a live waiver matches
    note: str  # "" when no waiver matches; else which one, and whether it has expired


def check_waivers(sig: str, waivers: list[Waiver], today: Optional[datetime.date] = None) -> WaiverVerdict:
    """Whether a failure with signature `sig` is waived: a live waiver matches (its note names it), or only an
    expired one does (not waived; the note says so), or none does."""
    today = today or datetime.date.today()
    hits = [w for w in waivers if w.matches(sig)]
    live = [w for w in hits if not w.expired(today)]
    if live:
        return WaiverVerdict(True, f"waived by {live[0].describe()}")
    if hits:
        w = hits[0]
        return WaiverVerdict(False, f"waiver {w.describe()} expired on {w.expires.isoformat()}: the failure counts")
    return WaiverVerdict(False, "")

# SPDX-License-Identifier: Apache-2.0
"""Checks of :mod:`omsim.regress`'s inputs: seeds, configurations, profiles, executors. Each failure is a
:class:`UsageError` naming the option and the bad value (the command line exits 2 with it)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Optional, Union

_MAX_SEED = 2**64 - 1


class UsageError(ValueError):
    """A bad option value or an unusable file (exit status 2)."""


def parse_seeds(spec: Union[str, int, list[int], range]) -> list[int]:
    """``N`` (seeds 1..N), ``A-B`` (inclusive), or a comma list of seeds and ranges (``1,5,9-12``)."""
    if isinstance(spec, range):
        spec = list(spec)
    if isinstance(spec, int) and not isinstance(spec, bool):
        spec = str(spec)
    if isinstance(spec, list):
        if not spec or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= _MAX_SEED for s in spec):
            raise UsageError(f"--seeds: expected a non-empty list of seeds 0..2**64-1, got {spec!r}")
        return list(dict.fromkeys(spec))
    if not isinstance(spec, str) or not spec.strip():
        raise UsageError(f"--seeds: expected N, A-B or a list like 1,5,9-12, got {spec!r}")
    text = spec.strip()
    if re.fullmatch(r"[0-9]+", text):
        n = int(text) if len(text) <= 7 else 0
        if not 1 <= n <= 1_000_000:
            raise UsageError(f"--seeds: '{spec}': a count of seeds must be 1..1000000 (seeds 1..N)")
        return list(range(1, n + 1))
    seeds: list[int] = []
    for part in text.split(","):
        m = re.fullmatch(r"\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?", part)
        if not m:
            raise UsageError(f"--seeds: '{part.strip()}' in '{spec}' is neither a seed nor a range A-B")
        if max(len(g) for g in m.groups() if g is not None) > 20:  # int() of thousands of digits is refused
            raise UsageError(f"--seeds: '{part.strip()[:30]}...' is above 2**64-1")
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) is not None else a
        if b < a:
            raise UsageError(f"--seeds: range '{part.strip()}' runs backwards ({a} > {b})")
        if b > _MAX_SEED:
            raise UsageError(f"--seeds: seed {b} is above 2**64-1")
        if b - a >= 1_000_000:
            raise UsageError(f"--seeds: range '{part.strip()}' has more than 1000000 seeds")
        seeds.extend(range(a, b + 1))
    return list(dict.fromkeys(seeds))


def parse_names(spec: Union[str, list[str]], option: str, known: list[str], what: str) -> list[str]:
    """A comma list of names (or a list), each one of `known`; ``all`` for every known name."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip() for n in names if isinstance(n, str) and n.strip()]
    if not names:
        raise UsageError(f"{option}: expected a comma list of {what}s ({', '.join(known)}) or 'all'")
    if names == ["all"]:
        return list(known)
    for n in names:
        if n not in known:
            raise UsageError(f"{option}: unknown {what} '{n}' (known: {', '.join(known)}, or all)")
    return list(dict.fromkeys(names))


def parse_cycles(spec: Union[str, int]) -> int:
    """A whole number of cycles 1..1e12 (``20000``, ``2e4``, ``1e6``: exponents of whole numbers)."""
    text = str(spec).strip()
    m = re.fullmatch(r"([0-9]{1,13})(?:e([0-9]{1,2}))?", text)  # 10**huge would take forever
    n = int(m.group(1)) * 10 ** int(m.group(2) or 0) if m else 0
    if not 1 <= n <= 10**12:
        raise UsageError(f"--cycles: expected a whole number of cycles 1..1e12 (e.g. 20000 or 2e4), got '{spec}'")
    return n


def parse_cluster(spec: Optional[str]) -> tuple[str, int]:
    """``local:N`` -> ("local", N); ``slurm`` / ``lsf`` -> (kind, 0); None -> ("", 0)."""
    if spec is None:
        return "", 0
    m = re.fullmatch(r"local:(\d+)", spec.strip())
    if m:
        n = int(m.group(1))
        if not 1 <= n <= 1024:
            raise UsageError(f"--cluster: '{spec}': local:N needs 1 <= N <= 1024 workers")
        return "local", n
    if spec.strip() in ("slurm", "lsf"):
        return spec.strip(), 0
    raise UsageError(f"--cluster: expected local:N, slurm or lsf, got '{spec}'")


def writable_file(path: Union[str, os.PathLike], option: str) -> Path:
    """A file path whose directory exists (or can be made) and takes new files."""
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"{option}: '{p}' is a directory, expected a file")
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"{option}: cannot create the directory of '{p}': {e.strerror or e}") from None
    if not os.access(p.parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise UsageError(f"{option}: '{p}' is not writable")
    return p


def writable_dir(path: Union[str, os.PathLike], option: str) -> Path:
    p = Path(path)
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"{option}: cannot create '{p}': {e.strerror or e}") from None
    if not os.access(p, os.W_OK):
        raise UsageError(f"{option}: '{p}' is not writable")
    return p

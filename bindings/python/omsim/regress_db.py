# SPDX-License-Identifier: Apache-2.0
"""The results database of :mod:`omsim.regress` (SQLite): one row per run in table ``runs``, keyed by
(config, profile, seed, cycles, fault), so ``--resume`` skips the runs a database already holds and a re-run
replaces its row. docs/regress.md describes the columns.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
  id               INTEGER PRIMARY KEY,
  revision         TEXT NOT NULL,     -- git revision the package was built from
  config           TEXT NOT NULL,
  profile          TEXT NOT NULL,
  seed             INTEGER NOT NULL,
  cycles           INTEGER NOT NULL,  -- cycles of stimulus asked for
  fault            TEXT NOT NULL,     -- '' for none
  verdict          TEXT NOT NULL,     -- PASS, FAIL, ERROR (the run raised)
  signature        TEXT NOT NULL,     -- '' for a pass (regress_triage.signature)
  failure_kind     TEXT NOT NULL,
  failure_cycle    INTEGER,
  waived           TEXT NOT NULL,     -- the waiver note: '' when no waiver matched
  pixels           INTEGER NOT NULL,
  sim_cycles       INTEGER NOT NULL,  -- cycles simulated (with the final drain, or up to the failure)
  seconds          REAL NOT NULL,     -- wall time of the run in its worker
  reproduce        TEXT NOT NULL,     -- the omsim run command line of the run
  report           TEXT NOT NULL,     -- the first-divergence report
  coverage         TEXT NOT NULL,     -- the run's functional coverage file (JSON)
  rss_first_kib    INTEGER,           -- the worker's resident memory 1 s into the run (KiB)
  rss_peak_kib     INTEGER,           -- the most it held during the run
  rss_last_kib     INTEGER,           -- at the run's end
  rss_kib          TEXT,              -- every sample, 1 s apart and one at the end (JSON list)
  minimized        TEXT,              -- the minimized stimulus file of the bucket this run represents
  minimized_pixels INTEGER,
  minimized_reproduce TEXT,
  minimized_waves  TEXT,
  minimize_runs    INTEGER,
  minimize_seconds REAL,
  finished         TEXT NOT NULL DEFAULT (datetime('now')),
  UNIQUE (config, profile, seed, cycles, fault)
);
"""

KEY = ("config", "profile", "seed", "cycles", "fault")
_RUN_COLUMNS = (
    "revision",
    *KEY,
    "verdict",
    "signature",
    "failure_kind",
    "failure_cycle",
    "waived",
    "pixels",
    "sim_cycles",
    "seconds",
    "reproduce",
    "report",
    "coverage",
    "rss_first_kib",
    "rss_peak_kib",
    "rss_last_kib",
    "rss_kib",
)
# Columns added since the first schema: a database written before them gets them (empty) when opened.
_ADDED = {"rss_first_kib": "INTEGER", "rss_peak_kib": "INTEGER", "rss_last_kib": "INTEGER", "rss_kib": "TEXT"}


@dataclass(frozen=True)
class Job:
    """One run of a regression matrix."""

    config: str
    profile: str
    seed: int
    cycles: int
    fault: str = ""

    @property
    def key(self) -> tuple[str, str, int, int, str]:
        return (self.config, self.profile, self.seed, self.cycles, self.fault)

    @property
    def classname(self) -> str:
        return f"{self.config}.{self.profile}"


class ResultsDb:
    """An open results database (created when missing). OSError / sqlite3.Error when it cannot be opened."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._db = sqlite3.connect(self.path, timeout=30)
        self._db.row_factory = sqlite3.Row
        self._db.executescript(SCHEMA)
        have = {r["name"] for r in self._db.execute("PRAGMA table_info(runs)")}
        for col, kind in _ADDED.items():
            if col not in have:
                self._db.execute(f"ALTER TABLE runs ADD COLUMN {col} {kind}")
        self._db.commit()

    @classmethod
    def open_existing(cls, path: Path) -> ResultsDb:
        """The results database at `path`, which must already be one (for reading it): ValueError saying what it
        is instead (missing, a directory, not SQLite, SQLite without the runs table), the file left untouched
        (opening a file as a new database would make it one)."""
        p = Path(path)
        if p.is_dir():
            raise ValueError(f"'{p}' is a directory")
        if not p.is_file():
            raise ValueError(f"no such file '{p}'")
        try:
            con = sqlite3.connect(p.resolve().as_uri() + "?mode=ro", uri=True)
            try:
                runs = con.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'runs'").fetchone()
            finally:
                con.close()
        except sqlite3.Error as e:
            raise ValueError(f"cannot read '{p}': {e}") from None
        if runs is None:
            raise ValueError(f"'{p}' is not a results database of omsim regress (it has no runs table)")
        return cls(p)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultsDb:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def done(self, jobs: Iterable[Job]) -> set[tuple]:
        """Keys of `jobs` that have a row."""
        keys = {j.key for j in jobs}
        rows = self._db.execute(f"SELECT {', '.join(KEY)} FROM runs").fetchall()
        return {tuple(r) for r in rows} & keys

    def put(self, row: dict[str, Any]) -> int:
        """Inserts (or replaces, same key) one run; returns its id."""
        cols = [c for c in _RUN_COLUMNS]
        cur = self._db.execute(
            f"INSERT OR REPLACE INTO runs ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
            [row[c] for c in cols],
        )
        self._db.commit()
        return int(cur.lastrowid)

    def update(self, run_id: int, **fields: Any) -> None:
        """Sets columns of one run: a bucket's minimized failure on its representative run (minimized,
        minimized_pixels, ...), or the waiver note."""
        sets = ", ".join(f"{k} = ?" for k in fields)
        self._db.execute(f"UPDATE runs SET {sets} WHERE id = ?", [*fields.values(), run_id])
        self._db.commit()

    def rows(self, jobs: Optional[Iterable[Job]] = None) -> list[sqlite3.Row]:
        """Every run (or those of `jobs`), in matrix order (config, profile, seed)."""
        rows = self._db.execute("SELECT * FROM runs ORDER BY config, profile, fault, cycles, seed").fetchall()
        if jobs is None:
            return rows
        keys = {j.key for j in jobs}
        return [r for r in rows if tuple(r[k] for k in KEY) in keys]

    def coverage_texts(self, jobs: Optional[Iterable[Job]] = None) -> Iterator[str]:
        for r in self.rows(jobs):
            if r["coverage"]:
                yield r["coverage"]


def buckets(rows: list[sqlite3.Row]) -> list[dict[str, Any]]:
    """Failing runs grouped by signature, largest bucket first: signature, count, waived (how many), the first
    run's reproduce command and config/profile/seed, and its minimized failure when there is one."""
    groups: dict[str, list[sqlite3.Row]] = {}
    for r in rows:
        if r["verdict"] != "PASS":
            groups.setdefault(r["signature"], []).append(r)
    out = []
    for sig, rs in groups.items():
        rep = next((r for r in rs if r["minimized"]), rs[0])
        out.append(
            {
                "signature": sig,
                "count": len(rs),
                "waived": sum(1 for r in rs if r["waived"].startswith("waived")),
                "note": rep["waived"],
                "first": {
                    "config": rep["config"],
                    "profile": rep["profile"],
                    "seed": rep["seed"],
                    "cycles": rep["cycles"],
                    "fault": rep["fault"],
                    "failure_cycle": rep["failure_cycle"],
                },
                "reproduce": rep["reproduce"],
                "minimized": rep["minimized"],
                "minimized_pixels": rep["minimized_pixels"],
                "minimized_reproduce": rep["minimized_reproduce"],
                "minimized_waves": rep["minimized_waves"],
                "minimize_runs": rep["minimize_runs"],
                "minimize_seconds": rep["minimize_seconds"],
                "run_id": rep["id"],
            }
        )
    out.sort(key=lambda b: (-b["count"], b["signature"]))
    return out


def summary(rows: list[sqlite3.Row]) -> dict[str, Any]:
    """The report of ``omsim regress report --json``."""
    bs = buckets(rows)
    failed = [r for r in rows if r["verdict"] != "PASS"]
    waived = [r for r in failed if r["waived"].startswith("waived")]
    secs = sum(r["seconds"] for r in rows)
    return {
        "runs": len(rows),
        "passed": len(rows) - len(failed),
        "failed": len(failed) - len(waived),
        "waived": len(waived),
        "errors": sum(1 for r in rows if r["verdict"] == "ERROR"),
        "buckets": bs,
        "configs": sorted({r["config"] for r in rows}),
        "profiles": sorted({r["profile"] for r in rows}),
        "revisions": sorted({r["revision"] for r in rows}),
        "cycles": sum(r["sim_cycles"] for r in rows),
        "pixels": sum(r["pixels"] for r in rows),
        "seconds": secs,
        "memory": memory(rows),
    }


def memory(rows: list[sqlite3.Row]) -> dict[str, Any]:
    """Resident memory of the runs that have samples: per run the first sample (1 s in), the peak and the last
    sample (KiB), and over them the largest peak and the largest growth from first to last sample."""
    runs = [
        {
            "config": r["config"],
            "profile": r["profile"],
            "seed": r["seed"],
            "cycles": r["cycles"],
            "first_kib": r["rss_first_kib"],
            "peak_kib": r["rss_peak_kib"],
            "last_kib": r["rss_last_kib"],
            "samples": len(json.loads(r["rss_kib"])),
        }
        for r in rows
        if r["rss_kib"] and r["rss_peak_kib"]
    ]
    return {
        "runs": runs,
        "peak_kib": max((m["peak_kib"] for m in runs), default=0),
        "growth_kib": max((m["last_kib"] - m["first_kib"] for m in runs), default=0),
    }

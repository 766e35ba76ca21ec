# SPDX-License-Identifier: Apache-2.0
"""Regressions of the lockstep co-simulation: a matrix of configurations x profiles x seeds run on local processes
or Dask, recorded in a SQLite database, reported as JUnit XML and one HTML coverage report, failures bucketed by
signature, each bucket's first failure minimized to a small stimulus file. ``omsim regress`` is :func:`main`;
:func:`run` is the same runner from Python::

    from omsim import regress
    res = regress.run(["fl9_3", "fl11_1"], seeds="1-4", cycles=20_000, cluster="local:2",
                      junit="ok.xml", db="ok.sqlite")
    res.exit_code, res.summary["passed"], res.summary["buckets"]

Exit status of the command: 0 every run passed (or failed only with a live waiver), 1 failures (or an expired
waiver), 2 bad options or files (the message names the option). docs/regress.md has the workflow.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any, Optional, Union

from . import regress_exec
from .regress_args import UsageError, parse_cluster, parse_cycles, parse_names, parse_seeds, writable_dir
from .regress_args import writable_file
from .regress_db import Job, ResultsDb, summary
from .regress_triage import WaiverError, check_waivers, error_signature, load_waivers, signature

PathLike = Union[str, Path]


@dataclass
class RegressResult:
    """What :func:`run` did: its exit status (0/1), the summary of the matrix's runs (regress_db.summary), the
    files written, how many runs were skipped by resume, its wall time and the part of it spent starting the
    executor (processes or cluster)."""

    exit_code: int
    summary: dict[str, Any]
    db: Path
    junit: Optional[Path]
    html: Optional[Path]
    skipped: int
    seconds: float
    startup_seconds: float = 0.0
    messages: list[str] = field(default_factory=list)


def known_profiles() -> list[str]:
    """Names of the stimulus profiles (omsim.cosim.PROFILES)."""
    from . import cosim

    return list(cosim.PROFILES)


class _Progress:
    """A tqdm bar (done, failed, ETA) on a terminal, one plain line per run otherwise."""

    def __init__(self, total: int, enabled: Optional[bool]) -> None:
        self.total, self.done, self.failed = total, 0, 0
        self._bar: Any = None
        if enabled is None:
            enabled = sys.stderr.isatty()
        if enabled:
            try:
                from tqdm import tqdm

                self._bar = tqdm(total=total, unit="run", desc="regress", dynamic_ncols=True)
            except ImportError:
                pass

    def update(self, job: Job, verdict: str, sig: str, secs: float) -> None:
        self.done += 1
        self.failed += verdict != "PASS"
        if self._bar is not None:
            self._bar.set_postfix(failed=self.failed, refresh=False)
            self._bar.update(1)
            if verdict != "PASS":
                self._bar.write(f"{verdict}: {job.classname} seed {job.seed}: {sig}")
        else:
            tail = f": {sig}" if sig else ""
            print(
                f"[{self.done}/{self.total}] {job.classname} seed {job.seed}: {verdict} ({secs:.1f} s){tail}",
                flush=True,
            )

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def _row(out: regress_exec.Outcome) -> dict[str, Any]:
    j, res = out.job, out.result
    if res is None:
        sig, verdict, kind, fcycle = error_signature(out.error), "ERROR", "error", None
    else:
        f = res.failure
        sig = signature(f)
        verdict = "PASS" if res.passed else "FAIL"
        kind, fcycle = (f.kind, f.cycle) if f else ("", None)
    return {
        "revision": res.revision if res else "",
        "config": j.config,
        "profile": j.profile,
        "seed": j.seed,
        "cycles": j.cycles,
        "fault": j.fault,
        "verdict": verdict,
        "signature": sig,
        "failure_kind": kind,
        "failure_cycle": fcycle,
        "waived": "",
        "pixels": res.pixels if res else 0,
        "sim_cycles": res.cycles if res else 0,
        "seconds": out.seconds,
        "reproduce": res.reproduce if res else _reproduce(j),
        "report": res.report if res else out.error,
        "coverage": res.coverage.to_json() if res else "",
        "rss_first_kib": out.rss[0] if out.rss else None,
        "rss_peak_kib": out.rss_peak or None,
        "rss_last_kib": out.rss[-1] if out.rss else None,
        "rss_kib": json.dumps(out.rss),
    }


def _reproduce(j: Job) -> str:
    cmd = f"omsim run --config {j.config} --seed {j.seed} --cycles {j.cycles}"
    if j.profile != "default":
        cmd += f" --profile {j.profile}"
    return cmd + (f" --fault {j.fault}" if j.fault else "")


def _executor(
    jobs: int, cluster: Optional[str], sched: Optional[str], queue: Optional[str], timeout: float, **jq: Any
) -> Any:
    kind, n = parse_cluster(cluster)
    try:
        if sched:
            return regress_exec.scheduler(sched, timeout)
        if kind == "local":
            return regress_exec.local_cluster(n)
        if kind in ("slurm", "lsf"):
            return regress_exec.jobqueue(kind, jobs, queue, **jq)
    except regress_exec.ExecutorError as e:
        raise UsageError(str(e)) from None
    if queue:
        raise UsageError("--queue: only with --cluster slurm or lsf")
    return regress_exec.ProcessExecutor(jobs)


def run(
    configs: Union[str, Sequence[str]],
    seeds: Union[str, int, Sequence[int]] = 1,
    cycles: Union[int, str] = 100_000,
    profiles: Union[str, Sequence[str]] = ("default",),
    *,
    jobs: Optional[int] = None,
    cluster: Optional[str] = None,
    scheduler: Optional[str] = None,
    queue: Optional[str] = None,
    connect_timeout: float = 20.0,
    memory: str = "2GB",
    walltime: str = "01:00:00",
    account: Optional[str] = None,
    job_extra: Sequence[str] = (),
    fault: Optional[str] = None,
    junit: Optional[PathLike] = None,
    db: Optional[PathLike] = None,
    resume: bool = False,
    out: PathLike = "omsim-regress",
    waivers: Optional[PathLike] = None,
    minimize: bool = True,
    minimize_budget: int = 300,
    code_coverage: bool = False,
    progress: Optional[bool] = None,
) -> RegressResult:
    """Runs a regression (``omsim regress`` from Python; arguments as its options). UsageError (a ValueError) for
    bad arguments or unusable files, before any run starts."""
    from . import cosim, regress_html, regress_report

    t0 = time.monotonic()
    cfgs = parse_names(configs, "--configs", cosim.configs(), "configuration")
    profs = parse_names(profiles, "--profiles", known_profiles(), "profile")
    seed_list = parse_seeds(seeds if not isinstance(seeds, (tuple, range)) else list(seeds))
    n_cycles = parse_cycles(cycles)
    if fault is not None:
        # The harness's own parser: a check of regress's own let through cycles it refuses (above 2**64-1, '²'),
        # and every run then ended as a failure.
        if not isinstance(fault, str):
            raise UsageError(f"--fault: expected NAME or NAME@CYCLE, got {type(fault).__name__}")
        try:
            cosim._fault(fault)
        except ValueError as e:
            raise UsageError(str(e)) from None
    if jobs is not None and not (isinstance(jobs, int) and 1 <= jobs <= 4096):
        raise UsageError(f"-j: expected a number of workers 1..4096, got {jobs!r}")
    if isinstance(minimize_budget, bool) or not isinstance(minimize_budget, int) or minimize_budget < 1:
        raise UsageError(f"--minimize-budget: expected a number of runs >= 1, got {minimize_budget!r}")
    if isinstance(connect_timeout, bool) or not isinstance(connect_timeout, (int, float)) or not connect_timeout > 0:
        raise UsageError(f"--connect-timeout: expected a number of seconds > 0, got {connect_timeout!r}")
    try:
        wv = load_waivers(Path(waivers)) if waivers is not None else []
    except WaiverError as e:
        raise UsageError(f"--waivers: {e}") from None
    kind, _ = parse_cluster(cluster)
    if cluster and scheduler:
        raise UsageError("--scheduler and --cluster: give one of them")
    out_dir = writable_dir(out, "--out")
    db_path = writable_file(db if db is not None else out_dir / "results.sqlite", "--db")
    junit_path = writable_file(junit, "--junit") if junit is not None else None
    cov_data = None
    if code_coverage:
        from . import regress_codecov

        cov_env = os.environ.get(regress_codecov.ENV)
        cov_data = regress_codecov.prepare(out_dir, remote=bool(scheduler) or kind in ("slurm", "lsf"))
    try:
        store = ResultsDb(db_path)
    except Exception as e:  # sqlite3.Error, OSError: not a database, locked, read-only
        raise UsageError(f"--db: cannot use '{db_path}' as a results database: {e}") from None
    # Seeds outermost: a regression cut short (or a soak of long runs) has covered every configuration and profile.
    matrix = [Job(c, p, s, n_cycles, fault or "") for s, c, p in product(seed_list, cfgs, profs)]
    done = store.done(matrix) if resume else set()
    todo = [j for j in matrix if j.key not in done]
    workers = jobs or max(1, min(os.cpu_count() or 1, len(todo) or 1))
    today = datetime.date.today()
    messages: list[str] = []
    startup = 0.0
    try:
        if not todo:
            print(f"omsim regress: 0 runs ({len(done)} already in {db_path})", flush=True)
        else:
            t_start = time.monotonic()
            ex = _executor(
                workers,
                cluster,
                scheduler,
                queue,
                connect_timeout,
                memory=memory,
                walltime=walltime,
                account=account,
                job_extra=list(job_extra),
            )
            startup = time.monotonic() - t_start
            print(f"omsim regress: {len(todo)} runs ({len(done)} already in {db_path}) on {ex.name}", flush=True)
            bar = _Progress(len(todo), progress)
            try:
                with ex:
                    for o in ex.map_unordered(todo):
                        row = _row(o)
                        store.put(row)
                        bar.update(o.job, row["verdict"], row["signature"], o.seconds)
            finally:
                bar.close()
        for r in store.rows(matrix):  # the waivers of this invocation decide, also for resumed runs
            note = check_waivers(r["signature"], wv, today).note if r["verdict"] != "PASS" else ""
            if note != r["waived"]:
                store.update(r["id"], waived=note)
        rows = store.rows(matrix)
        if minimize:
            from .regress_minimize import minimize_buckets

            messages += minimize_buckets(store, rows, out_dir, minimize_budget)
            rows = store.rows(matrix)
        s = summary(rows)
        if junit_path is not None:
            regress_report.write_junit(junit_path, rows)
        from .cosim_results import Coverage

        merged = sum((Coverage.from_json(t) for t in store.coverage_texts(matrix)), Coverage())
        html_path = out_dir / "coverage.html"
        regress_html.write_html(html_path, merged.to_dict(), s)
        if cov_data is not None:
            messages.append(regress_codecov.report(cov_data))
    finally:
        store.close()
        if cov_data is not None:  # as it was before this call
            os.environ.pop(regress_codecov.ENV)
            if cov_env is not None:
                os.environ[regress_codecov.ENV] = cov_env
    expired = [r["waived"] for r in rows if r["verdict"] != "PASS" and "expired" in r["waived"]]
    messages += sorted(set(expired))
    code = 1 if s["failed"] else 0
    return RegressResult(code, s, db_path, junit_path, html_path, len(done), time.monotonic() - t0, startup, messages)


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="omsim regress",
        description="Run a co-simulation regression (configs x profiles x seeds) on local processes or Dask. "
        "'omsim regress report --db FILE [--json]' summarizes a results database.",
    )
    ap.add_argument("--configs", required=True, help="comma list of configurations, or all")
    ap.add_argument("--seeds", default="1", help="N (seeds 1..N), A-B, or a list 1,5,9-12 (default 1)")
    ap.add_argument("--cycles", default="100000", help="cycles of stimulus per run (default 1e5)")
    ap.add_argument("--profiles", default="default", help="comma list of stimulus profiles, or all")
    ap.add_argument("-j", "--jobs", type=int, help="local processes (default: one per core) or batch jobs")
    ap.add_argument("--cluster", help="local:N (Dask LocalCluster of N workers), slurm or lsf (dask-jobqueue)")
    ap.add_argument("--scheduler", help="address of an existing Dask scheduler (or its scheduler file)")
    ap.add_argument("--connect-timeout", type=float, default=20.0, help="seconds to reach --scheduler (default 20)")
    ap.add_argument("--queue", help="batch queue (--cluster slurm|lsf)")
    ap.add_argument("--memory", default="2GB", help="memory per batch job (default 2GB)")
    ap.add_argument("--walltime", default="01:00:00", help="wall time per batch job (default 01:00:00)")
    ap.add_argument("--account", help="account / project of the batch jobs")
    ap.add_argument("--job-extra", action="append", default=[], help="extra batch directive (repeatable)")
    ap.add_argument("--fault", help="a deliberate fault applied to every run (omsim run --fault)")
    ap.add_argument("--junit", help="JUnit XML file to write")
    ap.add_argument("--db", help="SQLite results database (default OUT/results.sqlite)")
    ap.add_argument("--resume", action="store_true", help="skip the runs the database already holds")
    ap.add_argument(
        "--out", default="omsim-regress", help="directory of reports, minimized failures (default omsim-regress)"
    )
    ap.add_argument("--waivers", help="waiver file (TOML [[waiver]]: signature, reason, owner, expires)")
    ap.add_argument("--no-minimize", action="store_true", help="do not minimize the failure buckets")
    ap.add_argument("--minimize-budget", type=int, default=300, help="runs per minimized failure (default 300)")
    ap.add_argument("--code-coverage", action="store_true", help="merge om_top's Verilator code coverage into an "
                    "lcov report OUT/code-coverage/html (a build of the coverage preset)")
    ap.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar (default: when stderr is a terminal)",
    )
    return ap


def report_main(argv: Sequence[str]) -> int:
    """``omsim regress report --db FILE [--json]``."""
    from .regress_report import summary_text

    ap = argparse.ArgumentParser(prog="omsim regress report", description="Summarize a results database.")
    ap.add_argument("--db", required=True, help="SQLite results database of omsim regress")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = ap.parse_args(argv)
    try:
        store = ResultsDb.open_existing(Path(args.db))
    except ValueError as e:
        print(f"omsim regress report: --db: {e}", file=sys.stderr)
        return 2
    try:
        with store:
            s = summary(store.rows())
    except Exception as e:
        print(f"omsim regress report: --db: cannot read '{args.db}': {e}", file=sys.stderr)
        return 2
    print(json.dumps(s, indent=2) if args.json else summary_text(s))
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The ``omsim regress`` command line; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "report":
        return report_main(argv[1:])
    args = _parser().parse_args(argv)
    from .regress_report import summary_text

    try:
        res = run(
            args.configs,
            args.seeds,
            args.cycles,
            args.profiles,
            jobs=args.jobs,
            cluster=args.cluster,
            scheduler=args.scheduler,
            queue=args.queue,
            connect_timeout=args.connect_timeout,
            memory=args.memory,
            walltime=args.walltime,
            account=args.account,
            job_extra=args.job_extra,
            fault=args.fault,
            junit=args.junit,
            db=args.db,
            resume=args.resume,
            out=args.out,
            waivers=args.waivers,
            minimize=not args.no_minimize,
            minimize_budget=args.minimize_budget,
            code_coverage=args.code_coverage,
            progress=args.progress,
        )
    except UsageError as e:
        print(f"omsim regress: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("omsim regress: interrupted (the database keeps the finished runs: --resume)", file=sys.stderr)
        return 130
    print(summary_text(res.summary))
    for m in res.messages:
        print(m)
    files = [f"database {res.db}", f"coverage {res.html}"] + ([f"JUnit {res.junit}"] if res.junit else [])
    print(f"{'; '.join(files)}; {res.seconds:.1f} s" + (f" ({res.skipped} runs resumed)" if res.skipped else ""))
    return res.exit_code


if __name__ == "__main__":
    sys.exit(main())

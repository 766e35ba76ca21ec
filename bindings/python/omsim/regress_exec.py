# SPDX-License-Identifier: Apache-2.0
"""Where the runs of :mod:`omsim.regress` execute: local processes (concurrent.futures, one per core by default) or
Dask distributed -- a ``LocalCluster``, an existing scheduler, or a Slurm/LSF queue through dask-jobqueue. Each
run calls :func:`omsim.cosim.run` in its worker and sends back the (picklable) :class:`RunResult`; nothing here is
a job system of its own.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Optional

from .regress_db import Job


RSS_INTERVAL = 1.0  # seconds between samples of a run's resident memory


@dataclass
class Outcome:
    """What a worker sends back: the run's result, or the error it raised, and the worker's resident memory
    during the run: `rss` the samples (KiB, every RSS_INTERVAL seconds; a shorter run: one, when it returned),
    `rss_peak` the most it held during the run (KiB; 0 when the platform does not say)."""

    job: Job
    result: Any  # omsim.cosim.RunResult, or None with `error`
    error: str
    seconds: float
    rss: list[int] = field(default_factory=list)
    rss_peak: int = 0


def _status_kib(key: str) -> int:
    """A memory line of /proc/self/status (VmRSS, VmHWM) in KiB; 0 where there is none (not Linux)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class RssSampler:
    """Samples this process's resident memory (VmRSS) every `interval` seconds on a thread while a run holds no
    GIL (omsim.cosim.run releases it), and its peak: the kernel's high-water mark, reset at the start so it is
    this run's (a pool worker runs many), or the largest sample where the reset is not allowed."""

    def __init__(self, interval: float = RSS_INTERVAL) -> None:
        self.interval = interval
        self.samples: list[int] = []
        self._stop = threading.Event()
        try:
            with open("/proc/self/clear_refs", "w") as f:
                f.write("5")  # resets VmHWM to the current VmRSS
            self._hwm = True
        except OSError:
            self._hwm = False
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            self.samples.append(_status_kib("VmRSS"))

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        if not self.samples:  # the run's objects are gone by now: only for a run shorter than one interval
            self.samples.append(_status_kib("VmRSS"))
        self.samples = [s for s in self.samples if s > 0]

    @property
    def peak(self) -> int:
        hwm = _status_kib("VmHWM") if self._hwm else 0
        return max([hwm, *self.samples])


def run_job(job: Job) -> Outcome:
    """One run, in the worker: omsim.cosim.run with the job's configuration, profile, seed, cycles and fault,
    its resident memory sampled while it runs."""
    from . import cosim

    t0 = time.monotonic()
    with RssSampler() as rss:
        try:
            res = cosim.run(job.config, seed=job.seed, cycles=job.cycles, profile=job.profile, fault=job.fault or None)
            err = ""
        except Exception as e:  # a run that raises is an ERROR row of its own bucket, not the end of the regression
            res, err = None, f"{type(e).__name__}: {e}"
    return Outcome(job, res, err, time.monotonic() - t0, rss.samples, rss.peak)


def _outcome(future: Any, job: Job) -> Outcome:
    """A finished future's outcome; a worker that died (crash, killed job) makes an ERROR outcome of its run."""
    try:
        return future.result()
    except Exception as e:
        return Outcome(job, None, f"{type(e).__name__}: {e}", 0.0)


class ExecutorError(RuntimeError):
    """An executor that cannot start (bad --cluster, a scheduler that does not answer, dask missing)."""


class Executor:
    """Runs jobs, yielding outcomes as they complete. A context manager (shuts its workers down)."""

    name = ""
    workers = 0

    def map_unordered(self, jobs: Iterable[Job]) -> Iterator[Outcome]:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ProcessExecutor(Executor):
    """A pool of local processes (spawned: each imports omsim once)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.name = f"{workers} local processes"
        self._pool = cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))

    def map_unordered(self, jobs: Iterable[Job]) -> Iterator[Outcome]:
        futures = {self._pool.submit(run_job, j): j for j in jobs}
        try:
            for f in cf.as_completed(futures):
                yield _outcome(f, futures[f])
        finally:
            for f in futures:
                f.cancel()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class DaskExecutor(Executor):
    """Runs on a Dask distributed client (of a cluster this object made, or of an existing scheduler)."""

    def __init__(self, client: Any, cluster: Any, name: str) -> None:
        self._client = client
        self._cluster = cluster
        self.name = name
        self.workers = len(client.scheduler_info().get("workers", {}))

    def map_unordered(self, jobs: Iterable[Job]) -> Iterator[Outcome]:
        from dask.distributed import as_completed

        futures = {self._client.submit(run_job, j, pure=False): j for j in jobs}
        try:
            for f in as_completed(futures):
                yield _outcome(f, futures[f])
        finally:
            self._client.cancel(list(futures))

    def close(self) -> None:
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()


def _dask() -> Any:
    try:
        import dask.distributed
    except ImportError:
        raise ExecutorError(
            "Dask is not installed (a dependency of omsim): pip install 'dask[distributed]'"
        ) from None
    return dask.distributed


def local_cluster(workers: int) -> DaskExecutor:
    """A Dask LocalCluster of `workers` single-threaded worker processes."""
    import logging

    import dask

    dd = _dask()
    # The workers' statistical profiler samples every thread's stack every 10 ms: nothing to see in a task that
    # runs in C++.
    with dask.config.set({"distributed.worker.profile.enabled": False}):
        cluster = dd.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
        )
    return DaskExecutor(dd.Client(cluster), cluster, f"Dask LocalCluster of {workers} workers")


def scheduler(address: str, timeout: float = 20.0) -> DaskExecutor:
    """A client of an existing Dask scheduler (``tcp://host:8786``, or a scheduler file's path)."""
    dd = _dask()
    try:
        if os.path.isfile(address):
            client = dd.Client(scheduler_file=address, timeout=timeout)
        else:
            client = dd.Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as e:
        raise ExecutorError(f"--scheduler: cannot connect to '{address}': {e}") from None
    return DaskExecutor(client, None, f"Dask scheduler {address}")


def jobqueue(
    kind: str,
    workers: int,
    queue: Optional[str],
    memory: str,
    walltime: str,
    account: Optional[str],
    job_extra: list[str],
) -> DaskExecutor:
    """Dask workers as batch jobs (dask-jobqueue): one single-core worker per job, `workers` jobs."""
    dd = _dask()
    try:
        import dask_jobqueue
    except ImportError:
        raise ExecutorError("--cluster slurm/lsf needs dask-jobqueue: pip install 'omsim[regress]'") from None
    cls = {"slurm": dask_jobqueue.SLURMCluster, "lsf": dask_jobqueue.LSFCluster}[kind]
    kw: dict[str, Any] = dict(
        cores=1, processes=1, memory=memory, walltime=walltime, queue=queue, job_extra_directives=job_extra
    )
    if account:
        kw["account" if kind == "slurm" else "project"] = account
    try:
        cluster = cls(**kw)
    except (OSError, RuntimeError, ValueError) as e:
        raise ExecutorError(f"--cluster {kind}: cannot set up the job queue: {e}") from None
    cluster.scale(jobs=workers)
    return DaskExecutor(dd.Client(cluster), cluster, f"{kind} queue {queue or '(default)'}, {workers} jobs")

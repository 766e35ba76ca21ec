#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""omsim regress throughput (make bench, section regress): the same matrix through local processes and through a
Dask LocalCluster of as many workers, in one run, and the cost of minimizing a failure.

Writes JSON: dask_over_local (wall time of the Dask run / the local one, cluster start-up included; target
<= 1.1) with each executor's start-up seconds, checked_cycles_per_s_per_core and checked_pixels_per_s_per_core
(lockstep cycles and pixels checked per second of wall time per worker, local processes), and minimize {runs,
seconds, pixels} per minimized failure (a wr_data fault regression). Needs the installed package (bench/run.py
installs it) with Dask.

usage: regress_bench.py --out FILE [--configs fl9_3,fl11_1] [--seeds 1-8] [--cycles 400000] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from omsim import regress


def timed(tmp: Path, name: str, **kw) -> regress.RegressResult:
    res = regress.run(db=tmp / f"{name}.sqlite", out=tmp / name, progress=False, **kw)
    print(f"[regress] {name}: {res.summary['runs']} runs in {res.seconds:.2f} s", file=sys.stderr, flush=True)
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--configs", default="fl9_3,fl11_1")
    ap.add_argument("--seeds", default="1-8")
    # Runs long enough that a cluster's start-up (about a second) weighs what it would in a real regression.
    ap.add_argument("--cycles", type=int, default=400_000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    matrix = dict(configs=args.configs, seeds=args.seeds, cycles=args.cycles, minimize=False)
    with tempfile.TemporaryDirectory(prefix="omsim-regress-bench-") as d:
        tmp = Path(d)
        local = timed(tmp, "local", jobs=args.workers, **matrix)
        dask = timed(tmp, "dask", cluster=f"local:{args.workers}", **matrix)
        bad = timed(tmp, "minimize", configs="fl9_3,fl11_1", seeds="1-2", cycles=20_000, fault="wr_data", jobs=2)
    if local.exit_code or dask.exit_code or bad.exit_code != 1:
        raise SystemExit(f"regress_bench: unexpected exit codes {local.exit_code}, {dask.exit_code}, {bad.exit_code}")
    s = local.summary
    per_core = local.seconds * args.workers
    minimized = [b for b in bad.summary["buckets"] if b["minimized"]]
    out = {
        "runs": s["runs"],
        "cycles_per_run": args.cycles,
        "workers": args.workers,
        "local_seconds": local.seconds,
        "dask_seconds": dask.seconds,
        "dask_over_local": dask.seconds / local.seconds,
        "dask_over_local_target": 1.1,
        "local_startup_seconds": local.startup_seconds,
        "dask_startup_seconds": dask.startup_seconds,
        "checked_cycles_per_s_per_core": s["cycles"] / per_core,
        "checked_pixels_per_s_per_core": s["pixels"] / per_core,
        "minimize": [{"signature": b["signature"], "runs": b["minimize_runs"], "seconds": b["minimize_seconds"],
                      "pixels": b["minimized_pixels"], "failing_runs": b["count"]} for b in minimized],
        "minimize_runs_per_failure": sum(b["minimize_runs"] for b in minimized) / max(1, len(minimized)),
        "minimize_seconds_per_failure": sum(b["minimize_seconds"] for b in minimized) / max(1, len(minimized)),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps({k: v for k, v in out.items() if k != "minimize"}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Run the omsim benchmarks (make bench) and summarise them as bandwidth fractions.

Usage: python3 bench/run.py BUILD_DIR [--out DIR] [--repetitions N] [--min-time S] [--only SECTION ...]

Each *section* is one Google Benchmark program of BUILD_DIR/bin. A section names pairs (result key, measured
benchmark, baseline benchmark); both run in the same process, with repetitions, and the median of each is taken.
The section's result is measured/baseline of the benchmarks' bytes_per_second (each benchmark states its own
byte accounting in its counters and its source). Results go to OUT/<section>.json (default OUT = BUILD_DIR/../bench,
so `make bench` writes build/bench/reference.json) under the section's `metric` key.

Sections whose program is not built are skipped with a note, so later benchmarks (rtl, cosim, systemc, python)
plug in by adding an entry to SECTIONS (or a runner function for a non-Google-Benchmark program).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


@dataclass
class Pair:
    key: str  # result key in the section's JSON
    measured: str  # Google Benchmark name (without aggregate suffix)
    baseline: str  # the benchmark it is divided by (same byte accounting)
    target: float | None = None  # goal for measured/baseline, printed beside the result


@dataclass
class Section:
    name: str  # also the output file stem: <name>.json
    program: str  # path under BUILD_DIR
    metric: str  # JSON key holding {pair.key: ratio}
    pairs: list[Pair]
    note: str = ""  # what the ratio means, printed once
    info: list[str] = field(default_factory=list)  # more benchmarks to run and record (not ratios)
    runner: Callable[["Section", Path, argparse.Namespace], dict] | None = field(default=None)


SECTIONS: list[Section] = [
    Section(
        name="reference",
        program="bin/om_bench_reference",
        metric="bandwidth_fraction",
        note="om::ref batch blend vs memcpy of the same bytes; bytes/pixel = source + dest read + dest write",
        info=["BM_RefScalar/rgba8_src_alpha", "BM_RefScalar/rgba16f_add", "BM_RefScalar/rgba8_uint_xor"],
        pairs=[
            Pair("rgba8_src_alpha", "BM_RefBatch/rgba8_src_alpha", "BM_Memcpy/rgba8_src_alpha", 0.5),
            Pair("rgba16f_add", "BM_RefBatch/rgba16f_add", "BM_Memcpy/rgba16f_add"),
            Pair("rgba8_uint_xor", "BM_RefBatch/rgba8_uint_xor", "BM_Memcpy/rgba8_uint_xor"),
        ],
    ),
    # Later: Section("rtl", "bin/om_bench_rtl", ...), Section("cosim", ...), Section("systemc", ...):
    # same output layout, one JSON per section. The "python" section is appended below its runner.
]


def install_package(section: Section, build: Path) -> Path:
    """Installs the checkout into BUILD/python/venv with tests/python/install.py (as CTest does: the modules BUILD
    compiled when it has them, the release preset's do, else an incremental scikit-build-core build); returns it."""
    root = Path(__file__).resolve().parents[1]
    venv = build / "python" / "venv"
    tree = build / "python" / "omsim"
    prebuilt = ["--prebuilt", str(tree)] if any(tree.glob("_core.*")) else []
    print(f"[{section.name}] installing omsim into {venv}", file=sys.stderr, flush=True)
    subprocess.run([sys.executable, str(root / "tests" / "python" / "install.py"), "--venv", str(venv),
                    "--source", str(root), *prebuilt], check=True)
    return venv


def run_python_section(section: Section, build: Path, args: argparse.Namespace) -> dict:
    """bench/python_bench.py (the Python package's benchmark) in the installed package: its JSON
    (call_overhead_ns, batch_over_native, per-workload times)."""
    root = Path(__file__).resolve().parents[1]
    venv = install_package(section, build)
    out = build / "python" / "python_bench.json"
    subprocess.run([str(venv / "bin" / "python"), str(root / "bench" / "python_bench.py"), "--out", str(out),
                    "--rounds", str(max(3 * args.repetitions, 9))], check=True)
    return json.loads(out.read_text())


SECTIONS.append(
    Section(
        name="python",
        program="",
        metric="batch_over_native",
        pairs=[],
        note="omsim Python API vs the same C++ batch path, in one process (bench/python_bench.py)",
        runner=run_python_section,
    )
)


def run_regress_section(section: Section, build: Path, args: argparse.Namespace) -> dict:
    """bench/regress_bench.py in the installed package: the same regression matrix on local processes and on a
    2-worker Dask LocalCluster (dask_over_local), checked cycles and pixels per second per core, and the
    minimizer's runs and seconds per minimized failure."""
    venv = install_package(section, build)
    out = build / "python" / "regress_bench.json"
    subprocess.run([str(venv / "bin" / "python"), str(Path(__file__).resolve().parent / "regress_bench.py"),
                    "--out", str(out)], check=True)
    return json.loads(out.read_text())


SECTIONS.append(
    Section(
        name="regress",
        program="",
        metric="dask_over_local",
        pairs=[],
        note="omsim regress: local processes vs a 2-worker Dask LocalCluster on one matrix (target <= 1.1); "
        "minimizer cost per failure",
        runner=run_regress_section,
    )
)


def run_systemc_section(section: Section, build: Path, args: argparse.Namespace) -> dict | None:
    """SystemC testbench (bin/om_sc_tb: the Verilated --sc om_top and the cycle model as a SystemC module,
    every output pin compared every cycle) vs the plain C++ lockstep harness (bin/om_sc_baseline:
    om::cosim::run, Verilated --cc om_top against om::Top) on the same run: configuration, seed, cycles and
    testbench (om::cosim::Env). Each program times its own simulation loop; the two alternate, and the result is
    the ratio of the median times (systemc_over_lockstep; target <= 3)."""
    sc_prog, base_prog = build / "bin" / "om_sc_tb", build / "bin" / "om_sc_baseline"
    if not sc_prog.exists() or not base_prog.exists():
        print(f"[{section.name}] skipped: {sc_prog.name} / {base_prog.name} not built (OM_BUILD_SYSTEMC=OFF?)",
              file=sys.stderr)
        return None
    config = os.environ.get("OM_BENCH_SYSTEMC_CONFIG", "fl11_0")
    cycles = int(os.environ.get("OM_BENCH_SYSTEMC_CYCLES", 200000))
    run_args = ["--config", config, "--seed", "1", "--cycles", str(cycles)]
    env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
    env.pop("OM_WAVES", None)
    times: dict[str, list[float]] = {"systemc": [], "lockstep": []}
    done_cycles: dict[str, int] = {}
    for rep in range(max(3, args.repetitions)):
        for key, prog, extra in (("lockstep", base_prog, []), ("systemc", sc_prog, ["--json"])):
            cmd = [str(prog), *run_args, *extra]
            print(f"[{section.name}] {rep + 1}: {' '.join(cmd)}", file=sys.stderr, flush=True)
            proc = subprocess.run(cmd, check=False, stdout=subprocess.PIPE, text=True, env=env)
            doc = json.loads(proc.stdout)
            if proc.returncode != 0 or doc.get("mismatches", 1) != 0:
                raise SystemExit(f"[{section.name}] {prog.name} failed: {doc.get('failure', proc.returncode)}")
            times[key].append(float(doc["secs"]))
            done_cycles[key] = int(doc["cycles"])
    if done_cycles["systemc"] != done_cycles["lockstep"]:
        raise SystemExit(f"[{section.name}] the two harnesses ran different cycle counts: {done_cycles}")
    med = {k: statistics.median(v) for k, v in times.items()}
    ratio = med["systemc"] / med["lockstep"]
    n = done_cycles["systemc"]
    target = 3.0
    print(f"\n{section.name}: {section.note}")
    print(f"  {config} seed 1, {n} cycles, median of {len(times['systemc'])} alternating runs")
    print(f"  lockstep (C++)  {med['lockstep']:8.3f} s  {n / med['lockstep'] / 1e3:9.1f} kcycles/s")
    print(f"  SystemC         {med['systemc']:8.3f} s  {n / med['systemc'] / 1e3:9.1f} kcycles/s")
    print(f"  systemc_over_lockstep {ratio:.3f}  (target <= {target}: {'ok' if ratio <= target else 'MISSED'})")
    return {
        "systemc_over_lockstep": round(ratio, 4),
        "target": target,
        "config": config,
        "seed": 1,
        "cycles": n,
        "secs": {k: [round(t, 4) for t in v] for k, v in times.items()},
        "cycles_per_second": {k: n / m for k, m in med.items()},
        "note": section.note,
    }


SECTIONS.append(
    Section(
        name="systemc",
        program="",
        metric="systemc_over_lockstep",
        pairs=[],
        note="SystemC testbench (Verilated --sc RTL + SystemC-wrapped model, pins compared every cycle) vs the plain "
        "C++ lockstep harness on the same run; time ratio",
        runner=run_systemc_section,
    )
)


def run_cosim_section(section: Section, build: Path, args: argparse.Namespace) -> dict | None:
    """bench/cosim_bench.cc's om_bench_cosim: the Verilated om_top alone, the cycle model alone and both in
    lockstep on the same stimulus and testbench, repetitions interleaved in one process; medians of
    process CPU time. Returns its JSON (model_over_rtl: speed ratio, lockstep_over_rtl: time ratio)."""
    program = build / section.program
    if not program.exists():
        print(f"[{section.name}] skipped: {program} is not built", file=sys.stderr)
        return None
    out = build / "cosim_bench.json"
    cycles = os.environ.get("OM_BENCH_COSIM_CYCLES", "2e5")
    cmd = [str(program), "--cycles", cycles, "--repetitions", str(args.repetitions), "--json", str(out)]
    print(f"[{section.name}] {' '.join(cmd)}", file=sys.stderr, flush=True)
    subprocess.run(cmd, check=True)
    result = json.loads(out.read_text())
    result["note"] = section.note
    return result


SECTIONS.append(
    Section(
        name="cosim",
        program="bin/om_bench_cosim",
        metric="model_over_rtl",
        pairs=[],
        note="Verilated om_top vs cycle model vs lockstep (bench/cosim_bench.cc); "
        "targets model_over_rtl >= 10, lockstep_over_rtl <= 1.2",
        runner=run_cosim_section,
    )
)


def run_rtl_section(section: Section, build: Path, args: argparse.Namespace) -> dict | None:
    """bench/rtl_bench.py: Verilated om_top cycles/s for two configurations, and Icarus vs Verilator on
    om_rt_datapath (same testbench and vectors)."""
    if not (build / "bin" / "om_top_speed").exists():
        print(f"[{section.name}] skipped: om_top_speed is not built", file=sys.stderr)
        return None
    out = build / "bench" / "rtl_bench.json"
    subprocess.run([sys.executable, str(Path(__file__).resolve().parent / "rtl_bench.py"), str(build),
                    "--repetitions", str(max(3, args.repetitions)), "--out", str(out)], check=True)
    return json.loads(out.read_text())


SECTIONS.append(
    Section(
        name="rtl",
        program="",
        metric="verilator_over_icarus",
        pairs=[],
        note="Verilated om_top cycles/s per configuration; Icarus vs Verilator on om_rt_datapath",
        runner=run_rtl_section,
    )
)


def run_speed_section(section: Section, build: Path, args: argparse.Namespace) -> dict | None:
    """bench/speed_bench.py: instructions per simulated cycle of `omsim run` (callgrind, marginal between two cycle
    counts; OM_BENCH_SPEED_CYCLES="SHORT LONG") for the RTL alone, the model alone and the lockstep, with the ratio
    to the revision before the speed work; cycles/s and checked pixels/s; RT operations per clock."""
    if not (build / "bin" / "omsim").exists() and not (build / "bin" / "om_cosim_cli").exists():
        print(f"[{section.name}] skipped: bin/omsim is not built", file=sys.stderr)
        return None
    out = build / "bench" / "speed_bench.json"
    cycles = os.environ.get("OM_BENCH_SPEED_CYCLES", "20000 60000").split()
    subprocess.run([sys.executable, str(Path(__file__).resolve().parent / "speed_bench.py"), str(build),
                    "--cycles", *cycles, "--out", str(out)], check=True)
    return json.loads(out.read_text())


SECTIONS.append(
    Section(
        name="speed",
        program="",
        metric="instructions_per_cycle",
        pairs=[],
        note="omsim run instructions per simulated cycle (callgrind), cycles/s, pixels/s, RT ops per clock; "
        "targets model_over_rtl >= 10, lockstep_over_rtl <= 1.2",
        runner=run_speed_section,
    )
)


def run_waves_section(section: Section, build: Path, args: argparse.Namespace) -> dict | None:
    """bench/checkpoint_bench.py: the cost of checkpoints on a passing run (this build), and the time from a
    divergence to its written waves and the cost of --waves at 1e6 and 1e7 cycles (the traced build beside this
    one, build/default; OM_BENCH_WAVES_CYCLES overrides the failing runs' lengths)."""
    if not (build / "bin" / "omsim").exists():
        print(f"[{section.name}] skipped: bin/omsim is not built", file=sys.stderr)
        return None
    out = build / "bench" / "checkpoint_bench.json"
    cycles = os.environ.get("OM_BENCH_WAVES_CYCLES", "1000000 10000000").split()
    subprocess.run([sys.executable, str(Path(__file__).resolve().parent / "checkpoint_bench.py"), str(build),
                    "--fail-cycles", *cycles, "--repetitions", str(max(5, args.repetitions)), "--out", str(out)],
                   check=True)
    return json.loads(out.read_text())


SECTIONS.append(
    Section(
        name="waves",
        program="",
        metric="checkpoint_overhead",
        pairs=[],
        note="omsim run: checkpoints on a passing run (target <= 1.1), divergence-to-waves time at 1e6 and 1e7 "
        "cycles, --waves over the run without (target <= 1.3)",
        runner=run_waves_section,
    )
)


def run_google_benchmark(section: Section, build: Path, args: argparse.Namespace) -> tuple[list[dict], dict]:
    """Run the section's program once with repetitions; return the JSON "benchmarks" list and "context"."""
    names = sorted({p.measured for p in section.pairs} | {p.baseline for p in section.pairs} | set(section.info))
    regex = "^(" + "|".join(names) + ")$"
    cmd = [
        str(build / section.program),
        "--benchmark_format=json",
        f"--benchmark_filter={regex}",
        f"--benchmark_repetitions={args.repetitions}",
        f"--benchmark_min_time={args.min_time}",  # Google Benchmark 1.7.1: seconds, no unit suffix
        "--benchmark_enable_random_interleaving=true",  # spread drifts of a shared machine over all benchmarks
    ]
    print(f"[{section.name}] {' '.join(cmd)}", file=sys.stderr, flush=True)
    proc = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True)
    doc = json.loads(proc.stdout)
    return doc["benchmarks"], doc.get("context", {})


def medians(benchmarks: list[dict], counter: str) -> dict[str, float]:
    """Median over repetitions of `counter` for every benchmark run name (iteration runs only)."""
    values: dict[str, list[float]] = {}
    for b in benchmarks:
        if b.get("run_type") != "iteration" or counter not in b:
            continue
        values.setdefault(b["run_name"], []).append(float(b[counter]))
    return {name: statistics.median(v) for name, v in values.items()}


def labels(benchmarks: list[dict]) -> dict[str, str]:
    """The label a benchmark set (e.g. the kernel the batch call dispatched to), by run name."""
    return {b["run_name"]: b["label"] for b in benchmarks if b.get("label")}


def run_section(section: Section, build: Path, args: argparse.Namespace) -> dict | None:
    program = build / section.program
    if section.runner is None and not program.exists():
        print(f"[{section.name}] skipped: {program} is not built", file=sys.stderr)
        return None
    if section.runner is not None:
        return section.runner(section, build, args)
    benchmarks, context = run_google_benchmark(section, build, args)
    bps = medians(benchmarks, "bytes_per_second")
    ips = medians(benchmarks, "items_per_second")
    label = labels(benchmarks)
    missing = [n for p in section.pairs for n in (p.measured, p.baseline) if n not in bps]
    if missing:
        raise SystemExit(f"[{section.name}] benchmarks missing from the output: {', '.join(missing)}")
    result: dict = {
        section.metric: {},
        "measured_bytes_per_second": {},
        "baseline_bytes_per_second": {},
        "items_per_second": {},
        "label": {},
    }
    print(f"\n{section.name}: {section.note}")
    print(f"  median of {args.repetitions} repetitions, min time {args.min_time} s each")
    print(f"  {'key':<18} {'Mpixel/s':>10} {'GB/s':>8} {'baseline GB/s':>14} {'ratio':>7}  {'target':<12} label")
    for p in section.pairs:
        ratio = bps[p.measured] / bps[p.baseline]
        result[section.metric][p.key] = round(ratio, 4)
        result["measured_bytes_per_second"][p.key] = bps[p.measured]
        result["baseline_bytes_per_second"][p.key] = bps[p.baseline]
        result["items_per_second"][p.key] = ips.get(p.measured)
        result["label"][p.key] = label.get(p.measured, "")
        target = "" if p.target is None else f">= {p.target}" + (" ok" if ratio >= p.target else " MISSED")
        print(
            f"  {p.key:<18} {ips.get(p.measured, 0) / 1e6:>10.1f} {bps[p.measured] / 1e9:>8.2f}"
            f" {bps[p.baseline] / 1e9:>14.2f} {ratio:>7.3f}  {target:<12} {label.get(p.measured, '')}"
        )
    if section.info:
        result["other"] = {n: {"items_per_second": ips.get(n), "bytes_per_second": bps.get(n)}
                           for n in section.info}
        for n in section.info:
            if n in ips:
                print(f"  also: {n:<32} {ips[n] / 1e6:>10.2f} Mpixel/s {bps[n] / 1e9:>8.3f} GB/s")
    result["repetitions"] = args.repetitions
    result["min_time_s"] = args.min_time
    result["context"] = {k: context.get(k) for k in ("date", "host_name", "num_cpus", "mhz_per_cpu",
                                                     "library_build_type", "caches", "load_avg")}
    result["note"] = section.note
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build", type=Path, help="CMake build directory (e.g. build/release)")
    ap.add_argument("--out", type=Path, help="output directory (default BUILD/../bench)")
    ap.add_argument("--repetitions", type=int, default=int(os.environ.get("OM_BENCH_REPETITIONS", 5)))
    ap.add_argument("--min-time", type=float, default=float(os.environ.get("OM_BENCH_MIN_TIME", 0.5)))
    ap.add_argument("--only", nargs="*", help="run only these sections")
    args = ap.parse_args()
    build = args.build.resolve()
    out = (args.out or build.parent / "bench").resolve()
    out.mkdir(parents=True, exist_ok=True)
    wrote = []
    for section in SECTIONS:
        if args.only and section.name not in args.only:
            continue
        result = run_section(section, build, args)
        if result is None:
            continue
        result["machine"] = platform.platform()
        path = out / f"{section.name}.json"
        path.write_text(json.dumps(result, indent=2) + "\n")
        wrote.append(path)
    for path in wrote:
        print(f"wrote {path}")
    return 0 if wrote else 1


if __name__ == "__main__":
    sys.exit(main())

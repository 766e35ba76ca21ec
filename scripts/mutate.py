#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checker self-test (make mutate): single-point mutations of every layer, one at a time, each run against
what should see it (PLAN, steps in order until one fails): the cycle model against the co-simulation
regression (divergence, scoreboard, assertion, hang); the RTL against the regression and then its unit
suites; the reference model's validation, object table, capability and binding rules and the host driver
against the unit suites that own them; bugs the RTL and the cycle model share (side "both": the same
change on both sides), which the lockstep and the scoreboard cannot see when they only cost cycles,
against the directed performance tests and then the regression; the simulation platform (sim/: memory,
APB master, Verilated-top adapter, register codec) against its unit tests, the module suites and the
regression; the co-simulation's checkers (cosim/ and the lockstep loop) against the fault-injection tests
of om_cosim_tests (a checker that stops comparing passes a clean regression, so faults must be reported)
and the regression, and its coverage sampling and bookkeeping against om_cosim_tests' coverage tests (the
regression does not check coverage); the driver's backends against the driver and SystemC suites; the
TLM board against the SystemC suite; and the Python bindings (C++ and Python) against tests/python's pytest suite run on
the mutated build's package tree. Prints killed/total per layer and the survivors and writes
build/mutate.json {killed, total, score, by_side, survivors, mutants}.

Isolation: the sources (HEAD by default, the working tree with --worktree) are copied to
build/mutate/src and built in build/mutate/build; the checkout itself is never modified. Each mutant
rebuilds only what depends on the mutated files (a model mutant recompiles one file and relinks; an RTL
mutant re-verilates om_top). Model mutants run first so the Verilated top is rebuilt only for RTL
mutants. Runs of a mutant stop at the first failure. The baseline builds and runs only the steps of the
selected mutants' sides.

The regression is the CTest one's configurations (OM_COSIM_DEFAULT_CONFIGS of testbenches/cosim), every
named configuration, with --seeds seeds each. The mutants are listed in scripts/mutants.toml; `--check`
(a CTest) verifies that each still applies.

Usage: scripts/mutate.py [--only ID ...] [--worktree] [--jobs N] [--cycles N] [--seeds N] [--list] [--check]
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "mutate"
SRC = WORK / "src"
BLD = WORK / "build"
TARGET = "om_cosim_cli"
# What runs against a mutant of each side, in order, until a step fails: a GoogleTest program (name, arguments)
# or the co-simulation regression. A step's program is built just before it runs, so a mutant killed early does not
# pay for the later builds: the RTL unit suites (Verilated units against om::ref's vectors, which see one-ulp
# changes the regression's quantised outputs hide) re-verilate their own testbenches.
REGRESSION = (TARGET,)
# The Python package's tests (tests/python, but test_regress.py: a Dask cluster and a mutant build of its own) by
# the project venv's pytest against the mutated build's package tree (<build>/python, laid out by om_py_tree with
# the extension modules and the omsim command), with a fixed OM_SEED. The stubs are generated too (test_stub.py).
PYTEST = ("om_py_tree", "om_py_stubs")
# What the regression build cannot run: waves (`-k "not wave"` too; om_top is Verilated without tracing), the
# omsim script of an installed package, and an interrupt 0.5 s into a run that this faster build has finished.
PYTEST_DESELECT = (
    "test_waves.py::test_installed_omsim_command_has_the_wave_commands",
    "test_readme.py::test_readme_python_block",
    "test_cosim.py::test_ctrl_c_interrupts_a_long_run",
)
PLAN = {
    "model": [REGRESSION],
    "ref": [("om_ref_tests",), ("om_conformance_tests",), ("om_driver_tests",)],
    "driver": [("om_driver_tests",)],
    "backend": [("om_driver_tests",), ("om_systemc_tests",)],
    "sim": [("om_cosim_tests",), ("om_csr_tests",), ("om_top_tests",), REGRESSION],
    "cosim": [("om_cosim_tests",), REGRESSION],
    "systemc": [("om_systemc_tests",)],
    "python": [PYTEST],
    "both": [("om_top_tests", "--gtest_filter=Sides/Perf.*"), REGRESSION],
    "rtl": [REGRESSION, ("om_rtl_unit_tests",)],
}
# The order mutants run in: the Verilated top is rebuilt last.
SIDES = ("model", "ref", "driver", "backend", "sim", "cosim", "systemc", "python", "both", "rtl")


def regression_configs(cmake: Path) -> list[tuple[str, int]]:
    """(configuration, --rts) of the CTest regression: its OM_COSIM_DEFAULT_CONFIGS entries NAME[@RTS][#SEEDS]."""
    m = re.search(r'set\(OM_COSIM_DEFAULT_CONFIGS "([^"]+)"', cmake.read_text())
    if m is None:
        sys.exit(f"mutate: {cmake}: no OM_COSIM_DEFAULT_CONFIGS default")
    configs = []
    for entry in m.group(1).split(";"):
        name, _, rts = entry.split("#")[0].partition("@")
        configs.append((name, int(rts) if rts else 0))
    return configs


CONFIGS = regression_configs(ROOT / "testbenches" / "cosim" / "CMakeLists.txt")


@dataclass
class Edit:
    file: str
    find: str
    replace: str


@dataclass
class Mutant:
    id: str
    side: str  # one of SIDES
    category: str
    what: str
    edits: list[Edit]  # one, or one per side for "both"


def load_mutants(path: Path) -> list[Mutant]:
    """The mutant table (scripts/mutants.toml): an entry has file/find/replace, or [[mutant.edit]] tables with
    them (one per file); exits naming the entry that is malformed."""
    try:
        mutants = []
        for e in tomllib.loads(path.read_text())["mutant"]:
            edits = [Edit(**x) for x in e.pop("edit", [])]
            if "file" in e:
                edits.append(Edit(e.pop("file"), e.pop("find"), e.pop("replace")))
            mutants.append(Mutant(**e, edits=edits))
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError) as e:
        sys.exit(f"mutate: {path}: not a mutant table ({e})")
    ids = [mu.id for mu in mutants]
    if len(set(ids)) != len(ids) or any(mu.side not in SIDES or not mu.edits for mu in mutants):
        sys.exit(f"mutate: {path}: duplicate ids, an entry without an edit or a side other than {', '.join(SIDES)}")
    return mutants


MUTANTS = load_mutants(ROOT / "scripts" / "mutants.toml")


def log(msg: str) -> None:
    print(msg, flush=True)


def sh(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, check=False, capture_output=True, text=True, **kw)


def sync_tree(new: Path, dst: Path) -> int:
    """Makes dst hold exactly new's files, rewriting only files whose content differs (fresh mtime), so
    the build recompiles exactly what changed, including a file a previous session left mutated or
    restored after its last build. Returns the number of files written or removed."""
    changed = 0
    seen = set()
    for f in new.rglob("*"):
        if f.is_dir():
            continue
        rel = f.relative_to(new)
        seen.add(rel)
        target = dst / rel
        data = f.read_bytes()
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        shutil.copymode(f, target)
        changed += 1
    for f in list(dst.rglob("*")):
        if f.is_file() and f.relative_to(dst) not in seen:
            f.unlink()
            changed += 1
    return changed


def copy_sources(worktree: bool) -> str:
    """Brings SRC to the sources (HEAD, or the working tree); returns the revision description."""
    rev = sh(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"]).stdout.strip() or "unknown"
    stage = WORK / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    if worktree:
        skip = shutil.ignore_patterns(".git", "__pycache__")
        for entry in ROOT.iterdir():
            if entry.name in ("build", ".git"):
                continue
            if entry.is_dir():
                shutil.copytree(entry, stage / entry.name, ignore=skip, symlinks=True)
            else:
                shutil.copy2(entry, stage / entry.name)
        rev += "+worktree"
    else:
        tar = WORK / "src.tar"
        sh(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(tar), "HEAD"]).check_returncode()
        with tarfile.open(tar) as t:
            t.extractall(stage)
        tar.unlink()
    SRC.mkdir(parents=True, exist_ok=True)
    n = sync_tree(stage, SRC)
    shutil.rmtree(stage)
    log(f"mutate: sources of {rev} in {SRC} ({n} files updated)")
    return rev


def stale_mutants(mutants: list[Mutant], root: Path) -> list[str]:
    """Mutants whose `find` text does not occur exactly once in its file under `root`."""
    stale = []
    for m in mutants:
        for e in m.edits:
            text = (root / e.file).read_text() if (root / e.file).exists() else ""
            if text.count(e.find) != 1:
                stale.append(f"{m.id}: '{e.find}' occurs {text.count(e.find)} times in {e.file}")
    return stale


def report_stale(stale: list[str]) -> int:
    if stale:
        log("mutate: mutants no longer apply to the sources (update scripts/mutants.toml):\n  " + "\n  ".join(stale))
        return 2
    return 0


def configure() -> None:
    # This interpreter (make mutate: the project venv's) runs the generators, which need its packages.
    cmd = ["cmake", "-S", str(SRC), "-B", str(BLD), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
           f"-DPython_EXECUTABLE={sys.executable}",
           # The extension modules are built only for a python mutant (their targets are asked for by name).
           "-DOM_BUILD_BENCH=OFF", "-DOM_BUILD_PYTHON=ON", "-DOM_TEST_PYTHON=OFF",
           # The regression build: om_top without tracing (an RTL mutant recompiles it whole) and assertions.
           "-DOM_RTL_CHECKS=OFF"]
    p = sh(cmd)
    if p.returncode != 0:
        sys.exit(f"mutate: configure failed:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")


def build(targets: list[str]) -> tuple[bool, float, str]:
    t0 = time.monotonic()
    p = sh(["cmake", "--build", str(BLD), "-j", os.environ.get("JOBS", "2"), "--target", *targets])
    return p.returncode == 0, time.monotonic() - t0, (p.stdout + p.stderr)[-4000:]


def suite(name: str, *args: str) -> dict | None:
    """Runs one GoogleTest program; returns None when it passes, else {run, why}."""
    try:
        p = subprocess.run([str(BLD / "bin" / name), "--gtest_brief=1", *args], capture_output=True, text=True,
                           timeout=900)
    except subprocess.TimeoutExpired:
        return {"run": name, "why": "timeout (hang)"}
    if p.returncode == 0:
        return None
    # "[  FAILED  ] Suite.Test (3 ms)", or "[  FAILED  ] Suite.Test, where GetParam() = ..." for a parameter.
    # The summary at the end lists each failed test again.
    failed = list(dict.fromkeys(re.findall(r"^\[  FAILED  \] ([\w/]+\.[\w/]+)[ ,]", p.stdout, re.M)))
    return {"run": name, "why": f"{len(failed)} tests fail, e.g. {failed[0]}" if failed else f"exit {p.returncode}"}


def pytest() -> dict | None:
    """Runs tests/python (as PYTEST says) against the build's package tree; returns None when it passes."""
    tests = SRC / "tests" / "python"
    env = dict(os.environ, PYTHONPATH=str(BLD / "python"), OMSIM_CLI=str(BLD / "python" / "omsim" / "bin" / "omsim"),
               OM_SEED="1", MPLBACKEND="Agg")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-c", str(SRC / "pyproject.toml"),
           "--rootdir", str(SRC), str(tests), f"--ignore={tests / 'test_regress.py'}", "-k", "not wave",
           *(f"--deselect=tests/python/{t}" for t in PYTEST_DESELECT)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=BLD, env=env)
    except subprocess.TimeoutExpired:
        return {"run": "pytest", "why": "timeout (hang)"}
    if p.returncode == 0:
        return None
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", p.stdout, re.M)
    return {"run": "pytest", "why": f"{failed[0]} fails" if failed else f"exit {p.returncode}"}


def run_step(step: tuple) -> tuple[dict | None, int]:
    """Runs one non-regression step: (first failure or None, runs)."""
    return (pytest() if step is PYTEST else suite(*step)), 1


def step_targets(step: tuple) -> list[str]:
    return list(PYTEST) if step is PYTEST else [step[0]]


def check(side: str, args: argparse.Namespace) -> tuple[str, str, int, float, float]:
    """Builds and runs the plan of `side` until a step fails: (status, detail, runs, build s, run s)."""
    runs, bsecs, rsecs = 0, 0.0, 0.0
    for step in PLAN[side]:
        ok, secs, out = build(step_targets(step))
        bsecs += secs
        if not ok:
            return "stillborn", "does not build: " + out.strip().splitlines()[-1][:200], runs, bsecs, rsecs
        t0 = time.monotonic()
        if step is REGRESSION:
            first, n, _ = regression(args.cycles, args.seeds, args.jobs)
            runs += n
        else:
            first, n = run_step(step)
            runs += n
        rsecs += time.monotonic() - t0
        if first is not None:
            return "killed", f"{first['run']}: {first['why']}", runs, bsecs, rsecs
    return "survived", f"all {runs} runs pass", runs, bsecs, rsecs


def one_run(cfg: str, rts: int, seed: int, cycles: str) -> dict:
    exe = BLD / "bin" / TARGET
    cmd = [str(exe), "run", "--config", cfg, "--seed", str(seed), "--cycles", cycles, "--json"]
    if rts:
        cmd += ["--rts", str(rts)]
    name = f"{cfg}{'@' + str(rts) if rts else ''} seed {seed}"
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return {"run": name, "failed": True, "why": "timeout (hang)"}
    if p.returncode == 0:
        return {"run": name, "failed": False}
    why = f"exit {p.returncode}"
    try:
        f = json.loads(p.stdout).get("failure", {})
        why = f"{f.get('kind')} {f.get('field') or ''} at cycle {f.get('cycle')}".replace("  ", " ")
    except (json.JSONDecodeError, AttributeError):
        tail = (p.stderr or p.stdout).strip().splitlines()
        if tail:
            why += ": " + tail[-1][:160]
    return {"run": name, "failed": True, "why": why}


def regression(cycles: str, seeds: int, jobs: int) -> tuple[dict | None, int, float]:
    """Runs the regression seed-major, `jobs` at a time; stops at the first failure.
    Returns (first failure or None, runs finished, seconds)."""
    runs = [(cfg, rts, seed) for seed in range(1, seeds + 1) for cfg, rts in CONFIGS]
    t0 = time.monotonic()
    done = 0
    first = None
    with cf.ThreadPoolExecutor(max_workers=jobs) as pool:
        pending = {}
        it = iter(runs)
        for r in it:
            pending[pool.submit(one_run, *r, cycles)] = r
            if len(pending) >= jobs:
                break
        while pending:
            fin, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for fu in fin:
                pending.pop(fu)
                res = fu.result()
                done += 1
                if res["failed"] and first is None:
                    first = res
            if first is not None:
                for fu in pending:
                    fu.cancel()
                # Let the running ones finish (they are bounded by their timeout and short).
                cf.wait(pending)
                break
            for r in it:
                pending[pool.submit(one_run, *r, cycles)] = r
                break
    return first, done, time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="*", help="mutant ids to run (default: all)")
    ap.add_argument("--worktree", action="store_true", help="mutate the working tree's sources, not HEAD")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", 2)))
    ap.add_argument("--cycles", default=os.environ.get("OM_COSIM_CYCLES", "1e5"))
    ap.add_argument("--seeds", type=int, default=int(os.environ.get("OM_COSIM_SEEDS", 10)))
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--check", action="store_true", help="only check that every mutant applies to the working tree")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "mutate.json")
    args = ap.parse_args()
    mutants = [m for m in MUTANTS if not args.only or m.id in args.only]
    if args.list or not mutants:
        for m in MUTANTS:
            log(f"{m.id} {m.side:<6} {m.category:<20} {', '.join(e.file for e in m.edits)}: {m.what}")
        return 0 if mutants else 2
    mutants.sort(key=lambda m: SIDES.index(m.side))

    if args.check:
        stale = stale_mutants(mutants, ROOT)
        log(f"mutate: {len(mutants) - len(stale)} of {len(mutants)} mutants apply to the working tree")
        return report_stale(stale)

    WORK.mkdir(parents=True, exist_ok=True)
    rev = copy_sources(args.worktree)
    if report_stale(stale_mutants(mutants, SRC)):
        return 2
    log(f"mutate: {len(mutants)} mutants of {rev}; regression: {', '.join(c + ('@' + str(r) if r else '') for c, r in CONFIGS)}"
        f" x {args.seeds} seeds x {args.cycles} cycles, {args.jobs} jobs")
    # A previous session may have built a mutant last (the file was restored, the build not redone):
    # fresh mtimes on every file a mutant touches make the baseline build recompile them.
    for f in {e.file for m in MUTANTS for e in m.edits}:
        if (SRC / f).exists():
            os.utime(SRC / f)
    configure()
    steps = list(dict.fromkeys(step for side in SIDES if any(m.side == side for m in mutants) for step in PLAN[side]))
    ok, secs, out = build(list(dict.fromkeys(t for step in steps for t in step_targets(step))))
    if not ok:
        log(f"mutate: the unmutated sources do not build:\n{out}")
        return 2
    log(f"mutate: baseline built in {secs:.0f} s; running the unmutated regression and suites")
    first, n, secs = regression(args.cycles, args.seeds, args.jobs) if REGRESSION in steps else (None, 0, 0.0)
    if first is not None:
        log(f"mutate: the unmutated regression fails ({first['run']}: {first['why']}); fix that first")
        return 2
    t0 = time.monotonic()
    for step in steps:
        first = None if step is REGRESSION else run_step(step)[0]
        if first is not None:
            log(f"mutate: the unmutated suite fails ({first['run']}: {first['why']}); fix that first")
            return 2
    log(f"mutate: baseline passes ({n} runs, {secs:.0f} s; suites {time.monotonic() - t0:.0f} s)")

    results = []
    for i, m in enumerate(mutants, 1):
        originals = {e.file: (SRC / e.file).read_text() for e in m.edits}
        for e in m.edits:
            path = SRC / e.file
            path.write_text(path.read_text().replace(e.find, e.replace, 1))
        try:
            status, by, runs, bsecs, rsecs = check(m.side, args)
        finally:
            for f, text in originals.items():
                (SRC / f).write_text(text)  # a fresh mtime: the next build recompiles the original
        results.append({"id": m.id, "side": m.side, "category": m.category,
                        "files": [e.file for e in m.edits], "what": m.what,
                        "status": status, "detail": by, "runs": runs, "build_s": round(bsecs, 1),
                        "run_s": round(rsecs, 1)})
        log(f"[{i:2}/{len(mutants)}] {m.id} {m.side:<6} {m.what:<55} {status.upper():<9} {by} "
            f"(build {bsecs:.0f} s, runs {rsecs:.0f} s)")

    valid = [r for r in results if r["status"] != "stillborn"]
    killed = sum(r["status"] == "killed" for r in valid)
    survivors = [r for r in valid if r["status"] == "survived"]
    stillborn = [r for r in results if r["status"] == "stillborn"]
    score = killed / len(valid) if valid else 0.0
    by_side = {s: {"killed": sum(r["status"] == "killed" for r in valid if r["side"] == s),
                   "total": sum(r["side"] == s for r in valid)} for s in SIDES}
    log(f"\nmutate: killed {killed}/{len(valid)} ({100 * score:.0f} %)" +
        (f", {len(stillborn)} did not build" if stillborn else "") + "; per layer: " +
        ", ".join(f"{s} {v['killed']}/{v['total']}" for s, v in by_side.items() if v["total"]))
    for r in survivors:
        log(f"  survivor {r['id']} ({r['side']}, {r['category']}): {r['what']} [{', '.join(r['files'])}]")
    for r in stillborn:
        log(f"  stillborn {r['id']}: {r['detail']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "killed": killed, "total": len(valid), "score": round(score, 4), "by_side": by_side,
        "survivors": [r["id"] for r in survivors], "stillborn": [r["id"] for r in stillborn],
        "revision": rev, "regression": {"configs": [c + (f"@{r}" if r else "") for c, r in CONFIGS],
                                         "seeds": args.seeds, "cycles": args.cycles},
        "mutants": results}, indent=2) + "\n")
    log(f"wrote {args.out}")
    # Only a broken harness fails the target: survivors are reported, and the score is in the file.
    return 0


if __name__ == "__main__":
    sys.exit(main())

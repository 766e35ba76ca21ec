# SPDX-License-Identifier: Apache-2.0
"""omsim.cosim runs and the lockstep stepped from Python, checked against independent sources: the `omsim` command
line (same harness, other front end), the ports themselves (handshakes counted here, in Python), the definition of
each deliberate fault, and the FST file format."""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
from pathlib import Path
from typing import Any, Optional

import pytest

from omsim import _regs, cosim

PERF_CLEAR = _regs.REGS["PERF_CLEAR"][0]


def find_cli() -> Optional[str]:
    """The `omsim` command-line tool of the same build: $OMSIM_CLI, <cwd>/bin/omsim (CTest runs in the build
    tree), or omsim on PATH."""
    for cand in (os.environ.get("OMSIM_CLI"), str(Path.cwd() / "bin" / "omsim"), shutil.which("omsim")):
        if cand and os.access(cand, os.X_OK) and Path(cand).is_file():
            return cand
    return None


def count_handshakes(sim: cosim.Lockstep) -> dict[str, Any]:
    """Steps `sim` to its end one cycle at a time and counts, from its ports, what perf_o must show at the end:
    events since the last completed PERF_CLEAR write (a counter strobe in cycle t shows from t+1; the stimulus
    clears only while idle), and the pixels of the whole run."""
    since = dict(pixels_in=0, rt_reads=0, rt_writes=0, mem_stalls=0)
    total_pixels = 0
    side = sim.sides[0]
    while sim.step(1):
        i, o = sim.inputs, sim.outputs[side]
        assert i is not None
        rd_stall = o["mem_rd_valid"] and not i["mem_rd_ready"]
        wr_stall = o["mem_wr_valid"] and not i["mem_wr_ready"]
        since["pixels_in"] += bool(i["in_valid"] and o["in_ready"])
        since["rt_reads"] += bool(o["mem_rd_valid"] and i["mem_rd_ready"])
        since["rt_writes"] += bool(o["mem_wr_valid"] and i["mem_wr_ready"])
        since["mem_stalls"] += bool(rd_stall or wr_stall)
        total_pixels += bool(i["in_valid"] and o["in_ready"])
        if i["psel"] and i["penable"] and i["pwrite"] and i["paddr"] == PERF_CLEAR and o["pready"]:
            assert not o["pslverr"]
            since = dict.fromkeys(since, 0)
    return dict(since=since, pixels=total_pixels)


# --- passing runs --------------------------------------------------------------------------------------------------
RUNS = [("fl9_3", 3, None), ("fl10_0", 4, None), ("fl11_1", 2, 8)]


@pytest.mark.parametrize("config,seed,rts", RUNS)
def test_perf_counters_are_what_the_ports_saw(config, seed, rts):
    sim = cosim.Lockstep(config, seed=seed, cycles=15000, rts=rts)
    seen = count_handshakes(sim)
    res = sim.finish()
    assert res.passed, res.report
    assert res.pixels == seen["pixels"]
    got = {k: getattr(res.perf, k) for k in seen["since"]}
    assert got == seen["since"]
    assert not res.perf.busy
    assert res.perf.killed <= res.perf.pixels_in
    assert res.perf_by_side["model"] == res.perf_by_side["rtl"] == res.perf
    assert res.pixels > 50 and res.perf.rt_writes > 0  # the run did something
    assert res.cycles >= 15000 and res.mismatches == 0 and res.failures == [] and res.report == ""


@pytest.mark.parametrize("config,seed,rts", RUNS)
def test_run_matches_the_command_line(config, seed, rts, tmp_path):
    cli = find_cli()
    assert cli is not None, "the omsim command-line tool was not found: set OMSIM_CLI (CTest does)"
    res = cosim.run(config, seed, 30000, rts=rts)
    cov_file = tmp_path / "cov.json"
    args = [cli, "run", "--config", config, "--seed", str(seed), "--cycles", "3e4", "--json"]
    args += ["--coverage-out", str(cov_file)] + (["--rts", str(rts)] if rts else [])
    p = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    j = json.loads(p.stdout)
    assert (res.cycles, res.pixels, res.mismatches) == (j["cycles"], j["pixels"], j["mismatches"])
    assert round(res.coverage.percent, 2) == j["coverage_percent"]
    assert res.coverage.bins() == cosim.Coverage.load(cov_file).bins()
    assert res.coverage.runs == [(config, seed, res.cycles)]


def test_rtl_against_rtl_and_rtl_alone():
    both = cosim.run("fl11_0", 6, 3000, sides=("rtl", "rtl"))
    alone = cosim.run("fl11_0", 6, 3000, sides="rtl")
    assert both.passed and alone.passed
    assert set(both.perf_by_side) == {"rtl_a", "rtl_b"} and both.perf_by_side["rtl_a"] == both.perf_by_side["rtl_b"]
    assert alone.sides == ("rtl",) and alone.secs_b == 0
    # The testbench drives from side a's outputs: the second side changes nothing of the run.
    assert (both.cycles, both.pixels, both.perf) == (alone.cycles, alone.pixels, alone.perf)
    assert both.coverage.bins() == alone.coverage.bins()
    assert cosim.run("fl11_0", 6, 300, sides="model,rtl").sides == ("model", "rtl")  # omsim run's spelling


# --- deliberate faults ---------------------------------------------------------------------------------------------
def expected_fault_cycles(config: str, seed: int, cycles: int) -> dict[str, int]:
    """Where each fault of the mutation switch must first show, from a clean run's ports (the fault definitions
    of faults(): wr_data from the 5th write request, rd_addr from the 3rd read request, prdata on the 3rd completed
    read, in_ready at the 50th accepted pixel)."""
    sim = cosim.Lockstep(config, seed=seed, cycles=cycles)
    writes = reads = reads_done = pixels = 0
    found: dict[str, int] = {}
    while len(found) < 4 and not sim.done:
        c = sim.cycle
        sim.step(1)
        i, o = sim.inputs, sim.outputs["model"]
        assert i is not None
        if o["mem_wr_valid"] and writes >= 4:
            found.setdefault("wr_data", c)
        if o["mem_rd_valid"] and reads >= 2:
            found.setdefault("rd_addr", c)
        read_done = o["pready"] and i["psel"] and i["penable"] and not i["pwrite"]
        if read_done and reads_done == 2:
            found.setdefault("prdata", c)
        if i["in_valid"] and o["in_ready"] and pixels == 49:
            found.setdefault("in_ready", c)
        writes += bool(o["mem_wr_valid"] and i["mem_wr_ready"])
        reads += bool(o["mem_rd_valid"] and i["mem_rd_ready"])
        reads_done += bool(read_done)
        pixels += bool(i["in_valid"] and o["in_ready"])
    assert sim.failure is None
    return found


FAULT_FIELD = {"wr_data": "mem_wr_data_o[31:0]", "rd_addr": "mem_rd_addr_o", "prdata": "prdata_o",
               "in_ready": "in_ready_o"}


@pytest.fixture(scope="module")
def fault_cycles() -> dict[str, int]:
    return expected_fault_cycles("fl11_1", 5, 20000)


@pytest.mark.parametrize("fault", sorted(FAULT_FIELD))
def test_fault_stops_the_run_where_its_definition_says(fault, fault_cycles):
    res = cosim.run("fl11_1", 5, 20000, fault=fault)
    assert not res.passed and res.mismatches == 1 and len(res.failures) == 1
    f = res.failure
    assert f is not None and f.kind == "divergence"
    assert f.field == FAULT_FIELD[fault]
    assert f.cycle == fault_cycles[fault]
    assert int(f.a_value, 0) ^ int(f.b_value, 0) == 1  # each fault flips one bit (in_ready: 1 vs 0)
    assert f"FIRST DIVERGENCE at cycle {f.cycle}" in res.report
    assert f"--fault {fault}" in res.reproduce and res.reproduce in res.report
    assert res.cycles == f.cycle  # the failing cycle takes no clock edge


def test_fault_run_is_deterministic():
    a = cosim.run("fl10_0", 9, 20000, fault="wr_data")
    b = cosim.run("fl10_0", 9, 20000, fault="wr_data")
    assert a.failure is not None and a.failure == b.failure and a.report == b.report


def test_a_fault_that_never_fires_is_an_error_not_a_pass():
    with pytest.raises(cosim.FaultNeverFiredError, match=r"fault: 'wr_data@99999' never fired in the run's \d+ cycles") as e:
        cosim.run("fl9_3", 4, 2000, fault="wr_data@99999")
    assert isinstance(e.value, ValueError) and e.value.result.passed
    assert not cosim.run("fl9_3", 4, 2000, fault="wr_data@100").passed


# --- stepping ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fault", [None, "rd_addr"])
def test_stepping_in_chunks_gives_the_result_of_run(fault, rng):
    ref = cosim.run("fl10_0", 11, 6000, fault=fault)
    sim = cosim.Lockstep("fl10_0", 11, 6000, fault=fault)
    assert sim.inputs is None and sim.outputs is None and sim.cycle == 0
    taken = 0
    while not sim.done:
        n = int(rng.integers(0, 700))
        before = sim.cycle
        got = sim.step(n)
        assert got == sim.cycle - before and got <= n
        taken += got
    assert sim.step(5) == 0
    res = sim.finish()
    assert taken == res.cycles == ref.cycles
    assert (res.passed, res.pixels, res.failures, res.perf_by_side) == (ref.passed, ref.pixels, ref.failures,
                                                                          ref.perf_by_side)
    assert res.coverage.bins() == ref.coverage.bins()
    assert res.report == ref.report
    if fault:
        assert sim.failure == ref.failure
        # The ports of the failing cycle are visible: they differ exactly where the failure says.
        outs = sim.outputs
        assert outs is not None and outs["rtl"]["mem_rd_addr"] ^ outs["model"]["mem_rd_addr"] == 1
    assert sim.finish() is res


def test_a_lockstep_finished_early_is_partial_not_passed():
    sim = cosim.Lockstep("fl9_3", seed=4, cycles=3000)
    assert sim.step(200) == 200
    res = sim.finish()
    assert (res.complete, res.passed, res.failures, res.verdict) == (False, False, [], "PARTIAL")
    assert "PARTIAL" in str(res) and res.cycles == 200
    whole = cosim.Lockstep("fl9_3", seed=4, cycles=3000).run_to_end()
    assert (whole.complete, whole.passed, whole.verdict) == (True, True, "PASS")
    bad = cosim.run("fl9_3", 4, 3000, fault="wr_data")
    assert (bad.complete, bad.passed, bad.verdict) == (True, False, "FAIL")


# --- coverage ------------------------------------------------------------------------------------------------------
def test_coverage_merge_adds_hits_and_unites_universes(tmp_path):
    a = cosim.run("fl9_1", 1, 2000).coverage
    b = cosim.run("fl11_1", 1, 2000).coverage
    text_a = a.to_json()
    ja, jb = json.loads(text_a), json.loads(b.to_json())
    total = a + b
    jt = json.loads(total.to_json())
    names = set(ja["bins"]) | set(jb["bins"])
    assert set(jt["bins"]) == names
    zero = {"hits": 0, "universe": False}
    for n in names:
        x, y = ja["bins"].get(n, zero), jb["bins"].get(n, zero)
        assert jt["bins"][n] == {"hits": x["hits"] + y["hits"], "universe": x["universe"] or y["universe"]}, n
        assert total.hits(n) == x["hits"] + y["hits"]
    universe = [n for n in names if jt["bins"][n]["universe"]]
    covered = [n for n in universe if jt["bins"][n]["hits"] > 0]
    assert total.universe_size == len(universe) and total.covered == len(covered)
    assert total.percent == pytest.approx(100.0 * len(covered) / len(universe))
    assert sorted(total.holes()) == sorted(set(universe) - set(covered))
    assert total.runs == a.runs + b.runs
    # merge() in place is the same; the operands of + are unchanged.
    c = a.copy()
    c.merge(b)
    assert c.to_json() == total.to_json() and a.to_json() == text_a
    assert sum([a, b]).to_json() == total.to_json()  # sum() starts from 0
    with pytest.raises(TypeError):
        1 + a  # type: ignore[operator]
    # A file round trip, and merging into an empty object.
    total.save(tmp_path / "t.json")
    loaded = cosim.Coverage.load(tmp_path / "t.json")
    assert loaded.bins() == total.bins() and loaded.runs == total.runs
    assert sorted(loaded.holes()) == sorted(total.holes())
    e = cosim.Coverage()
    assert e.universe_size == 0 and e.percent == 100.0
    e.merge(a)
    assert e.bins() == a.bins()



def test_a_coverage_merged_with_itself_doubles_every_count_and_repeats_its_runs():
    a = cosim.run("fl9_1", 1, 2000).coverage
    before = a.to_dict()
    a.merge(a)
    after = a.to_dict()
    assert after["bins"] == {n: {"hits": 2 * b["hits"], "universe": b["universe"]} for n, b in before["bins"].items()}
    assert after["runs"] == before["runs"] * 2
    assert a.covered == sum(b["hits"] > 0 and b["universe"] for b in before["bins"].values())

# --- waves ---------------------------------------------------------------------------------------------------------
def fst_times(path: Path) -> tuple[int, int]:
    """Start and end time from an FST file's header block (block type 0, length 329, then two big-endian
    uint64: start_time, end_time; GTKWave's fstapi)."""
    head = path.read_bytes()[:25]
    assert head[0] == 0, f"{path}: not an FST header block"
    length, start, end = struct.unpack(">QQQ", head[1:25])
    assert length == 329, path
    return start, end


def test_waves_cover_the_whole_run(tmp_path):
    res = cosim.run("fl9_3", 7, 1500, waves=tmp_path)
    assert res.passed
    names = sorted(Path(w).name for w in res.waves)
    assert names == ["cosim.fst", "model.fst", "rtl.fst"]
    for w in res.waves:
        # Dumps at 10 * cycle (eval) and 10 * cycle + 5 (edge) for every cycle of the run.
        assert fst_times(Path(w)) == (0, 10 * (res.cycles - 1) + 5), w


def test_waves_of_a_failing_run_add_the_failure_window(tmp_path):
    res = cosim.run("fl11_1", 5, 20000, fault="wr_data", waves=tmp_path, window=50)
    f = res.failure
    assert f is not None
    window = sorted(Path(w) for w in res.waves if Path(w).parent.name == "window" and Path(w).suffix == ".fst")
    whole = sorted(Path(w) for w in res.waves if Path(w).parent == tmp_path)
    assert [w.name for w in window] == [w.name for w in whole] == ["cosim.fst", "model.fst", "rtl.fst"]
    # The layout that opens the window at the failure (waves/README.md).
    assert str(tmp_path / "window" / "divergence.gtkw") in res.waves
    for w in whole:
        assert fst_times(w) == (0, 10 * f.cycle), w  # up to the failing cycle's eval
    for w in window:
        assert fst_times(w) == (10 * (f.cycle - 50), 10 * (f.cycle + 20) + 5), w


def test_window_only_waves_as_the_command_line_writes_them(tmp_path):
    passing = cosim.run("fl9_3", 7, 1500, waves=tmp_path / "pass", waves_full=False)
    assert passing.passed and passing.waves == [] and not any((tmp_path / "pass").iterdir())
    res = cosim.run("fl11_1", 5, 20000, fault="wr_data", waves=tmp_path / "fail", waves_full=False, window=30)
    f = res.failure
    assert f is not None
    assert sorted(Path(w).name for w in res.waves) == ["cosim.fst", "divergence.gtkw", "model.fst", "rtl.fst"]
    for w in res.waves:
        assert Path(w).parent == tmp_path / "fail"
        if Path(w).suffix == ".fst":
            assert fst_times(Path(w)) == (10 * (f.cycle - 30), 10 * (f.cycle + 20) + 5), w


def test_lockstep_and_side_waves(tmp_path):
    with cosim.Lockstep("fl9_1", 2, 800, waves=tmp_path / "ls") as sim:
        sim.step(300)
    for name in ("rtl.fst", "model.fst", "cosim.fst"):
        assert fst_times(tmp_path / "ls" / name) == (0, 10 * 299 + 5)
    side = cosim.Side("model")
    side.open_waves(tmp_path / "side.fst")
    for _ in range(20):
        side.step(cosim.idle_inputs("fl9_1"))
    side.close_waves()
    assert fst_times(tmp_path / "side.fst") == (0, 195)


# --- progress and Ctrl-C ---------------------------------------------------------------------------------------------
def test_progress_callable_sees_the_run(capsys):
    calls: list[tuple[int, int]] = []
    res = cosim.run("fl9_3", 1, 10000, progress=lambda c, t: calls.append((c, t)))
    assert res.passed
    assert [c for c, _ in calls] == list(range(0, res.cycles, 4096)) and {t for _, t in calls} == {10000}
    cosim.run("fl9_3", 1, 5000, progress=True)  # a tqdm bar on stderr
    assert "cycle" in capsys.readouterr().err


def test_exception_in_progress_callable_stops_the_run():
    def boom(c: int, t: int) -> None:
        if c >= 4096:
            raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        cosim.run("fl9_3", 1, 20000, progress=boom)
    # The lockstep survives it and carries on where it stopped.
    sim = cosim.Lockstep("fl9_3", 1, 20000)
    with pytest.raises(RuntimeError, match="stop here"):
        sim.run_to_end(progress=boom)
    assert sim.cycle == 4096 and not sim.done
    assert sim.run_to_end().passed


def test_ctrl_c_interrupts_a_long_run():
    import _thread
    import threading
    import time

    timer = threading.Timer(0.5, _thread.interrupt_main)
    t0 = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            cosim.run("fl11_1", 1, 5_000_000)
    finally:
        timer.cancel()
    assert time.monotonic() - t0 < 10


@pytest.mark.parametrize("how", ["run", "lockstep", "control"])
def test_runs_release_the_gil(how):
    """Another thread keeps running Python while the harness runs: with the GIL held, the main thread below
    would stall for the whole run, as it does for the control (a long builtin call that keeps the GIL)."""
    import threading
    import time

    span: dict[str, float] = {}
    # The control's length in this machine's time: a builtin call of about half a second, whatever the CPU.
    n = 10**6
    while True:
        t0 = time.monotonic()
        sum(range(n))
        took = time.monotonic() - t0
        if took > 0.05:
            break
        n *= 2
    n = int(n * 0.5 / took)

    def work() -> None:
        if how == "run":
            span["start"] = time.monotonic()
            cosim.run("fl11_1", 1, 400000, scoreboard=False, coverage=False)
        elif how == "lockstep":
            sim = cosim.Lockstep("fl11_1", 1, 400000, scoreboard=False, coverage=False)
            span["start"] = time.monotonic()
            sim.step(1 << 40)
        else:
            span["start"] = time.monotonic()
            sum(range(n))
        span["end"] = time.monotonic()

    thread = threading.Thread(target=work)
    ticks: list[float] = []
    thread.start()
    while thread.is_alive():
        ticks.append(time.monotonic())
        time.sleep(0.001)
    thread.join()
    start, end = span["start"], span["end"]
    inside = [start] + [t for t in ticks if start < t < end] + [end]
    longest = max(b - a for a, b in zip(inside, inside[1:]))
    assert end - start > 0.1, end - start  # long against the 1-ms ticks, so a held GIL shows
    if how == "control":
        assert longest > (end - start) / 2, (end - start, longest)
    else:
        assert longest < (end - start) / 2, (end - start, longest)


def test_runs_in_threads_give_the_results_of_runs_one_after_another():
    import threading

    jobs = [("fl11_1", 1), ("fl9_3", 2), ("fl10_0", 3)]
    got: dict[str, cosim.RunResult] = {}

    def work(config: str, seed: int) -> None:
        got[config] = cosim.run(config, seed, 8000)

    threads = [threading.Thread(target=work, args=job) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for config, seed in jobs:
        alone = cosim.run(config, seed, 8000)
        r = got[config]
        assert r.passed and (r.cycles, r.pixels, r.perf_by_side) == (alone.cycles, alone.pixels, alone.perf_by_side)
        assert r.coverage.bins() == alone.coverage.bins()


def test_a_lockstep_refuses_to_step_while_it_is_stepping():
    sim = cosim.Lockstep("fl9_3", 1, 10000)

    def reenter(cycle: int, total: int) -> None:
        if cycle >= 4096:
            sim.step(1)

    with pytest.raises(RuntimeError, match="already running"):
        sim.run_to_end(progress=reenter)
    assert sim.cycle == 4096
    assert sim.run_to_end().passed

# SPDX-License-Identifier: Apache-2.0
"""omsim.cosim.Stimulus: generated, written and read through the C++ stimulus file reader and writer, edited, and
replayed bit-identically -- against the seeded run in Python and against ``omsim run --record`` / ``--stimulus``."""

from __future__ import annotations

import copy
import json
import pickle
import subprocess

import pytest

from omsim import cosim
from omsim.cosim import BusOp, MemPhase, PaletteEntry, PixelRef, Segment, Stimulus, StimulusError

from test_cosim import find_cli

ONE = 0x3F800000
HALF = 0x3F000000


def same_result(a: cosim.RunResult, b: cosim.RunResult) -> None:
    assert (a.passed, a.cycles, a.pixels, a.failures) == (b.passed, b.cycles, b.pixels, b.failures)
    assert a.coverage.bins() == b.coverage.bins() and a.coverage.runs == b.coverage.runs
    assert a.perf_by_side == b.perf_by_side


@pytest.fixture(scope="module")
def stim() -> Stimulus:
    return Stimulus.generate("fl11_1", seed=4, cycles=8000, profile="hazards")


def test_profiles_are_listed():
    assert cosim.PROFILES == ("default", "blend", "logic", "mrt8", "hazards", "d3d9", "depth", "bus")


def test_round_trip_through_the_file_text_is_exact(stim, tmp_path):
    text = stim.dumps()
    assert text.startswith("omsim-stimulus 2\nconfig fl11_1\n") and text.endswith("\nend\n")
    back = Stimulus.loads(text)
    assert back == stim and back.dumps() == text
    path = tmp_path / "s.stim"
    mine = copy.deepcopy(stim)  # save() remembers the path: keep the module's fixture unsaved
    mine.save(path)
    assert mine.path == str(path) and path.read_text() == text
    assert Stimulus.load(path) == stim and Stimulus.load(path).path == str(path)
    assert (stim.config, stim.seed, stim.profile, stim.rts, stim.cycles) == ("fl11_1", 4, "hazards", 0, 8000)
    assert stim.pixel_count == sum(len(s.pixels) for s in stim.segments) > 500


def test_pickle_deepcopy_and_to_dict(stim):
    assert pickle.loads(pickle.dumps(stim)) == stim
    c = copy.deepcopy(stim)
    assert c == stim
    c.segments[0].pixels.pop()
    assert c != stim and len(c.segments[0].pixels) == len(stim.segments[0].pixels) - 1
    d = stim.to_dict()
    assert json.loads(json.dumps(d))["segments"][0]["pixels"][0]["x"] == stim.segments[0].pixels[0].x


def test_generation_is_prefix_stable():
    short = Stimulus.generate("fl9_3", seed=9, cycles=4000)
    long = Stimulus.generate("fl9_3", seed=9, cycles=40000)
    assert long.segments[: len(short.segments)] == short.segments
    assert long.mem[: len(short.mem) - 1] == short.mem[:-1]
    last = short.mem[-1]
    assert dataclass_without_cycles(long.mem[len(short.mem) - 1]) == dataclass_without_cycles(last)


def dataclass_without_cycles(p: MemPhase) -> MemPhase:
    return copy.replace(p, cycles=0) if hasattr(copy, "replace") else MemPhase(**{**p.__dict__, "cycles": 0})


def test_seeded_run_and_its_recorded_file_give_the_same_result(tmp_path):
    rec = tmp_path / "rec.stim"
    seeded = cosim.run("fl10_0", 3, 12000, profile="bus", record=rec)
    replay = cosim.run(stimulus=rec)
    same_result(seeded, replay)
    assert replay.reproduce.startswith(f"omsim run --stimulus {rec}")
    failing = cosim.run("fl10_0", 3, 12000, profile="bus", fault="rd_addr")
    again = cosim.run(stimulus=Stimulus.load(rec), fault="rd_addr")
    same_result(failing, again)
    assert not again.passed and "--fault rd_addr" in again.reproduce


def test_the_command_line_replays_what_python_recorded(tmp_path):
    cli = find_cli()
    assert cli is not None, "the omsim command-line tool was not found: set OMSIM_CLI (CTest does)"
    rec = tmp_path / "cli.stim"
    p = subprocess.run(
        [
            cli,
            "run",
            "--config",
            "fl9_1",
            "--seed",
            "8",
            "--cycles",
            "6000",
            "--profile",
            "d3d9",
            "--record",
            str(rec),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    seeded = json.loads(p.stdout)
    q = subprocess.run([cli, "run", "--stimulus", str(rec), "--json"], capture_output=True, text=True, timeout=120)
    assert q.returncode == 0, q.stderr
    replay = json.loads(q.stdout)
    for k in ("config", "seed", "profile", "cycles", "pixels", "mismatches", "coverage_percent"):
        assert seeded[k] == replay[k], k
    assert Stimulus.load(rec) == Stimulus.generate("fl9_1", seed=8, cycles=6000, profile="d3d9")


def test_a_file_cut_short_at_a_line_boundary_is_refused(stim, tmp_path):
    text = stim.dumps()
    cut = text[: text.rindex("\n", 0, len(text) - 1) + 1]  # every line but the closing 'end'
    path = tmp_path / "cut.stim"
    path.write_text(cut)
    with pytest.raises(StimulusError, match=r"cut\.stim:\d+: end: missing: a version 2 file closes with an 'end' line"):
        Stimulus.load(path)


def directed() -> Stimulus:
    """Three pixels blended onto a 4x4 R8G8B8A8_UNORM target, written by hand."""
    return Stimulus.loads(
        """omsim-stimulus 1
config fl11_1
cycles 300
mem ideal 300
segment drain fill_seed=7
program status_poll 0x300
program state_write 0x22C 0x1         # PS_OUTPUTS: o0 declared
program state_write 0x240 28          # RT0 R8G8B8A8_UNORM
program state_write 0x244 0x40004     # 4x4
program state_write 0x248 0x84C504C5  # SRC_ALPHA, INV_SRC_ALPHA, ADD (colour and alpha)
ps o0=1.0,0.0,0.0,0.5
ps o0=0.0,1.0,0.0,1.0
pixel 0 0 0
pixel 1 0 1 gap=3
pixel 0 0 1 clear
"""
    )


def test_a_hand_written_stimulus_of_three_pixels_runs_and_passes():
    st = directed()
    assert st.pixel_count == 3 and st.seed is None and st.profile is None
    assert st.segments[0].palette[0] == PaletteEntry(((ONE, 0, 0, HALF),) + ((0, 0, 0, 0),) * 7)
    res = cosim.run(stimulus=st)
    assert res.passed, res.report
    assert res.pixels == 3 and res.perf.pixels_in == 3
    assert (res.perf.rt_reads, res.perf.rt_writes) == (2, 3)  # two blends read, the clear does not
    assert res.reproduce.startswith("omsim run --stimulus <stimulus>")


def test_edited_stimuli_stay_loadable_and_run(stim):
    st = copy.deepcopy(stim)
    del st.segments[2:]
    st.segments[1].pixels = st.segments[1].pixels[::2]
    st.mem = [MemPhase.ideal(st.cycles)]
    st.cycles = 3000
    again = Stimulus.loads(st.dumps())
    assert again == st and again.pixel_count == len(st.segments[0].pixels) + len(st.segments[1].pixels)
    assert cosim.run(stimulus=again).passed


def test_editing_can_be_built_from_scratch():
    seg = Segment(program=[BusOp("status_poll", 0x300)], palette=[PaletteEntry()], pixels=[PixelRef(2, 2)], drain=True)
    st = Stimulus("fl9_1", 200, [seg], [MemPhase.cycle(rd=False, lat=5, cycles=3)])
    assert Stimulus.loads(st.dumps()) == st
    assert cosim.run(stimulus=st).pixels == 1


@pytest.mark.parametrize(
    "edit,match",
    [
        (lambda s: s.segments[0].pixels.append(PixelRef(1, 1, palette=9)), r"<stimulus>:\d+: pixel palette: '9'"),
        (lambda s: s.segments[0].pixels.append(PixelRef(20000, 1)), "pixel x: '20000' is out of range"),
        (lambda s: s.segments[0].pixels.append(PixelRef(1, 1, sample=8)), r"<stimulus>:\d+: pixel s: '8' is out of range"),
        (lambda s: s.segments[0].program.append(BusOp("poke", 0)), r"segments\[0\]\.program\[\d+\]\.kind: unknown bus operation 'poke'"),
        (
            lambda s: s.mem.append(MemPhase("random", 10, rd=2000)),
            r"<stimulus>:\d+: mem random rd: '2000' is out of range",
        ),
    ],
)
def test_invalid_edits_are_named_when_written(edit, match):
    st = directed()
    edit(st)
    with pytest.raises(ValueError, match=match):
        st.dumps()


def test_malformed_text_raises_stimulus_error_with_the_line():
    with pytest.raises(cosim.StimulusError, match=r"^f\.stim:3: cycles: 'ten' is not a whole number"):
        Stimulus.loads("omsim-stimulus 1\nconfig fl9_1\ncycles ten\n", "f.stim")
    assert issubclass(cosim.StimulusError, ValueError)


def test_options_that_disagree_with_the_stimulus_are_refused(stim):
    with pytest.raises(ValueError, match=r"seed: 5 disagrees with the stimulus <stimulus> \(seed 4\)"):
        cosim.run(stimulus=stim, seed=5)
    with pytest.raises(ValueError, match="config: 'fl9_3' disagrees"):
        cosim.run(stimulus=stim, config="fl9_3")
    with pytest.raises(ValueError, match="profile: 'bus' disagrees"):
        cosim.run(stimulus=stim, profile="bus")
    with pytest.raises(ValueError, match=r"cycles \(stimulus <stimulus>\): 9000 is outside 1..8000"):
        cosim.run(stimulus=stim, cycles=9000)
    short = cosim.run(stimulus=stim, seed=4, config="fl11_1", cycles=2000)
    assert short.passed and "--cycles 2000" in short.reproduce


def test_unknown_profile_names_the_valid_ones():
    with pytest.raises(ValueError, match="profile: unknown profile 'fancy' \\(default, blend, logic, mrt8"):
        Stimulus.generate("fl9_1", profile="fancy")
    with pytest.raises(ValueError, match="profile: unknown profile 'fancy'"):
        cosim.run("fl9_1", profile="fancy")


def test_a_fault_armed_at_a_cycle_fails_at_or_after_it():
    early = cosim.run("fl11_1", 5, 20000, fault="wr_data")
    assert early.failure is not None
    late = cosim.run("fl11_1", 5, 20000, fault="wr_data@9000")
    assert late.failure is not None and late.failure.cycle >= 9000 > early.failure.cycle
    assert "--fault wr_data@9000" in late.reproduce
    for bad in ("wr_data@", "wr_data@x", "nosuch@3"):
        with pytest.raises(ValueError, match=f"'{bad}'"):
            cosim.run("fl11_1", 5, 100, fault=bad)

# SPDX-License-Identifier: Apache-2.0
"""omsim.waves on real co-simulation waves: the RTL's and the model's files of a deliberately broken run differ
first at the reported failure's cycle on the broken port, two runs of one seed do not differ, a window renders to a
PNG, and bad files and arguments give errors naming them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from omsim import cosim, waves

FAULT_PORT = "mem_wr_data_o"


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    """Waves of the failure window of seed 5 with the model's write data corrupted (bit 0 flipped)."""
    out = tmp_path_factory.mktemp("broken")
    res = cosim.run("fl11_1", 5, 20000, fault="wr_data", waves=out, waves_full=False)
    assert not res.passed and res.failures[0].field.startswith(FAULT_PORT)
    return res, out


@pytest.fixture(scope="module")
def passing(tmp_path_factory):
    """Waves of two identical passing runs (the whole run traced)."""
    dirs = [tmp_path_factory.mktemp(f"pass{k}") for k in range(2)]
    for d in dirs:
        assert cosim.run("fl9_3", 3, 3000, waves=d).passed
    return dirs


def test_trace_reads_a_signal_into_numpy(passing):
    w = waves.Waves(passing[0] / "rtl.fst")
    clk = w.trace("om_top.clk_i")
    assert clk.times.dtype == np.int64 and clk.values.dtype == np.uint64
    assert np.all(np.diff(clk.times) > 0)
    # The clock toggles every half cycle: low at 10c, high at 10c + 5.
    assert set(clk.values[:20].tolist()) == {0, 1}
    assert clk.at(10 * 100) == 0 and clk.at(10 * 100 + 5) == 1
    wide = w.trace("om_top.mem_wr_data_o")
    assert wide.width > 64 and wide.values.dtype == object


def test_values_carry_their_names(broken):
    """Enum fields name their values from defs/ (the model's FST enum tables), the bus address its register."""
    _, out = broken
    model = waves.Waves(out / "model.fst")
    blend = model.enum_names("om_top.om_top.state.rt_desc[0].src_blend")
    assert blend[5] == "SRC_ALPHA" and blend[19] == "INV_SRC1_ALPHA"
    assert model.enum_names("om_top.om_top.state.rt_desc[0].write_mask")[0xB] == "RG_A"
    assert model.enum_names("om_top.om_top.state.rt_bind[0].format")[28] == "R8G8B8A8_UNORM"
    assert model.enum_names("om_top.cfg_i")[4] == "fl11_1"
    assert model.enum_names("om_top.paddr_i")[0] == "CAP_ID"
    # The RTL's SystemVerilog enums carry Verilator's tables.
    assert waves.Waves(out / "rtl.fst").enum_names("om_top.in_data_i.cmd") == {0: "CMD_DRAW", 1: "CMD_CLEAR"}


def test_transactions_are_numbers(broken):
    """om_top.txn: each op leaving the datapath with its pixel and S/D/result as reals."""
    _, out = broken
    w = waves.Waves(out / "model.fst")
    valid = w.trace("om_top.txn.valid")
    assert 1 in valid.values.tolist()
    result = w.trace("om_top.txn.result_r")
    assert len(result.values) and all(isinstance(v, float) for v in result.values.tolist())
    assert w.width("om_top.txn.x") == 14


def test_rtl_and_model_first_differ_at_the_failure(broken):
    res, out = broken
    rep = waves.diff(out / "rtl.fst", out / "model.fst")
    assert rep.first is not None, "the broken port must differ"
    assert rep.first.cycle == res.failures[0].cycle
    assert FAULT_PORT in rep.first.signal
    assert int(rep.first.a, 16) ^ int(rep.first.b, 16) == 1  # the fault flips bit 0
    assert rep.compared > 60
    assert all(FAULT_PORT in d.signal for d in rep.differences), rep.table()


def test_two_runs_of_one_seed_do_not_differ(passing):
    for side in ("rtl", "model"):
        rep = waves.diff(passing[0] / f"{side}.fst", passing[1] / f"{side}.fst")
        assert rep.first is None and rep.differences == [] and rep.compared > 60


def test_diff_finds_a_difference_between_two_seeds(passing, tmp_path):
    assert cosim.run("fl9_3", 4, 3000, waves=tmp_path).passed
    rep = waves.diff(passing[0] / "rtl.fst", tmp_path / "rtl.fst")
    assert rep.first is not None and rep.first.cycle >= 0


def test_png_of_the_divergence_window(broken, tmp_path):
    res, out = broken
    png = tmp_path / "win.png"
    win = waves.render(out / "cosim.fst", png)
    assert win.marker == res.failures[0].cycle
    assert win.first <= win.marker <= win.last
    assert "cosim.mismatch" in win.signals
    assert any(FAULT_PORT in s for s in win.signals)
    from PIL import Image

    img = np.asarray(Image.open(png).convert("L"))
    assert img.shape[0] > 100 and img.shape[1] > 300
    assert img.min() < 128 < img.max()  # something is drawn


def test_png_of_named_signals(passing, tmp_path):
    png = tmp_path / "named.png"
    win = waves.render(passing[0] / "rtl.fst", png, ["om_top.clk_i", "om_top.in_valid_i", "om_top.paddr_i"], 10, 60)
    assert (win.first, win.last) == (10, 60) and png.stat().st_size > 1000


def test_commands_exit_codes(broken, passing, tmp_path):
    _, out = broken
    py = [sys.executable, "-m", "omsim.waves"]
    p = subprocess.run([*py, "diff", str(out / "rtl.fst"), str(out / "model.fst"), "--json"], capture_output=True,
                       text=True)
    assert p.returncode == 1 and '"cycle"' in p.stdout
    p = subprocess.run([*py, "diff", str(passing[0] / "rtl.fst"), str(passing[1] / "rtl.fst")], capture_output=True,
                       text=True)
    assert p.returncode == 0 and "no difference" in p.stdout
    p = subprocess.run([*py, "png", str(out / "cosim.fst"), "-o", str(tmp_path / "x.png")], capture_output=True,
                       text=True)
    assert p.returncode == 0 and (tmp_path / "x.png").is_file()


def test_installed_omsim_command_has_the_wave_commands(broken, tmp_path):
    """The omsim command pip installs beside this interpreter runs wave-diff and wave-png."""
    _, out = broken
    omsim = Path(sys.executable).parent / "omsim"
    p = subprocess.run([str(omsim), "wave-diff", str(out / "rtl.fst"), str(out / "model.fst"), "--json"],
                       capture_output=True, text=True)
    assert p.returncode == 1 and json.loads(p.stdout)["first"]["signal"].endswith(FAULT_PORT)
    p = subprocess.run([str(omsim), "wave-png", str(out / "cosim.fst"), "-o", str(tmp_path / "w.png")],
                       capture_output=True, text=True)
    assert p.returncode == 0 and (tmp_path / "w.png").stat().st_size > 1000


BAD = [
    (["diff", "/nonexistent/a.fst", "/nonexistent/b.fst"], "does not exist"),
    (["diff", "{junk}", "{junk}"], "cannot be read"),
    (["diff", "{rtl}", "{rtl}", "--window", "-3"], "expected a whole number"),
    (["diff", "{rtl}", "{rtl}", "--window", "1e3"], "expected a whole number"),
    (["diff", "{rtl}", "{rtl}", "--signals", "om_top.nosuch"], "'om_top.nosuch' is not in"),
    (["png", "{rtl}", "-o", "{tmp}/a.png"], "has no cosim.mismatch"),
    (["png", "{rtl}", "--signals", "om_top.nosuch", "--from", "0", "--to", "5", "-o", "{tmp}/a.png"],
     "'om_top.nosuch' is not in"),
    (["png", "{rtl}", "--signals", "om_top.clk_i", "--from", "9", "--to", "5", "-o", "{tmp}/a.png"], "is empty"),
    (["png", "{rtl}", "--signals", "om_top.clk_i", "--from", "0", "--to", "5", "-o", "/nonexistent/dir/a.png"],
     "'/nonexistent/dir' is not a directory"),
    (["png", "{rtl}", "--signals", "om_top.clk_i"], "required: -o"),
    # matplotlib wrote '-o DIR' to DIR.png and '-o ""' to .png, and exited 0; a window wider than Agg draws
    # was a traceback (exit 1).
    (["png", "{rtl}", "--signals", "om_top.clk_i", "--from", "0", "--to", "5", "-o", "{tmp}"], "is a directory"),
    (["png", "{rtl}", "--signals", "om_top.clk_i", "--from", "0", "--to", "5", "-o", ""], "an empty string"),
    (["png", "{rtl}", "--signals", "om_top.clk_i", "--from", "0", "--to", "99999999999", "-o", "{tmp}/a.png"],
     "goes past the end"),
    (["diff", "{tmp}", "{rtl}"], "is a directory"),
]


def test_png_is_written_to_the_name_given(passing, tmp_path):
    out = tmp_path / "window"
    waves.png.render(passing[0] / "rtl.fst", out, ["om_top.clk_i"], 0, 5)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and not (tmp_path / "window.png").exists()


@pytest.mark.parametrize("argv,message", BAD)
def test_bad_input_is_a_usage_error_naming_it(argv, message, passing, tmp_path):
    junk = tmp_path / "junk.fst"
    junk.write_text("not a wave file")
    argv = [a.format(rtl=passing[0] / "rtl.fst", junk=junk, tmp=tmp_path) for a in argv]
    p = subprocess.run([sys.executable, "-m", "omsim.waves", *argv], capture_output=True, text=True)
    assert p.returncode == 2, p.stdout + p.stderr
    assert message in p.stderr


def test_passing_run_has_no_mismatch_window(passing):
    with pytest.raises(ValueError, match="never disagree"):
        waves.divergence_window(waves.Waves(passing[0] / "cosim.fst"))


def test_values_agree_with_gtkwave(passing, tmp_path):
    """An independent reader: GTKWave's fst2vcd, on one vector signal."""
    fst = passing[0] / "rtl.fst"
    vcd = subprocess.run(["fst2vcd", str(fst)], capture_output=True, text=True, check=True).stdout
    ident = next(line.split()[3] for line in vcd.splitlines()
                 if line.startswith("$var") and line.split()[4] == "paddr_i")
    t, seen = 0, []
    for line in vcd.split("$enddefinitions", 1)[1].splitlines():
        if line.startswith("#"):
            t = int(line[1:])
        elif line.startswith("b") and line.split()[1] == ident:
            seen.append((t, int(line.split()[0][1:], 2)))
    tr = waves.Waves(fst).trace("om_top.paddr_i")
    assert seen and list(zip(tr.times.tolist(), tr.values.tolist())) == seen

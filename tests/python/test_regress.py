# SPDX-License-Identifier: Apache-2.0
"""omsim regress through the installed ``omsim`` command: a 2-worker Dask LocalCluster regression (JUnit, database,
resume, HTML), a planted fault and a real cycle-model mutant found, bucketed and minimized to a replayable stimulus,
waivers, and the exit status 2 of bad inputs. Runs are short (a few thousand cycles) to keep the suite fast."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from omsim import cosim
from omsim.regress_triage import signature

BIN = Path(sys.executable).parent
CYCLES = "3000"


def omsim(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The installed omsim command (the console script of this venv)."""
    exe = BIN / "omsim"
    assert exe.exists(), f"{exe}: pip install did not install the omsim command"
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=600, env=env, cwd=cwd)


def rows(db: Path) -> list[sqlite3.Row]:
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    try:
        return con.execute("SELECT * FROM runs ORDER BY config, seed").fetchall()
    finally:
        con.close()


def files(tmp_path: Path, db: Path, junit: Path | None = None) -> list[str]:
    """The --db, --junit and --out options of a regression writing into tmp_path."""
    return ["--db", str(db), "--out", str(tmp_path / "out"), *(["--junit", str(junit)] if junit else [])]


def report(db: Path) -> dict:
    r = omsim("regress", "report", "--db", str(db), "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_installed_command_has_every_subcommand():
    r = omsim("--help")
    assert r.returncode == 0, r.stderr
    for sub in ("run", "caps", "coverage", "regress"):
        assert f"  {sub} " in r.stdout, r.stdout
    r = omsim("run", "--config", "fl9_3", "--cycles", "2000")
    assert r.returncode == 0, r.stdout + r.stderr


def test_dask_local_cluster_regression_passes_and_resume_skips_done_runs(tmp_path):
    db, junit = tmp_path / "ok.sqlite", tmp_path / "ok.xml"
    args = [*f"regress --configs fl9_3,fl11_1 --seeds 1-2 --cycles {CYCLES} --cluster local:2".split(),
            *files(tmp_path, db, junit)]
    r = omsim(*args)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Dask LocalCluster of 2 workers" in r.stdout
    cases = ET.parse(junit).getroot().findall(".//testcase")
    assert len(cases) == 4
    assert {(c.get("classname"), c.get("name")) for c in cases} == {
        (f"{cfg}.default", f"seed {s}") for cfg in ("fl9_3", "fl11_1") for s in (1, 2)
    }
    assert not ET.parse(junit).getroot().findall(".//failure")
    props = {p.get("name"): p.get("value") for p in cases[0].iter("property")}
    assert props["reproduce"].startswith("omsim run --config ") and props["seed"] in ("1", "2")
    got = rows(db)
    assert len(got) == 4 and all(r["verdict"] == "PASS" and r["pixels"] > 0 and r["revision"] for r in got)
    for r in got:  # a run shorter than a second has one sample: when it returned
        samples = json.loads(r["rss_kib"])
        assert samples and r["rss_first_kib"] == samples[0] and r["rss_last_kib"] == samples[-1], dict(r)
        assert r["rss_peak_kib"] >= max(samples) > 10_000, dict(r)
    mem = report(db)["memory"]
    assert len(mem["runs"]) == 4 and mem["peak_kib"] == max(r["rss_peak_kib"] for r in got)
    assert "resident memory: peak " in omsim("regress", "report", "--db", str(db)).stdout
    html = (tmp_path / "out" / "coverage.html").read_text()
    assert "data:image/png;base64," in html and "Holes" in html
    first = {r["id"]: r["finished"] for r in got}

    r = omsim(*args, "--resume")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 runs (4 already in" in r.stdout
    assert {r["id"]: r["finished"] for r in rows(db)} == first
    con = sqlite3.connect(db)
    con.execute("DELETE FROM runs WHERE config = 'fl11_1' AND seed = 2")
    con.commit()
    con.close()
    r = omsim(*args, "--resume", "-j", "1")
    assert r.returncode == 0 and "1 runs (3 already in" in r.stdout, r.stdout + r.stderr
    assert len(rows(db)) == 4 and len(ET.parse(junit).getroot().findall(".//testcase")) == 4


def test_rss_sampler_follows_the_resident_memory_of_a_run():
    from omsim.regress_exec import RssSampler

    with RssSampler(interval=0.05) as s:
        time.sleep(0.3)
        held = b"\x01" * (64 << 20)  # written, so resident
        time.sleep(0.3)
        del held
        time.sleep(0.3)
    assert len(s.samples) >= 6, s.samples
    grew = max(s.samples) - s.samples[0]
    assert 60 << 10 <= grew < 80 << 10, s.samples
    assert s.peak >= max(s.samples) and s.samples[-1] < max(s.samples) - (60 << 10), (s.peak, s.samples)


def test_a_database_from_before_the_memory_columns_gets_them(tmp_path):
    from omsim.regress_db import SCHEMA, ResultsDb

    old = tmp_path / "old.sqlite"
    con = sqlite3.connect(old)
    con.executescript("\n".join(line for line in SCHEMA.splitlines() if not line.lstrip().startswith("rss_")))
    con.close()
    with ResultsDb(old):
        pass
    con = sqlite3.connect(old)
    cols = {r[1] for r in con.execute("PRAGMA table_info(runs)")}
    con.close()
    assert {"rss_first_kib", "rss_peak_kib", "rss_last_kib", "rss_kib"} <= cols


def check_minimized(bucket: dict, fault: str | None, env: dict | None = None) -> None:
    """The bucket's minimized stimulus is small and fails the same way (with the fault), passes without it."""
    assert bucket["minimized"] and Path(bucket["minimized"]).is_file()
    assert 0 < bucket["minimized_pixels"] <= 10, bucket
    assert bucket["minimize_runs"] > 0 and bucket["minimize_seconds"] > 0
    assert os.listdir(bucket["minimized_waves"])
    assert (Path(bucket["minimized"]).parent / "divergence.png").stat().st_size > 1000
    stim = cosim.Stimulus.load(bucket["minimized"])
    assert stim.pixel_count == bucket["minimized_pixels"]
    if env is None:
        bad = cosim.run(stimulus=bucket["minimized"], fault=fault)
        assert signature(bad.failure) == bucket["signature"]
    cli = ["run", "--stimulus", bucket["minimized"], "--json"]
    r = omsim(*cli, *(["--fault", fault] if fault else []), env=env)
    assert r.returncode == 1, r.stdout + r.stderr
    assert bucket["minimized_reproduce"].startswith("omsim run --stimulus ")


def test_planted_fault_is_found_bucketed_and_minimized(tmp_path):
    db, junit = tmp_path / "bad.sqlite", tmp_path / "bad.xml"
    r = omsim(*f"regress --configs fl9_3,fl11_1 --seeds 1-2 --cycles {CYCLES} -j 2 --fault wr_data".split(),
              *files(tmp_path, db, junit))
    assert r.returncode == 1, r.stdout + r.stderr
    rep = report(db)
    assert (rep["runs"], rep["passed"], rep["failed"]) == (4, 0, 4)
    assert len(rep["buckets"]) == 1
    b = rep["buckets"][0]
    assert b["count"] == 4 and b["signature"] == "om_top | mem_wr_data_o[31:0] | divergence", b
    assert "--fault wr_data" in b["reproduce"]
    check_minimized(b, "wr_data")
    assert cosim.run(stimulus=b["minimized"]).passed
    assert omsim("run", "--stimulus", b["minimized"]).returncode == 0
    failures = ET.parse(junit).getroot().findall(".//failure")
    assert len(failures) == 4 and {f.get("message") for f in failures} == {b["signature"]}
    text = omsim("regress", "report", "--db", str(db)).stdout
    assert "4 x om_top | mem_wr_data_o[31:0] | divergence" in text and "minimized (" in text


def test_cycle_model_mutant_is_found_bucketed_and_minimized(tmp_path):
    so = os.environ.get("OMSIM_MUTANT_COSIM")
    assert so and Path(so).is_file(), "OMSIM_MUTANT_COSIM: the mutant omsim._cosim (CTest's fixture builds it)"
    import omsim as pkg

    tree = tmp_path / "mutant"
    shutil.copytree(Path(pkg.__file__).parent, tree / "omsim", ignore=shutil.ignore_patterns("__pycache__"))
    for old in (tree / "omsim").glob("_cosim.*.so"):
        old.unlink()
    shutil.copy(so, tree / "omsim" / Path(so).name)
    env = dict(os.environ, PYTHONPATH=str(tree))
    db = tmp_path / "mutant.sqlite"
    cmd = "-m omsim.regress --configs fl10_0,fl11_1 --seeds 1-6 --cycles 20000 -j 2".split()
    r = subprocess.run([sys.executable, *cmd, *files(tmp_path, db)], capture_output=True, text=True, timeout=600,
                       env=env)
    assert r.returncode == 1, r.stdout + r.stderr
    rep = report(db)
    assert rep["failed"] >= 1 and rep["buckets"], rep
    b = rep["buckets"][0]
    assert "|" in b["signature"] and b["count"] >= 1
    code = ("import sys, omsim.cosim as c, omsim.regress_triage as t; "
            "print(t.signature(c.run(stimulus=sys.argv[1]).failure))")
    probe = subprocess.run([sys.executable, "-c", code, b["minimized"]], capture_output=True, text=True, timeout=300,
                           env=env)
    assert probe.stdout.strip() == b["signature"], probe.stderr
    assert 0 < b["minimized_pixels"] <= 10, b
    assert cosim.run(stimulus=b["minimized"]).passed  # the good model


def waiver_file(path: Path, sig: str, expires: str) -> Path:
    path.write_text(
        f'[[waiver]]\nsignature = "{sig}"\nreason = "known: fault injection"\nowner = "dv"\nexpires = {expires}\n'
    )
    return path


@pytest.mark.parametrize("expires, code", [("2999-01-01", 0), ("2000-01-01", 1)])
def test_waived_failures_pass_until_the_waiver_expires(tmp_path, expires, code):
    w = waiver_file(tmp_path / "w.toml", "om_top | mem_wr_data_o* | divergence", expires)
    junit = tmp_path / "w.xml"
    r = omsim(*f"regress --configs fl9_3 --seeds 1 --cycles {CYCLES} --fault wr_data --no-minimize".split(),
              "--waivers", str(w), *files(tmp_path, tmp_path / "w.sqlite", junit))
    assert r.returncode == code, r.stdout + r.stderr
    if code == 0:
        assert "1 waived" in r.stdout and ET.parse(junit).getroot().find(".//skipped") is not None
    else:
        assert "expired on 2000-01-01" in r.stdout and ET.parse(junit).getroot().find(".//failure") is not None


@pytest.mark.parametrize(
    "args, message",
    [
        ({"--seeds": "5-1"}, "--seeds: range '5-1' runs backwards"),
        ({"--seeds": "1-x"}, "--seeds: '1-x'"),
        ({"--seeds": "0"}, "--seeds: '0'"),
        ({"--configs": "fl12_0"}, "--configs: unknown configuration 'fl12_0'"),
        ({"--profiles": "nope"}, "--profiles: unknown profile 'nope'"),
        ({"--cycles": "0"}, "--cycles: expected a whole number"),
        ({"--fault": "nope"}, "--fault: unknown fault 'nope'"),
        ({"--cluster": "local:0"}, "--cluster: 'local:0'"),
        ({"--db": "/dev/null/x.sqlite"}, "--db: cannot create the directory of '/dev/null/x.sqlite'"),
        ({"--junit": "/dev/null/x.xml"}, "--junit: cannot create the directory"),
        ({"--code-coverage": None, "--jobs": "1"}, "--code-coverage: this omsim's om_top has no code coverage"),
        ({"--scheduler": "tcp://127.0.0.1:1", "--connect-timeout": "1"}, "--scheduler: cannot connect to 'tcp://"),
    ],
)
def test_bad_inputs_exit_2_naming_the_option(tmp_path, args, message):
    opts = {"--configs": "fl9_3", "--seeds": "1", "--cycles": "100", "--db": str(tmp_path / "x.sqlite"), **args}
    cmd = [x for k, v in opts.items() for x in ([k] if v is None else [k, v])]
    r = omsim("regress", *cmd, "--out", str(tmp_path / "out"))
    assert r.returncode == 2, r.stdout + r.stderr
    assert message in r.stderr, r.stderr


@pytest.mark.parametrize(
    "text, message",
    [
        ('[[waiver]]\nsignature = "x"\nreason = "r"\nowner = "o"\nexpires = "soon"\n', ":5: waiver 1: 'expires'"),
        ('[[waiver]]\nsignature = "x"\nreason = "r"\nexpires = 2030-01-01\n', ":1: waiver 1: 'owner' is missing"),
        (
            '[[waiver]]\nsignature = "x"\nreason = "r"\nowner = "o"\nexpires = 2030-01-01\nwho = 1\n',
            ":6: waiver 1: 'who'",
        ),
        ("[[waiver]\n", "not TOML"),
    ],
)
def test_bad_waiver_files_exit_2_naming_line_and_field(tmp_path, text, message):
    w = tmp_path / "w.toml"
    w.write_text(text)
    r = omsim(*"regress --configs fl9_3 --cycles 100 --waivers".split(), str(w), *files(tmp_path, tmp_path / "x.db"))
    assert r.returncode == 2 and message in r.stderr, r.stderr


def test_report_of_a_missing_database_exits_2(tmp_path):
    r = omsim("regress", "report", "--db", str(tmp_path / "none.sqlite"))
    assert r.returncode == 2 and "--db: no such file" in r.stderr


def test_report_of_a_file_that_is_no_results_database_exits_2_and_leaves_it(tmp_path):
    # An empty file was opened as a new database: the report printed an empty summary and made it one.
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    before = other.read_bytes()
    for db, message in [(empty, "has no runs table"), (other, "has no runs table"), (tmp_path, "is a directory")]:
        r = omsim("regress", "report", "--db", str(db))
        assert r.returncode == 2 and f"--db: '{db}' " in r.stderr and message in r.stderr, r.stderr
    assert empty.read_bytes() == b"" and other.read_bytes() == before

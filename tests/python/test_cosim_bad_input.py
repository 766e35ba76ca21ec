# SPDX-License-Identifier: Apache-2.0
"""Bad input to omsim.cosim: every case raises TypeError / ValueError (or OSError / RuntimeError for files) with a
message naming the argument or port, never a crash or a hang. One test per case. Also: help() is useful."""

from __future__ import annotations

import inspect
import pydoc
from typing import Any, Callable

import pytest

import omsim
from omsim import cosim

MAX_RTS_FL9_3 = omsim.config_info("fl9_3").max_rts


def run(**kw: Any) -> Callable[[], object]:
    args: dict[str, Any] = dict(config="fl9_3", seed=1, cycles=100)
    args.update(kw)
    return lambda: cosim.run(**args)


def side_eval(inputs: Any) -> Callable[[], object]:
    return lambda: cosim.Side("model").eval(inputs)


def pixel(**fields: Any) -> Callable[[], object]:
    return side_eval({"in_valid": True, "in_data": fields})


CASES: list[tuple[str, Callable[[], object], type[BaseException], str]] = [
    ("unknown_config", run(config="fl12_0"), ValueError, "config: unknown configuration 'fl12_0'"),
    ("config_not_a_name", run(config=3), TypeError, "config"),
    ("negative_seed", run(seed=-1), ValueError, "seed: -1"),
    ("float_seed", run(seed=1.5), TypeError, "seed: expected an int"),
    ("zero_cycles", run(cycles=0), ValueError, "cycles: 0 is outside 1.."),
    ("too_many_cycles", run(cycles=10**12 + 1), ValueError, "cycles: 1000000000001 is outside"),
    # A run generates its stimulus as it goes (any length is legal); a whole stimulus is held in memory.
    ("whole_stimulus_beyond_memory", lambda: cosim.Stimulus.generate(config="fl9_3", cycles=10**12), ValueError,
     "cycles 1000000000000: the whole stimulus needs up to"),
    ("float_cycles", run(cycles=1e5), TypeError, "cycles: expected an int, got float"),
    ("rts_above_config", run(rts=MAX_RTS_FL9_3 + 1), ValueError,
     rf"rts \(fl9_3\): {MAX_RTS_FL9_3 + 1} is outside 0..{MAX_RTS_FL9_3}"),
    ("negative_rts", run(rts=-1), ValueError, "rts"),
    ("unknown_side", run(sides=("rtl", "gpu")), ValueError, "sides: unknown side 'gpu'"),
    ("three_sides", run(sides=("rtl", "model", "rtl")), ValueError, "sides: expected 1 or 2"),
    ("no_sides", run(sides=()), ValueError, "sides: expected 1 or 2"),
    ("sides_not_a_sequence", run(sides=5), TypeError, "sides"),
    ("side_not_a_name", run(sides=("rtl", 2)), TypeError, r"sides\[1\]"),
    ("unknown_fault", run(fault="nosuch"), ValueError, "fault: unknown fault 'nosuch'"),
    ("fault_not_a_name", run(fault=3), TypeError, "fault"),
    ("scoreboard_not_bool", run(scoreboard="yes"), TypeError, "scoreboard"),
    ("coverage_not_bool", run(coverage=1), TypeError, "coverage"),
    ("negative_window", run(window=-1), ValueError, "window"),
    ("waves_not_a_path", run(waves=3), TypeError, "waves"),
    ("waves_empty", run(waves=""), ValueError, "waves"),
    ("progress_not_callable", run(progress="bar"), TypeError, "progress"),
    ("lockstep_unknown_config", lambda: cosim.Lockstep("nope"), ValueError, "config"),
    ("lockstep_negative_step", lambda: cosim.Lockstep("fl9_1", 1, 10).step(-1), ValueError, "n: -1"),
    ("lockstep_step_not_int", lambda: cosim.Lockstep("fl9_1", 1, 10).step("3"), TypeError, "n: expected an int"),
    ("side_unknown_kind", lambda: cosim.Side("gpu"), ValueError, "kind: unknown side 'gpu'"),
    ("side_kind_not_str", lambda: cosim.Side(1), TypeError, "kind"),
    ("side_unknown_fault", lambda: cosim.Side("rtl", fault="x"), ValueError, "fault: unknown fault 'x'"),
    ("inputs_not_a_dict", side_eval([1, 2]), TypeError, "inputs"),
    ("unknown_port", side_eval({"bogus": 1}), ValueError, "unknown port 'bogus'"),
    ("paddr_too_wide", side_eval({"paddr": 4096}), ValueError, r"inputs\['paddr'\]: 4096 does not fit in 12 bits"),
    ("pwdata_negative", side_eval({"pwdata": -1}), ValueError, "pwdata"),
    ("bool_port_two", side_eval({"psel": 2}), ValueError, r"inputs\['psel'\]: 2 does not fit in 1 bit"),
    ("bool_port_str", side_eval({"psel": "x"}), TypeError, r"inputs\['psel'\]: expected an int, got str"),
    ("cfg_float", side_eval({"cfg": 1.0}), TypeError, "cfg"),
    ("texel_too_wide", side_eval({"mem_rsp_data": 1 << 128}), ValueError, "mem_rsp_data"),
    ("pixel_not_a_dict", side_eval({"in_data": 5}), TypeError, "in_data"),
    ("pixel_x_too_wide", pixel(x=1 << 14), ValueError, r"in_data'\]\['x'\]: 16384 does not fit in 14 bits"),
    ("pixel_unknown_field", pixel(nope=0), ValueError, "unknown field 'nope'"),
    ("pixel_cmd_name", pixel(cmd="paint"), ValueError, "'paint' is not 'draw' or 'clear'"),
    ("pixel_too_many_outputs", pixel(oc=[[0, 0, 0, 0]] * 9), ValueError, "9 outputs, at most 8"),
    ("pixel_output_three_words", pixel(oc1=[1, 2, 3]), ValueError, "oc1'\\]: expected 4 words"),
    ("pixel_word_too_wide", pixel(oc=[[0, 0, 1 << 32, 0]]), ValueError, r"oc'\]\[0\]\[2\]"),
    ("pixel_fog_float", pixel(fog=0.5), TypeError, "fog"),
    ("coverage_not_json", lambda: cosim.Coverage.from_json("not json"), ValueError, "not JSON"),
    ("coverage_wrong_format", lambda: cosim.Coverage.from_json('{"format": "x"}'), ValueError, "coverage"),
    ("coverage_text_not_str", lambda: cosim.Coverage.from_json(b"{}"), TypeError, "text"),
    ("coverage_missing_file", lambda: cosim.Coverage.load("/nonexistent/cov.json"), FileNotFoundError, "cov.json"),
    ("coverage_unknown_bin", lambda: cosim.Coverage().hits("no/such_bin"), ValueError, "no bin named no/such_bin"),
    ("coverage_merge_not_coverage", lambda: cosim.Coverage().merge(5), TypeError, "other"),
    ("idle_inputs_unknown_config", lambda: cosim.idle_inputs("fl8"), ValueError, "config"),
]


@pytest.mark.parametrize("call,exc,match", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_raises_naming_the_problem(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_malformed_coverage_file_is_named(tmp_path):
    bad = tmp_path / "cov.json"
    bad.write_text('{"bins": 5}')
    with pytest.raises(ValueError, match=f"{bad}: .*not an omsim-coverage"):
        cosim.Coverage.load(bad)


def test_waves_directory_that_cannot_be_made(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(ValueError, match="waves: cannot create"):
        cosim.run("fl9_3", 1, 100, waves=blocker / "sub")


@pytest.mark.parametrize("kind", ["rtl", "model"])
def test_side_waves_to_an_unwritable_path(kind, tmp_path):
    side = cosim.Side(kind)
    with pytest.raises(RuntimeError, match="cannot"):
        side.open_waves(tmp_path / "no" / "such" / "dir" / "x.fst")
    assert side.eval(cosim.idle_inputs())["pslverr"] is False  # still usable


def test_every_public_name_has_a_docstring():
    missing = []
    for name in cosim.__all__:
        obj = getattr(cosim, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            if not (obj.__doc__ or "").strip():
                missing.append(name)
            for k, v in vars(obj).items() if inspect.isclass(obj) else ():
                if not k.startswith("_") and (inspect.isfunction(v) or isinstance(v, (property, classmethod))):
                    fn = v.__func__ if isinstance(v, classmethod) else v
                    if not (fn.__doc__ or "").strip():
                        missing.append(f"{name}.{k}")
    assert missing == []


def test_help_explains_the_calls():
    page = pydoc.render_doc(cosim.run, renderer=pydoc.plaintext)
    for word in ("config", "seed", "cycles", "waves", "fault", "RunResult", "KeyboardInterrupt"):
        assert word in page, word
    assert "Lockstep" in (cosim.__doc__ or "") and "Side" in (cosim.__doc__ or "")
    page = pydoc.render_doc(cosim.Lockstep, renderer=pydoc.plaintext)
    assert "step" in page and "run_to_end" in page and "outputs" in page


def _edited(edit: Callable[[cosim.Stimulus], None]) -> Callable[[], object]:
    def call() -> object:
        st = cosim.Stimulus.generate("fl9_3", seed=2, cycles=500)
        edit(st)
        return st.dumps()

    return call


def _set(path: str, value: Any) -> Callable[[cosim.Stimulus], None]:
    def edit(st: cosim.Stimulus) -> None:
        *parents, last = path.split(".")
        obj: Any = st
        for p in parents:
            name, _, index = p.partition("[")
            obj = getattr(obj, name)
            if index:
                obj = obj[int(index[:-1])]
        setattr(obj, last, value)

    return edit


# An edited Stimulus is converted field by field: a wrong type or width names the field and its place (pybind11's
# "Unable to cast Python instance" did neither), and no bool is read as a number or a number as a bool.
STIMULUS_EDITS = [
    ("segments[0].pixels[0].x", -1, ValueError, r"segments\[0\]\.pixels\[0\]\.x: -1 is out of range"),
    ("segments[0].pixels[0].x", "5", TypeError, r"segments\[0\]\.pixels\[0\]\.x: expected an int, got str"),
    ("segments[0].pixels[0].x", True, TypeError, r"pixels\[0\]\.x: expected an int, got bool"),
    ("segments[0].pixels[0].depth", 1.5, TypeError, r"pixels\[0\]\.depth: expected an int, got float"),
    ("segments[0].pixels[0].clear", 2, TypeError, r"pixels\[0\]\.clear: expected a bool, got int"),
    ("segments[0].pixels[0].coverage", None, TypeError, r"pixels\[0\]\.coverage: expected a bool, got NoneType"),
    ("segments[0].program[1].kind", 5, TypeError, r"program\[1\]\.kind: expected a str, got int"),
    ("segments[0].program[1].addr", -4, ValueError, r"program\[1\]\.addr: -4 is out of range"),
    ("segments[0].palette[0].fog", 1.0, TypeError, r"palette\[0\]\.fog: expected an int, got float"),
    ("segments[0].palette[0].dual", (1, 2, 3), ValueError, r"palette\[0\]\.dual: expected 4 fields, got 3"),
    ("segments[0].drain", "yes", TypeError, r"segments\[0\]\.drain: expected a bool, got str"),
    ("mem[0].seed", -1, ValueError, r"mem\[0\]\.seed: -1 is out of range"),
    ("cycles", "100", TypeError, "cycles: expected an int, got str"),
    ("seed", 2**64, ValueError, "seed: 18446744073709551616 is out of range"),
    ("config", None, TypeError, "config: expected a str, got NoneType"),
]


@pytest.mark.parametrize("path,value,exc,match", STIMULUS_EDITS, ids=[f"{c[0]}={c[1]!r}" for c in STIMULUS_EDITS])
def test_an_edited_stimulus_names_the_bad_field(path, value, exc, match):
    with pytest.raises(exc, match=match):
        _edited(_set(path, value))()


def test_binary_stimulus_and_coverage_files_are_named(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(cosim.StimulusError, match=f"{junk}:1: omsim-stimulus: not a stimulus file"):
        cosim.Stimulus.load(junk)
    with pytest.raises(ValueError, match=f"{junk}: not a coverage file"):
        cosim.Coverage.load(junk)


def test_unwritable_record_is_refused_before_the_run(tmp_path):
    with pytest.raises(ValueError, match=f"record: '{tmp_path}' is a directory"):
        cosim.run("fl9_3", 1, 100, record=tmp_path)
    with pytest.raises(ValueError, match="record: cannot create .*not a writable directory"):
        cosim.run("fl9_3", 1, 100, record=tmp_path / "missing" / "r.stim")


@pytest.mark.parametrize("bad", [dict(window=-1), dict(progress="bar"), dict(record="")])
def test_a_rejected_run_creates_no_waves_directory(tmp_path, bad):
    with pytest.raises((TypeError, ValueError)):
        cosim.run("fl9_3", 1, 100, waves=tmp_path / "w", **bad)
    with pytest.raises((TypeError, ValueError)):
        cosim.Lockstep("fl9_3", 1, 100, waves=tmp_path / "w", fault="nosuch")
    assert not (tmp_path / "w").exists()


class _RaisingIndex:
    """An int-like whose __index__ raises: the extension must pass its error on, not read a NULL int."""

    def __index__(self) -> int:
        raise ArithmeticError("__index__ refused")


@pytest.mark.parametrize(
    "call",
    [
        side_eval({"paddr": _RaisingIndex()}),
        pixel(x=_RaisingIndex()),
        _edited(_set("segments[0].pixels[0].x", _RaisingIndex())),
        lambda: omsim.process_pixel(
            omsim.PixelState(rt_formats=["R8G8B8A8_UNORM"]), [(0.5, 0.5, 0.5, 0.5)], dest=[_RaisingIndex()]
        ),
    ],
    ids=["side_port", "pixel_field", "stimulus_field", "process_pixel_dest"],
)
def test_an_int_whose_index_raises_passes_its_error_on(call):
    with pytest.raises(ArithmeticError, match="__index__ refused"):
        call()

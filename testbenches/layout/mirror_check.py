#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The RTL ↔ model mirror: every stage module of rtl/files.f has its model, its pipeline.md row and a test.

For each `rtl/om_<x>.sv` listed in rtl/files.f (packages `*_pkg.sv` excepted) it requires
  (a) the cycle-model class `om::<X>` (UpperCamelCase of <x>) declared in cppmodel/include/om/<x>.h, or, for the
      combinational units listed in FUNCTION_MODELS, each named om::ref function declared in its header;
  (b) a row of docs/pipeline.md (a table line) naming `om_<x>`;
  (c) a file under testbenches/ or tests/ that names om_<x> or its model (class or functions), or, for the stages
      in TESTED_THROUGH, the named test file, which must still exist and contain the named evidence.
Fails (exit 1, one line per gap). ``--self-test`` builds a small tree with one gap of each kind (and a test that
names a model only in English) and checks that exactly the planted gaps are reported.

usage: mirror_check.py SOURCE_DIR | mirror_check.py --self-test
"""
import re
import sys
import tempfile
from pathlib import Path

import tree

# Combinational units: no registers, no cycle of their own, so no class. Their cycle behaviour belongs to the stage
# that instantiates them; their function is the om::ref function their file head names ("= om::ref::..."), which
# that stage's class calls. stem -> (header under cppmodel/include/om/, functions that model it).
FUNCTION_MODELS = {
    "fp32_add": ("ref/fp32.h", ["f32_add", "f32_sub"]),
    "fp32_mul": ("ref/fp32.h", ["f32_mul"]),
    "fp32_minmax": ("ref/fp32.h", ["f32_min", "f32_max"]),
    "fp32_cmp": ("ref/fp32.h", ["f32_compare"]),
    # The RT input clamp of om_rt_datapath (its u_s, u_s1, u_k instances) is om::ref::clamp_input over f32_clamp.
    "fp32_clamp": ("ref/fp32.h", ["f32_clamp"]),
    "unorm_to_f32": ("ref/convert.h", ["unorm_to_f32"]),
    "norm_to_f32": ("ref/convert.h", ["unorm_to_f32", "snorm_to_f32"]),
    "fsmall_to_f32": ("ref/convert.h", ["f16_to_f32", "f11_to_f32", "f10_to_f32"]),
    "f32_to_norm": ("ref/convert.h", ["f32_to_unorm", "f32_to_snorm"]),
    "f32_to_fsmall": ("ref/convert.h", ["f32_to_f16", "f32_to_f11", "f32_to_f10"]),
    "f32_to_srgb": ("ref/convert.h", ["f32_to_srgb"]),
    "f32_srgb_encode": ("ref/convert.h", ["f32_srgb_encode_unquantised"]),
    "texel_unpack": ("ref/convert.h", ["texel_to_raw", "unpack"]),
    "texel_pack": ("ref/convert.h", ["pack"]),
    "texel_merge": ("ref/rt_op.h", ["merge_write_mask", "effective_write_mask"]),
    "blend_factor": ("ref/blend.h", ["blend_factor"]),
    # The kill rule om_depth and om_accept share: om::draw_killed over om::ref::a2c_covered and alpha_test_pass.
    "kill": ("top_pkg.h", ["draw_killed"]),
}
# Extra names a test may use for a function-modelled unit (the unit's use inside a stage has its own function).
FUNCTION_TEST_ALIASES = {"fp32_clamp": ["clamp_input"]}

# Stages no test names yet: each is exercised only through om_top, by the test file given, which must still contain
# the evidence string (a test name). An entry goes once a test named after the stem exists.
TESTED_THROUGH = {
    "accept": ("testbenches/top/control_test.cc", "SlotsBeyondTheConfiguredRtCountAreIgnored",
               "slot expansion, coverage and slot limits are checked at om_top"),
    "hazard": ("testbenches/top/control_test.cc", "SameAddressBackToBackWaitsForEachWriteWithLongLatency",
               "the ordering rule is checked at om_top"),
    "dest_read": ("testbenches/top/control_test.cc", "HazardsUnderMemoryStallsAndLatencyJitter",
                  "reads under latency and stalls are checked at om_top"),
    "write": ("testbenches/top/control_test.cc", "LatencyFromInputToWriteMatchesTheDocumentedPipeline",
              "write timing is checked at om_top"),
    "pipe_reg": ("testbenches/model/lockstep_test.cc", "ModelMatchesRtlOnEveryPortEveryCycle",
                 "om::PipeReg inside every model stage is compared with the RTL every cycle"),
    "fifo": ("testbenches/model/lockstep_test.cc", "ModelMatchesRtlOnEveryPortEveryCycle",
             "om::Fifo inside om::DestRead is compared with the RTL every cycle"),
}

# Test sources searched for (c); the layout checks themselves (testbenches/layout/) name every module and do not count.
TEST_SUFFIXES = {".h", ".hpp", ".cc", ".cpp", ".sv", ".svh", ".py"}


def camel(stem: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in stem.split("_"))


def stage_stems(root: Path) -> list[str]:
    stems = []
    for line in (root / "rtl/files.f").read_text().splitlines():
        m = re.fullmatch(r"\s*rtl/om_(\w+)\.sv\s*", line.split("//", 1)[0])
        if m and not m.group(1).endswith("_pkg") and m.group(1) != "pkg":
            stems.append(m.group(1))
    return stems


def class_patterns(cls: str) -> list[str]:
    # Qualified use, the port/flop structs, a GoogleTest suite, or a declaration `Cls name;` at line start; a bare
    # word would also match English ("Write mask").
    return [rf"\bom::{cls}\b", rf"\b{cls}(In|Out|Regs)\b", rf"\bTEST(_F|_P)?\(\s*{cls}\b",
            rf"(?m)^\s*{cls}(<[^>\n]*>)?\s+\w+\s*[;({{=]"]


def gaps(root: Path, through: list[str] | None = None) -> list[str]:
    """Every gap, one line each; the modules accepted through TESTED_THROUGH are appended to `through`."""
    through = [] if through is None else through
    files = tree.files(root)
    tests = {}
    for rel in files:
        if rel.parts[0] in ("testbenches", "tests") and rel.suffix in TEST_SUFFIXES \
                and rel.parts[:2] != ("testbenches", "layout"):
            tests[rel.as_posix()] = (root / rel).read_text(errors="replace")
    pipeline = (root / "docs/pipeline.md").read_text() if (root / "docs/pipeline.md").is_file() else ""
    rows = "\n".join(line for line in pipeline.splitlines() if line.lstrip().startswith("|"))
    found = []
    for stem in stage_stems(root):
        module = f"om_{stem}"
        if stem in FUNCTION_MODELS:
            header, funcs = FUNCTION_MODELS[stem]
            path = root / "cppmodel/include/om" / header
            text = path.read_text() if path.is_file() else ""
            missing = [f for f in funcs if not re.search(rf"\b{f}\(", text)]
            if missing:
                found.append(f"{module}: (a) cppmodel/include/om/{header} declares no {', '.join(missing)}")
            evidence = [rf"\b{f}\(" for f in funcs + FUNCTION_TEST_ALIASES.get(stem, [])]
        else:
            cls = camel(stem)
            path = root / f"cppmodel/include/om/{stem}.h"
            text = path.read_text() if path.is_file() else ""
            if not re.search(rf"\b(class|struct)\s+{cls}\b", text):
                found.append(f"{module}: (a) no class om::{cls} in cppmodel/include/om/{stem}.h")
            evidence = class_patterns(cls)
        if not re.search(rf"`{module}`", rows):
            found.append(f"{module}: (b) no docs/pipeline.md table row names `{module}`")
        named = any(re.search(rf"\b{module}\b", t) or any(re.search(e, t) for e in evidence) for t in tests.values())
        if not named and stem in TESTED_THROUGH:
            test, needle, why = TESTED_THROUGH[stem]
            named = needle in tests.get(test, "")
            if not named:
                found.append(f"{module}: (c) {test} no longer contains {needle!r} (TESTED_THROUGH)")
                continue
            through.append(f"{module}: {why} ({test})")
        if not named:
            found.append(f"{module}: (c) no file under testbenches/ or tests/ names {module} or its model")
    return found


def self_test() -> int:
    planted = {
        "rtl/files.f": "".join(f"rtl/om_{m}.sv\n" for m in
                               ("pkg", "x_pkg", "good_stage", "planted", "fp32_add", "accept", "write", "hazard")),
        "cppmodel/include/om/good_stage.h": "class GoodStage {};\n",
        "cppmodel/include/om/ref/fp32.h": "uint32_t f32_add(uint32_t a, uint32_t b);\n",  # f32_sub missing
        "cppmodel/include/om/accept.h": "class Accept {};\n",
        "cppmodel/include/om/write.h": "class Writer {};\n",  # not om::Write
        "cppmodel/include/om/hazard.h": "class Hazard {};\n",
        "docs/pipeline.md": "".join(f"| `om_{m}` | x |\n" for m in ("good_stage", "fp32_add", "accept", "write"))
                            + "Prose naming `om_hazard` is not a row.\n",
        "testbenches/unit/good_test.cc": "TEST(GoodStage, Works) {}\nEXPECT_EQ(f32_add(1, 2), 3);\n",
        "testbenches/top/control_test.cc": "TEST_F(Control, SomethingElse) {}\n",  # lost accept's evidence
        "testbenches/unit/names.h": "/// Write mask from a string.\nom::Hazard h;\n",  # English, not om::Write
    }
    want = ["om_planted: (a)", "om_planted: (b)", "om_planted: (c)", "om_fp32_add: (a)", "om_accept: (c)",
            "om_write: (a)", "om_write: (c)", "om_hazard: (b)"]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for rel, text in planted.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        got = gaps(root)
    missing = [w for w in want if not any(g.startswith(w) for g in got)]
    if missing or len(got) != len(want):
        print(f"mirror_check self-test: expected {want}, got {got}")
        return 1
    print(f"mirror_check self-test: all {len(want)} planted gaps reported, nothing else")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root = Path(sys.argv[1]).resolve()
    if not (root / "rtl/files.f").is_file():
        print(f"mirror_check: {root} is not the source tree (no rtl/files.f)", file=sys.stderr)
        return 2
    through: list[str] = []
    found = gaps(root, through)
    for g in found:
        print(g)
    print(f"mirror_check: {len(stage_stems(root))} stage modules, {len(found)} gap(s)")
    for t in through:
        print(f"mirror_check: no test names {t}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

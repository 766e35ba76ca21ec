#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The room rule: nothing outside testbenches/ and tests/ uses them.

Fails (exit 1, one line per violation) when a C++ or SystemVerilog source of the product includes a header that
lives only under testbenches/ or tests/, or when a product CMakeLists.txt names either folder (the top-level file
adds testbenches/ and tests/python/ in its test branch only). ``--self-test`` plants one violation of each kind in a
copy of the tree's layout and checks that both are reported.

usage: include_rule.py SOURCE_DIR | include_rule.py --self-test
"""
import re
import sys
import tempfile
from pathlib import Path

import tree

TEST_ROOMS = ("testbenches", "tests")
SOURCE_SUFFIXES = {".h", ".hpp", ".cc", ".cpp", ".sv", ".svh"}
INCLUDE = re.compile(r'^\s*[#`]include\s+"([^"]+)"', re.M)
# The top-level CMakeLists.txt's test branch is the one place the test rooms are added.
ALLOWED_CMAKE = {"CMakeLists.txt": ("add_subdirectory(testbenches)", "add_subdirectory(tests/python)")}


def in_test_room(rel: Path) -> bool:
    return rel.parts[0] in TEST_ROOMS


def violations(root: Path) -> list[str]:
    files = tree.files(root)
    product_headers = {p.name for p in files if not in_test_room(p) and p.suffix in {".h", ".hpp", ".svh"}}
    product_paths = {p.as_posix() for p in files if not in_test_room(p)}
    test_headers = {p.name: p for p in files if in_test_room(p) and p.suffix in {".h", ".hpp", ".svh"}}
    found = []
    for rel in files:
        if in_test_room(rel):
            continue
        text = (root / rel).read_text(errors="replace")
        if rel.suffix in SOURCE_SUFFIXES:
            for inc in INCLUDE.findall(text):
                name = Path(inc).name
                resolves_in_product = any(p.endswith("/" + inc) or p == inc for p in product_paths)
                if (name in test_headers and name not in product_headers and not resolves_in_product) \
                        or any(part in TEST_ROOMS for part in Path(inc).parts):
                    found.append(f"{rel}: includes \"{inc}\" ({test_headers.get(name, inc)} is a test file)")
        elif rel.name == "CMakeLists.txt" or rel.suffix == ".cmake":
            allowed = ALLOWED_CMAKE.get(rel.as_posix(), ())
            for n, line in enumerate(text.splitlines(), 1):
                code = line.split("#", 1)[0]
                if any(a in code for a in allowed):
                    continue
                if re.search(r"\b(testbenches|tests)/", code):
                    found.append(f"{rel}:{n}: names a test room: {line.strip()}")
    return found


def self_test() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "testbenches/top").mkdir(parents=True)
        (root / "testbenches/top/harness.h").write_text("#pragma once\n")
        (root / "sim/src").mkdir(parents=True)
        (root / "sim/src/a.cc").write_text('#include "harness.h"\n')
        (root / "driver").mkdir()
        (root / "driver/CMakeLists.txt").write_text("target_include_directories(x PRIVATE ${S}/testbenches/top)\n")
        (root / "CMakeLists.txt").write_text("add_subdirectory(testbenches)\n")
        got = violations(root)
        want = ["sim/src/a.cc", "driver/CMakeLists.txt:1"]
        missing = [w for w in want if not any(g.startswith(w) for g in got)]
        if missing or len(got) != len(want):
            print(f"include_rule self-test: expected violations at {want}, got {got}")
            return 1
    print("include_rule self-test: both planted violations reported")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root = Path(sys.argv[1]).resolve()
    if not (root / "CMakeLists.txt").is_file():
        print(f"include_rule: {root} is not the source tree (no CMakeLists.txt)", file=sys.stderr)
        return 2
    found = violations(root)
    for v in found:
        print(v)
    print(f"include_rule: {len(found)} violation(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

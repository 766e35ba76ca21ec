#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make lint: clang-format check of the C++ sources, ruff (pyflakes rules: unused imports and names, undefined
# names, syntax) on the Python sources, and Verilator -Wall lint of the RTL (waivers: rtl/lint.vlt).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=build/venv/bin/python  # the project venv (scripts/setup.sh): ruff, numpy, PeakRDL
status=0
files=$(git ls-files '*.h' '*.cc')
if [ -n "$files" ] && ! clang-format --dry-run -Werror $files; then
  echo "lint: clang-format would change the files above (run make format)"; status=1
fi
pyfiles=$(git ls-files '*.py')
if [ -n "$pyfiles" ] && ! "$PY" -m ruff check --no-cache --quiet $pyfiles; then
  echo "lint: ruff found problems in the Python sources above"; status=1
fi
if [ -f rtl/files.f ]; then
  "$PY" tools/gen/emit.py build/gen
  "$PY" tools/gen/regs.py build/gen  # the register block om_csr_reg (+ package) that rtl/om_csr.sv wraps
  if ! verilator --lint-only -Wall rtl/lint.vlt build/gen/rtl/om_defs_pkg.sv build/gen/rtl/om_pkg.sv build/gen/rtl/om_csr_reg_pkg.sv build/gen/rtl/om_csr_map_pkg.sv \
       build/gen/rtl/om_csr_reg.sv -f rtl/files.f --top-module om_top; then
    echo "lint: verilator -Wall found problems in rtl/"; status=1
  fi
fi
[ $status -eq 0 ] && echo "lint: clean"
exit $status

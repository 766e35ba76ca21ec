#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs every dependency of omsim on a fresh Debian 12 machine; idempotent, so every make target runs it.
# Debian packages from apt; Python packages (the ones pyproject.toml declares: build-system.requires, dependencies
# and every optional group) with pip into the project virtual environment build/venv, which every target, the CMake
# presets and CTest use (Debian's /usr/bin/python3 is externally managed, PEP 668). The venv is made by the
# python3 on PATH (OM_BASE_PYTHON overrides it).
# A stamp under build/ records a completed set-up keyed by this script and pyproject.toml; delete it (or the
# venv) to force a re-check.
set -euo pipefail
cd "$(dirname "$0")/.."

# python3-venv (ensurepip) and python3-dev (headers for the extension modules) serve Debian's python3; lcov (genhtml)
# the code-coverage report of omsim regress --code-coverage; clang compiles the release build's Verilated om_top
# (OM_RTL_CXX) and, with its runtime libraries (libFuzzer, sanitizers), make fuzz; yosys serves make synth; xvfb-run
# needs xauth (only a recommendation of xvfb, which --no-install-recommends leaves out) to run gtkwave in the wave tests.
APT_PKGS=(build-essential cmake ninja-build pkg-config ccache verilator iverilog libsystemc-dev
          libgtest-dev libgmock-dev googletest libbenchmark-dev pybind11-dev clang-format clang-tidy
          gtkwave xvfb xauth valgrind nlohmann-json3-dev zlib1g-dev libpng-dev libgmp-dev python3-venv python3-dev lcov
          clang libclang-rt-14-dev yosys)
VENV=build/venv
BASE_PY=${OM_BASE_PYTHON:-python3}

stamp=build/.setup-$(cat scripts/setup.sh pyproject.toml | sha1sum | cut -c1-12)
[ -f "$stamp" ] && [ -x "$VENV/bin/python" ] && exit 0

missing=()
for p in "${APT_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p build
PY_OK='import sys; sys.exit(sys.version_info < (3, 11))'  # pyproject.toml: requires-python >= 3.11
if ! "$VENV/bin/python" -c "$PY_OK" 2>/dev/null; then
  rm -rf "$VENV"
  echo "setup: creating the Python environment $VENV with $("$BASE_PY" -c \
       'import sys; print(sys.executable, sys.version.split()[0])')"
  "$BASE_PY" -m venv "$VENV"
  "$VENV/bin/python" -c "$PY_OK" || { echo "setup: $BASE_PY is older than Python 3.11"; exit 1; }
fi

# The requirements pyproject.toml declares that the venv lacks (or holds at a version out of range).
need=$("$VENV/bin/python" - <<'PYEOF'
import tomllib
from importlib import metadata

try:
    from packaging.requirements import Requirement
except ImportError:
    from pip._vendor.packaging.requirements import Requirement

with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)
reqs = project["build-system"]["requires"] + project["project"].get("dependencies", [])
for group in project["project"].get("optional-dependencies", {}).values():
    reqs += group
for spec in dict.fromkeys(reqs):
    req = Requirement(spec)
    try:
        ok = req.specifier.contains(metadata.version(req.name), prereleases=True)
    except metadata.PackageNotFoundError:
        ok = False
    if not ok:
        print(spec)
PYEOF
)
if [ -n "$need" ]; then
  mapfile -t need <<< "$need"
  echo "setup: installing Python packages into $VENV: ${need[*]}"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check "${need[@]}"
fi

rm -f build/.setup-*
touch "$stamp"
echo "setup: all dependencies present"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs every dependency of omsim on a fresh Debian 12 machine; idempotent, so every make target runs it.
# A stamp under build/ records a completed set-up keyed by this script's content; delete it to force a re-check.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PKGS=(build-essential cmake ninja-build pkg-config ccache verilator iverilog libsystemc-dev
          libgtest-dev libgmock-dev googletest libbenchmark-dev pybind11-dev clang-format clang-tidy
          gtkwave xvfb valgrind nlohmann-json3-dev zlib1g-dev libpng-dev libgmp-dev)
PY=${PYTHON:-python3}
PIP_PKGS=(numpy pytest mpmath systemrdl-compiler peakrdl peakrdl-regblock peakrdl-markdown
          pybind11 scikit-build-core rich tqdm matplotlib pillow ruff)

stamp=build/.setup-$(cat "$0" | sha1sum | cut -c1-12)
[ -f "$stamp" ] && exit 0

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

if ! "$PY" - "${PIP_PKGS[@]}" <<'PYEOF'
import importlib.metadata as m, sys
missing = []
for p in sys.argv[1:]:
    try:
        m.version(p)
    except m.PackageNotFoundError:
        missing.append(p)
sys.exit(1 if missing else 0)
PYEOF
then
  echo "setup: installing Python packages into $($PY -c 'import sys; print(sys.prefix)')"
  "$PY" -m pip install -q --disable-pip-version-check "${PIP_PKGS[@]}"
fi

mkdir -p build
touch "$stamp"
echo "setup: all dependencies present"

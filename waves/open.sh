#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Opens the waves of `omsim run --waves DIR` in GTKWave: the side-by-side file, and each side's own
# file with the same layout. Usage: waves/open.sh DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:?usage: waves/open.sh DIR (the --waves directory of omsim run)}"
gtkwave -a "$here/cosim.gtkw" "$dir/cosim.fst" &
gtkwave -a "$here/om_top.gtkw" "$dir/rtl.fst" &
gtkwave -a "$here/om_top.gtkw" "$dir/model.fst" &
wait

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Opens the waves of `omsim run --config CONFIG --waves DIR` in GTKWave with the layouts the build generated for
# CONFIG (waves/make_gtkw.py): the side-by-side file, the RTL's file, and the model's with its transactions.
# Usage: waves/open.sh DIR CONFIG [LAYOUTS] (LAYOUTS defaults to build/default/waves)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:?usage: waves/open.sh DIR CONFIG [LAYOUTS]}"
cfg="${2:?usage: waves/open.sh DIR CONFIG [LAYOUTS]}"
lay="${3:-$here/../build/default/waves}/$cfg"
gtkwave -a "$lay/cosim.gtkw" "$dir/cosim.fst" &
gtkwave -a "$lay/om_top.gtkw" "$dir/rtl.fst" &
gtkwave -a "$lay/model.gtkw" "$dir/model.fst" &
wait

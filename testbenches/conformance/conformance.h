// SPDX-License-Identifier: Apache-2.0
// One lavapipe conformance file pair (<name>.vectors.jsonl.gz, <name>.lavapipe.jsonl.gz) through
// the reference model, judged component by component.
#pragma once

#include <string>

#include "reader.h"
#include "stats.h"

namespace om::conformance {

/// Read both files of `name` in `dir`, check the pairing (same count, result line = vector line, no
/// renderer error, every vector obeys check_rules for `dev`), run every vector through
/// om::ref::process_pixel and judge every component of every bound slot. Pairing problems throw
/// std::invalid_argument naming file and line; out-of-tolerance components are listed in the
/// tally's `failures`.
FileTally run_file(const std::string& dir, const std::string& name, const DeviceInfo& dev);

}  // namespace om::conformance

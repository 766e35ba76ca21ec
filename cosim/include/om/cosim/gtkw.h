// SPDX-License-Identifier: Apache-2.0
// The GTKWave save file of a failure's waves: it opens the side-by-side file (cosim.fst) with the
// mismatch flag, the cycle and each port of one side above the other's, the primary marker on the
// failing cycle, the view centred on it and the failing port highlighted, so the viewer opens at
// the bug.
#pragma once

#include <string>

#include "om/sim/lockstep_loop.h"

namespace om::cosim {

/// Writes `dir`/divergence.gtkw for `dir`/cosim.fst of sides named `a` and `b` and returns the
/// command that opens it. A failure's field names a port ("mem_wr_data_o[31:0]") or a stage
/// boundary; only a port is highlighted (the boundaries are in the sides' own files). Throws
/// std::runtime_error when the file cannot be written.
std::string write_divergence_layout(const std::string& dir, const std::string& a,
                                    const std::string& b, const sim::Failure& f);

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
// Shared parts of the omsim._cosim extension: om_top's ports (om::TopIn / om::TopOut) <-> Python
// dicts with the RTL port names (checked: unknown names, wrong types and values wider than the port
// raise TypeError / ValueError naming the field), the field tables of the harness's results, and
// the bind_* entry points of each file. Nothing here simulates: the harness (cosim/) does. The
// other arguments are checked once, in omsim/cosim.py.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "om/cosim/lockstep.h"
#include "om/gen/py_sim_structs.h"
#include "om/top_ports.h"

namespace omsim_cosim {

namespace py = pybind11;

/// om_top's inputs (S = om::TopIn) from a dict {port name without suffix: value}. Missing fields
/// keep TopIn's defaults (rst_n 1, everything else 0). `in_data` is a dict {cmd, x, y, coverage,
/// fog, oc1, oc}; `mem_rsp_data` an int of up to 128 bits.
template <class S>
S from_dict(const py::handle& obj, const std::string& what);
/// A TopIn or TopOut as a dict of its ports (nested dicts for in_data and perf).
template <class S>
py::dict to_dict(const S& s);

/// The side a checked side name ("rtl" or "model") names.
inline om::sim::SideKind side_kind(const std::string& name) {
  return name == "model" ? om::sim::SideKind::kModel : om::sim::SideKind::kRtl;
}

void bind_coverage(py::module_& m);
void bind_run(py::module_& m);
void bind_side(py::module_& m);
void bind_stimulus(py::module_& m);

}  // namespace omsim_cosim

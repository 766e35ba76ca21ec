// SPDX-License-Identifier: Apache-2.0
// omsim._cosim: the pybind11 adapter over the lockstep co-simulation (cosim/): runs, results,
// coverage, waves, and the two sides stepped cycle by cycle. The typed Python API is
// bindings/python/omsim/cosim.py; _cosim.pyi is the stub of this module.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <iterator>
#include <string>
#include <vector>

#include "common.h"
#include "cosim_py.h"
#include "om/sim/side.h"

PYBIND11_MODULE(_cosim, m) {
  namespace py = pybind11;
  m.doc() = "omsim._cosim: lockstep co-simulation of om_top (RTL vs cycle model). Use omsim.cosim.";
  omsim_py::register_argument_errors();
  omsim_py::export_fields<om::cosim::Failure>(m);
  m.def("sides", &om::sim::side_names,
        "Names of the sides built in: 'rtl' (the Verilated om_top) and 'model' (the cycle model).");
  m.def(
      "faults",
      [] {
        return std::vector<std::string>(std::begin(om::sim::kFaults), std::end(om::sim::kFaults));
      },
      "Names of the deliberate output faults (`omsim run --fault`).");
  m.def("git_revision", &om::cosim::git_revision,
        "Git revision of the sources the extension was built from ('<hash>', '-dirty' appended if "
        "modified).");
  m.def(
      "default_inputs", []() { return omsim_cosim::to_dict(om::TopIn{}); },
      "om_top's inputs dict with every port at its default (rst_n 1, everything else 0).");
  omsim_cosim::bind_coverage(m);
  omsim_cosim::bind_run(m);
  omsim_cosim::bind_side(m);
  omsim_cosim::bind_stimulus(m);
}

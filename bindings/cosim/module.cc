// SPDX-License-Identifier: Apache-2.0
// omsim._cosim: the pybind11 adapter over the lockstep co-simulation (testbenches/cosim): runs,
// results, coverage, waves, and the two sides stepped cycle by cycle. The typed Python API is
// bindings/python/omsim/cosim.py; _cosim.pyi is the stub of this module.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stdexcept>

#include "cosim_py.h"
#include "om/cosim/lockstep.h"
#include "om/gen/defs.h"

PYBIND11_MODULE(_cosim, m) {
  namespace py = pybind11;
  m.doc() = "omsim._cosim: lockstep co-simulation of om_top (RTL vs cycle model). Use omsim.cosim.";
  // The harness reports bad arguments as std::invalid_argument (-> ValueError) or
  // std::out_of_range: both are argument errors here, so both become ValueError.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const std::out_of_range& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  m.def("sides", &omsim_cosim::side_names,
        "Names of the sides built into this module: 'rtl' (Verilated om_top) and 'model'.");
  m.def(
      "configs",
      []() {
        std::vector<std::string> out;
        for (const om::ConfigInfo& c : om::kConfigs) out.emplace_back(c.name);
        return out;
      },
      "Names of the hardware configurations (defs/configs.toml).");
  m.def(
      "default_config", []() { return std::string(om::kConfigs[om::kDefaultConfig].name); },
      "Name of the default configuration.");
  m.def("faults", &omsim_cosim::fault_list,
        "Names of the deliberate output faults (the mutation switch, `omsim run --fault`).");
  m.def("git_revision", &om::cosim::git_revision,
        "Git revision of the source tree the module was built from ('<hash>[-dirty]').");
  m.def(
      "default_inputs", []() { return omsim_cosim::top_in_to_dict(om::TopIn{}); },
      "om_top's inputs dict with every port at its default (rst_n 1, everything else 0).");
  omsim_cosim::bind_coverage(m);
  omsim_cosim::bind_run(m);
  omsim_cosim::bind_side(m);
}

// SPDX-License-Identifier: Apache-2.0
// omsim._cosim.Coverage: the harness's functional coverage (om::cosim::Coverage), merged across
// runs by adding hits and uniting universes. Files are read and written by the Python layer.
#include <pybind11/stl.h>

#include <stdexcept>

#include "cosim_py.h"
#include "om/cosim/coverage.h"

namespace omsim_cosim {

void bind_coverage(py::module_& m) {
  using om::cosim::Coverage;
  py::class_<Coverage>(m, "Coverage",
                       "Functional coverage bins of co-simulation runs (om/cosim/coverage.h).")
      .def(py::init<>(), "No bins and no runs (the neutral element of merge).")
      .def("to_json", &Coverage::to_json, "The coverage file's text (JSON, mergeable).")
      .def_property_readonly("percent", &Coverage::percent,
                             "Covered bins of the universe in percent (100 for no universe).")
      .def_property_readonly("covered", &Coverage::covered, "Bins of the universe with a hit.")
      .def_property_readonly("universe_size", &Coverage::universe_size,
                             "Bins the merged configurations can reach.")
      .def("holes", &Coverage::holes, "Names ('group/bin') of the universe's bins without a hit.")
      .def(
          "hits",
          [](const Coverage& c, const std::string& name) {
            try {
              return c.hits(name);
            } catch (const std::out_of_range& e) {
              throw py::value_error(std::string("name: ") + e.what());
            }
          },
          py::arg("name"), "Hits of the bin 'group/bin'; ValueError when there is no such bin.")
      .def("summary", &Coverage::summary, "Per group: 'covered/universe', one line each.")
      .def("merge", &Coverage::merge, py::arg("other"),
           "Adds the hits of `other` and unites the universes and run lists (in place); "
           "`other` may be this object (every count doubles, the runs repeat).")
      .def_property_readonly(
          "runs",
          [](const Coverage& c) {
            py::list out;
            for (const Coverage::Run& r : c.runs())
              out.append(py::make_tuple(r.config, r.seed, r.cycles));
            return out;
          },
          "The runs merged into this object: (config, seed, cycles) each.");
  m.def(
      "coverage_from_json",
      [](const std::string& text) {
        try {
          return Coverage::from_json(text);
        } catch (const std::invalid_argument& e) {
          throw py::value_error(std::string("text: ") + e.what());
        }
      },
      py::arg("text"),
      "Parses a coverage file's text (`omsim run --coverage-out`); ValueError when it is not one.");
}

}  // namespace omsim_cosim

// SPDX-License-Identifier: Apache-2.0
// Create-time validation (validate.h), the blend-state object table (blend_state_table.h), the
// capability registers and their decoded form (caps.h), and om_validate (om_validate.h). Results
// come back as the tuples of their generated conversions (om/gen/py_structs.h); the Python layer
// turns them into result objects/exceptions.
#include <pybind11/stl.h>

#include <iterator>
#include <optional>
#include <string>

#include "common.h"
#include "om/gen/py_structs.h"
#include "om/ref/blend_state_table.h"
#include "om/ref/validate.h"

namespace omsim_py {
namespace {

using om::ref::BlendDesc;
using om::ref::DescRule;

const om::ConfigInfo& config_of(uint32_t index) {
  if (index >= std::size(om::kConfigs)) {
    throw py::value_error("config: " + std::to_string(index) + " is not a configuration index");
  }
  return om::kConfigs[index];
}

}  // namespace

void bind_validate(py::module_& m) {
  using namespace om::ref;
  m.def(
      "desc_rule_message",
      [](uint32_t v) { return std::string(message(static_cast<DescRule>(v))); }, py::arg("rule"),
      "Debug-layer style name of a DescRule value ('?' when unknown).");
  m.def(
      "check_blend_desc",
      [](const std::optional<BlendDesc>& desc, uint32_t fl, bool logic_op_cap) {
        return check_blend_desc(ptr(desc), static_cast<om::FeatureLevel>(fl), logic_op_cap);
      },
      py::arg("desc"), py::arg("fl"), py::arg("logic_op_cap"),
      "docs/validation.md §2–§3 (first failure wins): DescCheck (hr, rule, rt); desc None = NULL.");
  m.def("normalise", &normalise, py::arg("desc"), "Section 2.1 normalisation (GetDesc1's answer).");
  m.def("is_normalised", &is_normalised, py::arg("desc"), "normalise(desc) == desc.");
  m.def(
      "caps_from_config", [](uint32_t config) { return caps_from_config(config_of(config)); },
      py::arg("config"), "The decoded capability registers of configuration `config` (an index).");
  m.def(
      "cap_register",
      [](uint32_t config, uint32_t offset) { return cap_register(config_of(config), offset); },
      py::arg("config"), py::arg("offset"),
      "The capability register at byte `offset` (ValueError when unmapped).");
  m.def("om_validate", &om_validate, py::arg("state"), py::arg("caps"),
        "docs/validation.md §7: ValidateResult (passes, result, reasons, first offending RT).");

  py::class_<BlendStateTable> table(m, "BlendStateTable",
                                    "CreateBlendState1's object table: validation, de-duplication, "
                                    "reference counts, the 4096-object limit.");
  table
      .def(py::init([](uint32_t fl, bool logic_op_cap) {
             return BlendStateTable(static_cast<om::FeatureLevel>(fl), logic_op_cap);
           }),
           py::arg("fl"), py::arg("logic_op_cap"))
      .def(
          "create",
          [](BlendStateTable& t, const std::optional<BlendDesc>& desc, bool want_object) {
            return t.create(ptr(desc), want_object);
          },
          py::arg("desc"), py::arg("want_object"),
          "CreateBlendState1: (hr, handle, rule, rt); desc None = a NULL pointer.");
  bind_object_refs(table);
}

}  // namespace omsim_py

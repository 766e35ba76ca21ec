// SPDX-License-Identifier: Apache-2.0
// omsim._cosim.Side: one side of the lockstep (the Verilated om_top or the cycle model) driven from
// Python port by port, behind the harness's stepping interface: eval(inputs) settles the outputs of
// the current cycle with the clock low, tick() is the rising edge with those inputs.
#include <memory>
#include <stdexcept>

#include "cosim_py.h"
#include "om/sim/side.h"

namespace omsim_cosim {
namespace {

class PySide {
 public:
  PySide(const std::string& kind, const std::string& fault) {
    side_ = om::sim::make_side(side_kind(kind), true);
    if (!fault.empty()) side_ = om::sim::make_faulty(std::move(side_), fault);
  }

  py::dict eval(const py::handle& inputs) {
    const om::TopOut& out = side_->eval(from_dict<om::TopIn>(inputs, "inputs"));
    evaluated_ = true;
    return to_dict(out);
  }

  void tick() {
    if (!evaluated_) throw std::runtime_error("Side.tick: call eval(inputs) first in every cycle");
    side_->tick();
    evaluated_ = false;
    ++cycle_;
  }

  om::sim::Side& side() { return *side_; }
  uint64_t cycle() const { return cycle_; }

 private:
  std::unique_ptr<om::sim::Side> side_;
  bool evaluated_ = false;
  uint64_t cycle_ = 0;
};

}  // namespace

void bind_side(py::module_& m) {
  py::class_<PySide>(m, "Side", "om::sim::Side driven port by port (see omsim.cosim.Side).")
      .def(py::init<const std::string&, const std::string&>(), py::arg("kind"), py::arg("fault"))
      .def("eval", &PySide::eval, py::arg("inputs"),
           "Drives the inputs dict with the clock low: the outputs dict.")
      .def("tick", &PySide::tick, "The rising clock edge with the inputs of the last eval().")
      .def(
          "open_waves", [](PySide& s, const std::string& path) { s.side().trace_open(path); },
          py::arg("path"), "Starts an FST file at `path`.")
      .def(
          "close_waves", [](PySide& s) { s.side().trace_close(); },
          "Closes the FST file (if open).")
      .def(
          "take_error", [](PySide& s) { return s.side().take_error(); },
          "A failed RTL assertion or $error since the last call, else ''.")
      .def_property_readonly(
          "name", [](PySide& s) { return s.side().name(); }, "'rtl' or 'model'.")
      .def_property_readonly("cycle", &PySide::cycle, "Clock edges taken so far.");
}

}  // namespace omsim_cosim

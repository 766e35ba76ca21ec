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

using om::sim::Side;

class PySide {
 public:
  PySide(const std::string& kind, const py::object& fault) {
    om::sim::SideKind k;
    if (kind == "rtl") {
      k = om::sim::SideKind::kRtl;
    } else if (kind == "model") {
      if (!om::sim::have_model()) {
        throw py::value_error("kind: the cycle model is not built into this module");
      }
      k = om::sim::SideKind::kModel;
    } else {
      throw py::value_error("kind: unknown side '" + kind + "' (rtl, model)");
    }
    std::string f;
    if (!fault.is_none()) {
      if (!py::isinstance<py::str>(fault)) throw py::type_error("fault: expected a str or None");
      f = fault.cast<std::string>();
      check_fault(f, "fault");
    }
    side_ = om::sim::make_side(k, true);
    if (!f.empty()) side_ = om::sim::make_faulty(std::move(side_), f);
  }

  py::dict eval(const py::handle& inputs) {
    const om::TopIn in = top_in_from_dict(inputs, "inputs");
    const om::TopOut& out = side_->eval(in);
    evaluated_ = true;
    return top_out_to_dict(out);
  }

  void tick() {
    if (!evaluated_) throw std::runtime_error("Side.tick: call eval(inputs) first in every cycle");
    side_->tick();
    evaluated_ = false;
    ++cycle_;
  }

  void open_waves(const std::string& path) { side_->trace_open(path); }
  void close_waves() { side_->trace_close(); }
  std::string take_error() { return side_->take_error(); }
  std::string name() const { return side_->name(); }
  uint64_t cycle() const { return cycle_; }

 private:
  std::unique_ptr<om::sim::Side> side_;
  bool evaluated_ = false;
  uint64_t cycle_ = 0;
};

}  // namespace

void bind_side(py::module_& m) {
  py::class_<PySide>(m, "Side",
                     "One side of the co-simulation driven port by port: the Verilated om_top "
                     "('rtl') or the cycle model ('model'), both able to write FST waves.")
      .def(py::init<const std::string&, const py::object&>(), py::arg("kind"),
           py::arg("fault") = py::none(),
           "Builds a side in its power-on state; `fault`: one of faults() (the mutation switch).")
      .def("eval", &PySide::eval, py::arg("inputs"),
           "Drives the inputs dict (om_top's input ports without the _i/_ni suffix; missing ports "
           "are 0, rst_n 1) with the clock low, settles, and returns the outputs dict.")
      .def("tick", &PySide::tick,
           "The rising clock edge with the inputs of the last eval(); RuntimeError without one.")
      .def("open_waves", &PySide::open_waves, py::arg("path"),
           "Starts an FST file at `path` (om_top's signal names), dumped at every eval and tick.")
      .def("close_waves", &PySide::close_waves, "Closes the FST file (if open).")
      .def("take_error", &PySide::take_error,
           "A failed RTL assertion or $error since the last call (its description), else ''.")
      .def_property_readonly("name", &PySide::name, "'rtl' or 'model'.")
      .def_property_readonly("cycle", &PySide::cycle, "Clock edges taken so far.");
}

}  // namespace omsim_cosim

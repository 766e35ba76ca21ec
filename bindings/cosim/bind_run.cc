// SPDX-License-Identifier: Apache-2.0
// omsim._cosim.run and omsim._cosim.Lockstep: a configuration/seed run for N cycles, or the replay
// of a stimulus file's text (the harness's om::cosim::run) and the same run stepped from Python
// (om::cosim::Lockstep), on arguments omsim/cosim.py has checked. Results are dicts the typed layer
// turns into dataclasses. The GIL is released while the harness runs; every 4096 cycles the run
// takes it back to check for Ctrl-C (KeyboardInterrupt) and to call the optional progress callable.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <stdexcept>

#include "cosim_py.h"
#include "om/cosim/output_policy.h"
#include "om/cosim/stimulus.h"
#include "om/cosim/stimulus_file.h"

namespace omsim_cosim {
namespace {

using om::cosim::Lockstep;
using om::cosim::RunResult;
using om::cosim::Stimulus;
using Progress = std::function<void(uint64_t, uint64_t)>;

// What a run is made from.
struct Setup {
  om::cosim::StimConfig sc;
  om::cosim::RunOptions ro;
  std::string stimulus;  // the stimulus file a replay names in its reproduce command
  bool cut = false;      // the replay is shorter than the file
};

// The options both make a run from, by the names of omsim/cosim.py's run().
Setup make_setup(const py::dict& o) {
  Setup s;
  s.sc.cfg_index = o["config"].cast<int>();
  s.sc.seed = o["seed"].cast<uint64_t>();
  s.sc.cycles = o["cycles"].cast<uint64_t>();
  s.sc.rts = o["rts"].cast<int>();
  const auto sides = o["sides"].cast<std::vector<std::string>>();
  s.ro.a = side_kind(sides.at(0));
  s.ro.two_sides = sides.size() == 2;
  if (s.ro.two_sides) s.ro.b = side_kind(sides[1]);
  s.ro.fault = o["fault"].cast<std::string>();
  s.ro.env.scoreboard = o["scoreboard"].cast<bool>();
  s.ro.env.coverage = o["coverage"].cast<bool>();
  // Every 4096 cycles of every pass (called with the GIL released): Ctrl-C.
  s.ro.poll = [] {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  };
  return s;
}

/// Keys of per-side values: the side names, "<name>_a" / "<name>_b" when both are the same; one
/// without a second side.
std::vector<std::string> side_keys(const std::string& a, const std::string& b) {
  if (b.empty()) return {a};
  if (a == b) return {a + "_a", b + "_b"};
  return {a, b};
}

/// {key: value} of each side's value (`b` only with a second side).
template <class T>
py::dict by_side(const std::vector<std::string>& keys, const T& a, const T& b) {
  py::dict d;
  d[py::str(keys[0])] = to_dict(a);
  if (keys.size() == 2) d[py::str(keys[1])] = to_dict(b);
  return d;
}

// The fields of omsim.cosim.RunResult that C++ knows (the typed layer makes its objects of them);
// `complete`: the run reached its end, or a failure, before it was finished.
py::dict result_dict(const RunResult& r, const Stimulus& st, const Setup& s, bool complete) {
  const std::string repro = om::cosim::reproduce("omsim", s.sc, s.ro, s.stimulus, s.cut);
  complete = complete || !r.failures.empty();
  py::dict d;
  d["passed"] = complete && r.failures.empty();
  d["complete"] = complete;
  d["config"] = om::kConfigs[st.cfg.cfg_index].name;
  d["seed"] = st.cfg.seed;
  d["cycles"] = r.cycles;
  d["pixels"] = r.pixels;
  d["mismatches"] = r.mismatches;
  d["fault_not_fired"] = om::cosim::fault_not_fired(s.ro, r);
  d["failures"] = r.failures;
  d["report"] = om::cosim::report(r, st, repro);
  d["coverage"] = r.coverage;
  d["sides"] = r.b_name.empty() ? py::tuple(py::make_tuple(r.a_name))
                                : py::tuple(py::make_tuple(r.a_name, r.b_name));
  d["perf_by_side"] = by_side(side_keys(r.a_name, r.b_name), r.perf_a, r.perf_b);
  d["secs_total"] = r.secs_total;
  d["secs_a"] = r.secs_a;
  d["secs_b"] = r.secs_b;
  d["waves"] = r.waves;
  d["revision"] = om::cosim::git_revision();
  d["reproduce"] = repro;
  return d;
}

// make_setup's options and: `profile`; `stimulus`, stimulus file text to replay (its first `cycles`
// cycles) instead of generating from (config, seed, cycles, profile, rts), named `stimulus_name`
// in messages and the reproduce command; `record`, a file the run's stimulus is written to first;
// `waves`, `waves_full`, `window`; `progress`, None or a callable(cycle, total).
py::dict run_py(const py::dict& o) {
  const auto record = o["record"].cast<std::string>();
  const auto stimulus = o["stimulus"].cast<std::string>();
  const auto stimulus_name = o["stimulus_name"].cast<std::string>();
  // Checked before the stimulus is generated and the run starts, as omsim run --record.
  if (!record.empty()) om::cosim::check_output_file("record", record);
  Setup s = make_setup(o);
  s.sc.profile = o["profile"].cast<std::string>();
  s.ro.window = o["window"].cast<uint64_t>();
  s.ro.waves_dir = o["waves"].cast<std::string>();
  s.ro.waves_full = o["waves_full"].cast<bool>();
  // pybind11 takes the GIL around each call.
  if (!o["progress"].is_none()) s.ro.progress = o["progress"].cast<Progress>();
  Stimulus st;
  RunResult r;
  {
    py::gil_scoped_release nogil;
    if (stimulus.empty()) {
      // A run generates its stimulus as it goes; `record` writes it whole first.
      st = record.empty() ? om::cosim::seeded(s.sc) : om::cosim::generate(s.sc);
    } else {
      st = om::cosim::read_stimulus(stimulus, stimulus_name);
      s.cut = s.sc.cycles < st.cfg.cycles;
      st.cfg.cycles = std::min(s.sc.cycles, st.cfg.cycles);
      s.sc = st.cfg;
      s.stimulus = stimulus_name;
    }
    if (!record.empty()) om::cosim::save_stimulus(st, record);
    r = om::cosim::run(st, s.ro);
  }
  return result_dict(r, st, s, true);
}

// A Lockstep with the stimulus it runs on and the options that made it.
class PyLockstep {
 public:
  // make_setup's options and `waves`: a directory for the whole run's waves ("" none).
  explicit PyLockstep(const py::dict& o) : s_(make_setup(o)) {
    {
      py::gil_scoped_release nogil;
      st_ = om::cosim::seeded(s_.sc);
    }
    om::cosim::TraceWindow all;
    all.dir = o["waves"].cast<std::string>();
    all.stop_at_failure = true;
    ls_ = std::make_unique<Lockstep>(st_, s_.ro, all.dir.empty() ? nullptr : &all);
  }

  uint64_t step(uint64_t n, const std::optional<Progress>& progress) {
    if (busy_.exchange(true))
      throw std::runtime_error("Lockstep.step: already running in another thread");
    ls_->set_progress(progress ? *progress : Progress());
    struct Idle {  // drops the callable with the GIL held (after `nogil`)
      PyLockstep* self;
      ~Idle() {
        self->ls_->set_progress(Progress());
        self->busy_ = false;
      }
    } idle{this};
    py::gil_scoped_release nogil;
    return ls_->step(n);
  }

  py::dict finish() {
    if (busy_) throw std::runtime_error("Lockstep.finish: a step is running in another thread");
    const bool complete = ls_->done();
    return result_dict(ls_->finish(), st_, s_, complete);
  }

  const Lockstep& lockstep() const { return *ls_; }
  uint64_t total_cycles() const { return st_.cfg.cycles; }
  std::vector<std::string> sides() const { return side_keys(ls_->a_name(), ls_->b_name()); }

 private:
  Setup s_;
  Stimulus st_;
  std::unique_ptr<Lockstep> ls_;
  std::atomic<bool> busy_{false};
};

}  // namespace

void bind_run(py::module_& m) {
  m.def("run", &run_py, py::arg("options"),
        "om::cosim::run with the checked options of omsim.cosim.run (`config` an index): the "
        "result dict.");
  py::class_<PyLockstep>(m, "Lockstep",
                         "om::cosim::Lockstep over its stimulus (see omsim.cosim.Lockstep).")
      .def(py::init<const py::dict&>(), py::arg("options"))
      .def("step", &PyLockstep::step, py::arg("n"), py::arg("progress"),
           "Runs up to `n` cycles: the clock edges taken.")
      .def("finish", &PyLockstep::finish, "Ends the run: the result dict of run().")
      .def_property_readonly(
          "cycle", [](const PyLockstep& l) { return l.lockstep().cycle(); }, "Clock edges taken.")
      .def_property_readonly(
          "done", [](const PyLockstep& l) { return l.lockstep().done(); }, "The run has ended.")
      .def_property_readonly(
          "failures", [](const PyLockstep& l) { return l.lockstep().failures(); },
          "Failures so far.")
      .def_property_readonly(
          "sides", [](const PyLockstep& l) { return py::tuple(py::cast(l.sides())); },
          "Keys of `outputs`: the side names ('rtl_a' / 'rtl_b' when both have the same name).")
      .def_property_readonly(
          "inputs",
          [](const PyLockstep& l) -> py::object {
            const om::TopIn* in = l.lockstep().inputs();
            return in != nullptr ? py::object(to_dict(*in)) : py::none();
          },
          "om_top's inputs in the last evaluated cycle (None before step).")
      .def_property_readonly(
          "outputs",
          [](const PyLockstep& l) -> py::object {
            const Lockstep& s = l.lockstep();
            if (s.outputs_a() == nullptr) return py::none();
            return by_side(l.sides(), *s.outputs_a(),
                           s.outputs_b() ? *s.outputs_b() : om::TopOut{});
          },
          "Each side's outputs in the last evaluated cycle, by side key (None before the first "
          "step).")
      .def_property_readonly("total_cycles", &PyLockstep::total_cycles, "Cycles of stimulus.");
}

}  // namespace omsim_cosim

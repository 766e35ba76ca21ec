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

Setup make_setup(int config, uint64_t seed, uint64_t cycles, int rts,
                 const std::vector<std::string>& sides, const std::string& fault, bool scoreboard,
                 bool coverage) {
  Setup s;
  s.sc.cfg_index = config;
  s.sc.seed = seed;
  s.sc.cycles = cycles;
  s.sc.rts = rts;
  s.ro.a = side_kind(sides.at(0));
  s.ro.two_sides = sides.size() == 2;
  if (s.ro.two_sides) s.ro.b = side_kind(sides[1]);
  s.ro.fault = fault;
  s.ro.env.scoreboard = scoreboard;
  s.ro.env.coverage = coverage;
  // Every 4096 cycles of every pass (called with the GIL released): Ctrl-C.
  s.ro.poll = [] {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  };
  return s;
}

/// (a,) or (a, b): per-side values, b only with a second side.
py::tuple per_side(const py::object& a, const py::object& b, bool two) {
  if (two) return py::make_tuple(a, b);
  return py::make_tuple(a);
}

py::dict result_dict(const RunResult& r, const Stimulus& st, const Setup& s) {
  const std::string repro = om::cosim::reproduce("omsim", s.sc, s.ro, s.stimulus, s.cut);
  py::dict d;
  d["config"] = om::kConfigs[st.cfg.cfg_index].name;
  d["seed"] = st.cfg.seed;
  d["cycles"] = r.cycles;
  d["pixels"] = r.pixels;
  d["mismatches"] = r.mismatches;
  d["fault_not_fired"] = om::cosim::fault_not_fired(s.ro, r);
  d["failures"] = r.failures;
  d["report"] = om::cosim::report(r, st, repro);
  d["coverage"] = r.coverage;
  d["sides"] = per_side(py::str(r.a_name), py::str(r.b_name), !r.b_name.empty());
  d["perf"] = per_side(to_dict(r.perf_a), to_dict(r.perf_b), !r.b_name.empty());
  d["secs_total"] = r.secs_total;
  d["secs_a"] = r.secs_a;
  d["secs_b"] = r.secs_b;
  d["waves"] = r.waves;
  d["revision"] = om::cosim::git_revision();
  d["reproduce"] = repro;
  return d;
}

// `stimulus`: stimulus file text to replay (its first `cycles` cycles) instead of generating from
// (config, seed, cycles, profile, rts); `stimulus_name` names it in messages and the reproduce
// command. `record`: a file the run's stimulus is written to first.
py::dict run_py(int config, uint64_t seed, uint64_t cycles, int rts, const std::string& profile,
                const std::string& stimulus, const std::string& stimulus_name,
                const std::string& record, const std::vector<std::string>& sides,
                const std::string& fault, bool scoreboard, bool coverage, const std::string& waves,
                bool waves_full, uint64_t window, const std::optional<Progress>& progress) {
  // Checked before the stimulus is generated and the run starts, as omsim run --record.
  if (!record.empty()) om::cosim::check_output_file("record", record);
  Setup s = make_setup(config, seed, cycles, rts, sides, fault, scoreboard, coverage);
  s.sc.profile = profile;
  s.ro.window = window;
  s.ro.waves_dir = waves;
  s.ro.waves_full = waves_full;
  if (progress) s.ro.progress = *progress;  // pybind11 takes the GIL around each call
  Stimulus st;
  RunResult r;
  {
    py::gil_scoped_release nogil;
    if (stimulus.empty()) {
      // A run generates its stimulus as it goes; `record` writes it whole first.
      st = record.empty() ? om::cosim::seeded(s.sc) : om::cosim::generate(s.sc);
    } else {
      st = om::cosim::read_stimulus(stimulus, stimulus_name);
      s.cut = cycles < st.cfg.cycles;
      st.cfg.cycles = std::min(cycles, st.cfg.cycles);
      s.sc = st.cfg;
      s.stimulus = stimulus_name;
    }
    if (!record.empty()) om::cosim::save_stimulus(st, record);
    r = om::cosim::run(st, s.ro);
  }
  return result_dict(r, st, s);
}

// A Lockstep with the stimulus it runs on and the options that made it.
class PyLockstep {
 public:
  PyLockstep(int config, uint64_t seed, uint64_t cycles, int rts,
             const std::vector<std::string>& sides, const std::string& fault, bool scoreboard,
             bool coverage, const std::string& waves)
      : s_(make_setup(config, seed, cycles, rts, sides, fault, scoreboard, coverage)) {
    s_.ro.progress = [this](uint64_t c, uint64_t total) {
      if (progress_) progress_(c, total);
    };
    {
      py::gil_scoped_release nogil;
      st_ = om::cosim::seeded(s_.sc);
    }
    om::cosim::TraceWindow all;
    all.dir = waves;
    all.stop_at_failure = true;
    ls_ = std::make_unique<Lockstep>(st_, s_.ro, waves.empty() ? nullptr : &all);
  }

  uint64_t step(uint64_t n, const std::optional<Progress>& progress) {
    if (busy_.exchange(true))
      throw std::runtime_error("Lockstep.step: already running in another thread");
    progress_ = progress ? *progress : Progress();
    struct Idle {
      PyLockstep* self;
      ~Idle() {
        self->progress_ = Progress();
        self->busy_ = false;
      }
    } idle{this};
    py::gil_scoped_release nogil;
    return ls_->step(n);
  }

  py::dict finish() {
    if (busy_) throw std::runtime_error("Lockstep.finish: a step is running in another thread");
    return result_dict(ls_->finish(), st_, s_);
  }

  const Lockstep& lockstep() const { return *ls_; }
  uint64_t total_cycles() const { return st_.cfg.cycles; }

 private:
  Setup s_;
  Stimulus st_;
  std::unique_ptr<Lockstep> ls_;
  Progress progress_;
  std::atomic<bool> busy_{false};
};

}  // namespace

void bind_run(py::module_& m) {
  m.def("run", &run_py, py::arg("config"), py::arg("seed"), py::arg("cycles"), py::arg("rts"),
        py::arg("profile"), py::arg("stimulus"), py::arg("stimulus_name"), py::arg("record"),
        py::arg("sides"), py::arg("fault"), py::arg("scoreboard"), py::arg("coverage"),
        py::arg("waves"), py::arg("waves_full"), py::arg("window"), py::arg("progress"),
        "om::cosim::run of configuration index `config` (see omsim.cosim.run): the result dict.");
  py::class_<PyLockstep>(m, "Lockstep",
                         "om::cosim::Lockstep over its stimulus (see omsim.cosim.Lockstep).")
      .def(py::init<int, uint64_t, uint64_t, int, const std::vector<std::string>&,
                    const std::string&, bool, bool, const std::string&>(),
           py::arg("config"), py::arg("seed"), py::arg("cycles"), py::arg("rts"), py::arg("sides"),
           py::arg("fault"), py::arg("scoreboard"), py::arg("coverage"), py::arg("waves"))
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
          "side_names",
          [](const PyLockstep& l) {
            const Lockstep& s = l.lockstep();
            return per_side(py::str(s.a_name()), py::str(s.b_name()), !s.b_name().empty());
          },
          "Names of the sides, in order.")
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
            py::list out;
            out.append(to_dict(*s.outputs_a()));
            if (s.outputs_b() != nullptr) out.append(to_dict(*s.outputs_b()));
            return std::move(out);
          },
          "Each side's outputs in the last evaluated cycle (None before step).")
      .def_property_readonly("total_cycles", &PyLockstep::total_cycles, "Cycles of stimulus.");
}

}  // namespace omsim_cosim

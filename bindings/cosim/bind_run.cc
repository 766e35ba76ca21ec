// SPDX-License-Identifier: Apache-2.0
// omsim._cosim.run and omsim._cosim.Lockstep: a configuration/seed run for N cycles (the harness's
// om::cosim::run) and the same run stepped from Python (om::cosim::Lockstep). Results are dicts
// the typed layer (omsim/cosim.py) turns into dataclasses. The GIL is released while the harness
// runs; every 4096 cycles the run takes it back to check for Ctrl-C (KeyboardInterrupt) and to
// call the optional progress callable.
#include <pybind11/stl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <stdexcept>

#include "cosim_py.h"
#include "om/cosim/lockstep.h"
#include "om/cosim/stimulus.h"

namespace omsim_cosim {
namespace {

using om::cosim::Failure;
using om::cosim::Lockstep;
using om::cosim::RunOptions;
using om::cosim::RunResult;
using om::cosim::Stimulus;
using om::sim::SideKind;

constexpr uint64_t kMaxCycles = 1000000000000ull;  // 1e12, as `omsim run --cycles`
// Memory the stimulus takes per cycle (generated up front; about 15 bytes measured on fl11_1).
constexpr double kStimBytesPerCycle = 16;

// ValueError when the stimulus of `cycles` cycles would not fit in this machine's memory (rather
// than an allocation failure or the OOM killer part-way through generating it).
void check_memory(uint64_t cycles) {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return;
  const double have = static_cast<double>(pages) * static_cast<double>(page_size);
  const double need = kStimBytesPerCycle * static_cast<double>(cycles);
  if (need > 0.75 * have) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "cycles: the stimulus of %llu cycles needs about %.1f GB (it is generated up "
                  "front), more than this machine's %.1f GB allow",
                  static_cast<unsigned long long>(cycles), need / 1e9, have / 1e9);
    throw py::value_error(buf);
  }
}

// What a run is made from, checked, and the `omsim run` command line that repeats it.
struct Setup {
  om::cosim::StimConfig sc;
  RunOptions ro;
  std::string repro;
};

std::string str_arg(const py::handle& v, const std::string& what) {
  if (!py::isinstance<py::str>(v)) {
    throw py::type_error(what + ": expected a str, got " +
                         py::str(py::type::of(v).attr("__name__")).cast<std::string>());
  }
  return v.cast<std::string>();
}

om::sim::SideKind side_arg(const std::string& s) {
  if (s == "rtl") return om::sim::SideKind::kRtl;
  if (s == "model") {
    if (!om::sim::have_model()) {
      throw py::value_error("sides: the cycle model is not built into this module");
    }
    return om::sim::SideKind::kModel;
  }
  throw py::value_error("sides: unknown side '" + s + "' (rtl, model)");
}

Setup make_setup(const py::handle& config, const py::handle& seed, const py::handle& cycles,
                 const py::handle& rts, const py::handle& sides, const py::handle& fault,
                 bool scoreboard, bool coverage) {
  Setup s;
  s.sc.cfg_index = config_arg(str_arg(config, "config"), "config");
  s.sc.seed = range_arg(seed, "seed", 0, std::numeric_limits<uint64_t>::max());
  s.sc.cycles = range_arg(cycles, "cycles", 1, kMaxCycles);
  check_memory(s.sc.cycles);
  const om::ConfigInfo& cfg = om::kConfigs[s.sc.cfg_index];
  s.sc.rts =
      static_cast<int>(range_arg(rts, "rts (" + std::string(cfg.name) + ")", 0, cfg.max_rts));
  if (!py::isinstance<py::sequence>(sides) || py::isinstance<py::str>(sides)) {
    throw py::type_error("sides: expected a sequence of 1 or 2 side names, e.g. ('rtl', 'model')");
  }
  const py::sequence seq = py::reinterpret_borrow<py::sequence>(sides);
  if (py::len(seq) != 1 && py::len(seq) != 2) {
    throw py::value_error("sides: expected 1 or 2 side names, got " + std::to_string(py::len(seq)));
  }
  const std::string a = str_arg(seq[0], "sides[0]");
  s.ro.a = side_arg(a);
  s.ro.two_sides = py::len(seq) == 2;
  std::string sides_text = a;
  if (s.ro.two_sides) {
    const std::string b = str_arg(seq[1], "sides[1]");
    s.ro.b = side_arg(b);
    sides_text += "," + b;
  }
  s.ro.fault = fault.is_none() ? std::string() : str_arg(fault, "fault");
  check_fault(s.ro.fault, "fault");
  s.ro.env.scoreboard = scoreboard;
  s.ro.env.coverage = coverage;
  s.repro = "omsim run --config " + std::string(cfg.name) + " --seed " + std::to_string(s.sc.seed) +
            " --cycles " + std::to_string(s.sc.cycles);
  if (s.sc.rts) s.repro += " --rts " + std::to_string(s.sc.rts);
  if (sides_text != "rtl,model") s.repro += " --sides " + sides_text;
  if (!s.ro.fault.empty()) s.repro += " --fault " + s.ro.fault;
  if (!scoreboard) s.repro += " --no-scoreboard";
  s.repro += " --waves waves_out";
  return s;
}

std::string waves_arg(const py::handle& v) {
  if (v.is_none()) return "";
  std::string dir = str_arg(v, "waves");
  if (dir.empty()) return dir;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw py::value_error("waves: cannot create " + dir + ": " + ec.message());
  return dir;
}

// Every 4096 cycles of every pass (called with the GIL released): Ctrl-C.
void poll_signals() {
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

// Every 4096 cycles of the run itself: the caller's progress callable, when there is one.
std::function<void(uint64_t, uint64_t)> progress_hook(const py::object* callable) {
  return [callable](uint64_t c, uint64_t total) {
    py::gil_scoped_acquire gil;
    if (!callable->is_none()) (*callable)(c, total);
  };
}

py::dict failure_dict(const Failure& f) {
  py::dict d;
  d["kind"] = f.kind;
  d["cycle"] = f.cycle;
  d["field"] = f.field;
  d["a_value"] = f.a_value;
  d["b_value"] = f.b_value;
  d["message"] = f.message;
  d["segment"] = f.segment;
  return d;
}

py::list failures_list(const std::vector<Failure>& fs) {
  py::list out;
  for (const Failure& f : fs) out.append(failure_dict(f));
  return out;
}

py::dict result_dict(const RunResult& r, const Stimulus& st, const Setup& s) {
  py::dict d;
  d["config"] = om::kConfigs[st.cfg.cfg_index].name;
  d["seed"] = st.cfg.seed;
  d["cycles"] = r.cycles;
  d["pixels"] = r.pixels;
  d["mismatches"] = r.mismatches;
  d["failures"] = failures_list(r.failures);
  d["report"] = om::cosim::report(r, st, s.repro);
  d["coverage"] = r.coverage;
  py::list sides, perf;
  sides.append(r.a_name);
  perf.append(perf_to_dict(r.perf_a));
  if (!r.b_name.empty()) {
    sides.append(r.b_name);
    perf.append(perf_to_dict(r.perf_b));
  }
  d["sides"] = sides;
  d["perf"] = perf;
  d["secs_total"] = r.secs_total;
  d["secs_a"] = r.secs_a;
  d["secs_b"] = r.secs_b;
  d["waves"] = r.waves;
  d["revision"] = om::cosim::git_revision();
  d["reproduce"] = s.repro;
  return d;
}

py::dict run_py(const py::object& config, const py::object& seed, const py::object& cycles,
                const py::object& rts, const py::object& sides, const py::object& fault,
                bool scoreboard, bool coverage, const py::object& waves, bool waves_full,
                const py::object& window, const py::object& progress) {
  Setup s = make_setup(config, seed, cycles, rts, sides, fault, scoreboard, coverage);
  s.ro.window = range_arg(window, "window", 0, kMaxCycles);
  if (!progress.is_none() && !PyCallable_Check(progress.ptr())) {
    throw py::type_error("progress: expected a callable(cycle, total) or None");
  }
  s.ro.waves_dir = waves_arg(waves);
  s.ro.waves_full = waves_full;
  s.ro.poll = poll_signals;
  if (!progress.is_none()) s.ro.progress = progress_hook(&progress);
  Stimulus st;
  RunResult r;
  {
    py::gil_scoped_release nogil;
    st = om::cosim::generate(s.sc);
    r = om::cosim::run(st, s.ro);
  }
  return result_dict(r, st, s);
}

// A Lockstep with the stimulus it runs on and the command line that repeats it.
class PyLockstep {
 public:
  PyLockstep(const py::object& config, const py::object& seed, const py::object& cycles,
             const py::object& rts, const py::object& sides, const py::object& fault,
             bool scoreboard, bool coverage, const py::object& waves)
      : s_(make_setup(config, seed, cycles, rts, sides, fault, scoreboard, coverage)) {
    const std::string dir = waves_arg(waves);
    s_.ro.poll = poll_signals;
    s_.ro.progress = progress_hook(&progress_);
    {
      py::gil_scoped_release nogil;
      st_ = om::cosim::generate(s_.sc);
    }
    if (dir.empty()) {
      ls_ = std::make_unique<Lockstep>(st_, s_.ro);
    } else {
      om::cosim::TraceWindow all;
      all.dir = dir;
      all.stop_at_failure = true;
      ls_ = std::make_unique<Lockstep>(st_, s_.ro, &all);
    }
  }

  uint64_t step(const py::object& n, const py::object& progress) {
    const uint64_t count = range_arg(n, "n", 0, std::numeric_limits<uint64_t>::max());
    if (!progress.is_none() && !PyCallable_Check(progress.ptr())) {
      throw py::type_error("progress: expected a callable(cycle, total) or None");
    }
    if (busy_.exchange(true))
      throw std::runtime_error("Lockstep.step: already running in another thread");
    progress_ = progress;
    uint64_t done = 0;
    try {
      py::gil_scoped_release nogil;
      done = ls_->step(count);
    } catch (...) {
      progress_ = py::none();
      busy_ = false;
      throw;
    }
    progress_ = py::none();
    busy_ = false;
    return done;
  }

  py::dict finish() {
    if (busy_) throw std::runtime_error("Lockstep.finish: a step is running in another thread");
    return result_dict(ls_->finish(), st_, s_);
  }

  uint64_t cycle() const { return ls_->cycle(); }
  bool done() const { return ls_->done(); }
  py::list failures() const { return failures_list(ls_->failures()); }
  py::list side_names() const {
    py::list out;
    out.append(ls_->a_name());
    if (!ls_->b_name().empty()) out.append(ls_->b_name());
    return out;
  }
  py::object inputs() const {
    if (ls_->inputs() == nullptr) return py::none();
    return top_in_to_dict(*ls_->inputs());
  }
  py::object outputs() const {
    if (ls_->outputs_a() == nullptr) return py::none();
    py::list out;
    out.append(top_out_to_dict(*ls_->outputs_a()));
    if (ls_->outputs_b() != nullptr) out.append(top_out_to_dict(*ls_->outputs_b()));
    return out;
  }
  uint64_t total_cycles() const { return st_.cfg.cycles; }

 private:
  Setup s_;
  Stimulus st_;
  std::unique_ptr<Lockstep> ls_;
  py::object progress_ = py::none();
  std::atomic<bool> busy_{false};
};

}  // namespace

void bind_run(py::module_& m) {
  m.def("run", &run_py, py::arg("config"), py::arg("seed"), py::arg("cycles"), py::arg("rts") = 0,
        py::arg("sides") = py::make_tuple("rtl", "model"), py::arg("fault") = py::none(),
        py::arg("scoreboard") = true, py::arg("coverage") = true, py::arg("waves") = py::none(),
        py::arg("waves_full") = false, py::arg("window") = 200, py::arg("progress") = py::none(),
        "Runs the lockstep co-simulation of `config` (fl9_1 ... fl11_1) on the stimulus of `seed` "
        "for `cycles` cycles (1 .. 1e12) and returns a dict: config, seed, cycles, pixels, "
        "mismatches, failures (dicts), report, coverage, sides, perf (one dict per side), "
        "secs_total/secs_a/secs_b, waves, revision, reproduce. `rts`: bind that "
        "many render targets per draw (0: random). `fault`: break the compared side on purpose. "
        "`waves`: a directory for the failure window's FST files (`waves_full`: the whole run's "
        "too). `progress`: called as progress(cycle, total) every 4096 cycles. Ctrl-C raises "
        "KeyboardInterrupt.");
  m.def(
      "config_index", [](const std::string& name) { return config_arg(name, "name"); },
      py::arg("name"), "The configuration strap value (cfg_i) of a configuration name.");

  py::class_<PyLockstep>(m, "Lockstep",
                         "The lockstep co-simulation advanced from Python: the same run as run(), "
                         "stepped a number of cycles at a time, with the ports of the last cycle.")
      .def(py::init<const py::object&, const py::object&, const py::object&, const py::object&,
                    const py::object&, const py::object&, bool, bool, const py::object&>(),
           py::arg("config"), py::arg("seed"), py::arg("cycles"), py::arg("rts") = 0,
           py::arg("sides") = py::make_tuple("rtl", "model"), py::arg("fault") = py::none(),
           py::arg("scoreboard") = true, py::arg("coverage") = true, py::arg("waves") = py::none(),
           "Generates the stimulus and builds the sides; `waves`: trace the whole run into this "
           "directory.")
      .def("step", &PyLockstep::step, py::arg("n") = 1, py::arg("progress") = py::none(),
           "Runs up to `n` cycles; returns the clock edges taken (fewer when the run ends: a "
           "failing cycle is evaluated but takes none).")
      .def("finish", &PyLockstep::finish,
           "Ends the run where it is (closes the wave files) and returns the result dict of run().")
      .def_property_readonly("cycle", &PyLockstep::cycle, "Clock edges taken so far.")
      .def_property_readonly("done", &PyLockstep::done, "The run has ended.")
      .def_property_readonly("failures", &PyLockstep::failures, "Failures so far (dicts).")
      .def_property_readonly("side_names", &PyLockstep::side_names, "Names of the sides, in order.")
      .def_property_readonly("inputs", &PyLockstep::inputs,
                             "om_top's inputs in the last evaluated cycle (None before step).")
      .def_property_readonly("outputs", &PyLockstep::outputs,
                             "Each side's outputs in the last evaluated cycle (None before step).")
      .def_property_readonly("total_cycles", &PyLockstep::total_cycles,
                             "Cycles of stimulus (the final drain adds a few).");
}

}  // namespace omsim_cosim

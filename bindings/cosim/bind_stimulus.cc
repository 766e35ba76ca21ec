// SPDX-License-Identifier: Apache-2.0
// omsim._cosim's stimulus functions: generation, and the stimulus file's reader and writer
// (om/cosim/stimulus_file.h, the only ones), with the stimulus as nested tuples (lists for its
// lists) in the field order of omsim/cosim_stimulus.py's dataclasses, which dataclasses.astuple
// gives and the dataclasses take back; malformed text raises omsim._cosim.StimulusError.
#include <pybind11/stl.h>

#include <cstdint>
#include <string>

#include "common.h"
#include "cosim_py.h"
#include "om/cosim/lockstep.h"
#include "om/cosim/profile.h"
#include "om/cosim/stimulus_file.h"

namespace omsim_cosim {
namespace {

using om::cosim::BusOp;
using om::cosim::MemPhase;
using om::cosim::PixelRef;
using om::cosim::Segment;
using om::cosim::Stimulus;

constexpr const char* kMemKinds[] = {"ideal", "cycle", "random", "burst"};

py::tuple vec(const om::ref::Vec4& v) { return py::make_tuple(v[0], v[1], v[2], v[3]); }

py::list ops(const std::vector<BusOp>& v) {
  py::list out;
  for (const BusOp& op : v) {
    out.append(py::make_tuple(om::sim::to_string(op.kind), op.addr, op.data, op.strb, op.gap));
  }
  return out;
}

py::tuple to_py(const Stimulus& st) {
  py::list mem;
  for (const MemPhase& p : st.mem) {
    mem.append(py::make_tuple(kMemKinds[static_cast<int>(p.kind)], p.cycles, p.rd, p.wr, p.lat_lo,
                              p.lat_hi, om::cosim::kStallNames[p.stall], p.burst, p.seed));
  }
  py::list segs;
  for (const Segment& s : st.segments) {
    py::list pal;
    for (const om::ref::PixelIn& p : s.palette) {
      py::list oc;
      for (const om::ref::Vec4& o : p.oc) oc.append(vec(o));
      pal.append(py::make_tuple(py::tuple(oc), vec(p.oc1), p.fog));
    }
    py::list px;
    for (const PixelRef& p : s.pixels) {
      px.append(py::make_tuple(p.x, p.y, p.palette, p.gap, p.clear, p.coverage, p.front, p.depth,
                               p.sample, p.omask_written, p.omask));
    }
    segs.append(py::make_tuple(ops(s.program), ops(s.traffic), pal, px, s.drain, s.fill,
                               s.fill_seed, s.illegal));
  }
  const py::object profile =
      st.cfg.profile.empty() ? py::object(py::none()) : py::str(st.cfg.profile);
  const py::object seed =
      st.cfg.seeded ? py::object(py::int_(st.cfg.seed)) : py::object(py::none());
  return py::make_tuple(om::kConfigs[st.cfg.cfg_index].name, st.cfg.cycles, segs, mem, st.cfg.rts,
                        profile, seed);
}

// One record of the Python stimulus (a tuple of a dataclass's fields, or a list or tuple of
// records) read field by field: a wrong type or a value beyond the field's width is a TypeError /
// ValueError naming where it is (e.g. "segments[2].pixels[7].x") and the value, not pybind11's
// cast error, and a bool is never taken for a number or a number for a bool.
class Record {
 public:
  Record(const py::handle& h, std::string where, size_t n) : where_(std::move(where)) {
    if (!py::isinstance<py::tuple>(h) && !py::isinstance<py::list>(h)) {
      throw py::type_error(where_ + ": expected a tuple or list, got " + type(h));
    }
    seq_ = py::reinterpret_borrow<py::sequence>(h);
    if (n != 0 && seq_.size() != n) {
      throw py::value_error(where_ + ": expected " + std::to_string(n) + " fields, got " +
                            std::to_string(seq_.size()));
    }
  }

  size_t size() const { return seq_.size(); }
  py::handle item(size_t i) const { return seq_[i]; }
  std::string at(const std::string& name) const { return where_ + name; }

  uint64_t whole(size_t i, const std::string& name, uint64_t hi = UINT64_MAX) const {
    const py::handle h = seq_[i];
    if (PyBool_Check(h.ptr()) || !PyIndex_Check(h.ptr())) {
      throw py::type_error(at(name) + ": expected an int, got " + type(h));
    }
    const py::int_ v = omsim_py::index_of(h);
    const unsigned long long u = PyLong_AsUnsignedLongLong(v.ptr());
    const bool wide = u == static_cast<unsigned long long>(-1) && PyErr_Occurred() != nullptr;
    if (wide) PyErr_Clear();
    if (wide || u > hi) {
      throw py::value_error(at(name) + ": " + py::str(v).cast<std::string>() +
                            " is out of range (0 to " + std::to_string(hi) + ")");
    }
    return u;
  }

  bool flag(size_t i, const std::string& name) const {
    if (!PyBool_Check(seq_[i].ptr())) {
      throw py::type_error(at(name) + ": expected a bool, got " + type(seq_[i]));
    }
    return seq_[i].cast<bool>();
  }

  std::string text(size_t i, const std::string& name) const {
    if (!py::isinstance<py::str>(seq_[i])) {
      throw py::type_error(at(name) + ": expected a str, got " + type(seq_[i]));
    }
    return seq_[i].cast<std::string>();
  }

  om::ref::Vec4 vec4(size_t i, const std::string& name) const {
    const Record r(seq_[i], at(name), 4);
    om::ref::Vec4 v{};
    for (size_t k = 0; k < 4; ++k) {
      v[k] = static_cast<uint32_t>(r.whole(k, "[" + std::to_string(k) + "]", UINT32_MAX));
    }
    return v;
  }

 private:
  static std::string type(const py::handle& h) { return Py_TYPE(h.ptr())->tp_name; }
  std::string where_;
  py::sequence seq_;
};

std::vector<BusOp> ops(const Record& list) {
  std::vector<BusOp> out;
  for (size_t i = 0; i < list.size(); ++i) {
    const Record r(list.item(i), list.at("[" + std::to_string(i) + "]"), 5);
    BusOp op;
    const std::string kind = r.text(0, ".kind");
    if (!om::cosim::bus_kind(kind, &op.kind)) {
      throw py::value_error(r.at(".kind") + ": unknown bus operation '" + kind + "'");
    }
    op.write = om::sim::info(op.kind)->write;
    op.addr = static_cast<uint16_t>(r.whole(1, ".addr", UINT16_MAX));
    op.data = static_cast<uint32_t>(r.whole(2, ".data", UINT32_MAX));
    op.strb = static_cast<uint8_t>(r.whole(3, ".strb", UINT8_MAX));
    op.gap = static_cast<uint16_t>(r.whole(4, ".gap", UINT16_MAX));
    out.push_back(op);
  }
  return out;
}

MemPhase mem_phase(const Record& m) {
  MemPhase p;
  const std::string kind = m.text(0, ".kind");
  int k = 0;
  while (k < 4 && kind != kMemKinds[k]) ++k;
  if (k == 4) {
    throw py::value_error(m.at(".kind") + ": unknown '" + kind + "' (ideal, cycle, random, burst)");
  }
  p.kind = static_cast<MemPhase::Kind>(k);
  p.cycles = m.whole(1, ".cycles");
  p.rd = static_cast<uint16_t>(m.whole(2, ".rd", UINT16_MAX));
  p.wr = static_cast<uint16_t>(m.whole(3, ".wr", UINT16_MAX));
  p.lat_lo = static_cast<uint8_t>(m.whole(4, ".lat_lo", UINT8_MAX));
  p.lat_hi = static_cast<uint8_t>(m.whole(5, ".lat_hi", UINT8_MAX));
  const std::string stall = m.text(6, ".stall");
  uint8_t s = 0;
  while (s < 3 && stall != om::cosim::kStallNames[s]) ++s;
  if (s == 3) throw py::value_error(m.at(".stall") + ": '" + stall + "' is not rd, wr or both");
  p.stall = s;
  p.burst = m.whole(7, ".burst");
  p.seed = m.whole(8, ".seed");
  return p;
}

Segment segment(const Record& r) {
  Segment s;
  s.program = ops(Record(r.item(0), r.at(".program"), 0));
  s.traffic = ops(Record(r.item(1), r.at(".traffic"), 0));
  const Record palette(r.item(2), r.at(".palette"), 0);
  for (size_t i = 0; i < palette.size(); ++i) {
    const Record pe(palette.item(i), palette.at("[" + std::to_string(i) + "]"), 3);
    const Record oc(pe.item(0), pe.at(".oc"), om::ref::kMaxRts);
    om::ref::PixelIn p;
    for (size_t k = 0; k < static_cast<size_t>(om::ref::kMaxRts); ++k) {
      p.oc[k] = oc.vec4(k, "[" + std::to_string(k) + "]");
    }
    p.oc1 = pe.vec4(1, ".dual");
    p.fog = static_cast<uint32_t>(pe.whole(2, ".fog", UINT32_MAX));
    s.palette.push_back(p);
  }
  const Record pixels(r.item(3), r.at(".pixels"), 0);
  for (size_t i = 0; i < pixels.size(); ++i) {
    const Record px(pixels.item(i), pixels.at("[" + std::to_string(i) + "]"), 11);
    PixelRef p;
    p.x = static_cast<uint16_t>(px.whole(0, ".x", UINT16_MAX));
    p.y = static_cast<uint16_t>(px.whole(1, ".y", UINT16_MAX));
    p.palette = static_cast<uint8_t>(px.whole(2, ".palette", UINT8_MAX));
    p.gap = static_cast<uint8_t>(px.whole(3, ".gap", UINT8_MAX));
    p.clear = px.flag(4, ".clear");
    p.coverage = px.flag(5, ".coverage");
    p.front = px.flag(6, ".front");
    p.depth = static_cast<uint32_t>(px.whole(7, ".depth", UINT32_MAX));
    p.sample = static_cast<uint8_t>(px.whole(8, ".sample", UINT8_MAX));
    p.omask_written = px.flag(9, ".omask_written");
    p.omask = px.flag(10, ".omask");
    s.pixels.push_back(p);
  }
  s.drain = r.flag(4, ".drain");
  s.fill = r.flag(5, ".fill");
  s.fill_seed = r.whole(6, ".fill_seed");
  s.illegal = r.flag(7, ".illegal");
  return s;
}

// A tuple of to_py()'s form as stimulus file text, checked by the file's reader afterwards (the
// ranges of the format: coordinates, palette references, latencies, ...).
std::string to_text(const py::handle& t) {
  const Record r(t, "", 7);
  Stimulus st;
  const std::string cfg = r.text(0, "config");
  st.cfg.cfg_index = om::cosim::config_index(cfg);
  if (st.cfg.cfg_index < 0) throw py::value_error("config: unknown configuration '" + cfg + "'");
  st.cfg.cycles = r.whole(1, "cycles");
  st.cfg.rts = static_cast<int>(r.whole(4, "rts", om::ref::kMaxRts));
  st.cfg.profile = r.item(5).is_none() ? "" : r.text(5, "profile");
  st.cfg.seeded = !r.item(6).is_none();
  st.cfg.seed = st.cfg.seeded ? r.whole(6, "seed") : 0;
  const Record mem(r.item(3), "mem", 0);
  for (size_t i = 0; i < mem.size(); ++i) {
    st.mem.push_back(mem_phase(Record(mem.item(i), mem.at("[" + std::to_string(i) + "]"), 9)));
  }
  const Record segs(r.item(2), "segments", 0);
  for (size_t i = 0; i < segs.size(); ++i) {
    st.segments.push_back(segment(Record(segs.item(i), segs.at("[" + std::to_string(i) + "]"), 8)));
  }
  const std::string text = om::cosim::write_stimulus(st);
  om::cosim::read_stimulus(text, "<stimulus>");  // the file's checks: ranges, palette references
  return text;
}

}  // namespace

void bind_stimulus(py::module_& m) {
  py::register_exception<om::cosim::StimulusError>(m, "StimulusError", PyExc_ValueError)
      .attr("__doc__") =
      "A malformed stimulus (a ValueError): the message names the file (or <stimulus>), the line, "
      "the field and the bad value.";
  m.def("profiles", &om::cosim::profile_names, "Names of the stimulus profiles (profile.h).");
  m.def(
      "parse_fault",
      [](const std::string& text) {
        const om::cosim::FaultSpec f = om::cosim::parse_fault(text);
        return py::make_tuple(f.name, f.from);
      },
      py::arg("text"), "(name, cycle) of a fault 'NAME[@CYCLE]'; ValueError naming the text.");
  m.def(
      "stimulus_generate",
      [](int config, uint64_t seed, uint64_t cycles, const std::string& profile, int rts) {
        om::cosim::StimConfig sc;
        sc.cfg_index = config;
        sc.seed = seed;
        sc.cycles = cycles;
        sc.profile = profile;
        sc.rts = rts;
        Stimulus st;
        {
          py::gil_scoped_release nogil;
          st = om::cosim::generate(sc);
        }
        return to_py(st);
      },
      py::arg("config"), py::arg("seed"), py::arg("cycles"), py::arg("profile"), py::arg("rts"),
      "om::cosim::generate: the stimulus as a tuple.");
  m.def(
      "stimulus_parse",
      [](const std::string& text, const std::string& name) {
        return to_py(om::cosim::read_stimulus(text, name));
      },
      py::arg("text"), py::arg("name"),
      "Parses stimulus file text (`name` in messages): the stimulus as a tuple; StimulusError.");
  m.def("stimulus_format", &to_text, py::arg("stimulus"),
        "The stimulus file text of a stimulus tuple (checked by the file's reader).");
}

}  // namespace omsim_cosim

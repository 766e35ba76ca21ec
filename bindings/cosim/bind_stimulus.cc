// SPDX-License-Identifier: Apache-2.0
// omsim._cosim's stimulus functions: generation, and the stimulus file's reader and writer
// (om/cosim/stimulus_file.h, the only ones), with the stimulus as nested tuples (lists for its
// lists) in the field order of omsim/cosim_stimulus.py's dataclasses, which dataclasses.astuple
// gives and the dataclasses take back; malformed text raises omsim._cosim.StimulusError.
#include <pybind11/stl.h>

#include <limits>
#include <string>

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

template <class T>
T narrow(uint64_t v, const std::string& field) {
  if (v > std::numeric_limits<T>::max()) {
    throw py::value_error(field + ": " + std::to_string(v) + " is out of range (at most " +
                          std::to_string(std::numeric_limits<T>::max()) + ")");
  }
  return static_cast<T>(v);
}

py::tuple vec(const om::ref::Vec4& v) { return py::make_tuple(v[0], v[1], v[2], v[3]); }

om::ref::Vec4 vec(const py::handle& h) {
  const auto t = h.cast<std::array<uint64_t, 4>>();
  om::ref::Vec4 v{};
  for (int i = 0; i < 4; ++i) v[i] = narrow<uint32_t>(t[i], "palette value");
  return v;
}

py::list ops(const std::vector<BusOp>& v) {
  py::list out;
  for (const BusOp& op : v) {
    out.append(py::make_tuple(om::sim::to_string(op.kind), op.addr, op.data, op.strb, op.gap));
  }
  return out;
}

std::vector<BusOp> ops(const py::handle& list, const std::string& rec) {
  std::vector<BusOp> out;
  for (const py::handle& t : list) {
    const auto [kind, addr, data, strb, gap] =
        t.cast<std::tuple<std::string, uint64_t, uint64_t, uint64_t, uint64_t>>();
    BusOp op;
    if (!om::cosim::bus_kind(kind, &op.kind)) {
      throw py::value_error(rec + " kind: unknown bus operation '" + kind + "'");
    }
    op.write = om::cosim::bus_kind_writes(op.kind);
    op.addr = narrow<uint16_t>(addr, rec + " addr");
    op.data = narrow<uint32_t>(data, rec + " data");
    op.strb = narrow<uint8_t>(strb, rec + " strb");
    op.gap = narrow<uint16_t>(gap, rec + " gap");
    out.push_back(op);
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

// A tuple of to_py()'s form as stimulus file text, checked by the file's reader afterwards.
std::string to_text(const py::tuple& t) {
  if (t.size() != 7) throw py::value_error("stimulus: expected the 7 fields of a Stimulus");
  Stimulus st;
  const std::string cfg = t[0].cast<std::string>();
  st.cfg.cfg_index = om::cosim::config_index(cfg);
  if (st.cfg.cfg_index < 0) throw py::value_error("config: unknown configuration '" + cfg + "'");
  st.cfg.cycles = t[1].cast<uint64_t>();
  st.cfg.rts = t[4].cast<int>();
  st.cfg.profile = t[5].is_none() ? "" : t[5].cast<std::string>();
  st.cfg.seeded = !t[6].is_none();
  st.cfg.seed = st.cfg.seeded ? t[6].cast<uint64_t>() : 0;
  for (const py::handle& m : t[3]) {
    const auto [kind, cycles, rd, wr, lo, hi, stall, burst, seed] =
        m.cast<std::tuple<std::string, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                          std::string, uint64_t, uint64_t>>();
    MemPhase p;
    int k = 0;
    while (k < 4 && kind != kMemKinds[k]) ++k;
    if (k == 4)
      throw py::value_error("mem kind: unknown '" + kind + "' (ideal, cycle, random, burst)");
    p.kind = static_cast<MemPhase::Kind>(k);
    uint8_t s = 0;
    while (s < 3 && stall != om::cosim::kStallNames[s]) ++s;
    if (s == 3) throw py::value_error("mem stall: '" + stall + "' is not rd, wr or both");
    p.cycles = cycles;
    p.rd = narrow<uint16_t>(rd, "mem rd");
    p.wr = narrow<uint16_t>(wr, "mem wr");
    p.lat_lo = narrow<uint8_t>(lo, "mem lat_lo");
    p.lat_hi = narrow<uint8_t>(hi, "mem lat_hi");
    p.stall = s;
    p.burst = burst;
    p.seed = seed;
    st.mem.push_back(p);
  }
  for (const py::handle& h : t[2]) {
    const auto [program, traffic, palette, pixels, drain, fill, fill_seed, illegal] = h.cast<
        std::tuple<py::object, py::object, py::object, py::object, bool, bool, uint64_t, bool>>();
    Segment s;
    s.drain = drain;
    s.fill = fill;
    s.fill_seed = fill_seed;
    s.illegal = illegal;
    s.program = ops(program, "program");
    s.traffic = ops(traffic, "traffic");
    for (const py::handle& pe : palette) {
      const py::tuple pt = pe.cast<py::tuple>();
      om::ref::PixelIn p;
      int i = 0;
      for (const py::handle& o : pt[0]) {
        if (i < om::ref::kMaxRts) p.oc[i] = vec(o);
        ++i;
      }
      if (i != om::ref::kMaxRts) throw py::value_error("palette oc: expected 8 outputs");
      p.oc1 = vec(pt[1]);
      p.fog = narrow<uint32_t>(pt[2].cast<uint64_t>(), "palette fog");
      s.palette.push_back(p);
    }
    for (const py::handle& pr : pixels) {
      const auto [x, y, pal, gap, clear, cov, front, depth, sample, omask_written, omask] =
          pr.cast<std::tuple<uint64_t, uint64_t, uint64_t, uint64_t, bool, bool, bool, uint64_t,
                             uint64_t, bool, bool>>();
      PixelRef p;
      p.x = narrow<uint16_t>(x, "pixel x");
      p.y = narrow<uint16_t>(y, "pixel y");
      p.palette = narrow<uint8_t>(pal, "pixel palette");
      p.gap = narrow<uint8_t>(gap, "pixel gap");
      p.depth = narrow<uint32_t>(depth, "pixel depth");
      p.sample = narrow<uint8_t>(sample, "pixel sample");
      p.clear = clear, p.coverage = cov, p.front = front;
      p.omask_written = omask_written, p.omask = omask;
      s.pixels.push_back(p);
    }
    st.segments.push_back(std::move(s));
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

// SPDX-License-Identifier: Apache-2.0
// The stimulus file's writer (docs/stimulus.md): write_stimulus and save_stimulus; the reader is
// stimulus_file.cc.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "om/cosim/stimulus_file.h"

namespace om::cosim {
namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(v));
  return buf;
}

std::string vec(const ref::Vec4& v) {
  return hex(v[0]) + "," + hex(v[1]) + "," + hex(v[2]) + "," + hex(v[3]);
}

void write_op(std::ostringstream& os, const char* rec, const BusOp& op) {
  os << rec << ' ' << sim::to_string(op.kind) << ' ' << hex(op.addr);
  if (op.data != 0) os << ' ' << hex(op.data);
  if (op.strb != 0xF) os << " strb=" << hex(op.strb);
  if (op.gap != 0) os << " gap=" << op.gap;
  os << '\n';
}

void write_phase(std::ostringstream& os, const MemPhase& p) {
  const std::string lat = " lat=" + std::to_string(p.lat_lo) + ".." + std::to_string(p.lat_hi);
  switch (p.kind) {
    case MemPhase::Kind::kIdeal:
      os << "mem ideal " << p.cycles << '\n';
      break;
    case MemPhase::Kind::kCycle:
      os << "mem cycle";
      if (p.cycles != 1) os << ' ' << p.cycles;
      os << " rd=" << (p.rd != 0) << " wr=" << (p.wr != 0) << " lat=" << int(p.lat_lo) << '\n';
      break;
    case MemPhase::Kind::kRandom:
      os << "mem random " << p.cycles << " rd=" << p.rd << " wr=" << p.wr << lat
         << " seed=" << hex(p.seed) << '\n';
      break;
    case MemPhase::Kind::kBurst:
      os << "mem burst " << p.cycles << " stall=" << kStallNames[p.stall] << " burst=" << p.burst
         << lat << " seed=" << hex(p.seed) << '\n';
      break;
  }
}

}  // namespace

std::string write_stimulus(const Stimulus& st) {
  if (st.lazy) {
    throw std::invalid_argument(
        "write_stimulus: a lazy stimulus (seeded()) holds no segments to write; use "
        "generate()");
  }
  std::ostringstream os;
  os << "omsim-stimulus " << kStimulusVersion << '\n';
  os << "config " << kConfigs[st.cfg.cfg_index].name << '\n';
  os << "rts " << st.cfg.rts << '\n';
  if (!st.cfg.profile.empty()) os << "profile " << st.cfg.profile << '\n';
  if (st.cfg.seeded) os << "seed " << st.cfg.seed << '\n';
  os << "cycles " << st.cfg.cycles << '\n';
  for (const MemPhase& p : st.mem) write_phase(os, p);
  for (const Segment& s : st.segments) {
    os << "segment" << (s.drain ? " drain" : "") << (s.fill ? "" : " nofill")
       << (s.illegal ? " illegal" : "");
    if (s.fill_seed != 0) os << " fill_seed=" << hex(s.fill_seed);
    os << '\n';
    for (const BusOp& op : s.program) write_op(os, "program", op);
    for (const ref::PixelIn& p : s.palette) {
      os << "ps";
      for (int i = 0; i < ref::kMaxRts; ++i) {
        if (p.oc[i] != ref::Vec4{}) os << " o" << i << '=' << vec(p.oc[i]);
      }
      if (p.oc1 != ref::Vec4{}) os << " dual=" << vec(p.oc1);
      if (p.fog != ref::kF32One) os << " fog=" << hex(p.fog);
      os << '\n';
    }
    for (const PixelRef& p : s.pixels) {
      os << "pixel " << p.x << ' ' << p.y << ' ' << int(p.palette);
      if (p.gap != 0) os << " gap=" << int(p.gap);
      if (p.depth != 0) os << " z=" << hex(p.depth);
      if (p.sample != 0) os << " s=" << int(p.sample);
      if (p.omask_written) os << " omask=" << int(p.omask);
      os << (p.clear ? " clear" : "") << (p.coverage ? "" : " nocov") << (p.front ? "" : " back")
         << '\n';
    }
    for (const BusOp& op : s.traffic) write_op(os, "traffic", op);
  }
  os << "end\n";
  return os.str();
}

void save_stimulus(const Stimulus& st, const std::string& path) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (f) f << write_stimulus(st);
  if (!f) throw std::runtime_error(path + ": cannot write the stimulus: " + std::strerror(errno));
}

}  // namespace om::cosim

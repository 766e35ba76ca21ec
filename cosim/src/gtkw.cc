// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/gtkw.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "om/sim/fst_writer.h"

namespace om::cosim {
namespace {

// Cycle c settles at 10c and takes its edge at 10c + 5 (waves/README.md).
constexpr uint64_t kTicksPerCycle = 10;
// GTKWave's zoom -6 shows about 36 cycles in the window below: the view starts this many cycles
// before the marker, so it sits in the middle (the waves run kCyclesAfter past it).
constexpr uint64_t kCyclesBefore = 18;

// GTKWave trace flags: highlight, hex, binary, right-justified, and values named by the file's
// enum table (GTKWave matches the table against the binary value).
constexpr uint64_t kHighlight = 0x01, kHex = 0x02, kBin = 0x08, kRjustify = 0x20;
constexpr uint64_t kEnum = uint64_t{1} << 32;

std::string trace(const std::string& path, uint32_t width, const std::string& alias, bool highlight,
                  bool named = false) {
  const uint64_t base = named ? kEnum | kBin : width == 1 ? kBin : kHex;
  char flags[24];
  std::snprintf(flags, sizeof flags, "@%llx",
                static_cast<unsigned long long>(base | kRjustify | (highlight ? kHighlight : 0)));
  const std::string full = width == 1 ? path : path + "[" + std::to_string(width - 1) + ":0]";
  return std::string(flags) + "\n+{" + alias + "} " + full + "\n";
}

// The traces of one port on both sides: a packed struct port as its fields.
std::string port_traces(const sim::PortDecl& p, const std::string& a, const std::string& b,
                        bool highlight) {
  std::vector<sim::StructVars::Leaf> leaves;
  if (p.items) {
    for (sim::StructVars::Leaf& l : sim::StructVars::leaves(p.items, p.n_items)) {
      l.path = std::string(p.name) + "." + l.path;
      leaves.push_back(l);
    }
  } else {
    leaves.push_back({p.name, p.width, p.values});
  }
  std::string out;
  for (const sim::StructVars::Leaf& l : leaves) {
    const bool named = l.values != nullptr && l.width > 1;  // GTKWave draws 1 bit as a wave
    // GTKWave shows an alias only after its last ".": a field's path is written with "/".
    std::string shown = l.path;
    std::replace(shown.begin(), shown.end(), '.', '/');
    out += trace("cosim." + a + "." + l.path, l.width, a + " " + shown, highlight, named) +
           trace("cosim." + b + "." + l.path, l.width, b + " " + shown, highlight, named);
  }
  return out;
}

}  // namespace

std::string write_divergence_layout(const std::string& dir, const std::string& a,
                                    const std::string& b, const sim::Failure& f) {
  const std::string dump = std::filesystem::absolute(dir + "/cosim.fst").string();
  const std::string path = dir + "/divergence.gtkw";
  // "mem_wr_data_o[95:64]", "perf_o.rt_writes": the port is the name up to its first index or
  // field.
  const std::string port = f.field.substr(0, f.field.find_first_of("[."));
  const uint64_t marker = f.cycle * kTicksPerCycle;
  const uint64_t start = f.cycle > kCyclesBefore ? (f.cycle - kCyclesBefore) * kTicksPerCycle : 0;
  std::ofstream os(path);
  os << "[*] GTKWave save file: the divergence at cycle " << f.cycle << " (" << f.field << ")\n"
     << "[dumpfile] \"" << dump << "\"\n"
     << "[timestart] " << start << "\n[size] 1800 1000\n[pos] -1 -1\n"
     << "*-6.000000 " << marker << " -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n"
     << "[treeopen] cosim.\n[sst_width] 260\n[signals_width] 420\n";
  os << "@200\n-Lockstep: divergence at cycle " << f.cycle << "\n"
     << trace("cosim.mismatch", 1, "mismatch", true) << "@24\ncosim.cycle[63:0]\n";
  for (const bool failing : {true, false}) {
    for (const sim::PortDecl& p : sim::PortTracer::ports()) {
      if ((port == p.name) != failing) continue;
      os << "@200\n-" << p.name << (failing ? " (diverges)" : "") << "\n";
      os << port_traces(p, a, b, failing);
    }
  }
  os.close();
  if (!os) throw std::runtime_error("--waves: cannot write " + path);
  return "gtkwave " + path;
}

}  // namespace om::cosim

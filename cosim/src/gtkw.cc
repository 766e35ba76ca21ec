// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/gtkw.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "om/sim/fst_writer.h"

namespace om::cosim {
namespace {

// Cycle c settles at 10c and takes its edge at 10c + 5 (waves/README.md).
constexpr uint64_t kTicksPerCycle = 10;
// GTKWave's zoom -6 shows about 36 cycles in the window below: the view starts this many cycles
// before the marker, so it sits in the middle (the waves run kCyclesAfter past it).
constexpr uint64_t kCyclesBefore = 18;

// GTKWave trace flags: highlight, hex, binary, right-justified.
constexpr unsigned kHighlight = 0x01, kHex = 0x02, kBin = 0x08, kRjustify = 0x20;

std::string trace(const std::string& path, const sim::PortDecl& p, const std::string& alias,
                  bool highlight) {
  char flags[8];
  std::snprintf(flags, sizeof flags, "@%x",
                (p.width == 1 ? kBin : kHex) | kRjustify | (highlight ? kHighlight : 0u));
  const std::string full = p.width == 1 ? path : path + "[" + std::to_string(p.width - 1) + ":0]";
  return std::string(flags) + "\n+{" + alias + "} " + full + "\n";
}

}  // namespace

std::string write_divergence_layout(const std::string& dir, const std::string& a,
                                    const std::string& b, const sim::Failure& f) {
  const std::string dump = std::filesystem::absolute(dir + "/cosim.fst").string();
  const std::string path = dir + "/divergence.gtkw";
  const std::string port = f.field.substr(0, f.field.find('['));
  const uint64_t marker = f.cycle * kTicksPerCycle;
  const uint64_t start = f.cycle > kCyclesBefore ? (f.cycle - kCyclesBefore) * kTicksPerCycle : 0;
  std::ofstream os(path);
  os << "[*] GTKWave save file: the divergence at cycle " << f.cycle << " (" << f.field << ")\n"
     << "[dumpfile] \"" << dump << "\"\n"
     << "[timestart] " << start << "\n[size] 1800 1000\n[pos] -1 -1\n"
     << "*-6.000000 " << marker << " -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n"
     << "[treeopen] cosim.\n[sst_width] 260\n[signals_width] 420\n";
  os << "@200\n-Lockstep: divergence at cycle " << f.cycle << "\n"
     << trace("cosim.mismatch", {"mismatch", 1}, "mismatch", true) << "@24\ncosim.cycle[63:0]\n";
  for (const bool failing : {true, false}) {
    for (const sim::PortDecl& p : sim::PortTracer::ports()) {
      if ((port == p.name) != failing) continue;
      os << "@200\n-" << p.name << (failing ? " (diverges)" : "") << "\n";
      os << trace("cosim." + a + "." + p.name, p, a + " " + p.name, failing)
         << trace("cosim." + b + "." + p.name, p, b + " " + p.name, failing);
    }
  }
  os.close();
  if (!os) throw std::runtime_error("--waves: cannot write " + path);
  return "gtkwave " + path;
}

}  // namespace om::cosim

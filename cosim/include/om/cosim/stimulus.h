// SPDX-License-Identifier: Apache-2.0
// Constrained-random stimulus of the om_top co-simulation, generated in full from (configuration,
// seed, cycles) before the simulation starts, so a run replays exactly from its seed and the
// simulation loop draws no random numbers. It holds:
//   * segments: a draw state (programmed over the APB bus, register by register), the pixels of
//     the segment (compact references into a per-segment palette of pixel-shader outputs, with
//     coordinates chosen for address collisions), and the bus traffic issued while the pixels
//     stream (reads of every register class, illegal accesses, partial-strobe writes);
//   * per-cycle memory behaviour: read/write ready and the latency of a read accepted in that
//     cycle, drawn in phases (fast, random, long latency, stall bursts).
// A segment starts when the previous one's pixels have all been accepted and its bus transfers
// completed: its `program` writes go out while those pixels are still in flight (so they wait
// while the pipeline is busy), then its pixels stream with its `traffic`. Segments that change
// render-target formats or sizes first drain the pipeline (poll STATUS) and refill memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "om/gen/defs.h"
#include "om/ref/hw_state.h"
#include "om/ref/pixel.h"
#include "om/sim/bus_op.h"
#include "om/sim/memory.h"

namespace om::cosim {

using sim::BusOp;
using sim::MemCycle;

/// What the stimulus is generated from (also the reproduce command's arguments).
struct StimConfig {
  int cfg_index = kDefaultConfig;  // into kConfigs
  uint64_t seed = 1;
  uint64_t cycles = 100000;  // length of the run; the stimulus covers at least this many cycles
  int rts = 0;               // 0: bind a random number of RTs per segment; n: always bind n
};

/// One pixel of a segment: coordinates, a palette entry and the per-pixel flags.
struct PixelRef {
  uint16_t x = 0;
  uint16_t y = 0;
  uint8_t palette = 0;  // index into Segment::palette
  uint8_t gap = 0;      // idle cycles before the pixel is offered
  bool clear = false;
  bool coverage = true;
};

struct Segment {
  ref::DrawState state;        // what `program` writes (for reports; the bus writes are the truth)
  bool drain = false;          // wait until idle, check the image, refill memory, then program
  bool fill = true;            // with drain: fill the bound areas with random texels
  uint64_t fill_seed = 0;      // seed of that fill
  bool illegal = false;        // holds a deliberately illegal value (still scoreboarded)
  std::vector<BusOp> program;  // state writes, in order
  std::vector<BusOp> traffic;  // other bus transfers while the pixels stream
  std::vector<ref::PixelIn> palette;
  std::vector<PixelRef> pixels;
};

struct Stimulus {
  StimConfig cfg;
  std::vector<Segment> segments;
  std::vector<MemCycle> mem;  // one entry per cycle of the run
  uint64_t pixels = 0;        // total over the segments
};

/// Generates the whole stimulus. Throws std::out_of_range for an unknown configuration index or
/// an RT count outside 0..max_rts.
Stimulus generate(const StimConfig& cfg);

/// Index of the configuration named `name` (fl9_1 ... fl11_1), or -1.
int config_index(const std::string& name);

}  // namespace om::cosim

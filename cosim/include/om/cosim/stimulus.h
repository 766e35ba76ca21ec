// SPDX-License-Identifier: Apache-2.0
// The stimulus of the om_top co-simulation, made before the simulation starts (from a seed, or
// read from a stimulus file: stimulus_file.h, docs/stimulus.md), so the simulation loop draws no
// random numbers and a run replays exactly. It holds:
//   * segments: a draw state (programmed over the APB bus, register by register), the pixels of
//     the segment (compact references into a per-segment palette of pixel-shader outputs, with
//     coordinates chosen for address collisions), and the bus traffic issued while the pixels
//     stream (reads of every register class, illegal accesses, partial-strobe writes);
//   * memory timing as phases (ideal, explicit single cycles, seeded random, stall bursts), each
//     expanded cycle by cycle while the run reaches it, so memory use does not grow with cycles.
// A segment starts when the previous one's pixels have all been accepted and its bus transfers
// completed: its `program` writes go out while those pixels are still in flight (so they wait
// while the pipeline is busy), then its pixels stream with its `traffic`. Segments that change
// render-target formats or sizes first drain the pipeline (poll STATUS) and refill memory.
//
// Generation is prefix-stable: segment i and memory phase i draw from generators seeded from
// (seed, i) alone, and generation just stops once the run's cycles are covered, so the first N
// cycles of a seed are the same whatever the run's length.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "om/cosim/draw.h"
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
  std::string profile = "default";  // profile.h; "" in a stimulus file without provenance
  bool seeded = true;               // false: a stimulus file without a seed (seed is 0)
};

/// One pixel of a segment: coordinates, a palette entry and the per-pixel flags.
struct PixelRef {
  uint16_t x = 0;
  uint16_t y = 0;
  uint8_t palette = 0;  // index into Segment::palette
  uint8_t gap = 0;      // idle cycles before the pixel is offered
  bool clear = false;
  bool coverage = true;
  bool operator==(const PixelRef& o) const {
    return x == o.x && y == o.y && palette == o.palette && gap == o.gap && clear == o.clear &&
           coverage == o.coverage;
  }
};

struct Segment {
  // The state registers after `program` (and every earlier segment's state writes): set by
  // derive_states() from the bus writes, which are the truth. Its bindings say what a drain
  // fills; reports describe it.
  ref::DrawState state;
  bool drain = false;          // wait until idle, check the image, refill memory, then program
  bool fill = true;            // with drain: fill the bound areas with random texels
  uint64_t fill_seed = 0;      // seed of that fill
  bool illegal = false;        // holds a deliberately illegal value (still scoreboarded)
  std::vector<BusOp> program;  // state writes, in order
  std::vector<BusOp> traffic;  // other bus transfers while the pixels stream
  std::vector<ref::PixelIn> palette;
  std::vector<PixelRef> pixels;
};

/// A phase of memory timing: `cycles` consecutive cycles of one behaviour.
struct MemPhase {
  enum class Kind : uint8_t {
    kIdeal,   // always ready, latency 1
    kCycle,   // every cycle exactly as given (rd, wr: 0 or 1000; latency lat_lo = lat_hi):
              // hand-written timing
    kRandom,  // each cycle: ready with probability rd / wr per mille, latency lat_lo..lat_hi
    kBurst,   // the first `burst` cycles stall reads (stall 0), writes (1) or both (2), then
              // ready; latency 1..4
  };
  Kind kind = Kind::kIdeal;
  uint64_t cycles = 1;  // >= 1
  uint16_t rd = 1000;   // per mille
  uint16_t wr = 1000;   // per mille
  uint8_t lat_lo = 1;   // >= 1
  uint8_t lat_hi = 1;   // >= lat_lo
  uint8_t stall = 0;
  uint64_t burst = 0;  // <= cycles
  uint64_t seed = 0;   // of the per-cycle draws (kRandom, kBurst)
};

class SegmentSource;

struct Stimulus {
  StimConfig cfg;
  std::vector<Segment> segments;  // empty in a lazy stimulus (generate_lazy())
  std::vector<MemPhase> mem;      // consecutive from cycle 0; beyond them the memory is ideal
  uint64_t pixels = 0;            // total over `segments`
  /// Segment i, or nullptr past the last: from `segments`, or in a lazy stimulus generated when
  /// first asked for (it stays where it is). A run asks in order, for those it reaches.
  const Segment* segment(size_t i) const;
  std::shared_ptr<SegmentSource> lazy;  // generates a lazy stimulus's segments (copies share it)
};

/// Generates the stimulus of `cfg.cycles` cycles. Throws std::out_of_range for an unknown
/// configuration index or an RT count outside 0..max_rts, std::invalid_argument for an unknown
/// profile or more cycles than this machine's memory holds the stimulus of (see
/// stimulus_bytes()).
Stimulus generate(const StimConfig& cfg);

/// The stimulus generate() gives, with each segment generated only when a run first asks for it
/// (Stimulus::segment()): the same segments, but a run that ends before the last of them does not
/// draw the rest (about half of them in a passing run). `segments` stays empty; use generate()
/// for a stimulus to write, inspect or replay. Segments are generated on the thread that asks, so
/// a lazy stimulus (and its copies, which share the source) serves one thread at a time. Throws
/// as generate() does.
Stimulus generate_lazy(const StimConfig& cfg);

/// An upper estimate of the bytes the generated stimulus of `cycles` cycles takes.
uint64_t stimulus_bytes(uint64_t cycles);

/// Sets every segment's `state` and `st.pixels` from the segments' contents: the state registers
/// (sim::StateRegs, from reset) after the segment's program writes, state writes of the earlier
/// segments' traffic included.
void derive_states(Stimulus& st);

/// Index of the configuration named `name` (fl9_1 ... fl11_1), or -1.
int config_index(const std::string& name);

/// The memory timing of `phases` (a sim::MemTiming for sim::Memory): cycle by cycle, each phase's
/// draws from its own seed, ideal beyond the last phase. `phases` must outlive it. The cycles are
/// drawn kBlock at a time, ahead of the run (the same draws in the same order as one by one).
class PhaseTiming final : public sim::MemTiming {
 public:
  explicit PhaseTiming(const std::vector<MemPhase>& phases);
  MemCycle at(uint64_t cycle) override {
    while (cycle >= next_) fill();
    return block_[cycle - (next_ - kBlock)];
  }
  std::unique_ptr<sim::MemTiming> clone() const override {
    return std::make_unique<PhaseTiming>(*this);
  }

 private:
  static constexpr size_t kBlock = 256;
  // Cycles i .. i + n - 1 of phase p (the current phase) into m.
  void draw(const MemPhase& p, uint64_t i, MemCycle* m, size_t n);
  void enter(size_t phase);
  void fill();  // draws the next kBlock cycles into block_

  const std::vector<MemPhase>& phases_;
  size_t phase_ = 0;
  uint64_t start_ = 0;  // first cycle of phase_
  uint64_t drawn_ = 0;  // next cycle to draw
  uint64_t next_ = 0;   // first cycle after block_ (block_ holds next_ - kBlock .. next_ - 1)
  std::array<MemCycle, kBlock> block_{};
  Mt64 rng_;
};

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
// The stimulus of the om_top co-simulation: read from a stimulus file (stimulus_file.h,
// docs/stimulus.md), or generated from a seed, either whole (generate(): to write it or edit it)
// or a segment and a memory phase at a time while a run reaches them (seeded(), SegmentStream,
// PhaseTiming), so a run's memory does not grow with its length. Either way the same stimulus,
// drawn outside the simulation loop, so a run replays exactly. It holds:
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
// (seed, i) and the state segment i - 1 left, and generation just stops once the run's cycles
// are covered, so the first N cycles of a seed are the same whatever the run's length.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "om/cosim/draw.h"
#include "om/gen/defs.h"
#include "om/ref/hw_state.h"
#include "om/ref/pixel.h"
#include "om/sim/bus_op.h"
#include "om/sim/memory.h"
#include "om/sim/regfile.h"

namespace om::cosim {

struct Profile;

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

/// One pixel-port transfer of a segment (one sample of a pixel): coordinates, a palette entry and
/// the per-sample flags.
struct PixelRef {
  uint16_t x = 0;
  uint16_t y = 0;
  uint8_t palette = 0;  // index into Segment::palette
  uint8_t gap = 0;      // idle cycles before the transfer is offered
  bool clear = false;
  bool coverage = true;        // raster coverage of the sample
  bool front = true;           // front-facing (the depth-stencil test's FrontFace ops)
  uint32_t depth = 0;          // binary32 depth of the sample
  uint8_t sample = 0;          // the sample it carries (0..7)
  bool omask_written = false;  // the pixel shader writes oMask
  bool omask = true;           // the sample's oMask bit
  bool operator==(const PixelRef& o) const {
    return x == o.x && y == o.y && palette == o.palette && gap == o.gap && sample == o.sample &&
           clear == o.clear && coverage == o.coverage && omask_written == o.omask_written &&
           omask == o.omask && front == o.front && depth == o.depth;
  }
};

struct Segment {
  // The state registers after `program` (and every earlier segment's state writes): set by
  // derive_states() from the bus writes, which are the truth. Its bindings say what a drain
  // fills; reports describe it.
  State state;
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

struct Stimulus {
  StimConfig cfg;
  // true: seeded() -- segments and mem are empty and made from cfg while a run reaches them.
  bool lazy = false;
  std::vector<Segment> segments;
  std::vector<MemPhase> mem;  // consecutive from cycle 0; beyond them the memory is ideal
  uint64_t pixels = 0;        // total over the segments (0 when lazy)
};

/// The seeded stimulus of `cfg.cycles` cycles, generated while a run reaches it (Stimulus::lazy):
/// what a run needs, in memory that does not grow with cfg.cycles. Throws std::out_of_range for an
/// unknown configuration index or an RT count outside 0..max_rts, std::invalid_argument for an
/// unknown profile.
Stimulus seeded(const StimConfig& cfg);

/// The same stimulus generated whole (to write to a file or edit): every segment and memory
/// phase. Throws as seeded() does, and std::invalid_argument for more cycles than this machine's
/// memory holds the stimulus of (see stimulus_bytes()).
Stimulus generate(const StimConfig& cfg);

/// An upper estimate of the bytes the whole generated stimulus of `cycles` cycles takes.
uint64_t stimulus_bytes(uint64_t cycles);

/// The segments of a stimulus in order, one at a time: from Stimulus::segments, or, for a lazy
/// stimulus, each generated when it is reached and dropped when the next one is (only the
/// current segment and the generator's position are held). A copy goes on exactly as the original
/// would (a checkpoint). `st` must outlive it.
class SegmentStream {
 public:
  explicit SegmentStream(const Stimulus& st);
  /// Makes segment `i` (at or after the current one) current; false when the stimulus has fewer.
  bool advance_to(size_t i);
  /// The current segment; nullptr past the last. Inline: the testbench asks every cycle.
  const Segment* current() const {
    if (!st_->lazy) return index_ < st_->segments.size() ? &st_->segments[index_] : nullptr;
    return cur_ ? &*cur_ : nullptr;
  }

 private:
  const Stimulus* st_;
  const Profile* prof_;  // of a lazy stimulus
  size_t index_ = 0;     // of the current segment
  // Lazy generation: the next segment's index, the estimated cycles so far, the state the
  // generator drew last (the next segment starts from it) and the state registers the bus writes
  // so far leave (the truth, as derive_states() has it).
  size_t next_ = 0;
  double used_ = 0.0;
  State prev_ = ref::default_state();
  bool prev_illegal_ = false;
  sim::StateRegs regs_;
  std::optional<Segment> cur_;
};

/// Sets every segment's `state` and `st.pixels` from the segments' contents: the state registers
/// (sim::StateRegs, from reset) after the segment's program writes, state writes of the earlier
/// segments' traffic included.
void derive_states(Stimulus& st);

/// Index of the configuration named `name` (fl9_1 ... fl11_1), or -1.
int config_index(const std::string& name);

/// The memory timing of a stimulus (a sim::MemTiming for sim::Memory): its phases cycle by cycle,
/// each phase's draws from its own seed, ideal beyond the last phase. A lazy stimulus's phases are
/// generated one at a time as the run enters them. The cycles are drawn kBlock at a time, ahead of
/// the run (the same draws in the same order as one by one). `st` must outlive it.
class PhaseTiming final : public sim::MemTiming {
 public:
  // `salt` varies the random phases' streams: the depth-stencil memory runs the same phases with
  // its own draws, so its stalls and latencies do not coincide with the render-target memory's
  // cycle for cycle.
  explicit PhaseTiming(const Stimulus& st, uint64_t salt = 0);
  std::unique_ptr<sim::MemTiming> clone() const override {
    return std::make_unique<PhaseTiming>(*this);
  }

 private:
  static constexpr size_t kBlock = 256;
  // The window is block_: at() reads it inline until the run leaves it.
  MemCycle lookup(uint64_t cycle) override {
    while (cycle >= next_) fill();
    set_window(block_.data(), next_ - kBlock, kBlock);
    return block_[cycle - (next_ - kBlock)];
  }
  // Cycles i .. i + n - 1 of phase p (the current phase) into m.
  void draw(const MemPhase& p, uint64_t i, MemCycle* m, size_t n);
  void enter(size_t phase);
  void fill();  // draws the next kBlock cycles into block_

  const Stimulus* st_;
  const Profile* prof_;  // of a lazy stimulus
  uint64_t salt_;
  size_t phase_ = 0;
  std::optional<MemPhase> cur_phase_;  // phase_ (none: beyond the last)
  uint64_t start_ = 0;                 // first cycle of phase_
  uint64_t drawn_ = 0;                 // next cycle to draw
  uint64_t next_ = 0;  // first cycle after block_ (block_ holds next_ - kBlock .. next_ - 1)
  std::array<MemCycle, kBlock> block_{};
  Mt64 rng_;
};

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
// The co-simulation testbench around om_top: reset with the configuration strap, the APB master,
// the pixel driver (valid held until ready, idle gaps), the render-target memory, the segment
// sequencer of the stimulus, the scoreboard (final memory image and performance counters against
// om::ref::process_pixel applied in acceptance order, checked at every drain and at the end) and
// the coverage sampling: the testbench of the lockstep loop (om/sim/lockstep_loop.h). It computes
// one TopIn per cycle before either side evaluates, and advances on the TopOut both sides agreed
// on.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "om/cosim/cov_sample.h"
#include "om/cosim/coverage.h"
#include "om/cosim/scoreboard.h"
#include "om/cosim/stimulus.h"
#include "om/sim/apb_master.h"
#include "om/sim/lockstep_loop.h"
#include "om/sim/memory.h"
#include "om/sim/regfile.h"
#include "om/top_ports.h"

namespace om::cosim {

struct EnvOptions {
  bool scoreboard = true;  // reference-model image and counter checks
  bool coverage = true;
  uint64_t drain_limit = 2000000;  // cycles the final drain may take
  uint64_t hang_limit = 200000;    // cycles without any handshake while work is pending
};

class Env final : public sim::Testbench<TopIn, TopOut> {
 public:
  Env(const Stimulus& st, const EnvOptions& opt);
  /// A copy that goes on exactly as `o` would (a checkpoint): stimulus position, bus master,
  /// memory contents and timing, scoreboard, coverage and checks; it reads the same Stimulus.
  Env(const Env& o) = default;
  Env& operator=(const Env&) = delete;

  const TopIn& drive() override;
  void observe(const TopOut& out) override;

  uint64_t cycle() const override { return cycle_; }
  /// The run ended: the stimulus ran its cycles, the pipeline drained and the final checks ran.
  bool done() const override { return over_; }
  /// The first scoreboard or counter failure (kind "scoreboard") or protocol or progress failure
  /// (kind "testbench").
  bool failed(sim::Failure* f) const override { return !failure_.empty() && report_failure(f); }
  /// Index of the segment being run and its description (for reports).
  std::string describe() const override;

  uint64_t pixels() const { return pixels_in_; }
  uint64_t segments_started() const { return seg_started_; }
  const Coverage& coverage() const { return cov_; }

 private:
  enum class Phase { kReset, kRun, kFinal, kDone };
  struct Counts {
    uint64_t pixels_in = 0, killed = 0, rt_reads = 0, rt_writes = 0, mem_stalls = 0;
  };

  void fail(const std::string& what);
  bool report_failure(sim::Failure* f) const;  // failed() with a failure: fills *f, true
  void start_segment();
  void advance_segments();
  void on_drained();
  void on_bus(const sim::ApbMaster::Done& d);
  bool status_ok(uint32_t rdata);
  void on_pixel(const PixelRef& p);
  void sample_cycle(const TopOut& out);
  void final_checks();
  void make_pixel(const PixelRef& p, Pixel* out) const;

  const Stimulus& st_;
  EnvOptions opt_;
  Phase phase_ = Phase::kReset;
  TopIn in_;
  uint64_t cycle_ = 0;
  std::string failure_;
  bool over_ = false;  // phase_ is kDone or failure_ is set: done(), asked several times a cycle
  uint64_t failure_cycle_ = 0;

  sim::ApbMaster bus_;
  sim::Memory mem_;     // timed by the stimulus's PhaseTiming
  sim::Memory ds_mem_;  // the depth-stencil buffer, timed likewise
  sim::StateRegs regs_;
  std::optional<cosim::Scoreboard> sb_;  // replaced at every drain
  bool sb_state_stale_ = false;          // regs_ changed since sb_ last took its state
  Coverage cov_;
  // Bins looked up once (Coverage::id hashes the name): on_pixel() may hit them every pixel.
  Coverage::Id illegal_state_bin_;
  ReuseBins reuse_bins_;
  ReuseRing reuse_ring_;  // the pixels sample_reuse() saw
  PixelBins pixel_bins_;
  CycleBins cycle_bins_;
  BusBins bus_bins_;
  MsPixel ms_pixel_;  // the multisampled pixel the transfers belong to (sample_ms)

  // Segment sequencing.
  SegmentStream segs_;  // at seg_
  size_t seg_ = 0;      // current segment
  uint64_t seg_started_ = 0;
  bool streaming_ = false;  // program done: pixels of the segment may go
  size_t px_ = 0;           // next pixel of the segment
  bool offered_ = false;
  bool gap_loaded_ = false;
  uint32_t gap_left_ = 0;

  Counts exp_;   // from om::ref (scoreboard)
  Counts port_;  // from the port handshakes
  uint64_t pixels_in_ = 0;
  uint64_t last_progress_ = 0;
  uint32_t last_hazard_read_ = 0;
  uint64_t final_started_ = 0;
  bool final_polling_ = false;
  int final_reads_ = 0;
  Perf final_perf_;  // the counters read at the end (PERF_*)
};

}  // namespace om::cosim

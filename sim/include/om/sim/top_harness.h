// SPDX-License-Identifier: Apache-2.0
// Blocking use of one side of the co-simulation (the Verilated om_top or the cycle model om::Top)
// for tests and the driver's rtl and model backends: the side driven cycle by cycle with reset and
// the configuration strap, the one APB4 master (blocking transfers on top of its queue), the pixel
// input stream with seeded random gaps, and the render-target and depth-stencil memories with
// seeded random timing.
// Every blocking call keeps all of them running, so bus transfers overlap pixel traffic exactly as
// on a real system.
#pragma once

#include <cstdint>
#include <deque>
#include <random>
#include <string>

#include "om/ref/hw_state.h"
#include "om/ref/pixel.h"
#include "om/sim/apb_master.h"
#include "om/sim/memory.h"
#include "om/sim/side.h"
#include "om/top_ports.h"

namespace om::sim {

/// One input transfer: a pixel (or a clear command when px.clear) at (x, y).
struct TbPixel {
  uint32_t x = 0;
  uint32_t y = 0;
  ref::PixelIn px;
  uint32_t depth = 0;      // binary32 depth of the sample
  bool front_face = true;  // every non-triangle primitive is front-facing
};

/// The pixel_t transfer of `p`.
Pixel make_pixel(const TbPixel& p);

struct HarnessConfig {
  int cfg_index = 4;        // configuration strap (index into om::kConfigs)
  MemConfig mem;            // memory latency and stalls (both memories, each its own draws)
  double in_valid_p = 1.0;  // probability that a waiting pixel is offered in a cycle
  uint64_t seed = 1;
  std::string waves;  // FST file to write when not empty
};

/// Counts of the port handshakes the harness observed (the perf counters must agree).
struct PortStats {
  uint64_t pixels_in = 0;
  uint64_t rt_reads = 0;
  uint64_t rt_writes = 0;
  uint64_t mem_stall_cycles = 0;  // a request offered but not accepted (PERF_MEM_STALLS)
  uint64_t ds_reads = 0;
  uint64_t ds_writes = 0;
};

class TopHarness {
 public:
  /// Throws std::out_of_range for a strap outside 0..7, std::invalid_argument for bad memory
  /// timing, std::runtime_error when the waves file cannot be written.
  explicit TopHarness(const HarnessConfig& cfg, SideKind kind = SideKind::kRtl);
  TopHarness(const TopHarness&) = delete;
  TopHarness& operator=(const TopHarness&) = delete;

  /// Holds rst_ni low for a few cycles with the strap applied, then releases it.
  void reset();
  /// Holds rst_ni low (true) or releases it (false) from the next step() on.
  void set_reset(bool asserted) { in_.rst_n = !asserted; }
  /// One clock cycle: drive inputs, settle, sample handshakes, rising edge, update the models.
  /// Throws std::runtime_error when the RTL reports an assertion failure or $error.
  void step();
  void run(uint64_t cycles);

  /// Blocking APB4 transfers; the return value / *err is PSLVERR. Throws std::runtime_error when
  /// PREADY does not come within `timeout` cycles.
  bool apb_write(uint32_t addr, uint32_t data, uint64_t timeout = 100000);
  uint32_t apb_read(uint32_t addr, bool* err = nullptr, uint64_t timeout = 100000);
  /// Cycles the last completed APB transfer took from setup to PREADY.
  uint64_t last_apb_cycles() const { return last_apb_cycles_; }

  void push(const TbPixel& p) { queue_.push_back(p); }
  bool input_drained() const { return queue_.empty(); }
  /// Steps until every queued pixel is accepted and STATUS.BUSY reads 0 with no read response
  /// outstanding. Throws std::runtime_error when `stall_limit` cycles pass without progress (a
  /// pixel accepted or a memory transfer).
  void run_until_idle(uint64_t stall_limit = 100000);

  Memory& mem() { return mem_; }
  /// The depth-stencil buffer (ds_* ports).
  Memory& ds_mem() { return ds_mem_; }
  const PortStats& stats() const { return stats_; }
  uint64_t cycle() const { return cycle_; }
  /// Cycles in which in_valid_i was high and in_ready_o low.
  uint64_t input_stall_cycles() const { return in_stall_cycles_; }

 private:
  void drive_pixel();
  /// Grows with every accepted pixel and memory transfer.
  uint64_t progress() const;
  ApbMaster::Done transfer(const BusOp& op, uint64_t timeout, const char* what);

  HarnessConfig cfg_;
  std::unique_ptr<Side> side_;
  Memory mem_;
  Memory ds_mem_;
  ApbMaster bus_;
  std::mt19937_64 rng_;
  std::deque<TbPixel> queue_;
  TopIn in_;
  bool offered_ = false;
  bool bus_done_ = false;  // a transfer completed in the last step()
  ApbMaster::Done last_done_;
  uint64_t cycle_ = 0;
  uint64_t last_apb_cycles_ = 0;
  uint64_t in_stall_cycles_ = 0;
  PortStats stats_;
};

/// Writes every state register of `s`; throws std::runtime_error when a write ends with PSLVERR.
void program_state(TopHarness& h, const State& s);

}  // namespace om::sim

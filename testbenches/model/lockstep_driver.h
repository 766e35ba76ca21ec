// SPDX-License-Identifier: Apache-2.0
// Stimulus of the model-vs-RTL lockstep test: everything random is drawn up front from the seed
// (APB transfers with their gaps, the pixel stream with its gaps, the initial memory image), and
// the platform's memory (sim::Memory with RandomTiming: random latency and ready stalls from its
// own seeded engine) answers the memory ports. Driver is the testbench of the platform's lockstep
// loop (om/sim/lockstep_loop.h): drive() gives the TopIn of the current cycle, observe() takes that
// cycle's TopOut (identical on both sides while they agree) and advances the handshakes: the
// platform's APB4 master (setup, access until PREADY), a valid/ready pixel source that holds an
// offered pixel until it is taken, and the memory. The run ends after LockstepConfig::cycles.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "om/sim/apb_master.h"
#include "om/sim/lockstep_loop.h"
#include "om/sim/memory.h"
#include "om/top_ports.h"

namespace om::tb {

struct LockstepConfig {
  int cfg_index = 4;
  uint64_t seed = 1;
  uint64_t cycles = 100000;
  uint32_t window = 8;      // pixels land mostly in [0, window)^2: address collisions, hazards
  double in_valid_p = 0.8;  // probability that a pixel is offered in a cycle after its gap
  double bus_p = 0.2;       // fraction of APB transfers that are state writes (rest: reads, errors)
  sim::MemConfig mem;
  uint64_t reset_at = 0;  // != 0: rst_n low again for kResetCycles from this cycle (mid-run reset)
};

/// A run's configuration derived from (cfg_index, seed): window, pixel rate, bus mix and memory
/// behaviour vary with the seed.
LockstepConfig lockstep_config(int cfg_index, uint64_t seed, uint64_t cycles);

/// Counts of what a run exercised (so a test can require that it did something).
struct DriverStats {
  uint64_t pixels = 0;
  uint64_t reads = 0;
  uint64_t writes = 0;
  uint64_t ds_reads = 0;
  uint64_t ds_writes = 0;
  uint64_t apb = 0;
  uint64_t apb_errors = 0;
  uint64_t apb_wait_cycles = 0;  // access-phase cycles without PREADY (held state writes)
  uint64_t in_stalls = 0;        // cycles with in_valid && !in_ready
};

class Driver final : public sim::Testbench<TopIn, TopOut> {
 public:
  /// rst_n is low for the first kResetCycles cycles and, with reset_at, again from reset_at.
  static constexpr int kResetCycles = 4;

  explicit Driver(const LockstepConfig& cfg);

  const TopIn& drive() override { return in_; }
  /// Records the handshakes and prepares the next cycle's inputs.
  void observe(const TopOut& out) override;
  uint64_t cycle() const override { return cycle_; }
  bool done() const override { return cycle_ >= cfg_.cycles; }

  const DriverStats& stats() const { return stats_; }

 private:
  bool in_reset(uint64_t c) const;
  void make_inputs();
  sim::BusOp random_apb();
  uint32_t state_value(uint32_t addr, bool coherent);
  void push_program();
  Pixel random_pixel();
  uint32_t random_f32();
  uint32_t ds_state_value(uint32_t addr, bool coherent);

  LockstepConfig cfg_;
  std::mt19937_64 rng_;
  sim::Memory mem_;
  sim::Memory ds_mem_;                   // the depth-stencil buffer
  std::vector<uint32_t> state_regs_;     // offsets of the read-write state registers
  std::vector<uint32_t> uint_formats_;   // DXGI values of the UINT formats
  std::vector<uint32_t> rt_formats_;     // ... of the render-target formats at the configured FL
  std::vector<uint32_t> blend_formats_;  // ... of the BLENDABLE formats at the configured FL
  uint32_t prog_rts_ = 1;                // push_program(): slots bound
  bool prog_loe_ = false;                // push_program(): RT 0's logic op on
  std::vector<sim::BusOp> apb_;          // the bus traffic as generated (the master runs a copy)
  sim::ApbMaster bus_;
  std::vector<Pixel> pixels_;
  std::vector<uint32_t> pixel_gap_;
  size_t pixel_next_ = 0;

  bool offered_ = false;
  uint32_t pixel_wait_ = 0;

  TopIn in_;
  uint64_t cycle_ = 0;
  DriverStats stats_;
};

}  // namespace om::tb

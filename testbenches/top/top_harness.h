// Drives the Verilated om_top (Vom_top) cycle by cycle: clock and reset with the configuration
// strap, an APB4 master (blocking transfers), the pixel input stream with seeded random gaps, and
// the render-target memory model on the read/write ports. Every blocking call keeps all of them
// running, so bus transfers overlap pixel traffic exactly as on a real system.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <random>
#include <string>

#include "mem_model.h"
#include "om/ref/pixel.h"

class Vom_top;
class VerilatedContext;
class VerilatedFstC;

namespace om::tb {

/// One input transfer: a pixel (or a clear command when px.clear) at (x, y).
struct TbPixel {
  uint32_t x = 0;
  uint32_t y = 0;
  ref::PixelIn px;
};

struct HarnessConfig {
  int cfg_index = 4;        // configuration strap (index into om::kConfigs)
  MemConfig mem;            // memory latency and stalls
  double in_valid_p = 1.0;  // probability that a waiting pixel is offered in a cycle
  uint64_t seed = 1;
  std::string waves;  // FST file to write when not empty (OM_WAVES=1 sets it per test)
};

/// Counts of the port handshakes the harness observed (the perf counters must agree).
struct PortStats {
  uint64_t pixels_in = 0;
  uint64_t rt_reads = 0;
  uint64_t rt_writes = 0;
  uint64_t mem_stall_cycles = 0;
};

class TopHarness {
 public:
  explicit TopHarness(const HarnessConfig& cfg);
  ~TopHarness();
  TopHarness(const TopHarness&) = delete;
  TopHarness& operator=(const TopHarness&) = delete;

  /// Holds rst_ni low for a few cycles with the strap applied, then releases it.
  void reset();
  /// One clock cycle: drive inputs, settle, sample handshakes, rising edge, update the models.
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
  /// outstanding. Throws std::runtime_error after `max_cycles`.
  void run_until_idle(uint64_t max_cycles = 2000000);

  MemModel& mem() { return mem_; }
  const PortStats& stats() const { return stats_; }
  uint64_t cycle() const { return cycle_; }
  Vom_top& dut() { return *dut_; }
  /// Cycles in which in_valid_i was high and in_ready_o low.
  uint64_t input_stall_cycles() const { return in_stall_cycles_; }

 private:
  void drive_pixel();
  void check_errors();

  HarnessConfig cfg_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vom_top> dut_;
  std::unique_ptr<VerilatedFstC> trace_;
  MemModel mem_;
  std::mt19937_64 rng_;
  std::deque<TbPixel> queue_;
  bool offered_ = false;
  uint64_t cycle_ = 0;
  uint64_t last_apb_cycles_ = 0;
  uint64_t in_stall_cycles_ = 0;
  bool apb_ready_ = false;  // PREADY / PSLVERR / PRDATA sampled in the last step()
  bool apb_err_ = false;
  uint32_t apb_rdata_ = 0;
  PortStats stats_;
};

/// OM_SEED from the environment, else `fallback`; printed so a failure can be replayed.
uint64_t test_seed(uint64_t fallback);

}  // namespace om::tb

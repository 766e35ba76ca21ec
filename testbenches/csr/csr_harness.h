// SPDX-License-Identifier: Apache-2.0
// The Verilated om_csr on the platform's APB4 master (sim::ApbMaster): reset with a configuration
// strap, read/write transfers that report PSLVERR and wait cycles, a split transfer for watching
// PREADY, and bit access to the state_t output. Waves: OM_WAVES=1 writes <name>.fst into the
// working directory.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "om/gen/csr_storage.h"
#include "om/sim/apb_master.h"

class Vom_csr;
class VerilatedContext;
class VerilatedFstC;

namespace om::tb {

/// Result of one APB transfer.
struct ApbResponse {
  uint32_t data = 0;    // PRDATA in the completing cycle (reads; 0 for writes)
  bool error = false;   // PSLVERR in the completing cycle
  int wait_cycles = 0;  // access-phase cycles with PREADY low before the completing one
};

class CsrHarness {
 public:
  /// Builds the model and holds rst_ni low for two clock edges with cfg_i = `cfg`, then releases it
  /// and sets cfg_i to `cfg_after_reset` (the strap must be ignored out of reset). `wave_name`
  /// names the FST file when OM_WAVES is set.
  CsrHarness(uint32_t cfg, const std::string& wave_name, uint32_t cfg_after_reset = 0);
  ~CsrHarness();
  CsrHarness(const CsrHarness&) = delete;
  CsrHarness& operator=(const CsrHarness&) = delete;

  /// A complete read or write transfer (setup phase, access phase until PREADY). Fails the test
  /// and returns after 1000 wait cycles if PREADY never rises.
  ApbResponse read(uint32_t addr);
  ApbResponse write(uint32_t addr, uint32_t data, uint32_t strb = 0xF);

  /// Split transfer: begin() drives the setup phase and clocks it, leaving the access phase on the
  /// bus; ready() says whether PREADY is high now; finish() clocks the completing edge (PREADY must
  /// be high) and idles the bus.
  void begin(uint32_t addr, bool write, uint32_t data, uint32_t strb = 0xF);
  bool ready();
  ApbResponse finish();

  /// One clock cycle with the current inputs (in a split transfer's access phase: a wait state).
  void tick();

  /// Drives the counters' increment strobes (perf_incr_i) from the next edge on.
  void set_perf(const regs::PerfIncr& incr);

  /// Bits [lsb + width - 1 : lsb] of state_o (width <= 32).
  uint32_t state_bits(int lsb, int width);

  Vom_csr& dut() { return *dut_; }

 private:
  // The master's next pins onto the bus, settled.
  void drive();
  // The clock edge alone.
  void edge();
  ApbResponse transfer(uint32_t addr, bool write, uint32_t data, uint32_t strb);

  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vom_csr> dut_;
  std::unique_ptr<VerilatedFstC> fst_;
  sim::ApbMaster bus_;
  int errors_ = 0;  // RTL assertion failures already reported
};

/// OM_SEED from the environment, else a fixed default; printed so a failure can be replayed.
uint64_t test_seed();

}  // namespace om::tb

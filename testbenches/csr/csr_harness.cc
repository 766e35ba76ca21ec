// SPDX-License-Identifier: Apache-2.0
#include "csr_harness.h"

#include <gtest/gtest.h>
#include <verilated.h>
#include <verilated_fst_c.h>

#include <cstdio>
#include <cstdlib>

#include "Vom_csr.h"

namespace om::tb {

CsrHarness::CsrHarness(uint32_t cfg, const std::string& wave_name, uint32_t cfg_after_reset)
    : ctx_(std::make_unique<VerilatedContext>()) {
  const char* waves = std::getenv("OM_WAVES");
  const bool trace = waves != nullptr && waves[0] != '\0' && waves[0] != '0';
  if (trace) ctx_->traceEverOn(true);
  // RTL assertions ($error) count instead of aborting; tick() turns each into a test failure.
  ctx_->errorLimit(1 << 30);
  dut_ = std::make_unique<Vom_csr>(ctx_.get(), "om_csr");
  if (trace) {
    fst_ = std::make_unique<VerilatedFstC>();
    dut_->trace(fst_.get(), 99);
    fst_->open((wave_name + ".fst").c_str());
  }
  Vom_csr& d = *dut_;
  d.clk_i = 0;
  d.psel_i = 0;
  d.penable_i = 0;
  d.pwrite_i = 0;
  d.paddr_i = 0;
  d.pwdata_i = 0;
  d.pstrb_i = 0;
  d.busy_i = 0;
  d.init_done_i = 1;
  d.perf_pixel_in_i = 0;
  d.perf_rt_read_i = 0;
  d.perf_rt_write_i = 0;
  d.perf_hazard_stall_i = 0;
  d.perf_mem_stall_i = 0;
  d.perf_killed_i = 0;
  d.cfg_i = cfg;
  d.rst_ni = 0;
  d.eval();
  tick();
  tick();
  d.rst_ni = 1;
  d.cfg_i = cfg_after_reset;
  d.eval();
  tick();
}

CsrHarness::~CsrHarness() {
  if (fst_) fst_->close();
  dut_->final();
}

void CsrHarness::tick() {
  Vom_csr& d = *dut_;
  d.clk_i = 1;
  d.eval();
  ctx_->timeInc(5);
  if (fst_) fst_->dump(ctx_->time());
  d.clk_i = 0;
  d.eval();
  ctx_->timeInc(5);
  if (fst_) fst_->dump(ctx_->time());
  if (ctx_->errorCount() != errors_) {
    ADD_FAILURE() << "RTL assertion failed at time " << ctx_->time() << " (message above)";
    errors_ = ctx_->errorCount();
  }
}

void CsrHarness::begin(uint32_t addr, bool write, uint32_t data, uint32_t strb) {
  Vom_csr& d = *dut_;
  d.psel_i = 1;
  d.penable_i = 0;
  d.pwrite_i = write;
  d.paddr_i = addr;
  d.pwdata_i = write ? data : 0;
  d.pstrb_i = write ? strb : 0;
  d.eval();
  tick();
  d.penable_i = 1;
  d.eval();
  waits_ = 0;
}

bool CsrHarness::ready() {
  dut_->eval();
  return dut_->pready_o != 0;
}

ApbResponse CsrHarness::finish() {
  Vom_csr& d = *dut_;
  d.eval();
  ApbResponse r;
  r.data = d.prdata_o;
  r.error = d.pslverr_o != 0;
  r.wait_cycles = waits_;
  EXPECT_TRUE(d.pready_o) << "finish() without PREADY";
  tick();
  d.psel_i = 0;
  d.penable_i = 0;
  d.pwrite_i = 0;
  d.pwdata_i = 0;
  d.pstrb_i = 0;
  d.eval();
  return r;
}

ApbResponse CsrHarness::read(uint32_t addr) {
  begin(addr, false, 0);
  while (!ready()) {
    if (++waits_ > 1000) {
      ADD_FAILURE() << std::hex << "read 0x" << addr << ": PREADY never rose";
      return ApbResponse{0, true, waits_};
    }
    tick();
  }
  return finish();
}

ApbResponse CsrHarness::write(uint32_t addr, uint32_t data, uint32_t strb) {
  begin(addr, true, data, strb);
  while (!ready()) {
    if (++waits_ > 1000) {
      ADD_FAILURE() << std::hex << "write 0x" << addr << ": PREADY never rose";
      return ApbResponse{0, true, waits_};
    }
    tick();
  }
  return finish();
}

uint32_t CsrHarness::state_bits(int lsb, int width) {
  dut_->eval();
  uint32_t v = 0;
  for (int i = 0; i < width; ++i) {
    const int b = lsb + i;
    v |= ((dut_->state_o[b / 32] >> (b % 32)) & 1u) << i;
  }
  return v;
}

uint64_t test_seed() {
  uint64_t seed = 0xC5EED;
  if (const char* env = std::getenv("OM_SEED")) seed = std::strtoull(env, nullptr, 0);
  std::printf("OM_SEED=%llu\n", static_cast<unsigned long long>(seed));
  return seed;
}

}  // namespace om::tb

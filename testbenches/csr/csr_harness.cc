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
  d.busy_i = 0;
  d.init_done_i = 1;
  set_perf({});
  d.cfg_i = cfg;
  d.rst_ni = 0;
  drive();
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

void CsrHarness::drive() {
  sim::ApbMaster::to_ports(bus_.next(), *dut_);
  dut_->eval();
}

void CsrHarness::edge() {
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

void CsrHarness::set_perf(const regs::PerfIncr& incr) {
  dut_->perf_incr_i = regs::pack_perf_incr(incr);
}

void CsrHarness::tick() {
  sim::ApbMaster::Done done;
  if (bus_.active() && !ready() && bus_.sample(false, false, 0, &done)) {
    ADD_FAILURE() << "tick(): a transfer completed without PREADY";
  }
  edge();
}

void CsrHarness::begin(uint32_t addr, bool write, uint32_t data, uint32_t strb) {
  sim::BusOp op;
  op.write = write;
  op.addr = static_cast<uint16_t>(addr);
  op.data = data;
  op.strb = static_cast<uint8_t>(strb);
  bus_.push_back(op);
  drive();  // setup phase
  sim::ApbMaster::Done done;
  bus_.sample(false, false, 0, &done);  // to the access phase
  edge();
  drive();
}

bool CsrHarness::ready() {
  dut_->eval();
  return dut_->pready_o != 0;
}

ApbResponse CsrHarness::finish() {
  Vom_csr& d = *dut_;
  d.eval();
  sim::ApbMaster::Done done;
  ApbResponse r;
  if (bus_.sample(d.pready_o, d.pslverr_o, d.prdata_o, &done)) {
    r.data = done.rdata;
    r.error = done.err;
    r.wait_cycles = static_cast<int>(done.waited);
  } else {
    ADD_FAILURE() << "finish() without PREADY";
    bus_.abort();
    bus_.clear_queue();
  }
  edge();
  drive();
  return r;
}

ApbResponse CsrHarness::transfer(uint32_t addr, bool write, uint32_t data, uint32_t strb) {
  begin(addr, write, data, strb);
  for (int waits = 1; !ready(); ++waits) {
    if (waits > 1000) {
      ADD_FAILURE() << std::hex << (write ? "write 0x" : "read 0x") << addr
                    << ": PREADY never rose";
      bus_.abort();
      bus_.clear_queue();
      drive();
      return ApbResponse{0, true, waits};
    }
    tick();
  }
  return finish();
}

ApbResponse CsrHarness::read(uint32_t addr) { return transfer(addr, false, 0, 0xF); }

ApbResponse CsrHarness::write(uint32_t addr, uint32_t data, uint32_t strb) {
  return transfer(addr, true, data, strb);
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

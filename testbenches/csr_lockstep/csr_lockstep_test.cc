// SPDX-License-Identifier: Apache-2.0
// Lockstep of the register-file cycle model om::Csr against the Verilated RTL om_csr (the library
// of testbenches/csr): identical inputs every cycle, every output port compared every cycle
// (prdata, pready, pslverr, state_write_pending, cfg, cfg_info, the whole state_t image, perf_t).
// Stimulus is generated up front from a seed: APB4 transfers with random gaps and back-to-back
// transfers, every access kind (read-write state registers, capability and counter reads, writes to
// read-only registers, the write-only PERF_CLEAR, unmapped and misaligned addresses, partial byte
// strobes), busy periods that hold state writes, perf-counter strobes, INITIALISED toggles and
// resets with every strap value. The APB master obeys the protocol (it holds a waiting transfer)
// and busy_i never rises in the cycle a taken state write lands (om_csr's snapshot assertion).
// The first divergence stops the test with cycle, port, both values, seed and a reproduce line.
#include <gtest/gtest.h>
#include <verilated.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "Vom_csr.h"
#include "om/csr.h"
#include "om/gen/regs.h"
#include "om/sim/apb_master.h"

namespace om::tb {
namespace {

// Inputs that do not belong to the APB master, one entry per cycle.
struct Side {
  bool rst_n = true;
  uint32_t cfg = 0;
  bool busy = false;
  bool init_done = true;
  uint8_t perf = 0;  // bit i: strobe i (pixel_in, rt_read, rt_write, hazard, mem, killed)
};

struct Stimulus {
  std::vector<sim::BusOp> transfers;
  std::vector<Side> side;
};

uint32_t pick_address(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> kind(0, 99);
  const int k = kind(rng);
  const auto any_reg = [&](regs::Access want, bool any) {
    for (;;) {
      const regs::RegInfo& r = regs::kRegs[rng() % regs::kNumRegs];
      if (any || r.access == want) return r.offset;
    }
  };
  if (k < 40) return any_reg(regs::Access::kRW, false);
  if (k < 58) return any_reg(regs::Access::kR, false);
  if (k < 63) return regs::kPerfClear;
  if (k < 73) {  // unmapped, aligned
    for (;;) {
      const uint32_t a = (rng() % (regs::kSpace / 4)) * 4;
      if (regs::find_reg(a) == nullptr) return a;
    }
  }
  if (k < 83) return any_reg(regs::Access::kRW, true) | (1 + rng() % 3);  // misaligned
  return rng() % regs::kSpace;                                            // anything
}

Stimulus generate(uint64_t seed, int cycles) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Stimulus s;
  // Enough transfers for the cycles (each takes at least two).
  for (int i = 0; i < cycles / 2 + 8; ++i) {
    sim::BusOp t;
    t.gap = u(rng) < 0.5 ? 0 : static_cast<int>(rng() % 4);
    t.write = u(rng) < 0.55;
    t.addr = pick_address(rng);
    t.data = static_cast<uint32_t>(rng());
    if (u(rng) < 0.2) t.data = 0;
    t.strb = u(rng) < 0.7 ? 0xFu : static_cast<uint32_t>(rng() & 0xF);
    s.transfers.push_back(t);
  }
  s.side.resize(cycles);
  bool busy = false;
  bool init_done = true;
  // Cycle 0 runs out of reset on the power-up (zero) registers: Verilator sees no falling edge of
  // rst_ni at time 0, so the asynchronous reset first acts in cycle 1.
  int reset_left = 0;
  uint32_t cfg = static_cast<uint32_t>(rng() % 8);
  for (int c = 0; c < cycles; ++c) {
    Side& sd = s.side[c];
    if (c == 1 || (reset_left == 0 && u(rng) < 0.0015)) {
      reset_left = 1 + static_cast<int>(rng() % 3);
      cfg = static_cast<uint32_t>(rng() % 8);  // 5..7 select the default configuration
    }
    sd.rst_n = reset_left == 0;
    if (reset_left > 0) --reset_left;
    sd.cfg = u(rng) < 0.9 ? cfg : static_cast<uint32_t>(rng() % 8);
    if (u(rng) < (busy ? 0.08 : 0.04)) busy = !busy;  // bursts of tens of cycles
    sd.busy = busy;
    if (u(rng) < 0.01) init_done = !init_done;
    sd.init_done = init_done;
    sd.perf = static_cast<uint8_t>(rng() & rng() & 0x3F);  // each strobe about 1/4 of the cycles
  }
  return s;
}

// Coverage of the run: each kind of outcome must have happened for the test to mean something.
struct Coverage {
  int reads_ok = 0, writes_ok = 0, err_ro_write = 0, err_wo_read = 0, err_unmapped = 0;
  int err_misaligned = 0, held_cycles = 0, perf_clears = 0, resets = 0, partial_strobes = 0;
  int peek_mismatches = 0;  // Csr::read / Csr::writable disagreeing with the bus
};

class CsrLockstep {
 public:
  CsrLockstep(uint64_t seed, int cycles) : seed_(seed), stim_(generate(seed, cycles)) {
    for (const sim::BusOp& t : stim_.transfers) bus_.push_back(t);
    ctx_.errorLimit(1 << 30);  // RTL assertions count; each is a failure below
    rtl_ = std::make_unique<Vom_csr>(&ctx_, "om_csr");
  }
  ~CsrLockstep() { rtl_->final(); }

  // Runs every cycle; returns "" or the first divergence.
  std::string run() {
    for (cycle_ = 0; cycle_ < static_cast<int>(stim_.side.size()); ++cycle_) {
      CsrIn in = inputs();
      drive(in);
      rtl_->clk_i = 0;
      rtl_->eval();
      const CsrOut& o = model_.comb(in);
      std::string diff = compare(o);
      if (!diff.empty()) return diff;
      if (ctx_.errorCount() != 0) return report("RTL assertion", "failed", "-");
      observe(in, o);
      rtl_->clk_i = 1;
      rtl_->eval();
      model_.seq(in);
    }
    return "";
  }

  const Coverage& coverage() const { return cov_; }

 private:
  // This cycle's inputs: the side channels plus the APB master's pins.
  CsrIn inputs() {
    const Side& sd = stim_.side[cycle_];
    CsrIn in;
    in.rst_n = sd.rst_n;
    in.cfg = sd.cfg;
    in.init_done = sd.init_done;
    in.perf_pixel_in = sd.perf & 1;
    in.perf_rt_read = sd.perf & 2;
    in.perf_rt_write = sd.perf & 4;
    in.perf_hazard_stall = sd.perf & 8;
    in.perf_mem_stall = sd.perf & 16;
    in.perf_killed = sd.perf & 32;
    // busy_i must not rise in the cycle a taken state write lands (the RTL asserts the snapshot).
    const CsrRegs& q = model_.regs();
    const bool landing = sd.rst_n && q.cpuif_req && q.cpuif_req_is_wr &&
                         (q.cpuif_addr >> 8) == 0x2u && Csr::writable(q.cpuif_addr);
    in.busy = sd.busy && !landing;
    bus_.drive(in);
    return in;
  }

  void drive(const CsrIn& in) {
    Vom_csr& d = *rtl_;
    d.rst_ni = in.rst_n;
    d.cfg_i = in.cfg;
    d.psel_i = in.psel;
    d.penable_i = in.penable;
    d.pwrite_i = in.pwrite;
    d.paddr_i = in.paddr;
    d.pwdata_i = in.pwdata;
    d.pstrb_i = in.pstrb;
    d.busy_i = in.busy;
    d.init_done_i = in.init_done;
    d.perf_pixel_in_i = in.perf_pixel_in;
    d.perf_rt_read_i = in.perf_rt_read;
    d.perf_rt_write_i = in.perf_rt_write;
    d.perf_hazard_stall_i = in.perf_hazard_stall;
    d.perf_mem_stall_i = in.perf_mem_stall;
    d.perf_killed_i = in.perf_killed;
  }

  std::string compare(const CsrOut& o) {
    const Vom_csr& d = *rtl_;
    if (d.prdata_o != o.prdata) return report("prdata", d.prdata_o, o.prdata);
    if (d.pready_o != o.pready) return report("pready", d.pready_o, o.pready);
    if (d.pslverr_o != o.pslverr) return report("pslverr", d.pslverr_o, o.pslverr);
    if (d.state_write_pending_o != o.state_write_pending) {
      return report("state_write_pending", d.state_write_pending_o, o.state_write_pending);
    }
    if (d.cfg_o != o.cfg) return report("cfg", d.cfg_o, o.cfg);
    const CfgInfoBits ci = pack(o.cfg_info);
    for (size_t w = 0; w < ci.size(); ++w) {
      if (d.cfg_info_o[w] != ci[w])
        return report("cfg_info[w" + std::to_string(w) + "]", d.cfg_info_o[w], ci[w]);
    }
    // perf_t: killed in word 0, mem_stalls 1, hazard_stalls 2, rt_writes 3, rt_reads 4, pixels_in
    // 5, busy bit 192.
    const uint32_t pf[7] = {o.perf.killed,        o.perf.mem_stalls, o.perf.hazard_stalls,
                            o.perf.rt_writes,     o.perf.rt_reads,   o.perf.pixels_in,
                            o.perf.busy ? 1u : 0u};
    for (int w = 0; w < 7; ++w) {
      if (d.perf_o[w] != pf[w])
        return report("perf[w" + std::to_string(w) + "]", d.perf_o[w], pf[w]);
    }
    const StateBits st = pack(o.state);
    for (size_t w = 0; w < st.size(); ++w) {
      if (d.state_o[w] != st[w])
        return report("state[w" + std::to_string(w) + "]", d.state_o[w], st[w]);
    }
    return "";
  }

  // Advances the master and counts what happened (after the outputs matched).
  void observe(const CsrIn& in, const CsrOut& o) {
    if (!in.rst_n && (cycle_ == 0 || stim_.side[cycle_ - 1].rst_n)) ++cov_.resets;
    sim::ApbMaster::Done done;
    if (!bus_.observe(o, &done)) {
      if (in.psel && in.penable && in.busy && o.state_write_pending) ++cov_.held_cycles;
      return;
    }
    const sim::BusOp& op = done.op;
    const regs::RegInfo* r = (op.addr & 3) == 0 ? regs::find_reg(op.addr) : nullptr;
    if ((op.addr & 3) != 0) {
      ++cov_.err_misaligned;
    } else if (r == nullptr) {
      ++cov_.err_unmapped;
    } else if (op.write && r->access == regs::Access::kR) {
      ++cov_.err_ro_write;
    } else if (!op.write && r->access == regs::Access::kW) {
      ++cov_.err_wo_read;
    } else if (op.write) {
      ++cov_.writes_ok;
      if (op.addr == regs::kPerfClear && (op.data & 1) && (op.strb & 1)) ++cov_.perf_clears;
      if (op.strb != 0xF && r->access == regs::Access::kRW) ++cov_.partial_strobes;
    } else {
      ++cov_.reads_ok;
      // Csr::read (Spike's csr_t::read: no side effects) sees what the bus read returns.
      const std::optional<uint32_t> peek = model_.read(op.addr, in);
      if (!peek || *peek != o.prdata) ++cov_.peek_mismatches;
    }
    // Csr::writable agrees with the bus's verdict on writes.
    if (op.write && Csr::writable(op.addr) == o.pslverr) ++cov_.peek_mismatches;
  }

  template <typename A, typename B>
  std::string report(const std::string& port, A rtl, B model) {
    std::ostringstream s;
    s << "first divergence at cycle " << cycle_ << ", port " << port << ": rtl 0x" << std::hex
      << static_cast<uint64_t>(rtl) << ", model 0x" << static_cast<uint64_t>(model) << std::dec
      << "\n  seed " << seed_ << "; reproduce: OM_SEED=" << seed_
      << " build/<preset>/bin/om_csr_lockstep_tests --gtest_filter='Seeds/CsrLockstepTest.*/0'";
    return s.str();
  }
  std::string report(const std::string& port, const char* rtl, const char* model) {
    std::ostringstream s;
    s << "cycle " << cycle_ << ": " << port << " " << rtl << " " << model << " (seed " << seed_
      << ")";
    return s.str();
  }

  uint64_t seed_;
  Stimulus stim_;
  VerilatedContext ctx_;
  std::unique_ptr<Vom_csr> rtl_;
  Csr model_;
  int cycle_ = 0;
  sim::ApbMaster bus_;
  Coverage cov_;
};

uint64_t base_seed() {
  uint64_t seed = 0x0C5A11;
  if (const char* env = std::getenv("OM_SEED")) seed = std::strtoull(env, nullptr, 0);
  return seed;
}

class CsrLockstepTest : public ::testing::TestWithParam<int> {};

TEST_P(CsrLockstepTest, EveryOutputMatchesEveryCycleOnRandomApbTraffic) {
  const uint64_t seed = base_seed() + static_cast<uint64_t>(GetParam());
  std::printf("OM_SEED=%llu\n", static_cast<unsigned long long>(seed));
  constexpr int kCycles = 60000;
  CsrLockstep ls(seed, kCycles);
  const std::string diff = ls.run();
  ASSERT_EQ(diff, "");
  const Coverage& c = ls.coverage();
  std::printf(
      "reads %d writes %d ro-writes %d wo-reads %d unmapped %d misaligned %d held %d "
      "perf-clears %d partial-strobes %d resets %d\n",
      c.reads_ok, c.writes_ok, c.err_ro_write, c.err_wo_read, c.err_unmapped, c.err_misaligned,
      c.held_cycles, c.perf_clears, c.partial_strobes, c.resets);
  EXPECT_GT(c.reads_ok, 100);
  EXPECT_GT(c.writes_ok, 100);
  EXPECT_GT(c.err_ro_write, 10);
  EXPECT_GT(c.err_wo_read, 2);
  EXPECT_GT(c.err_unmapped, 10);
  EXPECT_GT(c.err_misaligned, 10);
  EXPECT_GT(c.held_cycles, 10);
  EXPECT_GT(c.perf_clears, 2);
  EXPECT_GT(c.partial_strobes, 10);
  EXPECT_GT(c.resets, 10);
  EXPECT_EQ(c.peek_mismatches, 0);
}

INSTANTIATE_TEST_SUITE_P(Seeds, CsrLockstepTest, ::testing::Range(0, 4));

}  // namespace
}  // namespace om::tb

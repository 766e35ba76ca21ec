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
// Both sides run on the platform's lockstep loop (om/sim/lockstep_loop.h, the co-simulation's),
// over the image of om_csr's outputs (CsrPins), with this test's stimulus as its testbench. The
// first divergence or RTL assertion stops the test with cycle, port, both values, seed and a
// reproduce line.
#include <gtest/gtest.h>
#include <verilated.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "Vom_csr.h"
#include "om/csr.h"
#include "om/gen/csr_storage.h"
#include "om/gen/regs.h"
#include "om/sim/apb_master.h"
#include "om/sim/lockstep_loop.h"

namespace om::tb {
namespace {

// Inputs that do not belong to the APB master, one entry per cycle.
struct OtherInputs {
  bool rst_n = true;
  uint32_t cfg = 0;
  bool busy = false;
  bool init_done = true;
  uint32_t perf = 0;  // bit i: the strobe of regs::kPerfCounters[i]
};

struct Stimulus {
  std::vector<sim::BusOp> transfers;
  std::vector<OtherInputs> side;
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
    OtherInputs& sd = s.side[c];
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
    // Each strobe about 1/4 of the cycles.
    sd.perf = static_cast<uint32_t>(rng() & rng() & ((uint64_t{1} << regs::kNumPerfCounters) - 1));
  }
  return s;
}

// Every output of om_csr as the RTL presents it: the wide ports as their packed word images.
struct CsrPins {
  uint32_t prdata = 0;
  bool pready = false;
  bool pslverr = false;
  bool state_write_pending = false;
  uint32_t cfg = 0;
  CfgInfoBits cfg_info{};
  PerfBits perf{};
  StateBits state{};
};

std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

// The first field in which `a` and `b` differ as "port: a vs b" (ports in declaration order, the
// wide ones by word), or "".
std::string diff(const CsrPins& a, const CsrPins& b) {
  const auto one = [](const std::string& port, uint64_t x, uint64_t y) {
    return x == y ? std::string() : port + ": " + hex(x) + " vs " + hex(y);
  };
  const auto words = [](const std::string& port, const auto& x, const auto& y) {
    for (size_t w = 0; w < x.size(); ++w) {
      if (x[w] != y[w])
        return port + "[w" + std::to_string(w) + "]: " + hex(x[w]) + " vs " + hex(y[w]);
    }
    return std::string();
  };
  for (const std::string& d :
       {one("prdata", a.prdata, b.prdata), one("pready", a.pready, b.pready),
        one("pslverr", a.pslverr, b.pslverr),
        one("state_write_pending", a.state_write_pending, b.state_write_pending),
        one("cfg", a.cfg, b.cfg), words("cfg_info", a.cfg_info, b.cfg_info),
        words("perf", a.perf, b.perf), words("state", a.state, b.state)}) {
    if (!d.empty()) return d;
  }
  return "";
}

bool operator!=(const CsrPins& a, const CsrPins& b) {
  return a.prdata != b.prdata || a.pready != b.pready || a.pslverr != b.pslverr ||
         a.state_write_pending != b.state_write_pending || a.cfg != b.cfg ||
         a.cfg_info != b.cfg_info || a.perf != b.perf || a.state != b.state;
}

std::string to_string(const CsrPins& o) {
  std::ostringstream s;
  s << "prdata " << hex(o.prdata) << " pready " << o.pready << " pslverr " << o.pslverr
    << " state_write_pending " << o.state_write_pending << " cfg " << o.cfg << " cfg_info";
  for (uint32_t w : o.cfg_info) s << " " << hex(w);
  s << " perf";
  for (uint32_t w : o.perf) s << " " << hex(w);
  s << " state";
  for (uint32_t w : o.state) s << " " << hex(w);
  return s.str();
}

// The Verilated om_csr.
class CsrRtlSide final : public sim::BasicSide<CsrIn, CsrPins> {
 public:
  CsrRtlSide() {
    ctx_.errorLimit(1 << 30);  // RTL assertions count; take_error() reports them
    rtl_ = std::make_unique<Vom_csr>(&ctx_, "om_csr");
  }
  ~CsrRtlSide() override { rtl_->final(); }
  CsrRtlSide(const CsrRtlSide&) = delete;
  CsrRtlSide& operator=(const CsrRtlSide&) = delete;

  std::string name() const override { return "rtl"; }
  const CsrPins& eval(const CsrIn& in) override {
    Vom_csr& d = *rtl_;
    d.rst_ni = in.rst_n;
    d.cfg_i = in.cfg;
    sim::ApbMaster::to_ports(in, d);
    d.busy_i = in.busy;
    d.init_done_i = in.init_done;
    d.perf_incr_i = regs::pack_perf_incr(in.perf_incr);
    d.clk_i = 0;
    d.eval();
    out_.prdata = d.prdata_o;
    out_.pready = d.pready_o;
    out_.pslverr = d.pslverr_o;
    out_.state_write_pending = d.state_write_pending_o;
    out_.cfg = d.cfg_o;
    for (size_t w = 0; w < out_.cfg_info.size(); ++w) out_.cfg_info[w] = d.cfg_info_o[w];
    for (size_t w = 0; w < out_.perf.size(); ++w) out_.perf[w] = d.perf_o[w];
    for (size_t w = 0; w < out_.state.size(); ++w) out_.state[w] = d.state_o[w];
    return out_;
  }
  void tick() override {
    rtl_->clk_i = 1;
    rtl_->eval();
  }
  std::string take_error() override {
    if (ctx_.errorCount() == errors_) return "";
    errors_ = ctx_.errorCount();
    return "RTL assertion failed (message above)";
  }

 private:
  VerilatedContext ctx_;
  std::unique_ptr<Vom_csr> rtl_;
  CsrPins out_;
  int errors_ = 0;
};

// The cycle model om::Csr, its outputs packed as the RTL's.
class CsrModelSide final : public sim::BasicSide<CsrIn, CsrPins> {
 public:
  std::string name() const override { return "model"; }
  const CsrPins& eval(const CsrIn& in) override {
    in_ = in;
    const CsrOut& o = model_.comb(in);
    out_.prdata = o.prdata;
    out_.pready = o.pready;
    out_.pslverr = o.pslverr;
    out_.state_write_pending = o.state_write_pending;
    out_.cfg = o.cfg;
    out_.cfg_info = pack(o.cfg_info);
    out_.perf = pack(o.perf);
    out_.state = pack(o.state);
    return out_;
  }
  void tick() override { model_.seq(in_); }
  const Csr& csr() const { return model_; }

 private:
  Csr model_;
  CsrIn in_;
  CsrPins out_;
};

// Coverage of the run: each kind of outcome must have happened for the test to mean something.
struct Coverage {
  int reads_ok = 0, writes_ok = 0, err_ro_write = 0, err_wo_read = 0, err_unmapped = 0;
  int err_misaligned = 0, held_cycles = 0, perf_clears = 0, resets = 0, partial_strobes = 0;
  int peek_mismatches = 0;  // Csr::read / Csr::writable disagreeing with the bus
};

// The testbench: the stimulus through the APB master, and the coverage of what happened. It reads
// the model's registers (the busy rule below) and peeks at it (Csr::read, Csr::writable).
class CsrBench final : public sim::Testbench<CsrIn, CsrPins> {
 public:
  CsrBench(uint64_t seed, int cycles, const Csr& model)
      : seed_(seed), stim_(generate(seed, cycles)), model_(model) {
    for (const sim::BusOp& t : stim_.transfers) bus_.push_back(t);
  }

  // This cycle's inputs: the side channels plus the APB master's pins.
  const CsrIn& drive() override {
    const OtherInputs& sd = stim_.side[cycle_];
    CsrIn& in = in_;
    in = CsrIn{};
    in.rst_n = sd.rst_n;
    in.cfg = sd.cfg;
    in.init_done = sd.init_done;
    for (int i = 0; i < regs::kNumPerfCounters; ++i) {
      in.perf_incr.*regs::kPerfCounters[i].incr = (sd.perf >> i) & 1u;
    }
    // busy_i must not rise in the cycle a taken state write lands (the RTL asserts the snapshot).
    const CsrRegs& q = model_.regs();
    const bool landing = sd.rst_n && q.cpuif_req && q.cpuif_req_is_wr &&
                         (q.cpuif_addr >> 8) == 0x2u && Csr::writable(q.cpuif_addr);
    in.busy = sd.busy && !landing;
    bus_.drive(in);
    return in;
  }

  // Advances the master and counts what happened (after the outputs matched).
  void observe(const CsrPins& o) override {
    const CsrIn& in = in_;
    const uint64_t c = cycle_++;
    if (!in.rst_n && (c == 0 || stim_.side[c - 1].rst_n)) ++cov_.resets;
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

  uint64_t cycle() const override { return cycle_; }
  bool done() const override { return cycle_ >= stim_.side.size(); }
  std::string describe() const override { return "seed " + std::to_string(seed_); }

  const Coverage& coverage() const { return cov_; }

 private:
  uint64_t seed_;
  Stimulus stim_;
  const Csr& model_;
  CsrIn in_;
  uint64_t cycle_ = 0;
  sim::ApbMaster bus_;
  Coverage cov_;
};

// Runs every cycle; returns "" or the first divergence or assertion, with its reproduce line.
std::string run(uint64_t seed, int cycles, Coverage* cov) {
  CsrRtlSide rtl;
  CsrModelSide model;
  CsrBench bench(seed, cycles, model.csr());
  sim::LockstepLoop<CsrIn, CsrPins> loop(bench, rtl, &model);
  while (loop.cycle()) {
  }
  *cov = bench.coverage();
  if (loop.failures().empty()) return "";
  const sim::Failure& f = loop.failures().front();
  std::ostringstream s;
  s << "first " << f.kind << " at cycle " << f.cycle << ": " << sim::summary(f) << "\n  seed "
    << seed << "; reproduce: OM_SEED=" << seed
    << " build/<preset>/bin/om_csr_lockstep_tests --gtest_filter='Seeds/CsrLockstepTest.*/0'";
  return s.str();
}

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
  Coverage c;
  ASSERT_EQ(run(seed, kCycles, &c), "");
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

// SPDX-License-Identifier: Apache-2.0
// The checkers check: every output fault of the mutation switch (sim::make_faulty) must be
// reported, by the lockstep as a divergence at the faulted port when the model runs against the
// RTL, and by the scoreboard or the bus check when the faulted model runs alone. A checker that
// stops comparing passes every clean run; only a run with a known fault shows it.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "om/cosim/lockstep.h"
#include "om/cosim/stimulus.h"

namespace om::cosim {
namespace {

RunResult run_fault(const std::string& fault, bool two_sides,
                    const std::string& profile = "default") {
  StimConfig sc;
  sc.cfg_index = kDefaultConfig;
  sc.seed = 3;
  sc.cycles = 20000;
  sc.profile = profile;
  RunOptions o;
  o.fault = fault;
  o.time_sides = false;
  o.two_sides = two_sides;
  o.a = two_sides ? sim::SideKind::kRtl : sim::SideKind::kModel;
  const Stimulus st = generate(sc);  // the lockstep holds a reference
  Lockstep l(st, o);
  l.step(UINT64_MAX);
  return l.finish();
}

// The model alone on the same stimulus with `fault` on its outputs.
RunResult run_model_with(std::unique_ptr<sim::Side::Fault> fault, RunOptions o = {}) {
  StimConfig sc;
  sc.cfg_index = kDefaultConfig;
  sc.seed = 3;
  sc.cycles = 20000;
  o.time_sides = false;
  const Stimulus st = generate(sc);
  std::unique_ptr<sim::Side> side = sim::make_side(sim::SideKind::kModel, false);
  side->set_fault(std::move(fault));
  Lockstep l(st, o, std::move(side), nullptr);
  l.step(UINT64_MAX);
  return l.finish();
}

struct PortFault {
  const char* fault;
  const char* port;  // how the divergence names the faulted output
};

class LockstepFault : public ::testing::TestWithParam<PortFault> {};

TEST_P(LockstepFault, IsADivergenceAtTheFaultedPort) {
  const RunResult r = run_fault(GetParam().fault, true);
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_EQ(r.failures[0].kind, "divergence") << r.failures[0].message;
  EXPECT_EQ(r.failures[0].field.rfind(GetParam().port, 0), 0u) << r.failures[0].field;
}

INSTANTIATE_TEST_SUITE_P(
    Faults, LockstepFault,
    ::testing::Values(PortFault{"wr_data", "mem_wr_data_o"}, PortFault{"rd_addr", "mem_rd_addr_o"},
                      PortFault{"prdata", "prdata_o"}, PortFault{"in_ready", "in_ready_o"}),
    [](const ::testing::TestParamInfo<PortFault>& i) { return std::string(i.param.fault); });

// Found when the segment drains, not only by the final check: each segment starts over with new
// memory contents, so the check at its end is the only one that sees its writes.
TEST(AloneFault, AWrongWrittenTexelIsAScoreboardFailureAtTheEndOfItsSegment) {
  const RunResult r = run_fault("wr_data", false);
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_EQ(r.failures[0].kind, "scoreboard") << r.failures[0].message;
  EXPECT_NE(r.failures[0].message.find("render-target memory differs from om::ref before segment"),
            std::string::npos)
      << r.failures[0].message;
}

TEST(AloneFault, AReadOfTheWrongAddressIsAScoreboardFailure) {
  const RunResult r = run_fault("rd_addr", false, "blend");
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_EQ(r.failures[0].kind, "scoreboard") << r.failures[0].message;
}

TEST(AloneFault, AWrongStateRegisterReadIsABusFailure) {
  // Armed where the third read after it reads back a state register.
  const RunResult r = run_fault("prdata@7000", false);
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_NE(r.failures[0].message.find("bus: read of"), std::string::npos) << r.failures[0].message;
}

TEST(AloneFault, AWrongCapabilityRegisterReadIsABusFailure) {
  // Armed where the third read after it reads CAP_D3D9_NUMRT: the configuration's value is the
  // check, with no second side to compare against.
  const RunResult r = run_fault("prdata@7500", false);
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_NE(r.failures[0].message.find("bus: read of CAP_D3D9_NUMRT returned 0x00000005, "
                                       "configuration fl11_1 reports 0x00000004"),
            std::string::npos)
      << r.failures[0].message;
}

TEST(AloneFault, NoFaultNoFailure) {
  for (const char* profile : {"default", "blend", "bus"}) {
    EXPECT_TRUE(run_fault("", false, profile).failures.empty()) << profile;
  }
}

// A side that stops handshaking at cycle `from` (no pixel taken, no request, no bus completion):
// the run must end with the testbench's no-progress check, not hang or pass.
class Freeze final : public sim::Side::Fault {
 public:
  explicit Freeze(uint64_t from) : from_(from) {}
  void apply(const TopIn& /*in*/, TopOut& out) override {
    if (cycle_ < from_) return;
    out.in_ready = out.pready = false;
    out.mem_rd_valid = out.mem_wr_valid = out.ds_rd_valid = out.ds_wr_valid = false;
  }
  void edge(const TopIn& /*in*/, const TopOut& /*out*/) override { ++cycle_; }
  std::unique_ptr<Fault> clone() const override { return std::make_unique<Freeze>(*this); }
  bool fired() const override { return cycle_ > from_; }

 private:
  uint64_t from_, cycle_ = 0;
};

TEST(AloneFault, ASideThatStopsHandshakingIsANoProgressFailure) {
  RunOptions o;
  o.env.hang_limit = 3000;
  const RunResult r = run_model_with(std::make_unique<Freeze>(5000), o);
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_NE(r.failures[0].message.find("no progress: no pixel, memory or bus handshake for 3000"),
            std::string::npos)
      << r.failures[0].message;
  // The last handshake came before cycle 5000, so the check fires within 3000 cycles after it.
  EXPECT_GT(r.failures[0].cycle, 3000u);
  EXPECT_LE(r.failures[0].cycle, 8001u);
}

// A side whose STATUS reads lose INITIALISED from cycle `from` on (a read's access phase with
// PREADY high), as if om_top were not initialised.
class Uninitialised final : public sim::Side::Fault {
 public:
  explicit Uninitialised(uint64_t from) : from_(from) {}
  void apply(const TopIn& in, TopOut& out) override {
    if (cycle_ < from_ || !(in.psel && in.penable && !in.pwrite && out.pready)) return;
    if (in.paddr != regs::kStatus) return;
    out.prdata &= ~regs::status::kInitialised.mask();
    fired_ = true;
  }
  void edge(const TopIn& /*in*/, const TopOut& /*out*/) override { ++cycle_; }
  std::unique_ptr<Fault> clone() const override { return std::make_unique<Uninitialised>(*this); }
  bool fired() const override { return fired_; }

 private:
  uint64_t from_, cycle_ = 0;
  bool fired_ = false;
};

// Polls and traffic read STATUS: a side running alone must still show INITIALISED there.
TEST(AloneFault, AStatusReadWithoutInitialisedIsABusFailure) {
  const RunResult r = run_model_with(std::make_unique<Uninitialised>(2000));
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_NE(r.failures[0].message.find("bus: read of STATUS returned 0x0000000"), std::string::npos)
      << r.failures[0].message;
  EXPECT_GE(r.failures[0].cycle, 2000u);
}

}  // namespace
}  // namespace om::cosim

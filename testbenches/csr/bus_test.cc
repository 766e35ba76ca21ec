// SPDX-License-Identifier: Apache-2.0
// Bus errors of om_csr: writes to read-only registers, reads of the write-only PERF_CLEAR, accesses
// to every unmapped word and to misaligned addresses end with PSLVERR, read data 0, no wait state,
// and leave every register unchanged (all read back after each bad write).
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "Vom_csr.h"
#include "csr_harness.h"
#include "om/gen/defs.h"
#include "om/gen/regs.h"

namespace om::tb {
namespace {

using regs::Access;

// Every readable register's value.
std::map<uint32_t, uint32_t> snapshot(CsrHarness& h) {
  std::map<uint32_t, uint32_t> s;
  for (const regs::RegInfo& r : regs::kRegs) {
    if (r.access == Access::kW) continue;
    const ApbResponse rsp = h.read(r.offset);
    EXPECT_FALSE(rsp.error) << r.name;
    s[r.offset] = rsp.data;
  }
  return s;
}

// Gives every read-write register a random non-reset value so that a stray write would show.
void randomise_state(CsrHarness& h, std::mt19937& rng) {
  for (const regs::RegInfo& r : regs::kRegs) {
    if (r.access != Access::kRW) continue;
    uint32_t v;
    do {
      v = rng() & r.write_mask;
    } while (v == r.reset);
    const ApbResponse rsp = h.write(r.offset, v);
    EXPECT_FALSE(rsp.error) << r.name;
  }
}

void expect_bus_error(const ApbResponse& r, const std::string& what) {
  EXPECT_TRUE(r.error) << what;
  EXPECT_EQ(r.data, 0u) << what;
  EXPECT_EQ(r.wait_cycles, 0) << what;
}

class BusErrorTest : public ::testing::TestWithParam<int> {};

TEST_P(BusErrorTest, WritesToReadOnlyRegistersFailAndChangeNothing) {
  std::mt19937 rng(static_cast<uint32_t>(test_seed()));
  CsrHarness h(GetParam(), "csr_bus_ro");
  randomise_state(h, rng);
  const auto before = snapshot(h);
  int n = 0;
  for (const regs::RegInfo& r : regs::kRegs) {
    if (r.access != Access::kR) continue;
    for (uint32_t data : {0xFFFFFFFFu, 0x00000000u, static_cast<uint32_t>(rng())}) {
      expect_bus_error(h.write(r.offset, data), std::string("write to ") + r.name);
      ++n;
    }
    EXPECT_EQ(snapshot(h), before) << "after writes to " << r.name;
  }
  EXPECT_EQ(n, 3 * (8 + 116 + 1 + 6));  // caps, STATUS, six counters
}

TEST_P(BusErrorTest, UnmappedAddressesFailAndChangeNothing) {
  std::mt19937 rng(static_cast<uint32_t>(test_seed()) + 1);
  CsrHarness h(GetParam(), "csr_bus_unmapped");
  randomise_state(h, rng);
  const auto before = snapshot(h);
  int unmapped = 0;
  for (uint32_t off = 0; off < regs::kSpace; off += 4) {
    if (regs::find_reg(off) != nullptr) continue;
    ++unmapped;
    expect_bus_error(h.read(off), "read of unmapped offset " + std::to_string(off));
    expect_bus_error(h.write(off, rng()), "write to unmapped offset " + std::to_string(off));
    // Window boundaries and the state window are where aliasing would hurt: check them at once.
    if ((off & 0xFF) == 0xFC || (off >= 0x200 && off < 0x300)) {
      EXPECT_EQ(snapshot(h), before) << "after accesses to " << off;
    }
  }
  EXPECT_EQ(snapshot(h), before);
  // 1024 words minus 8 + 116 caps, 12 + 8 * 4 + 7 (depth-stencil) + 1 (MS_CTRL) state, 8
  // status/perf registers.
  EXPECT_EQ(unmapped, 1024 - 124 - 52 - 8);
}

TEST_P(BusErrorTest, MisalignedAccessesFailAndChangeNothing) {
  std::mt19937 rng(static_cast<uint32_t>(test_seed()) + 2);
  CsrHarness h(GetParam(), "csr_bus_misaligned");
  randomise_state(h, rng);
  const auto before = snapshot(h);
  for (const regs::RegInfo& r : regs::kRegs) {
    for (uint32_t low = 1; low < 4; ++low) {
      expect_bus_error(h.read(r.offset + low), std::string("misaligned read of ") + r.name);
      expect_bus_error(h.write(r.offset + low, rng()),
                       std::string("misaligned write to ") + r.name);
    }
  }
  EXPECT_EQ(snapshot(h), before);
}

TEST_P(BusErrorTest, ReadOfWriteOnlyPerfClearFails) {
  CsrHarness h(GetParam(), "csr_bus_wo");
  const regs::PerfCounter& c = regs::kPerfCounters[0];
  regs::PerfIncr incr;
  incr.*c.incr = true;
  h.set_perf(incr);
  for (int i = 0; i < 5; ++i) h.tick();
  h.set_perf({});
  expect_bus_error(h.read(regs::kPerfClear), "read of PERF_CLEAR");
  EXPECT_EQ(h.read(c.offset).data, 5u) << "a read of PERF_CLEAR must not clear " << c.name;
}

TEST_P(BusErrorTest, GoodTransfersHaveNoWaitStatesAndNoError) {
  CsrHarness h(GetParam(), "csr_bus_good");
  for (const regs::RegInfo& r : regs::kRegs) {
    if (r.access != Access::kW) {
      const ApbResponse rd = h.read(r.offset);
      EXPECT_FALSE(rd.error) << r.name;
      EXPECT_EQ(rd.wait_cycles, 0) << r.name;
    }
    if (r.access != Access::kR) {
      const ApbResponse wr = h.write(r.offset, r.reset);
      EXPECT_FALSE(wr.error) << r.name;
      EXPECT_EQ(wr.wait_cycles, 0) << r.name;
      EXPECT_EQ(wr.data, 0u) << r.name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Configs, BusErrorTest, ::testing::Values(0, kDefaultConfig),
                         [](const ::testing::TestParamInfo<int>& p) {
                           return std::string(kConfigs[p.param].name);
                         });

}  // namespace
}  // namespace om::tb

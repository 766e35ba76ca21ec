// SPDX-License-Identifier: Apache-2.0
// The register bus of every backend: the accesses the register block refuses (docs/registers.md:
// unmapped, misaligned, a read of a write-only and a write of a read-only register) end with a
// slave error, never as a good transfer or a timeout, and a mapped access ends without one.
#include <string>

#include "fixture.h"
#include "om/gen/regs.h"

namespace om::driver::test {
namespace {

class BusStatusTest : public DriverTest {
 protected:
  static uint32_t first_unmapped() {
    for (uint32_t a = 0; a < regs::kSpace; a += 4) {
      if (regs::find_reg(a) == nullptr) return a;
    }
    ADD_FAILURE() << "no unmapped offset below kSpace";
    return 0;
  }
  static uint32_t first_with(regs::Access access) {
    for (const regs::RegInfo& r : regs::kRegs) {
      if (r.access == access) return r.offset;
    }
    ADD_FAILURE() << "no register of that access";
    return 0;
  }
  void expect(BusResult r, BusStatus want, const std::string& what) {
    EXPECT_EQ(r.status, want) << what << ": " << to_string(r.status);
    if (want == BusStatus::kSlaveError) {
      EXPECT_EQ(r.data, 0u) << what;
    }
  }
};

TEST_P(BusStatusTest, RefusedAccessesEndWithASlaveError) {
  RegisterBus& bus = be().bus();
  const uint32_t unmapped = first_unmapped();
  expect(bus.read(unmapped), BusStatus::kSlaveError, "read of unmapped offset");
  expect(bus.write(unmapped, 1), BusStatus::kSlaveError, "write of unmapped offset");
  expect(bus.read(regs::kStatus + 2), BusStatus::kSlaveError, "misaligned read");
  expect(bus.read(first_with(regs::Access::kW)), BusStatus::kSlaveError,
         "read of a write-only register");
  expect(bus.write(first_with(regs::Access::kR), 1), BusStatus::kSlaveError,
         "write of a read-only register");
  expect(bus.read(regs::kStatus), BusStatus::kOk, "read of STATUS");
}

INSTANTIATE_TEST_SUITE_P(Backends, BusStatusTest, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

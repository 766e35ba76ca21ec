// SPDX-License-Identifier: Apache-2.0
// om::driver::draw over host arrays: arrays that do not describe a draw (more outputs than render
// targets, more depths per pixel than samples, no coordinates) are refused before anything is
// drawn, on every backend; arrays that do draw as Device::draw does.
#include "om/driver/host_arrays.h"

#include <stdexcept>
#include <vector>

#include "fixture.h"

namespace om::driver::test {
namespace {

class HostArrays : public DriverTest {};

TEST_P(HostArrays, ArraysThatDescribeNoDrawAreRefusedAndDrawNothing) {
  bind({Format::R8G8B8A8_UNORM});
  declare_outputs(0x1);
  ASSERT_EQ(dev().clear_perf_counters(), Hresult::S_OK);
  const std::vector<uint32_t> x = {1}, y = {1}, z(kMaxSamples + 1, f(0.5f));
  const std::vector<uint32_t> oc((ref::kMaxRts + 1) * 4, f(0.25f));
  PixelArrays p;
  p.n = 1;
  p.x = x.data();
  p.y = y.data();
  p.oc = oc.data();
  p.outputs = ref::kMaxRts + 1;
  EXPECT_THROW(draw(dev(), p), std::invalid_argument);
  p.outputs = 0;
  EXPECT_THROW(draw(dev(), p), std::invalid_argument);
  p.outputs = 1;
  p.z = z.data();
  p.z_samples = kMaxSamples + 1;
  EXPECT_THROW(draw(dev(), p), std::invalid_argument);
  p.z_samples = 0;
  EXPECT_THROW(draw(dev(), p), std::invalid_argument);
  p.z = nullptr;
  p.x = nullptr;
  EXPECT_THROW(draw(dev(), p), std::invalid_argument);
  PerfCounters pc;
  ASSERT_EQ(dev().read_perf_counters(&pc), Hresult::S_OK);
  EXPECT_EQ(pc.pixels_in, 0u);

  p.x = x.data();
  ASSERT_EQ(draw(dev(), p), Hresult::S_OK) << dev().last_error();
  ASSERT_EQ(dev().read_perf_counters(&pc), Hresult::S_OK);
  EXPECT_EQ(pc.pixels_in, 1u);  // a single-sample view: one transfer
}

INSTANTIATE_TEST_SUITE_P(Backends, HostArrays, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

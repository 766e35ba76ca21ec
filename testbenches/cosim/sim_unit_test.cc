// SPDX-License-Identifier: Apache-2.0
// Unit tests of the platform's memory contents (sim::Image) and the blocking harness's watchdog.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "om/sim/image.h"
#include "om/sim/top_harness.h"

namespace om::sim {
namespace {

ref::Texel texel(uint32_t v) { return ref::Texel{{v, ~v, v * 3, 7}}; }

TEST(Image, ReadsZeroWhereNeverWrittenAndCountsWrittenAddressesOnce) {
  Image im;
  EXPECT_EQ(im.get(12345), ref::Texel{});
  EXPECT_FALSE(im.contains(12345));
  im.set(12345, texel(1));
  im.set(12345, texel(2));
  im.set(0, ref::Texel{});  // written, even as zero
  EXPECT_EQ(im.get(12345), texel(2));
  EXPECT_TRUE(im.contains(0));
  EXPECT_FALSE(im.contains(12344));
  EXPECT_EQ(im.size(), 2u);
  im.clear();
  EXPECT_TRUE(im.empty());
  EXPECT_EQ(im.get(12345), ref::Texel{});
}

TEST(Image, VisitsWrittenAddressesInAscendingOrder) {
  Image im;
  const std::vector<uint32_t> addrs = {0x7FFFFFFFu, 5, 0x10000, 255, 256, 4};
  for (uint32_t a : addrs) im.set(a, texel(a));
  std::vector<uint32_t> seen;
  im.for_each([&](uint32_t a, const ref::Texel& t) {
    EXPECT_EQ(t, texel(a));
    seen.push_back(a);
  });
  EXPECT_EQ(seen, (std::vector<uint32_t>{4, 5, 255, 256, 0x10000, 0x7FFFFFFFu}));
}

TEST(Image, ACopyIsIndependentOfLaterWritesOnEitherSide) {
  Image a;
  a.set(10, texel(1));
  Image b = a;
  b.set(10, texel(2));
  a.set(11, texel(3));
  EXPECT_EQ(a.get(10), texel(1));
  EXPECT_EQ(b.get(10), texel(2));
  EXPECT_FALSE(b.contains(11));
  EXPECT_EQ(a.size(), 2u);
  EXPECT_EQ(b.size(), 1u);
}

TEST(TopHarness, RunUntilIdleFailsWhenTheOmMakesNoProgressAndNamesIt) {
  HarnessConfig c;
  c.cfg_index = 4;
  c.in_valid_p = 1e-12;  // the pixel is (as good as) never offered: nothing moves
  TopHarness h(c, SideKind::kModel);
  h.reset();
  h.push(TbPixel{});
  try {
    h.run_until_idle(500);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no pixel accepted and no memory transfer for 500 cycles"),
              std::string::npos)
        << e.what();
  }
}

TEST(TopHarness, RunUntilIdleWaitsAsLongAsTheOmMakesProgress) {
  HarnessConfig c;
  c.cfg_index = 4;
  c.in_valid_p = 0.5;
  TopHarness h(c, SideKind::kModel);
  h.reset();
  for (int i = 0; i < 3000; ++i) h.push(TbPixel{});  // no RT bound: each pixel is accepted alone
  h.run_until_idle(50);  // far more cycles in total than the stall limit
  EXPECT_EQ(h.stats().pixels_in, 3000u);
  EXPECT_GT(h.cycle(), 3000u);
}

}  // namespace
}  // namespace om::sim

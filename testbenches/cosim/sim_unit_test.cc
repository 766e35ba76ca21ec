// SPDX-License-Identifier: Apache-2.0
// Unit tests of the platform's memory contents (sim::Image), the blocking harness's watchdog and
// the FST writer's wide values.
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "om/sim/fst_writer.h"
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

TEST(Image, DiffVisitsDifferingAddressesInAscendingOrder) {
  Image im;
  const MemAddr top = mem_addr(7, 16383, 16383, 7);  // every bit of mem_addr_t set
  const std::vector<MemAddr> addrs = {top, 0x7FFFFFFFu, 5, 0x10000, 255, 256, 4, 2048 + 4};
  for (MemAddr a : addrs) im.set(a, texel(static_cast<uint32_t>(a)));
  std::vector<MemAddr> seen;
  im.diff(Image{}, [&](MemAddr a, const ref::Texel& mine, const ref::Texel& theirs) {
    EXPECT_EQ(mine, texel(static_cast<uint32_t>(a)));
    EXPECT_EQ(theirs, ref::Texel{});
    seen.push_back(a);
  });
  EXPECT_EQ(seen, (std::vector<MemAddr>{4, 5, 255, 256, 2048 + 4, 0x10000, 0x7FFFFFFFu, top}));
  EXPECT_EQ(top, (MemAddr{1} << kMemAddrBits) - 1);
}

TEST(Image, DiffOfACopyFindsEveryLaterWriteOnEitherSide) {
  Image a;
  for (MemAddr x = 0; x < 4096; ++x) a.set(x, texel(static_cast<uint32_t>(x) + 1));
  Image b = a;
  int visits = 0;
  a.diff(b, [&](MemAddr, const ref::Texel&, const ref::Texel&) { ++visits; });
  EXPECT_EQ(visits, 0);
  b.set(300, texel(7));
  a.set(9000, texel(8));
  b.set(70000, ref::Texel{});  // written as zero equals never written
  std::vector<std::tuple<MemAddr, ref::Texel, ref::Texel>> seen;
  a.diff(b, [&](MemAddr x, const ref::Texel& mine, const ref::Texel& theirs) {
    seen.emplace_back(x, mine, theirs);
  });
  EXPECT_EQ(seen, (std::vector<std::tuple<MemAddr, ref::Texel, ref::Texel>>{
                      {300, texel(301), texel(7)}, {9000, texel(8), ref::Texel{}}}));
}

TEST(Image, KeepsEverySampleOfAPixelApart) {
  Image im;
  for (uint32_t s = 0; s < kMaxSamples; ++s) im.set(mem_addr(2, 3, 4, s), texel(s + 1));
  for (uint32_t s = 0; s < kMaxSamples; ++s) EXPECT_EQ(im.get(mem_addr(2, 3, 4, s)), texel(s + 1));
  EXPECT_FALSE(im.contains(mem_addr(2, 3, 5, 0)));
  EXPECT_EQ(im.size(), static_cast<size_t>(kMaxSamples));
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

TEST(FstWriter, ReadsNoWordPastAWideValueWhoseWidthIsAMultipleOf32) {
  // Each value ends where an inaccessible page starts: a read past it faults in any build.
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  void* mem = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(mem, MAP_FAILED);
  auto* base = static_cast<uint8_t*>(mem);
  ASSERT_EQ(mprotect(base + page, page, PROT_NONE), 0);
  // Under the test's temporary folder: run from a checkout, the binary must not write into the
  // sources.
  const std::string path = testing::TempDir() + "fst_writer_wide_values.fst";
  {
    FstWriter w(path);
    const uint32_t widths[] = {33, 64, 96, 128};
    FstWriter::Handle h[4];
    for (int i = 0; i < 4; ++i) h[i] = w.var("v" + std::to_string(i), widths[i]);
    w.time(0);
    for (int i = 0; i < 4; ++i) {
      const size_t n = (widths[i] + 31) / 32;
      auto* words = reinterpret_cast<uint32_t*>(base + page) - n;
      for (size_t k = 0; k < n; ++k) words[k] = 0x9E3779B9u * static_cast<uint32_t>(k + 1);
      w.set_words(h[i], widths[i], words);
    }
  }
  munmap(mem, 2 * page);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace om::sim

// SPDX-License-Identifier: Apache-2.0
// The pin conversions of sc_pins.h: unpack_pixel against om::pack (round trip and single
// fields at their documented bit positions), the bit-vector copies, the perf_t layout.
#include <gtest/gtest.h>

#include <random>

#include "om/sim/systemc/sc_pins.h"

namespace om::sim::systemc {
namespace {

Pixel random_pixel(std::mt19937_64& rng) {
  Pixel p;
  p.cmd = rng() % 2 ? Cmd::kClear : Cmd::kDraw;
  p.x = static_cast<uint32_t>(rng() & 0x3FFF);
  p.y = static_cast<uint32_t>(rng() & 0x3FFF);
  p.coverage = rng() % 2;
  p.fog = static_cast<uint32_t>(rng());
  for (auto& c : p.oc1) c = static_cast<uint32_t>(rng());
  for (auto& o : p.oc) {
    for (auto& c : o) c = static_cast<uint32_t>(rng());
  }
  return p;
}

TEST(Pins, UnpackPixelInvertsPackPixel) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    const Pixel p = random_pixel(rng);
    EXPECT_EQ(unpack_pixel(pack(p)), p) << "pixel " << i;
  }
}

TEST(Pins, PixelFieldsSitAtThePixelTBitPositions) {
  // pixel_t {cmd, x[13:0], y[13:0], sample[2:0], coverage, omask_written, omask, depth,
  // front_face, fog, oc1[3:0], oc[7:0][3:0]}: cmd is bit 1251, x bits [1250:1237], y [1236:1223],
  // sample [1222:1220], coverage 1219, omask_written 1218, omask 1217, depth [1216:1185],
  // front_face 1184, fog [1183:1152], oc1[c] at 1024 + 32c, oc[i][c] at 128i + 32c.
  PixelBv bv;
  bv[1251] = sc_dt::Log_1;
  bv.range(1250, 1237) = 0x2A5;
  bv.range(1236, 1223) = 0x1234;
  bv.range(1222, 1220) = 0x5;
  bv[1219] = sc_dt::Log_1;
  bv[1217] = sc_dt::Log_1;
  bv.range(1216, 1185) = 0x3F400000u;
  bv[1184] = sc_dt::Log_1;
  bv.range(1183, 1152) = 0x3F000000u;
  bv.range(1024 + 32 * 2 + 31, 1024 + 32 * 2) = 0xDEADBEEFu;
  bv.range(128 * 5 + 32 * 3 + 31, 128 * 5 + 32 * 3) = 0x01020304u;
  const Pixel p = unpack_pixel(pixel_bits(bv));
  EXPECT_EQ(p.cmd, Cmd::kClear);
  EXPECT_EQ(p.x, 0x2A5u);
  EXPECT_EQ(p.y, 0x1234u);
  EXPECT_EQ(p.sample, 5u);
  EXPECT_TRUE(p.coverage);
  EXPECT_FALSE(p.omask_written);
  EXPECT_TRUE(p.omask);
  EXPECT_EQ(p.depth, 0x3F400000u);
  EXPECT_TRUE(p.front_face);
  EXPECT_EQ(p.fog, 0x3F000000u);
  EXPECT_EQ(p.oc1[2], 0xDEADBEEFu);
  EXPECT_EQ(p.oc[5][3], 0x01020304u);
  EXPECT_EQ(p.oc[0][0], 0u);
  PixelBv back;
  to_bv(pack(p), back);
  EXPECT_EQ(back, bv);
}

TEST(Pins, TexelWordsMapToBitRangesLowWordFirst) {
  ref::Texel t;
  t.w = {0x11111111u, 0x22222222u, 0x33333333u, 0x80000004u};
  TexelBv bv;
  to_bv(t, bv);
  EXPECT_EQ(bv.range(63, 32).to_uint(), 0x22222222u);
  EXPECT_EQ(bv[127].to_bool(), true);
  EXPECT_EQ(bv[98].to_bool(), true);
  EXPECT_EQ(texel(bv), t);
}

TEST(Pins, PerfImageHasKilledLowestAndBusyAtBit192) {
  Perf p;
  p.busy = true;
  p.pixels_in = 6;
  p.rt_reads = 5;
  p.rt_writes = 4;
  p.hazard_stalls = 3;
  p.mem_stalls = 2;
  p.killed = 1;
  PerfBv bv;
  to_bv(p, bv);
  EXPECT_EQ(bv.range(31, 0).to_uint(), 1u);
  EXPECT_EQ(bv.range(63, 32).to_uint(), 2u);
  EXPECT_EQ(bv.range(95, 64).to_uint(), 3u);
  EXPECT_EQ(bv.range(127, 96).to_uint(), 4u);
  EXPECT_EQ(bv.range(159, 128).to_uint(), 5u);
  EXPECT_EQ(bv.range(191, 160).to_uint(), 6u);
  EXPECT_TRUE(bv[192].to_bool());
  EXPECT_EQ(perf(bv), p);
}

}  // namespace
}  // namespace om::sim::systemc

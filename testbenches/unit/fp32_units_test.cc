// SPDX-License-Identifier: Apache-2.0
// om_fp32_add / om_fp32_mul / om_fp32_minmax / om_fp32_cmp (through tb_fp32_units) against
// om::ref's fp32.h, which computes on the host FPU with explicit flushing: directed corner cases,
// all pairs of them, and random pairs.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "Vtb_fp32_units.h"
#include "om/ref/fp32.h"
#include "seed.h"

namespace om::unit {
namespace {

using om::CmpFunc;

class Fp32Harness {
 public:
  struct Out {
    uint32_t add, mul, minmax;
    bool cmp;
  };

  Out eval(uint32_t a, uint32_t b, bool sub, bool max, uint32_t func) {
    dut_.a_i = a;
    dut_.b_i = b;
    dut_.sub_i = sub;
    dut_.max_i = max;
    dut_.func_i = func;
    dut_.eval();
    return {dut_.add_o, dut_.mul_o, dut_.minmax_o, dut_.cmp_o != 0};
  }

  // Compares every unit for one operand pair; returns false (after recording a failure) on the
  // first mismatch.
  bool check(uint32_t a, uint32_t b, bool sub, bool max, uint32_t func) {
    const Out o = eval(a, b, sub, max, func);
    const uint32_t add = sub ? ref::f32_sub(a, b) : ref::f32_add(a, b);
    const uint32_t mul = ref::f32_mul(a, b);
    const uint32_t mm = max ? ref::f32_max(a, b) : ref::f32_min(a, b);
    const bool cmp = (func >= 1 && func <= 8) && ref::f32_compare(static_cast<CmpFunc>(func), a, b);
    bool ok = true;
    auto fail = [&](const char* what, uint32_t got, uint32_t want) {
      ADD_FAILURE() << std::hex << what << " a=0x" << a << " b=0x" << b << " func=" << func
                    << ": rtl 0x" << got << ", ref 0x" << want;
      ok = false;
    };
    if (o.add != add) fail(sub ? "sub" : "add", o.add, add);
    if (o.mul != mul) fail("mul", o.mul, mul);
    if (o.minmax != mm) fail(max ? "max" : "min", o.minmax, mm);
    if (o.cmp != cmp) fail("cmp", o.cmp, cmp);
    return ok;
  }

 private:
  Vtb_fp32_units dut_;
};

// Values where rounding, flushing and special-case logic change: signed zeros, denormals, the
// normal range edges, INF, NaNs with payloads, and significands of all ones / a single low one.
std::vector<uint32_t> corner_values() {
  const uint32_t mags[] = {0x00000000, 0x00000001, 0x007FFFFF, 0x00400000, 0x00800000, 0x00800001,
                           0x00FFFFFF, 0x01000000, 0x0C800000, 0x33800000, 0x33FFFFFF, 0x34000000,
                           0x3EFFFFFF, 0x3F000000, 0x3F000001, 0x3F7FFFFF, 0x3F800000, 0x3F800001,
                           0x3FFFFFFF, 0x40000000, 0x4B7FFFFF, 0x4B800000, 0x4C000001, 0x5F800000,
                           0x7E800000, 0x7F000000, 0x7F7FFFFE, 0x7F7FFFFF, 0x7F800000, 0x7F800001,
                           0x7FC00000, 0x7FFFFFFF, 0x7FA12345};
  std::vector<uint32_t> v;
  for (uint32_t m : mags) {
    v.push_back(m);
    v.push_back(m | 0x80000000u);
  }
  return v;
}

TEST(Fp32Units, AllPairsOfCornerValuesMatchTheReference) {
  Fp32Harness t;
  const std::vector<uint32_t> v = corner_values();
  int failures = 0;
  for (uint32_t a : v) {
    for (uint32_t b : v) {
      for (uint32_t func = 0; func <= 9; ++func) {
        if (!t.check(a, b, func & 1, func & 2, func) && ++failures > 20)
          FAIL() << "too many failures";
      }
    }
  }
}

TEST(Fp32Units, DirectedRoundingAndUnderflowCases) {
  Fp32Harness t;
  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 -> 1 + 2^-22; a tie: 1 + 2^-24 is halfway, rounds to
  // even 1.0.
  EXPECT_EQ(t.eval(0x3F800001, 0x3F800001, false, false, 0).mul, 0x3F800002u);
  EXPECT_EQ(t.eval(0x3F800000, 0x33800000, false, false, 0).add, 0x3F800000u);
  EXPECT_EQ(t.eval(0x3F800001, 0x33800000, false, false, 0).add, 0x3F800002u);
  // Just below 2^-126: (1 - 2^-24) * 2^-126 is halfway between the largest denormal and 2^-126 and
  // rounds to even, i.e. up to the minimum normal, which is kept; a smaller product is a denormal
  // and flushed.
  EXPECT_EQ(t.eval(0x3F7FFFFF, 0x00800000, false, false, 0).mul, 0x00800000u);
  EXPECT_EQ(t.eval(0xBF7FFFFF, 0x00800000, false, false, 0).mul, 0x80800000u);
  EXPECT_EQ(t.eval(0x3F7FFFFE, 0x00800000, false, false, 0).mul, 0x00000000u);
  EXPECT_EQ(t.eval(0x3F000000, 0x00800000, false, false, 0).mul, 0x00000000u);
  // x - x = +0, -0 + +0 = +0, -0 + -0 = -0, exact denormal difference flushed with its sign.
  EXPECT_EQ(t.eval(0xC0490FDB, 0xC0490FDB, true, false, 0).add, 0x00000000u);
  EXPECT_EQ(t.eval(0x80000000, 0x00000000, false, false, 0).add, 0x00000000u);
  EXPECT_EQ(t.eval(0x80000000, 0x00000000, true, false, 0).add, 0x80000000u);
  EXPECT_EQ(t.eval(0x80800000, 0x80800001, true, false, 0).add, 0x00000000u);
  EXPECT_EQ(t.eval(0x00800000, 0x00800001, true, false, 0).add, 0x80000000u);
  // Overflow to INF; INF - INF and INF * 0 are the canonical NaN.
  EXPECT_EQ(t.eval(0x7F7FFFFF, 0x7F7FFFFF, false, false, 0).add, 0x7F800000u);
  EXPECT_EQ(t.eval(0x7F7FFFFF, 0x40000000, false, false, 0).mul, 0x7F800000u);
  EXPECT_EQ(t.eval(0x7F800000, 0x7F800000, true, false, 0).add, ref::kF32CanonicalNan);
  EXPECT_EQ(t.eval(0x7F800000, 0x80000001, false, false, 0).mul, ref::kF32CanonicalNan);
  // min/max: NaN yields the other operand (flushed); IEEE-754R signed zeros.
  EXPECT_EQ(t.eval(0x7FC00001, 0x80000005, false, false, 0).minmax, 0x80000000u);
  EXPECT_EQ(t.eval(0x80000000, 0x00000000, false, false, 0).minmax, 0x80000000u);
  EXPECT_EQ(t.eval(0x80000000, 0x00000000, false, true, 0).minmax, 0x00000000u);
  // Comparisons: +0 == -0, NOT_EQUAL true on NaN.
  EXPECT_TRUE(t.eval(0x80000000, 0x00000000, false, false, 3).cmp);
  EXPECT_TRUE(t.eval(0x7FC00000, 0x7FC00000, false, false, 6).cmp);
  EXPECT_FALSE(t.eval(0x7FC00000, 0x3F800000, false, false, 7).cmp);
}

// Operand b derived from a so that cancellation, alignment by 0..30 bits and the underflow range
// are common.
uint32_t random_partner(std::mt19937_64& rng, uint32_t a) {
  const uint32_t r = static_cast<uint32_t>(rng());
  switch (r & 7) {
    case 0:
    case 1:
      return static_cast<uint32_t>(rng());
    case 2: {  // nearby exponent, random significand
      const int32_t e =
          static_cast<int32_t>((a >> 23) & 0xFF) + static_cast<int32_t>((r >> 3) % 61) - 30;
      const uint32_t ex = static_cast<uint32_t>(e < 0 ? 0 : (e > 255 ? 255 : e));
      return (static_cast<uint32_t>(rng()) & 0x807FFFFFu) | (ex << 23);
    }
    case 3:  // near-cancellation
      return (a ^ 0x80000000u) + ((r >> 3) & 0xF) - 8;
    case 4: {  // product near the bottom of the normal range
      const uint32_t ea = (a >> 23) & 0xFF;
      const int32_t e = 127 - static_cast<int32_t>(ea) + 1 + static_cast<int32_t>((r >> 3) % 5) - 2;
      const uint32_t ex = static_cast<uint32_t>(e < 1 ? 1 : (e > 254 ? 254 : e));
      return (static_cast<uint32_t>(rng()) & 0x807FFFFFu) | (ex << 23);
    }
    case 5:  // all-ones or near-power-of-two significands
      return (static_cast<uint32_t>(rng()) & 0xFF800000u) |
             (((r >> 3) & 1) ? 0x007FFFFFu : ((r >> 4) & 3));
    default:
      return a + ((r >> 3) & 0xFF) - 128;
  }
}

TEST(Fp32Units, TwoMillionRandomPairsMatchTheHostFpu) {
  Fp32Harness t;
  std::mt19937_64 rng(test_seed());
  int failures = 0;
  for (int i = 0; i < 2000000; ++i) {
    uint32_t a = static_cast<uint32_t>(rng());
    if ((i & 3) == 0)
      a = (a & 0xC07FFFFFu) | 0x3C000000u;  // moderate exponents, so most results are normal
    const uint32_t b = random_partner(rng, a);
    if (!t.check(a, b, i & 1, i & 2, static_cast<uint32_t>(i >> 2) % 10) && ++failures > 20) {
      FAIL() << "too many failures";
    }
  }
}

}  // namespace
}  // namespace om::unit

// SPDX-License-Identifier: Apache-2.0
// The per-sample kill rule of om::ref (docs/behaviour.md §8): a2c_covered(a, n, s) at its edges and
// pixel_covered() over sample index, SampleMask, oMask and alpha-to-coverage for n = 1, 2, 4, 8.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>

#include "om/ref/depth_stencil.h"
#include "om/ref/pixel.h"

namespace om::ref {
namespace {

uint32_t F(float x) { return f32_bits(x); }

constexpr uint32_t kNan = 0x7FC00000u, kInf = 0x7F800000u, kNegInf = 0xFF800000u;

struct Row {
  uint32_t a;
  uint32_t n;
  uint32_t k;  // samples 0..k-1 covered, k..n-1 not
  const char* why;
};

// k = clamp(floor(a n + 0.5), 0, n) in binary32; the "just below" rows are one ulp under a boundary
// a n + 0.5 = s + 1, whose sum stays representable below s + 1 (n > 1), or rounds up to it (n = 1).
const Row kRows[] = {
    {F(0.0f), 1, 0, "zero"},
    {kNan, 1, 0, "NaN"},
    {kInf, 1, 1, "+inf"},
    {kNegInf, 1, 0, "-inf"},
    {F(0.5f), 1, 1, "boundary 0.5 + 0.5 = 1"},
    {0x3EFFFFFFu, 1, 1, "0.49999997 + 0.5 rounds to 1.0"},
    {0x3EFFFFFEu, 1, 0, "two ulps below 0.5"},
    {F(0.0f), 2, 0, "zero"},
    {F(0.25f), 2, 1, "boundary 0.25 x 2 + 0.5 = 1"},
    {F(0.75f), 2, 2, "boundary 0.75 x 2 + 0.5 = 2"},
    {0x3F3FFFFFu, 2, 1, "just below 0.75: sum 2 - 2^-23"},
    {kNan, 2, 0, "NaN"},
    {kInf, 2, 2, "+inf"},
    {kNegInf, 2, 0, "-inf"},
    {F(0.125f), 4, 1, "boundary 0.125 x 4 + 0.5 = 1"},
    {F(0.625f), 4, 3, "boundary 0.625 x 4 + 0.5 = 3"},
    {0x3F1FFFFFu, 4, 2, "just below 0.625: sum 3 - 2^-22"},
    {F(1.0f), 4, 4, "one"},
    {F(-0.5f), 4, 0, "negative"},
    {kNan, 4, 0, "NaN"},
    {F(0.0625f), 8, 1, "boundary 0.0625 x 8 + 0.5 = 1"},
    {F(0.9375f), 8, 8, "boundary 0.9375 x 8 + 0.5 = 8"},
    {0x3F6FFFFFu, 8, 7, "just below 0.9375: sum 8 - 2^-21"},
    {F(0.5f), 8, 4, "half"},
    {F(1e38f), 8, 8, "a x 8 overflows to +inf"},
    {kInf, 8, 8, "+inf"},
    {kNegInf, 8, 0, "-inf"},
    {kNan, 8, 0, "NaN"},
    {F(0.0f), 8, 0, "zero"},
};

TEST(SampleCoverage, AlphaToCoverageCoversTheLowestKSamples) {
  for (const Row& r : kRows) {
    for (uint32_t s = 0; s < 8; ++s) {
      EXPECT_EQ(a2c_covered(r.a, r.n, s), s < r.k)
          << r.why << ": a 0x" << std::hex << r.a << std::dec << " n " << r.n << " s " << s;
    }
    EXPECT_EQ(a2c_mask(r.a, static_cast<int>(r.n)), (1u << r.k) - 1u) << r.why;
  }
}

TEST(SampleCoverage, AlphaToCoverageRejectsAZeroSampleCount) {
  EXPECT_THROW(a2c_covered(F(1.0f), 0, 0), std::invalid_argument);
  EXPECT_THROW(a2c_covered(F(1.0f), 33, 0), std::invalid_argument);
}

PixelState state(uint32_t sample_count) {
  PixelState st;
  st.rt_format[0] = find_format(static_cast<uint32_t>(Format::R8G8B8A8_UNORM));
  st.sample_count = sample_count;
  return st;
}

PixelIn sample(uint32_t s, float alpha = 1.0f) {
  PixelIn px;
  px.sample = s;
  px.oc[0] = {F(1), F(1), F(1), F(alpha)};
  return px;
}

TEST(SampleCoverage, ASampleAtOrAboveTheCountIsKilled) {
  for (uint32_t sc = 0; sc <= 3; ++sc) {
    const PixelState st = state(sc);
    for (uint32_t s = 0; s < 8; ++s) {
      EXPECT_EQ(pixel_covered(st, sample(s)), s < (1u << sc)) << "count 2^" << sc << " s " << s;
    }
  }
  EXPECT_THROW(pixel_covered(state(4), sample(0)), std::invalid_argument);
}

TEST(SampleCoverage, SampleMaskBitOfTheSampleGatesIt) {
  PixelState st = state(3);
  st.sample_mask = 0xA5u;
  for (uint32_t s = 0; s < 8; ++s) {
    EXPECT_EQ(pixel_covered(st, sample(s)), ((0xA5u >> s) & 1u) != 0) << s;
    PixelIn px = sample(s);
    px.coverage = false;
    EXPECT_FALSE(pixel_covered(st, px)) << s;
  }
}

TEST(SampleCoverage, OmaskReplacesAlphaToCoverage) {
  PixelState st = state(2);
  st.blend.alpha_to_coverage_enable = true;
  for (uint32_t s = 0; s < 4; ++s) {
    PixelIn px = sample(s, 0.0f);  // A2C would cover no sample
    EXPECT_FALSE(pixel_covered(st, px)) << s;
    px.omask_written = true;
    px.omask = true;
    EXPECT_TRUE(pixel_covered(st, px)) << s;
    px.omask = false;
    EXPECT_FALSE(pixel_covered(st, px)) << s;
  }
  // A2C with 0.625 over four samples: k = 3.
  for (uint32_t s = 0; s < 4; ++s) EXPECT_EQ(pixel_covered(st, sample(s, 0.625f)), s < 3) << s;
}

TEST(SampleCoverage, AlphaTestKillsEverySampleAlike) {
  PixelState st = state(3);
  st.d3d9.alpha_test_enable = true;
  st.d3d9.alpha_func = CmpFunc::GREATER;
  st.d3d9.alpha_ref = 0x80;
  for (uint32_t s = 0; s < 8; ++s) {
    EXPECT_FALSE(pixel_covered(st, sample(s, 0.25f))) << s;
    EXPECT_TRUE(pixel_covered(st, sample(s, 0.75f))) << s;
  }
}

TEST(SampleCoverage, SampleCoverageMaskAgreesWithThePerSampleRule) {
  const uint32_t alphas[] = {F(0.0f), F(0.3f), F(0.625f), F(1.0f), kNan};
  for (uint32_t sc = 0; sc <= 3; ++sc) {
    PixelState st = state(sc);
    st.blend.alpha_to_coverage_enable = true;
    st.sample_mask = 0x6Du;
    for (uint32_t a : alphas) {
      uint32_t want = 0;
      for (uint32_t s = 0; s < 8; ++s) {
        PixelIn px = sample(s);
        px.oc[0][3] = a;
        if (pixel_covered(st, px)) want |= 1u << s;
      }
      EXPECT_EQ(sample_coverage(0xFFu, st.sample_mask, true, a, false, 0, 1 << sc), want)
          << "count 2^" << sc << " a 0x" << std::hex << a;
    }
  }
}

}  // namespace
}  // namespace om::ref

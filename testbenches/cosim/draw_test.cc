// SPDX-License-Identifier: Apache-2.0
// The stimulus generators' engine and inline draws (om/cosim/draw.h) give the numbers of
// std::mt19937_64 and the standard distributions they stand for, draw for draw, so a seed's
// stimulus is what it was with them: Mt64 against std::mt19937_64, the draws on Mt64 against the
// distributions on std::mt19937_64, and on scripted engine outputs for the rare paths (Lemire's
// rejection, a draw that rounds up to 1).
#include "om/cosim/draw.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <utility>
#include <vector>

namespace om::cosim {
namespace {

// An engine of 64-bit outputs that replays a script, then counts up from 0.
class Script {
 public:
  using result_type = uint64_t;
  explicit Script(std::vector<uint64_t> v) : v_(std::move(v)) {}
  static constexpr uint64_t min() { return 0; }
  static constexpr uint64_t max() { return std::numeric_limits<uint64_t>::max(); }
  uint64_t operator()() { return i_ < v_.size() ? v_[i_++] : i_++ - v_.size(); }
  size_t used() const { return i_; }

 private:
  std::vector<uint64_t> v_;
  size_t i_ = 0;
};

constexpr uint64_t kTop = std::numeric_limits<uint64_t>::max();

TEST(Draw, Mt64GivesTheOutputsOfMt19937_64) {
  for (uint64_t seed :
       {uint64_t{0}, uint64_t{1}, uint64_t{5489}, kTop, uint64_t{0x9E3779B97F4A7C15}}) {
    Mt64 a(seed);
    std::mt19937_64 s(seed);
    for (int i = 0; i < 2000; ++i) ASSERT_EQ(a(), s()) << "seed " << seed << " output " << i;
    a.seed(seed + 1);  // reseeded in the middle of a block
    s.seed(seed + 1);
    for (int i = 0; i < 700; ++i) ASSERT_EQ(a(), s()) << "reseeded " << seed << " output " << i;
  }
  EXPECT_EQ(Mt64()(), std::mt19937_64()());
  std::vector<int> va(50), vs(50);
  for (int i = 0; i < 50; ++i) va[i] = vs[i] = i;
  Mt64 a(3);
  std::mt19937_64 s(3);
  std::shuffle(va.begin(), va.end(), a);
  std::shuffle(vs.begin(), vs.end(), s);
  EXPECT_EQ(va, vs);
}

TEST(Draw, Mt64ComputesASeedsStateAsTheDrawsNeedIt) {
  // After a seed: the first outputs from half the seeding, then the rest of the first block, then
  // whole blocks. The outputs, a copy and equality at every point of that.
  for (size_t n : {0, 1, 7, 8, 9, 155, 156, 157, 311, 312, 313, 700}) {
    Mt64 a(42);
    std::mt19937_64 s(42);
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(a(), s()) << "after " << n << ", output " << i;
    Mt64 b = a;
    EXPECT_TRUE(b == a) << n;
    const uint64_t next = s();
    EXPECT_EQ(a(), next) << n;
    EXPECT_TRUE(b != a) << n;
    EXPECT_EQ(b(), next) << n;
    EXPECT_TRUE(b == a) << n;
  }
  // Equality looks at what the outputs depend on, not at an earlier seed's words.
  Mt64 used(7);
  for (int i = 0; i < 400; ++i) used();
  used.seed(42);
  EXPECT_TRUE(used == Mt64(42));
}

TEST(Draw, BelowAndRangeGiveUniformIntDistributionsNumbers) {
  const uint32_t bounds[][2] = {{0, 0},   {0, 1},      {0, 2},          {0, 99},
                                {0, 999}, {1, 4},      {16, 64},        {2, 30},
                                {0, 400}, {1, 0x7FFF}, {0, 0x80000000}, {0, 0xFFFFFFFF}};
  for (const auto& b : bounds) {
    Mt64 a(7);
    std::mt19937_64 s(7);
    for (int i = 0; i < 20000; ++i) {
      ASSERT_EQ(draw_range(a, b[0], b[1]), std::uniform_int_distribution<uint32_t>(b[0], b[1])(s))
          << b[0] << ".." << b[1] << " draw " << i;
    }
    EXPECT_EQ(a(), s());
  }
}

TEST(Draw, BelowRejectsAndRedrawsAsTheDistributionDoes) {
  // n = 3: threshold 2^64 mod 3 = 1, so an output whose product's low half is 0 is rejected.
  for (uint64_t n : {uint64_t{3}, uint64_t{1000}, uint64_t{0xFFFFFFFF}, uint64_t{1} << 32}) {
    const std::vector<uint64_t> script = {0, 0, 1, kTop, kTop / n, kTop / n + 1, 12345};
    Script a(script), s(script);
    for (int i = 0; i < 6; ++i) {
      ASSERT_EQ(draw_below(a, n),
                std::uniform_int_distribution<uint32_t>(0, static_cast<uint32_t>(n - 1))(s))
          << "n " << n << " draw " << i;
      ASSERT_EQ(a.used(), s.used()) << "n " << n << " draw " << i;
    }
  }
}

TEST(Draw, BelowFromAnOutputAgreesWithBelowOrDefersToIt) {
  // Where it answers, draw_below on an engine whose next output is r gives the same number from
  // that one output; it defers exactly where draw_below may need another output.
  for (uint64_t n : {uint64_t{1}, uint64_t{3}, uint64_t{1000}, uint64_t{0xFFFFFFFF}}) {
    for (uint64_t r : {uint64_t{0}, uint64_t{1}, uint64_t{2}, kTop, kTop / n, kTop / n + 1,
                       uint64_t{0x9E3779B97F4A7C15}}) {
      uint32_t got = 0;
      Script s({r});
      const uint32_t want = draw_below(s, n);
      if (draw_below_from(r, n, &got)) {
        EXPECT_EQ(got, want) << "n " << n << " r " << r;
      } else {
        EXPECT_LT(static_cast<uint64_t>(static_cast<unsigned __int128>(r) * n), n)
            << "n " << n << " r " << r;
      }
    }
  }
  uint32_t got = 0;
  EXPECT_FALSE(draw_below_from(0, 1000, &got));  // product 0: draw_below checks its threshold
}

TEST(Draw, AheadShowsTheNextOutputsAndTakeDrawsThem) {
  Mt64 a(5);
  std::mt19937_64 s(5);
  for (size_t want : {size_t{1}, size_t{311}, size_t{0}, size_t{5}}) {
    size_t n = 0;
    const uint64_t* u = a.ahead(&n);
    ASSERT_GE(n, 1u);
    const size_t k = std::min(want, n);
    for (size_t i = 0; i < k; ++i) ASSERT_EQ(u[i], s()) << "output " << i << " of " << want;
    a.take(k);
  }
  for (int i = 0; i < 700; ++i) ASSERT_EQ(a(), s()) << "after take, output " << i;
}

TEST(Draw, UnitCoinAndFloatGiveUniformRealDistributionsNumbers) {
  Mt64 a(11);
  std::mt19937_64 s(11);
  for (int i = 0; i < 20000; ++i) {
    ASSERT_EQ(draw_unit(a), std::uniform_real_distribution<double>(0.0, 1.0)(s)) << i;
    ASSERT_EQ(draw_coin(a, 0.3), std::uniform_real_distribution<double>(0.0, 1.0)(s) < 0.3) << i;
    for (const auto& r : {std::pair{0.0f, 1.0f}, {-0.5f, 1.5f}, {-0.25f, 1.25f}}) {
      ASSERT_EQ(draw_float(a, r.first, r.second),
                std::uniform_real_distribution<float>(r.first, r.second)(s))
          << r.first << ".." << r.second << " draw " << i;
    }
  }
  EXPECT_EQ(a(), s());
}

TEST(Draw, CoinGivesDrawCoinsOutcomes) {
  // The probabilities the generators use, edges of the threshold's cases (below and above 2^-11:
  // p * 2^64 below and above 2^53, powers of two, next to 1) and many random ones; the outputs at
  // the threshold and next to it, the extremes and random ones.
  std::vector<double> ps = {
      0.5,     0.95,    0.9,   0.6,         0.1,         0.3,     0.02,        0.03,
      0.08,    0.4,     0.2,   0.15,        1.0,         0x1p-11, 0x1p-11 * 3, 0x1p-11 + 0x1p-63,
      0x1p-64, 0x1p-70, 1e-20, 1 - 0x1p-53, 1 - 0x1p-52, 0.25};
  std::mt19937_64 g(1);
  for (int i = 0; i < 20000; ++i) {
    const double p = std::ldexp(std::uniform_real_distribution<double>(0.0, 1.0)(g),
                                i % 3 == 0 ? -static_cast<int>(g() % 70) : 0);
    if (p > 0.0) ps.push_back(p);
  }
  for (const double p : ps) {
    const uint64_t last = coin_last(p);
    std::vector<uint64_t> rs = {0, 1, kTop, kTop - 1, uint64_t{1} << 63, g(), g(), g()};
    for (uint64_t d = 0; d <= 3; ++d) {
      if (last >= d) rs.push_back(last - d);
      if (last <= kTop - d) rs.push_back(last + d);
    }
    for (const uint64_t r : rs) {
      Script a({r}), s({r});
      ASSERT_EQ(Coin(p)(a), draw_coin(s, p)) << "p " << p << " output " << r;
    }
  }
}

TEST(Draw, CoinOfNoChanceDrawsAndGivesFalseAsDrawCoinDoes) {
  for (const double p : {0.0, -0.0, -0.5, -1e300, std::nan("")}) {
    for (const uint64_t r : {uint64_t{0}, uint64_t{1}, kTop}) {
      Script a({r}), s({r});
      ASSERT_EQ(Coin(p)(a), draw_coin(s, p)) << "p " << p << " output " << r;
      EXPECT_EQ(a.used(), s.used()) << "p " << p;  // the stream goes on in step
    }
  }
}

TEST(Draw, OutputsThatRoundUpToOneStayBelowOne) {
  // 2^64 - 1 rounds to 2^64 as a double and a float; 2^64 - 2^39 still does as a float.
  const std::vector<uint64_t> script = {kTop, kTop, kTop - (uint64_t{1} << 39), kTop, kTop >> 1};
  Script a(script), s(script);
  const double u = draw_unit(a);
  EXPECT_EQ(u, std::uniform_real_distribution<double>(0.0, 1.0)(s));
  EXPECT_LT(u, 1.0);
  const float f = draw_float(a, 0.0f, 1.0f);
  EXPECT_EQ(f, std::uniform_real_distribution<float>(0.0f, 1.0f)(s));
  EXPECT_LT(f, 1.0f);
  EXPECT_EQ(draw_float(a, 0.0f, 1.0f), std::uniform_real_distribution<float>(0.0f, 1.0f)(s));
  EXPECT_EQ(draw_float(a, -0.5f, 1.5f), std::uniform_real_distribution<float>(-0.5f, 1.5f)(s));
  EXPECT_EQ(draw_float(a, -0.25f, 1.25f), std::uniform_real_distribution<float>(-0.25f, 1.25f)(s));
}

}  // namespace
}  // namespace om::cosim

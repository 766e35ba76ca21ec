// SPDX-License-Identifier: Apache-2.0
// The random numbers of the stimulus generators (segments, draw states, memory phases). Mt64 is
// std::mt19937_64 (same seeding, same outputs) generating its outputs a block at a time. The draws
// are inline: the numbers libstdc++'s distributions give, without a distribution object per draw.
// draw_below() is uniform_int_distribution's Lemire method on 128-bit products, draw_unit() /
// draw_float() are uniform_real_distribution's generate_canonical (one 64-bit draw scaled by 2^-64,
// kept below 1) with its (u * (hi - lo)) + lo. The stimulus of a seed is defined by these numbers;
// testbenches/cosim/draw_test.cc checks them against std::mt19937_64 and the standard
// distributions. G is Mt64 or another engine of 64-bit outputs over the full range.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace om::cosim {

/// std::mt19937_64: the same outputs for the same seed. The 312-word state is twisted and tempered
/// into an output block in one plain loop the compiler vectorises (with AVX2 where the CPU has it,
/// draw.cc), instead of tempering one word per draw. Seeding is lazy: the stimulus seeds a
/// generator per segment and memory phase, and some of them draw only a few numbers, which need
/// only the first half of the seeding's serial chain and a few twisted words (more()).
class Mt64 {
 public:
  using result_type = uint64_t;
  static constexpr uint64_t default_seed = 5489u;
  static constexpr uint64_t min() { return 0; }
  static constexpr uint64_t max() { return std::numeric_limits<uint64_t>::max(); }

  explicit Mt64(uint64_t s = default_seed) { seed(s); }
  // A copy takes the words the outputs depend on; the others are written before they are read.
  Mt64(const Mt64& o) { *this = o; }
  Mt64& operator=(const Mt64& o) {
    std::copy(o.x_.begin(), o.x_.begin() + o.seeded_, x_.begin());
    std::copy(o.out_.begin() + o.next_, o.out_.end(), out_.begin() + o.next_);
    seeded_ = o.seeded_;
    next_ = o.next_;
    return *this;
  }
  void seed(uint64_t s) {
    x_[0] = s;
    seeded_ = 1;
    next_ = kN;
  }
  uint64_t operator()() {
    if (next_ == kN) more();
    return out_[next_++];
  }
  /// The outputs the next draws return, without drawing them: *n >= 1 of them, valid until the
  /// next draw or take(). For a caller that draws many numbers in a loop, without a block check
  /// and a store of the position per draw.
  const uint64_t* ahead(size_t* n) {
    if (next_ == kN) more();
    *n = kN - next_;
    return out_.data() + next_;
  }
  /// Draws the first k <= *n outputs ahead() gave.
  void take(size_t k) { next_ += k; }
  /// The same outputs from here on.
  bool operator==(const Mt64& o) const {
    return seeded_ == o.seeded_ && next_ == o.next_ &&
           std::equal(x_.begin(), x_.begin() + seeded_, o.x_.begin()) &&
           std::equal(out_.begin() + next_, out_.end(), o.out_.begin() + next_);
  }
  bool operator!=(const Mt64& o) const { return !(*this == o); }

 private:
  static constexpr size_t kN = 312;
  static constexpr size_t kM = 156;
  static constexpr size_t kHead = 8;  // outputs of a seed's first more()
  static constexpr uint64_t kF = 6364136223846793005u;
  static constexpr uint64_t kA = 0xB5026F5AA96619E9u;
  static constexpr uint64_t kUpper = ~uint64_t{0} << 31;

  static uint64_t twist(uint64_t cur, uint64_t next, uint64_t far) {
    const uint64_t y = (cur & kUpper) | (next & ~kUpper);
    return far ^ (y >> 1) ^ (-(y & 1u) & kA);
  }
  static uint64_t temper(uint64_t z) {
    z ^= (z >> 29) & 0x5555555555555555u;
    z ^= (z << 17) & 0x71D67FFFEDA60000u;
    z ^= (z << 37) & 0xFFF7EEE000000000u;
    return z ^ (z >> 43);
  }
  // The next outputs (draw.cc): after a seed the first kHead, then the rest of the first block,
  // then a block at a time. Each batch ends at out_'s end, so a draw tests its position against
  // a constant.
  void more();
  // The seeding chain up to word n - 1.
  void seed_to(size_t n);
  // Twists the state's words k .. kN - 1 (words before k are twisted already) and tempers them into
  // out_[k .. kN - 1].
  void twist_from(size_t k);

  // x_[0 .. seeded_ - 1] are valid (seeded_ = 1: just seeded; kM + kHead: the first block's
  // head is twisted, the rest of the state is the seeding's; kN: all of it), out_[next_ .. kN - 1]
  // too. Not zeroed: a run constructs a generator per segment and memory phase, and each would
  // clear 5 KiB it then overwrites.
  std::array<uint64_t, kN> x_;
  std::array<uint64_t, kN> out_;
  size_t seeded_ = 1;
  size_t next_ = kN;  // next word of out_ (kN: the batch is used up)
};

// The draws below rely on 64-bit engine outputs over the full range (min 0, max 2^64 - 1).
template <class G>
constexpr bool kFullRange64 = G::min() == 0 && G::max() == std::numeric_limits<uint64_t>::max();

/// draw_below(rng, n) when its first output is `r` and it needs no other (*out, true), else false:
/// then draw_below itself decides, from `r` and the outputs after it.
inline bool draw_below_from(uint64_t r, uint64_t n, uint32_t* out) {
  const unsigned __int128 product = static_cast<unsigned __int128>(r) * n;
  *out = static_cast<uint32_t>(product >> 64);
  return static_cast<uint64_t>(product) >= n;
}

/// Uniform in [0, n), 1 <= n <= 2^32: std::uniform_int_distribution<uint32_t>(0, n - 1)(rng).
template <class G>
inline uint32_t draw_below(G& rng, uint64_t n) {
  static_assert(kFullRange64<G>, "draw_below needs a full-range 64-bit engine");
  unsigned __int128 product = static_cast<unsigned __int128>(rng()) * n;
  uint64_t low = static_cast<uint64_t>(product);
  if (low < n) {
    const uint64_t threshold = -n % n;
    while (low < threshold) {
      product = static_cast<unsigned __int128>(rng()) * n;
      low = static_cast<uint64_t>(product);
    }
  }
  return static_cast<uint32_t>(product >> 64);
}

/// Uniform in [lo, hi], lo <= hi: std::uniform_int_distribution<uint32_t>(lo, hi)(rng).
template <class G>
inline uint32_t draw_range(G& rng, uint32_t lo, uint32_t hi) {
  return lo + draw_below(rng, static_cast<uint64_t>(hi) - lo + 1);
}

/// Uniform in [0, 1): std::uniform_real_distribution<double>(0.0, 1.0)(rng).
template <class G>
inline double draw_unit(G& rng) {
  static_assert(kFullRange64<G>, "draw_unit needs a full-range 64-bit engine");
  const double u = static_cast<double>(rng()) * 0x1p-64;
  return u >= 1.0 ? std::nextafter(1.0, 0.0) : u;
}

/// Uniform in [lo, hi): std::uniform_real_distribution<float>(lo, hi)(rng).
template <class G>
inline float draw_float(G& rng, float lo, float hi) {
  static_assert(kFullRange64<G>, "draw_float needs a full-range 64-bit engine");
  float u = static_cast<float>(rng()) * 0x1p-64f;
  if (u >= 1.0f) u = std::nextafter(1.0f, 0.0f);
  return u * (hi - lo) + lo;
}

/// True with probability p: draw_unit(rng) < p.
template <class G>
inline bool draw_coin(G& rng, double p) {
  return draw_unit(rng) < p;
}

/// The largest output r for which draw_coin gives true, 0 < p <= 1. draw_unit(r) < p is
/// fl(r) < P = p * 2^64 (fl: r rounded to a double; the scaling is exact, and an r that rounds up
/// to 2^64 stays false for p < 1), fl is monotonic, so the outputs that give true are those below
/// the first r with fl(r) >= P. Below 2^53 fl(r) = r: that r is ceil(P). Above, P is an integer
/// and the doubles are spaced apart: r rounds to P or above when it is past the midpoint m of P
/// and the double below it; m itself rounds to the one of the two with an even significand.
inline uint64_t coin_last(double p) {
  if (p >= 1.0) return std::numeric_limits<uint64_t>::max();
  const double big = p * 0x1p64;
  if (big <= 0x1p53) {
    const auto floor = static_cast<uint64_t>(big);
    return static_cast<double>(floor) < big ? floor : floor - 1;
  }
  const auto below = static_cast<uint64_t>(std::nextafter(big, 0.0));
  const auto at = static_cast<uint64_t>(big);
  const uint64_t mid = below + (at - below) / 2;
  uint64_t bits = 0;
  std::memcpy(&bits, &big, sizeof bits);
  return (bits & 1u) != 0 ? mid : mid - 1;
}

/// draw_coin(rng, p) for a probability a loop uses many times: an integer threshold on the output
/// instead of its conversion to a double, the same outcomes (coin_last()) for every p.
class Coin {
 public:
  explicit Coin(double p) : never_(!(p > 0.0)), last_(never_ ? 0 : coin_last(p)) {}
  template <class G>
  bool operator()(G& rng) const {
    static_assert(kFullRange64<G>, "Coin needs a full-range 64-bit engine");
    // Drawn whatever p is: draw_coin draws for p <= 0 (and NaN) too, and always gives false.
    const bool below = rng() <= last_;
    return below && !never_;
  }

 private:
  bool never_;  // p <= 0 or NaN: no output gives true
  uint64_t last_;
};

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
// The random draws of the stimulus generators (stimulus, draw states, memory phases), inline on
// std::mt19937_64: the numbers libstdc++'s distributions give, computed without a distribution
// object per draw. draw_below() is uniform_int_distribution's Lemire method on 128-bit products,
// draw_unit() / draw_float() are uniform_real_distribution's generate_canonical (one 64-bit draw
// scaled by 2^-64, kept below 1) with its (u * (hi - lo)) + lo. The stimulus of a seed is defined
// by these numbers; testbenches/cosim/draw_test.cc checks them against the standard
// distributions. G is std::mt19937_64 or another engine of 64-bit outputs over the full range.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace om::cosim {

// The draws below rely on 64-bit engine outputs over the full range (min 0, max 2^64 - 1).
template <class G>
constexpr bool kFullRange64 = G::min() == 0 && G::max() == std::numeric_limits<uint64_t>::max();

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

}  // namespace om::cosim

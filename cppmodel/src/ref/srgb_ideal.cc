// SPDX-License-Identifier: Apache-2.0
// Exact sign of s(c) - r for the ideal sRGB encode curve s (docs/arithmetic.md §9) and a dyadic
// rational r. Power segment: with y = c^(5/12) (1/2.4 = 5/12), s(c) > r <=> 1055 y > 1000 r + 55
// <=> y^12 > ((1000 r + 55) / 1055)^12 <=> c^5 * 1055^12 > (1000 r + 55)^12, all terms positive;
// clearing powers of two leaves integers of about 650 bits, compared with a minimal unsigned big
// integer.
#include "om/ref/srgb_ideal.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace om::ref {
namespace {

// Unsigned integer, little-endian 32-bit limbs, no leading zero limbs.
class BigUint {
 public:
  explicit BigUint(uint64_t v) {
    while (v != 0) {
      limbs_.push_back(static_cast<uint32_t>(v));
      v >>= 32;
    }
  }

  BigUint operator*(const BigUint& o) const {
    BigUint r(0);
    if (limbs_.empty() || o.limbs_.empty()) return r;
    r.limbs_.assign(limbs_.size() + o.limbs_.size(), 0);
    for (size_t i = 0; i < limbs_.size(); ++i) {
      uint64_t carry = 0;
      for (size_t j = 0; j < o.limbs_.size(); ++j) {
        const uint64_t t = static_cast<uint64_t>(limbs_[i]) * o.limbs_[j] + r.limbs_[i + j] + carry;
        r.limbs_[i + j] = static_cast<uint32_t>(t);
        carry = t >> 32;
      }
      r.limbs_[i + o.limbs_.size()] = static_cast<uint32_t>(carry);
    }
    r.trim();
    return r;
  }

  BigUint operator+(const BigUint& o) const {
    BigUint r(0);
    r.limbs_.assign(std::max(limbs_.size(), o.limbs_.size()) + 1, 0);
    uint64_t carry = 0;
    for (size_t i = 0; i < r.limbs_.size(); ++i) {
      const uint64_t t =
          carry + (i < limbs_.size() ? limbs_[i] : 0u) + (i < o.limbs_.size() ? o.limbs_[i] : 0u);
      r.limbs_[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    r.trim();
    return r;
  }

  BigUint pow(int e) const {
    BigUint r(1);
    for (int i = 0; i < e; ++i) r = r * *this;
    return r;
  }

  BigUint shl(int n) const {
    BigUint r(0);
    if (limbs_.empty()) return r;
    const size_t words = static_cast<size_t>(n / 32);
    const int bits = n % 32;
    r.limbs_.assign(limbs_.size() + words + 1, 0);
    for (size_t i = 0; i < limbs_.size(); ++i) {
      const uint64_t t = static_cast<uint64_t>(limbs_[i]) << bits;
      r.limbs_[i + words] |= static_cast<uint32_t>(t);
      r.limbs_[i + words + 1] |= static_cast<uint32_t>(t >> 32);
    }
    r.trim();
    return r;
  }

  friend int compare(const BigUint& a, const BigUint& b) {
    if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
    for (size_t i = a.limbs_.size(); i-- > 0;) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
    }
    return 0;
  }

 private:
  void trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }
  std::vector<uint32_t> limbs_;
};

// Sign of a * 2^ea - b * 2^eb.
int compare_scaled(const BigUint& a, int ea, const BigUint& b, int eb) {
  const int e = std::min(ea, eb);
  return compare(a.shl(ea - e), b.shl(eb - e));
}

// A finite non-negative binary32 as m * 2^e with an integer significand m < 2^24.
struct Dyadic {
  uint64_t m;
  int e;
};

Dyadic decompose(uint32_t c) {
  const uint32_t exp = (c >> 23) & 0xFFu;
  const uint32_t frac = c & 0x007FFFFFu;
  if (exp == 0) return {frac, -149};
  return {frac | 0x00800000u, static_cast<int>(exp) - 150};
}

// m * 2^e <= 31308 / 10^7  <=>  m * 10^7 * 2^e <= 31308.
bool at_most_breakpoint(uint32_t c) {
  const Dyadic d = decompose(c);
  return compare_scaled(BigUint(d.m * 10000000u), d.e, BigUint(31308), 0) <= 0;
}

void check_input(const char* fn, uint32_t c) {
  if (c > 0x3F800000u) {
    throw std::invalid_argument(std::string(fn) + ": binary32 " + std::to_string(c) +
                                " is not a value in [+0, 1]");
  }
}

}  // namespace

bool srgb_encode_is_linear(uint32_t c) {
  check_input("srgb_encode_is_linear", c);
  // The segment ends inside [2^-9, 2^-8); find its last binary32 once with the exact test.
  static const uint32_t kLinearEnd = [] {
    uint32_t lo = 0x3B000000u;  // 2^-9 < 0.0031308: linear
    uint32_t hi = 0x3B800000u;  // 2^-8 > 0.0031308: power
    while (hi - lo > 1) {
      const uint32_t mid = lo + (hi - lo) / 2;
      (at_most_breakpoint(mid) ? lo : hi) = mid;
    }
    return lo;
  }();
  return c <= kLinearEnd;
}

int srgb_encode_ideal_compare(uint32_t c, uint64_t num, int exp2) {
  check_input("srgb_encode_ideal_compare", c);
  if ((num >> 40) != 0 || exp2 < -300 || exp2 > 300) {
    throw std::invalid_argument("srgb_encode_ideal_compare: rational out of the supported range");
  }
  const Dyadic d = decompose(c);
  if (srgb_encode_is_linear(c)) {
    // 1292 * m * 2^e / 100 vs num * 2^exp2.
    return compare_scaled(BigUint(1292 * d.m), d.e, BigUint(100 * num), exp2);
  }
  // r = num * 2^exp2 = n / 2^f with f >= 0; 1000 r + 55 = (1000 n + 55 * 2^f) / 2^f = a / 2^f.
  const int f = std::max(-exp2, 0);
  const BigUint a = BigUint(num).shl(std::max(exp2, 0)) * BigUint(1000) + BigUint(55).shl(f);
  // s(c) > r  <=>  m^5 * 2^(5 e) * 1055^12 > a^12 / 2^(12 f).
  const BigUint lhs = BigUint(d.m).pow(5) * BigUint(1055).pow(12);
  return compare_scaled(lhs, 5 * d.e + 12 * f, a.pow(12), 0);
}

}  // namespace om::ref

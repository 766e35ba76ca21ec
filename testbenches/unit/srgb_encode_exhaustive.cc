// SPDX-License-Identifier: Apache-2.0
// Exhaustive check of om_f32_srgb_encode's power segment: every binary32 x with 0.0031308 < x < 1
// (about 67 million) through the Verilated encoder (tb_convert) against
// om::ref::f32_srgb_encode_unquantised, the exact reference. The RTL rounds a fixed-point estimate
// without an exact check, so this run is what proves its rounding correct for every input. Without
// a range it also runs every significand of the linear segment once (the binade [2^-10, 2^-9):
// there the exponent only offsets the result's).
// Usage: om_srgb_encode_exhaustive [FIRST LAST] (binary32 bits, hex; a sub-range of the segment).
// Exit 0: every input agrees; 1: a mismatch (the first ones printed); 2: usage error.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "Vtb_convert.h"
#include "om/ref/convert.h"
#include "om/ref/srgb_ideal.h"

namespace {

constexpr uint32_t kOneBits = 0x3F800000u;
constexpr int kMaxReported = 20;

// The first binary32 above 0.0031308 (the power segment's start), found with the exact test.
uint32_t first_power_input() {
  uint32_t lo = 0x3B000000u;  // 2^-9: linear
  uint32_t hi = 0x3B800000u;  // 2^-8: power
  while (hi - lo > 1) {
    const uint32_t mid = lo + (hi - lo) / 2;
    (om::ref::srgb_encode_is_linear(mid) ? lo : hi) = mid;
  }
  return hi;
}

bool parse_bits(const char* s, uint32_t& out) {
  char* end = nullptr;
  errno = 0;
  const unsigned long v = std::strtoul(s, &end, 16);
  if (errno != 0 || end == s || *end != '\0' || v > 0xFFFFFFFFul) return false;
  out = static_cast<uint32_t>(v);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const uint32_t seg_first = first_power_input();
  const uint32_t seg_last = kOneBits - 1;
  uint32_t first = seg_first;
  uint32_t last = seg_last;
  if (argc != 1 && argc != 3) {
    std::fprintf(stderr, "usage: %s [FIRST LAST]  (binary32 bits in hex)\n", argv[0]);
    return 2;
  }
  if (argc == 3) {
    for (int i = 1; i <= 2; ++i) {
      if (!parse_bits(argv[i], i == 1 ? first : last)) {
        std::fprintf(stderr, "om_srgb_encode_exhaustive: '%s' is not a hex binary32 pattern\n",
                     argv[i]);
        return 2;
      }
    }
    if (first < seg_first || last > seg_last || first > last) {
      std::fprintf(stderr,
                   "om_srgb_encode_exhaustive: range 0x%08X..0x%08X is not inside the power "
                   "segment 0x%08X..0x%08X\n",
                   first, last, seg_first, seg_last);
      return 2;
    }
  }
  Vtb_convert dut;
  uint64_t failures = 0;
  const auto run = [&](const char* what, uint32_t lo, uint32_t hi) {
    uint64_t checked = 0;
    for (uint32_t x = lo;; ++x) {
      dut.enc_f_i = x;
      dut.eval();
      const uint32_t want = om::ref::f32_srgb_encode_unquantised(x);
      if (dut.enc_s_o != want && failures++ < kMaxReported) {
        std::printf("encode 0x%08X: rtl 0x%08X, ref 0x%08X\n", x, dut.enc_s_o, want);
      }
      ++checked;
      if (x == hi) break;
    }
    std::printf("om_f32_srgb_encode %s 0x%08X..0x%08X: %llu inputs\n", what, lo, hi,
                static_cast<unsigned long long>(checked));
  };
  run("power segment", first, last);
  if (argc == 1) run("linear segment, one binade", 0x3A800000u, 0x3AFFFFFFu);
  std::printf("%llu mismatches\n", static_cast<unsigned long long>(failures));
  return failures == 0 ? 0 : 1;
}

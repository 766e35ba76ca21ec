// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/draw.h"

namespace om::cosim {

// The stimulus's memory timing and the drains' random fills draw hundreds of thousands of numbers
// per 10^5 cycles, so the block refill is a visible share of a run. Its loops work on 64-bit
// lanes: AVX2 does four per instruction where SSE2 (x86-64's baseline) does two, so on x86-64 the
// function is built for both and the loader picks the one the CPU runs. The same integer
// operations either way: the same numbers. GCC only: clang 14 refuses to multiversion a function
// that draw.h's inline draws have already used, so a clang build (make fuzz) keeps the baseline.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void Mt64::refill() {
  for (size_t k = 0; k < kN - kM; ++k) x_[k] = twist(x_[k], x_[k + 1], x_[k + kM]);
  for (size_t k = kN - kM; k < kN - 1; ++k) x_[k] = twist(x_[k], x_[k + 1], x_[k + kM - kN]);
  x_[kN - 1] = twist(x_[kN - 1], x_[0], x_[kM - 1]);
  for (size_t k = 0; k < kN; ++k) {
    uint64_t z = x_[k];
    z ^= (z >> 29) & 0x5555555555555555u;
    z ^= (z << 17) & 0x71D67FFFEDA60000u;
    z ^= (z << 37) & 0xFFF7EEE000000000u;
    out_[k] = z ^ (z >> 43);
  }
  next_ = 0;
}

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/draw.h"

namespace om::cosim {

void Mt64::more() {
  if (seeded_ == kN) {  // the next block
    twist_from(0);
    next_ = 0;
  } else if (seeded_ == 1) {
    // The head of the first block, at out_'s end: output k needs the seeding's words k, k + 1 and
    // k + kM.
    seed_to(kM + kHead);
    for (size_t k = 0; k < kHead; ++k) {
      x_[k] = twist(x_[k], x_[k + 1], x_[k + kM]);
      out_[kN - kHead + k] = temper(x_[k]);
    }
    next_ = kN - kHead;
  } else {  // the rest of the first block
    seed_to(kN);
    twist_from(kHead);
    next_ = kHead;
  }
}

void Mt64::seed_to(size_t n) {
  // A serial chain: unrolled, its loop control does not double its cost.
  uint64_t s = x_[seeded_ - 1];
#pragma GCC unroll 8
  for (size_t i = seeded_; i < n; ++i) {
    s = kF * (s ^ (s >> 62)) + i;
    x_[i] = s;
  }
  seeded_ = n;
}

// The stimulus's memory timing and the drains' random fills draw hundreds of thousands of numbers
// per 10^5 cycles, so the block refill is a visible share of a run. Its loops work on 64-bit
// lanes: AVX2 does four per instruction where SSE2 (x86-64's baseline) does two, so on x86-64 the
// function is built for both and the loader picks the one the CPU runs. The same integer
// operations either way: the same numbers. GCC only: clang 14 refuses to multiversion a function
// that draw.h's inline draws have already used, so a clang build (make fuzz) keeps the baseline.
// Each word is tempered as it is twisted, while it is in a register; unrolled twice, the loop
// control is a smaller share.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void Mt64::twist_from(size_t k) {
#pragma GCC unroll 2
  for (; k < kN - kM; ++k) {
    x_[k] = twist(x_[k], x_[k + 1], x_[k + kM]);
    out_[k] = temper(x_[k]);
  }
#pragma GCC unroll 2
  for (; k < kN - 1; ++k) {
    x_[k] = twist(x_[k], x_[k + 1], x_[k + kM - kN]);
    out_[k] = temper(x_[k]);
  }
  x_[kN - 1] = twist(x_[kN - 1], x_[0], x_[kM - 1]);
  out_[kN - 1] = temper(x_[kN - 1]);
}

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
// The depth-stencil part of the constrained-random stimulus: the state (a view of a format usable
// at the feature level, now and then an illegal one the registers latch, read-only flags, the
// depth and stencil description with some encodings outside 1..8, StencilRef, the viewport's
// depth range) and each pixel's depth and facing. From a generator of its own, seeded from the
// segment's, so the rest of the stimulus is drawn as without it.
#pragma once

#include <cstdint>

#include "om/cosim/draw.h"
#include "om/cosim/profile.h"
#include "om/gen/defs.h"
#include "om/ref/hw_state.h"

namespace om::cosim {

class DsGen {
 public:
  DsGen(const ConfigInfo& cfg, const Profile& prof, uint64_t seed);
  /// Sets the depth-stencil fields of `s`: a view bound in a fraction Profile::ds of the states.
  void state(State& s);
  /// A pixel's binary32 depth: mostly in [-0.1, 1.1], some specials (NaN, ±0, denormals, ±inf).
  uint32_t depth();
  bool front() { return half_(rng_); }
  /// The generator itself, for the draws that go with the depth-stencil registers' bus writes.
  Mt64& rng() { return rng_; }

 private:
  bool coin(double p) { return draw_coin(rng_, p); }
  uint32_t pick(size_t n) { return draw_range(rng_, 0, static_cast<uint32_t>(n) - 1); }
  uint32_t func();
  StencilOp op();

  const ConfigInfo& cfg_;
  const Profile& prof_;
  Mt64 rng_;
  // The coins of every pixel's draws (depth(), front()) by threshold.
  Coin special_{0.15};
  Coin half_{0.5};
};

}  // namespace om::cosim

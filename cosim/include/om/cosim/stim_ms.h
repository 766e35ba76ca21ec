// SPDX-License-Identifier: Apache-2.0
// The multisampling part of the constrained-random stimulus (docs/stimulus.md): the sample count
// MS_CTRL holds (a count the configuration supports, now and then one above it, which the register
// latches and the hardware uses as written) and the expansion of each pixel into its sample
// transfers. From a generator of its own, seeded from the segment's, so the rest of the stimulus
// is drawn as without it; a single-sample configuration draws nothing from it.
#pragma once

#include <cstdint>
#include <vector>

#include "om/cosim/draw.h"
#include "om/cosim/profile.h"
#include "om/cosim/stim_ds.h"
#include "om/cosim/stimulus.h"
#include "om/gen/defs.h"
#include "om/ref/hw_state.h"

namespace om::cosim {

class MsGen {
 public:
  MsGen(const ConfigInfo& cfg, const Profile& prof, uint64_t seed);
  /// On a configuration with samples > 1: at a drain (a rebinding) sets s.sample_count, log2 of a
  /// supported count, one above 1 in a fraction Profile::msaa of the states; in a segment chosen to
  /// be illegal (Profile::illegal), often one above the configuration's count instead.
  void state(State& s, bool drain, bool illegal);
  /// With alpha-to-coverage on and n = 1 << s.sample_count > 1, moves the alpha of some palette
  /// entries to a boundary of k (a n + 0.5 = k, or one ulp either side).
  void palette(std::vector<ref::PixelIn>& palette, const State& s);
  /// The first 1/n of `pixels`, each as its n = 1 << sample_count transfers in sample order (so a
  /// segment keeps its length in transfers, and a run its number of states): the same
  /// position, palette entry, facing and clear flag; per sample its raster coverage (the pixel's
  /// pattern: none, partial or full), depth (the pixel's or one of `ds`) and, when the pixel writes
  /// oMask, its oMask bit; the pixel's gap before the first. Now and then a stray transfer with a
  /// sample >= n follows. Unchanged on a single-sample configuration.
  std::vector<PixelRef> expand(const std::vector<PixelRef>& pixels, uint32_t sample_count,
                               DsGen& ds);

 private:
  bool coin(double p) { return draw_coin(rng_, p); }
  uint32_t pick(uint32_t n) { return draw_range(rng_, 0, n - 1); }

  const ConfigInfo& cfg_;
  const Profile& prof_;
  uint32_t max_count_ = 0;  // log2 of the configuration's samples
  Mt64 rng_;
};

}  // namespace om::cosim

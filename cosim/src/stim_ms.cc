// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/stim_ms.h"

#include <algorithm>

#include "om/gen/sizes.h"
#include "om/ref/fp32.h"

namespace om::cosim {

MsGen::MsGen(const ConfigInfo& cfg, const Profile& prof, uint64_t seed)
    : cfg_(cfg), prof_(prof), rng_(seed) {
  while ((2u << max_count_) <= cfg.samples) ++max_count_;
}

void MsGen::state(State& s, bool drain, bool illegal) {
  if (cfg_.samples <= 1) return;
  if (illegal && max_count_ < 3 && coin(0.4)) {
    s.sample_count = max_count_ + 1 + pick(3 - max_count_);
    return;
  }
  if (drain) s.sample_count = coin(prof_.msaa) ? 1 + pick(max_count_) : 0;
}

void MsGen::palette(std::vector<ref::PixelIn>& palette, const State& s) {
  const uint32_t n = 1u << s.sample_count;
  if (cfg_.samples <= 1 || n == 1 || !s.alpha_to_coverage_enable) return;
  for (ref::PixelIn& p : palette) {
    if (!coin(0.3)) continue;
    const float k = static_cast<float>(1 + pick(n));
    p.oc[0][3] = ref::f32_bits((k - 0.5f) / static_cast<float>(n)) - 1 + pick(3);
  }
}

std::vector<PixelRef> MsGen::expand(const std::vector<PixelRef>& pixels, uint32_t sample_count,
                                    DsGen& ds) {
  if (cfg_.samples <= 1) return pixels;
  const uint32_t n = 1u << sample_count;
  const uint32_t all = (1u << n) - 1u;
  const size_t keep = std::max<size_t>(1, pixels.size() / n);
  std::vector<PixelRef> out;
  out.reserve(keep * n + keep / 16 + 1);
  // The coins of the loop by threshold (draw.h's Coin): a few per sample.
  const Coin uncovered(0.08), partial(0.4), written(0.2), omask(0.6), own_depth(0.5), stray(0.03);
  for (size_t i = 0; i < keep && i < pixels.size(); ++i) {
    const PixelRef& p = pixels[i];
    // The raster pattern: none, partial (some but not all samples) or full.
    uint32_t mask = all;
    if (!p.coverage || uncovered(rng_)) {
      mask = 0;
    } else if (n > 1 && partial(rng_)) {
      mask = 1 + pick(all - 1);
    }
    const bool omask_written = written(rng_);
    for (uint32_t s = 0; s < n; ++s) {
      PixelRef t = p;
      t.sample = static_cast<uint8_t>(s);
      t.gap = s == 0 ? p.gap : 0;
      t.coverage = ((mask >> s) & 1u) != 0;
      t.omask_written = omask_written;
      t.omask = !omask_written || omask(rng_);
      if (s != 0 && own_depth(rng_)) t.depth = ds.depth();
      out.push_back(t);
    }
    if (n < kMaxSamples && stray(rng_)) {
      PixelRef t = p;
      t.sample = static_cast<uint8_t>(n + pick(kMaxSamples - n));
      t.gap = 0;
      out.push_back(t);
    }
  }
  return out;
}

}  // namespace om::cosim

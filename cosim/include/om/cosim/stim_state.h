// SPDX-License-Identifier: Apache-2.0
// Random draw states for the co-simulation stimulus (internal to stimulus.cc): blend descriptors
// over every factor, op, logic op and write mask that the configuration's feature level allows
// (kept only when om::ref::check_blend_desc accepts them), render-target bindings over the
// configuration's formats, and a small fraction of deliberately illegal register values, in the
// proportions of a profile (profile.h). Also the seeds of the prefix-stable generator and its
// memory phases.
#pragma once

#include <cstdint>
#include <vector>

#include "om/cosim/draw.h"
#include "om/cosim/profile.h"
#include "om/cosim/scoreboard.h"
#include "om/cosim/stimulus.h"
#include "om/gen/defs.h"

namespace om::cosim {

/// Streams of derive_seed(): each segment and each memory phase has its own generator.
constexpr uint64_t kStreamSegment = 1;
constexpr uint64_t kStreamMemory = 2;

/// The seed of item `index` of `stream` of the run seeded `seed` (splitmix64 over the three), so
/// an item depends on nothing generated before it.
inline uint64_t derive_seed(uint64_t seed, uint64_t stream, uint64_t index) {
  uint64_t z = seed;
  for (const uint64_t v : {stream, index}) {
    z += 0x9E3779B97F4A7C15ull ^ v;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
  }
  return z;
}

/// Memory phase `index` of a seeded stimulus, starting at cycle `start` (< `cycles`): drawn from
/// derive_seed(seed, kStreamMemory, index), cut at `cycles`.
MemPhase memory_phase(uint64_t seed, uint64_t index, uint64_t start, uint64_t cycles,
                      const Profile& prof);

/// Memory phases covering `cycles` cycles: memory_phase() 0, 1, ... each starting where the one
/// before ended.
std::vector<MemPhase> generate_memory(uint64_t seed, uint64_t cycles, const Profile& prof);

class StateGen {
 public:
  /// Draws from `rng` (reseeded by the caller per segment) in the proportions of `prof`.
  StateGen(const ConfigInfo& cfg, const Profile& prof, Mt64& rng);

  /// A legal blend state (BlendDesc plus the non-binding state) on top of the bindings of `base`.
  State legal(const State& base);
  /// `s` with one deliberately illegal value (out-of-range encoding or a feature the feature level
  /// rejects) in the state registers.
  State make_illegal(const State& s);
  /// New render-target bindings: `rts` slots (0: random 1..max_rts) with formats of the
  /// configuration and small areas (hazards), sometimes large ones.
  void bind(State& s, int rts, bool* large);
  /// PS_OUTPUTS.TYPE: 2 random bits per slot.
  uint32_t ps_types();
  /// A random binary32 (values of the given kind mix: ordinary, specials, raw bits).
  uint32_t color(bool integer);
  /// n colors, out[0] first: the draws of n color() calls in one call.
  void colors(uint32_t* out, size_t n, bool integer);

  /// Formats that are render targets at the configuration's feature level.
  const std::vector<uint32_t>& rt_formats() const { return rt_formats_; }

 private:
  uint32_t pick(uint32_t n) { return draw_range(rng_, 0, n - 1); }
  bool coin(double p) { return draw_coin(rng_, p); }
  /// A random descriptor; with probability p_logic (where the configuration has logic ops) the
  /// logic op is enabled instead of blending.
  ref::RtBlendDesc random_desc(double p_logic);
  Blend rgb_factor();
  Blend alpha_factor();

  const ConfigInfo& cfg_;
  const Profile& prof_;
  Mt64& rng_;
  bool sep_alpha_, dual_, sat_, a2c_, per_rt_enable_, independent_;
  std::vector<uint32_t> rt_formats_;
  std::vector<uint32_t> uint_formats_;
};

}  // namespace om::cosim

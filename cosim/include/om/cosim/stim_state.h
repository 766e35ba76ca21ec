// SPDX-License-Identifier: Apache-2.0
// Random draw states for the co-simulation stimulus (internal to stimulus.cc): blend descriptors
// over every factor, op, logic op and write mask that the configuration's feature level allows
// (kept only when om::ref::check_blend_desc accepts them), render-target bindings over the
// configuration's formats, and a small fraction of deliberately illegal register values.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "om/cosim/scoreboard.h"
#include "om/gen/defs.h"

namespace om::cosim {

class StateGen {
 public:
  StateGen(const ConfigInfo& cfg, std::mt19937_64& rng);

  /// A legal blend state (BlendDesc plus the non-binding state) on top of the bindings of `base`.
  ref::DrawState legal(const ref::DrawState& base);
  /// `s` with one deliberately illegal value (out-of-range encoding or a feature the feature level
  /// rejects) in the state registers.
  ref::DrawState make_illegal(const ref::DrawState& s);
  /// New render-target bindings: `rts` slots (0: random 1..max_rts) with formats of the
  /// configuration and small areas (hazards), sometimes large ones.
  void bind(ref::DrawState& s, int rts, bool* large);
  /// PS_OUTPUTS.TYPE: 2 random bits per slot.
  uint32_t ps_types();
  /// A random binary32 (values of the given kind mix: ordinary, specials, raw bits).
  uint32_t color(bool integer);

  /// Formats that are render targets at the configuration's feature level.
  const std::vector<uint32_t>& rt_formats() const { return rt_formats_; }

 private:
  uint32_t pick(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
  bool coin(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p; }
  /// A random descriptor; with probability p_logic (where the configuration has logic ops) the
  /// logic op is enabled instead of blending.
  ref::RtBlendDesc random_desc(double p_logic);
  Blend rgb_factor();
  Blend alpha_factor();

  const ConfigInfo& cfg_;
  std::mt19937_64& rng_;
  bool sep_alpha_, dual_, sat_, a2c_, per_rt_enable_, independent_;
  std::vector<uint32_t> rt_formats_;
  std::vector<uint32_t> uint_formats_;
};

}  // namespace om::cosim

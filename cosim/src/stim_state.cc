// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/stim_state.h"

#include <algorithm>
#include <array>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/validate.h"

namespace om::cosim {
namespace {

constexpr std::array<uint32_t, 17> kRgbFactors = {1,  2,  3,  4,  5,  6,  7,  8, 9,
                                                  10, 11, 14, 15, 16, 17, 18, 19};
constexpr std::array<uint32_t, 11> kAlphaFactors = {1, 2, 5, 6, 7, 8, 11, 14, 15, 18, 19};
// Specials of binary32: zeros, one, its neighbours, infinities, NaNs, denormals, extremes.
constexpr std::array<uint32_t, 18> kSpecials = {
    0x00000000, 0x80000000, 0x3F800000, 0x3F000000, 0xBF800000, 0x40000000,
    0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFC00000, 0x00000001,
    0x807FFFFF, 0x7F7FFFFF, 0x3F7FFFFF, 0x3EFFFFFF, 0x3F800001, 0x00800000};

bool is_dual(uint32_t f) { return f >= 16 && f <= 19; }

}  // namespace

StateGen::StateGen(const ConfigInfo& cfg, const Profile& prof, Mt64& rng)
    : cfg_(cfg),
      prof_(prof),
      rng_(rng),
      sep_alpha_(cfg.fl_index >= 1),
      dual_(cfg.fl_index >= 3),
      sat_(cfg.fl_index >= 3),
      a2c_(cfg.fl_index >= 3),
      per_rt_enable_(cfg.fl_index >= 3),
      independent_(cfg.fl_index >= 4) {
  for (const FormatInfo& f : kFormatInfo) {
    if (((f.rt_fl_mask >> cfg.fl_index) & 1u) == 0) continue;
    rt_formats_.push_back(static_cast<uint32_t>(f.format));
    if (f.cls == FormatClass::UINT) uint_formats_.push_back(static_cast<uint32_t>(f.format));
  }
}

Blend StateGen::rgb_factor() {
  for (;;) {
    const uint32_t f = kRgbFactors[pick(kRgbFactors.size())];
    if (is_dual(f) && !dual_) continue;
    if (f == static_cast<uint32_t>(Blend::SRC_ALPHA_SAT) && !sat_) continue;
    return static_cast<Blend>(f);
  }
}

Blend StateGen::alpha_factor() {
  for (;;) {
    const uint32_t f = kAlphaFactors[pick(kAlphaFactors.size())];
    if (is_dual(f) && !dual_) continue;
    if (f == static_cast<uint32_t>(Blend::SRC_ALPHA_SAT) && !sat_) continue;
    return static_cast<Blend>(f);
  }
}

ref::RtBlendDesc StateGen::random_desc(double p_logic) {
  ref::RtBlendDesc d;
  d.blend_enable = coin(prof_.blend);
  d.src_blend = rgb_factor();
  d.dest_blend = rgb_factor();
  d.blend_op = static_cast<BlendOp>(1 + pick(5));
  if (sep_alpha_ && coin(0.6)) {
    d.src_blend_alpha = alpha_factor();
    d.dest_blend_alpha = alpha_factor();
    d.blend_op_alpha = static_cast<BlendOp>(1 + pick(5));
  } else {
    d.src_blend_alpha = ref::alpha_slot_equivalent(d.src_blend);
    d.dest_blend_alpha = ref::alpha_slot_equivalent(d.dest_blend);
    d.blend_op_alpha = d.blend_op;
  }
  d.logic_op = static_cast<LogicOp>(pick(16));
  if (cfg_.logic_op && coin(p_logic)) {
    d.logic_op_enable = true;
    d.blend_enable = false;
  }
  d.render_target_write_mask = coin(0.5) ? 0xFu : pick(16);
  return d;
}

// StateGen::color's draws, inline for colors()' loop.
inline uint32_t draw_color(Mt64& rng, bool integer) {
  const uint32_t k = draw_below(rng, 100);
  if (integer) {
    if (k < 40) return draw_below(rng, 256);
    if (k < 80) return static_cast<uint32_t>(rng());
    constexpr std::array<uint32_t, 5> kInt = {0u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u, 1u};
    return kInt[draw_below(rng, kInt.size())];
  }
  if (k < 45) return ref::f32_bits(draw_float(rng, 0.0f, 1.0f));
  if (k < 70) return ref::f32_bits(draw_float(rng, -0.5f, 1.5f));
  if (k < 85) return kSpecials[draw_below(rng, kSpecials.size())];
  return static_cast<uint32_t>(rng());
}

uint32_t StateGen::color(bool integer) { return draw_color(rng_, integer); }

void StateGen::colors(uint32_t* out, size_t n, bool integer) {
  for (size_t i = 0; i < n; ++i) out[i] = draw_color(rng_, integer);
}

State StateGen::legal(const State& base) {
  bool has_uint = false;
  for (const RtBind& b : base.rt_bind) {
    const FormatInfo* f = b.format ? ref::find_format(b.format) : nullptr;
    has_uint = has_uint || (f != nullptr && f->cls == FormatClass::UINT);
  }
  for (int attempt = 0; attempt < 64; ++attempt) {
    State s = base;
    ref::BlendDesc bd;
    bd.independent_blend_enable = coin(prof_.ibe);
    bd.alpha_to_coverage_enable = a2c_ && coin(0.15);
    // Logic ops act on UINT targets only: use them more where such a target is bound.
    const double p_logic =
        bd.independent_blend_enable ? 0.0 : std::min(1.0, prof_.logic * (has_uint ? 0.6 : 0.2));
    const ref::RtBlendDesc d0 = random_desc(p_logic);
    for (int i = 0; i < ref::kMaxRts; ++i) {
      ref::RtBlendDesc& d = bd.render_target[i];
      if (i == 0 || !bd.independent_blend_enable) {
        // Without IBE the hardware uses RT 0's descriptor: the others hold random values.
        d = i == 0 ? d0 : random_desc(0.0);
      } else if (independent_ && coin(0.7)) {
        d = random_desc(0.0);
      } else {
        d = d0;
        d.logic_op_enable = false;
        if (per_rt_enable_) d.blend_enable = coin(0.7);
        if (cfg_.fl_index >= 2) d.render_target_write_mask = coin(0.5) ? 0xFu : pick(16);
      }
    }
    if (ref::check_blend_desc(&bd, cfg_.fl, cfg_.logic_op).hr != Hresult::S_OK) continue;
    ref::set_blend_desc(s, bd);
    s.sample_mask = coin(0.9) ? 0xFFFFFFFFu : static_cast<uint32_t>(rng_());
    for (uint32_t& k : s.blend_factor) k = color(false);
    ref::D3d9State d3d9;
    d3d9.alpha_test_enable = coin(prof_.d3d9);
    d3d9.alpha_func = static_cast<CmpFunc>(1 + pick(8));
    d3d9.alpha_ref = pick(256);
    d3d9.fog_enable = coin(prof_.d3d9);
    for (uint32_t& c : d3d9.fog_color) {
      c = ref::f32_bits(draw_float(rng_, 0.0f, 1.0f));
    }
    ref::set_d3d9_state(s, d3d9);
    s.ps_outputs = coin(0.7) ? 0xFFu : pick(256);
    return s;
  }
  State s = base;
  ref::set_blend_desc(s, ref::BlendDesc{});
  return s;
}

State StateGen::make_illegal(const State& in) {
  State s = in;
  ref::BlendDesc blend = ref::blend_desc(s);
  ref::D3d9State d3d9 = ref::d3d9_state(s);
  const int rt = static_cast<int>(pick(blend.independent_blend_enable ? cfg_.max_rts : 1));
  ref::RtBlendDesc& d = blend.render_target[rt];
  switch (pick(9)) {
    case 0: {  // factor encodings D3D rejects: 0, 12, 13, 20..31
      constexpr std::array<uint32_t, 6> kBad = {0, 12, 13, 20, 25, 31};
      d.blend_enable = true;
      d.logic_op_enable = false;
      (coin(0.5) ? d.src_blend : d.dest_blend) = static_cast<Blend>(kBad[pick(kBad.size())]);
      break;
    }
    case 1:  // blend op encodings 0, 6, 7
      d.blend_enable = true;
      d.logic_op_enable = false;
      (coin(0.5) ? d.blend_op : d.blend_op_alpha) =
          static_cast<BlendOp>(coin(0.3) ? 0 : 6 + pick(2));
      break;
    case 2: {  // colour factors in an alpha slot
      constexpr std::array<uint32_t, 6> kBad = {3, 4, 9, 10, 16, 17};
      d.blend_enable = true;
      d.logic_op_enable = false;
      (coin(0.5) ? d.src_blend_alpha : d.dest_blend_alpha) =
          static_cast<Blend>(kBad[pick(kBad.size())]);
      break;
    }
    case 3:  // blend and logic op both on
      blend.render_target[0].blend_enable = true;
      blend.render_target[0].logic_op_enable = true;
      break;
    case 4:  // logic op with IndependentBlendEnable, or without the OutputMergerLogicOp cap
      blend.render_target[0].logic_op_enable = true;
      blend.render_target[0].blend_enable = false;
      blend.independent_blend_enable = true;
      break;
    case 5:  // features above the feature level: dual source, SRC_ALPHA_SAT, alpha-to-coverage
      d.blend_enable = true;
      d.logic_op_enable = false;
      d.src_blend = static_cast<Blend>(coin(0.5) ? 16 + pick(4) : 7);
      blend.alpha_to_coverage_enable = coin(0.5);
      break;
    case 6:  // alpha-test comparison encodings outside 1..8
      d3d9.alpha_test_enable = true;
      d3d9.alpha_func = static_cast<CmpFunc>(coin(0.5) ? 0 : 9 + pick(7));
      break;
    case 7: {  // a format code the table does not know, or a format that is no RT at this level
      int slot = -1;
      for (int i = 0; i < ref::kMaxRts; ++i) {
        if (s.rt_bind[i].format != 0) slot = i;
      }
      if (slot < 0) slot = 0;
      if (coin(0.5)) {
        uint32_t code = 0;
        do {
          code = 1 + pick(255);
        } while (ref::find_format(code) != nullptr);
        s.rt_bind[slot].format = code;
      } else {
        s.rt_bind[slot].format = static_cast<uint32_t>(kFormatInfo[pick(kNumFormats)].format);
      }
      if (s.rt_bind[slot].width == 0) s.rt_bind[slot].width = s.rt_bind[slot].height = 4;
      break;
    }
    default:  // a slot at or above max_rts (does not exist in the configuration)
      s.rt_bind[7] = s.rt_bind[0].format != 0 ? s.rt_bind[0] : RtBind{28, 4, 4};
      break;
  }
  ref::set_blend_desc(s, blend);
  ref::set_d3d9_state(s, d3d9);
  return s;
}

void StateGen::bind(State& s, int rts, bool* large) {
  const int max_rts = cfg_.max_rts;
  int n = rts;
  if (n == 0 && prof_.all_rts) n = max_rts;
  if (n == 0) n = coin(0.35) ? 1 : 1 + static_cast<int>(pick(max_rts));
  n = std::min(n, max_rts);
  std::vector<int> slots(static_cast<size_t>(max_rts));
  for (int i = 0; i < max_rts; ++i) slots[i] = i;
  std::shuffle(slots.begin(), slots.end(), rng_);
  slots.resize(static_cast<size_t>(n));
  if (coin(0.5)) {  // often the first n slots
    for (int i = 0; i < n; ++i) slots[i] = i;
  }
  for (RtBind& b : s.rt_bind) b = RtBind{};
  const uint32_t mode = pick(100);
  *large = mode >= 96;
  uint32_t w = 1 + pick(6), h = 1 + pick(6);
  if (mode >= 75 && mode < 96) w = 8 + pick(25), h = 8 + pick(25);
  if (*large) w = 1 + pick(16384), h = 1 + pick(16384);
  if (prof_.tiny_areas) w = 1 + pick(2), h = 1 + pick(2), *large = false;
  // Below FL 10_0 every RT must have the same bit depth (no MRT independent bit depths). With
  // logic ops, a quarter of the bindings are UINT formats only (logic ops act on UINT RTs).
  const std::vector<uint32_t>& pool =
      (cfg_.logic_op && !uint_formats_.empty() && coin(prof_.uint_bind)) ? uint_formats_
                                                                         : rt_formats_;
  const uint32_t f0 = pool[pick(pool.size())];
  const int bits0 = ref::find_format(f0)->texel_bits;
  for (int k = 0; k < n; ++k) {
    uint32_t f = pool[pick(pool.size())];
    if (cfg_.fl_index < 3) {
      while (ref::find_format(f)->texel_bits != bits0) f = pool[pick(pool.size())];
    }
    RtBind& b = s.rt_bind[slots[k]];
    b.format = f;
    b.width = w;
    b.height = h;
    if (!*large && coin(0.15)) {  // a smaller view in this slot
      b.width = 1 + pick(w);
      b.height = 1 + pick(h);
    }
  }
}

uint32_t StateGen::ps_types() { return static_cast<uint32_t>(rng_()) & 0xFFFFu; }

}  // namespace om::cosim

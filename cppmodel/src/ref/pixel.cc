// SPDX-License-Identifier: Apache-2.0
// Whole-pixel processing (docs/behaviour.md §1, §5.4, §5.5, §8).
#include "om/ref/pixel.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "om/ref/depth_stencil.h"

namespace om::ref {

const RtBlendDesc& select_rt_desc(const BlendDesc& blend, int rt) {
  if (rt < 0 || rt >= kMaxRts)
    throw std::out_of_range("select_rt_desc: slot " + std::to_string(rt));
  const RtBlendDesc& rt0 = blend.render_target[0];
  if (rt0.logic_op_enable || !blend.independent_blend_enable) return rt0;
  return blend.render_target[rt];
}

bool a2c_covered(uint32_t alpha, uint32_t n, uint32_t s) {
  if (n < 1 || n > 32) {
    throw std::invalid_argument("a2c_covered: n = " + std::to_string(n) + " is outside 1..32");
  }
  if (s >= n) return false;
  const uint32_t t = f32_add(f32_mul(alpha, f32_from_int(static_cast<int>(n))), kF32Half);
  return f32_compare(CmpFunc::GREATER_EQUAL, t, f32_from_int(static_cast<int>(s + 1)));  // NaN: no
}

bool alpha_test_pass(const D3d9State& d3d9, uint32_t alpha) {
  if (!d3d9.alpha_test_enable) return true;
  return f32_compare(d3d9.alpha_func, alpha, unorm_to_f32(d3d9.alpha_ref & 0xFFu, 8));
}

Vec4 apply_fog(const D3d9State& d3d9, uint32_t f, const Vec4& c) {
  if (!d3d9.fog_enable) return c;
  const uint32_t fc = f32_clamp(f, kF32Zero, kF32One);
  const uint32_t inv = f32_sub(kF32One, fc);
  Vec4 r = c;
  for (int ch = 0; ch < 3; ++ch) {
    r[ch] = f32_add(f32_mul(fc, c[ch]), f32_mul(inv, d3d9.fog_color[ch]));
  }
  return r;
}

uint32_t fog_factor(FogMode mode, uint32_t d, uint32_t start, uint32_t end, uint32_t density) {
  const double dd = f32_value(d);
  double f;
  switch (mode) {
    case FogMode::NONE:
      return kF32One;
    case FogMode::LINEAR: {
      const double e = f32_value(end);
      f = (e - dd) / (e - static_cast<double>(f32_value(start)));
      break;
    }
    case FogMode::EXP:
      f = std::exp(-(dd * f32_value(density)));
      break;
    case FogMode::EXP2: {
      const double x = dd * f32_value(density);
      f = std::exp(-(x * x));
      break;
    }
    default:
      throw std::invalid_argument("fog_factor: " + std::to_string(static_cast<uint32_t>(mode)) +
                                  " is not a D3DFOGMODE value");
  }
  return f32_clamp(f32_bits(static_cast<float>(f)), kF32Zero, kF32One);
}

bool sample_in_count(const PixelState& state, const PixelIn& px) {
  if (state.sample_count > 3) {
    throw std::invalid_argument("sample_in_count: sample_count " +
                                std::to_string(state.sample_count) + " is outside 0..3");
  }
  return px.sample < (1u << state.sample_count);
}

bool pixel_covered(const PixelState& state, const PixelIn& px) {
  if (!sample_in_count(state, px)) return false;
  const uint32_t n = 1u << state.sample_count;
  const uint32_t alpha = px.oc[0][3];
  if (!px.coverage || ((state.sample_mask >> px.sample) & 1u) == 0) return false;
  if (px.omask_written) {
    if (!px.omask) return false;
  } else if (state.blend.alpha_to_coverage_enable && !a2c_covered(alpha, n, px.sample)) {
    return false;
  }
  return alpha_test_pass(state.d3d9, alpha);
}

bool sample_covered(const PixelState& state, const PixelIn& px) {
  return px.clear ? sample_in_count(state, px) : pixel_covered(state, px);
}

PixelOut process_pixel(const PixelState& state, const PixelIn& px,
                       const std::array<Texel, kMaxRts>& dest) {
  if (sample_covered(state, px)) return write_pixel(state, px, dest);
  PixelOut out;
  out.texel = dest;
  return out;
}

PixelOut write_pixel(const PixelState& state, const PixelIn& px,
                     const std::array<Texel, kMaxRts>& dest) {
  PixelOut out;
  out.texel = dest;
  out.covered = true;
  const RtBlendDesc& rt0 = state.blend.render_target[0];
  for (int i = 0; i < kMaxRts; ++i) {
    if (state.rt_format[i] == nullptr) continue;
    if (!px.clear && (state.ps_outputs & (1u << i)) == 0) continue;
    RtOpIn in;
    in.format = state.rt_format[i];
    in.desc = select_rt_desc(state.blend, i);
    if ((in.format->blend_fl_mask & (1u << state.fl_index)) == 0) in.desc.blend_enable = false;
    in.logic_op_enable = rt0.logic_op_enable;
    in.logic_op = rt0.logic_op;
    in.gamma_space = state.gamma_space;
    in.clear = px.clear;
    if (px.clear) {
      in.s = px.oc[0];  // the clear colour, for every RT
    } else {
      in.s = i == 0 ? apply_fog(state.d3d9, px.fog, px.oc[0]) : px.oc[i];
    }
    in.s1 = px.oc1;
    in.k = state.blend_factor;
    in.dest = dest[i];
    const RtOpOut r = rt_op(in);
    out.write[i] = r.write;
    out.texel[i] = r.texel;
  }
  return out;
}

}  // namespace om::ref

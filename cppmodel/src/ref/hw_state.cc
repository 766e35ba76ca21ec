// SPDX-License-Identifier: Apache-2.0
#include "om/ref/hw_state.h"

namespace om::ref {

RtDesc to_rt_desc(const RtBlendDesc& d) {
  RtDesc r;
  r.blend_enable = d.blend_enable;
  r.src_blend = static_cast<uint32_t>(d.src_blend);
  r.dest_blend = static_cast<uint32_t>(d.dest_blend);
  r.blend_op = static_cast<uint32_t>(d.blend_op);
  r.src_blend_alpha = static_cast<uint32_t>(d.src_blend_alpha);
  r.dest_blend_alpha = static_cast<uint32_t>(d.dest_blend_alpha);
  r.blend_op_alpha = static_cast<uint32_t>(d.blend_op_alpha);
  r.logic_op_enable = d.logic_op_enable;
  r.logic_op = static_cast<uint32_t>(d.logic_op);
  r.write_mask = d.render_target_write_mask;
  return r;
}

RtBlendDesc from_rt_desc(const RtDesc& d) {
  RtBlendDesc r;
  r.blend_enable = d.blend_enable;
  r.logic_op_enable = d.logic_op_enable;
  r.src_blend = static_cast<Blend>(d.src_blend);
  r.dest_blend = static_cast<Blend>(d.dest_blend);
  r.blend_op = static_cast<BlendOp>(d.blend_op);
  r.src_blend_alpha = static_cast<Blend>(d.src_blend_alpha);
  r.dest_blend_alpha = static_cast<Blend>(d.dest_blend_alpha);
  r.blend_op_alpha = static_cast<BlendOp>(d.blend_op_alpha);
  r.logic_op = static_cast<LogicOp>(d.logic_op);
  r.render_target_write_mask = d.write_mask;
  return r;
}

State default_state() {
  State s;
  set_blend_desc(s, BlendDesc{});
  s.blend_factor = {kF32One, kF32One, kF32One, kF32One};
  s.sample_mask = 0xFFFFFFFFu;
  s.ps_outputs = 0xFFu;
  set_d3d9_state(s, D3d9State{});
  set_ds_desc(s, DepthStencilDesc{});
  s.max_depth = kF32One;
  return s;
}

BlendDesc blend_desc(const State& s) {
  BlendDesc b;
  b.independent_blend_enable = s.independent_blend_enable;
  b.alpha_to_coverage_enable = s.alpha_to_coverage_enable;
  for (int i = 0; i < kMaxRts; ++i) b.render_target[i] = from_rt_desc(s.rt_desc[i]);
  return b;
}

void set_blend_desc(State& s, const BlendDesc& b) {
  s.independent_blend_enable = b.independent_blend_enable;
  s.alpha_to_coverage_enable = b.alpha_to_coverage_enable;
  for (int i = 0; i < kMaxRts; ++i) s.rt_desc[i] = to_rt_desc(b.render_target[i]);
}

D3d9State d3d9_state(const State& s) {
  D3d9State d;
  d.alpha_test_enable = s.alpha_test_enable;
  d.alpha_func = static_cast<CmpFunc>(s.alpha_func);
  d.alpha_ref = s.alpha_ref;
  d.fog_enable = s.fog_enable;
  d.fog_color = s.fog_color;
  return d;
}

void set_d3d9_state(State& s, const D3d9State& d) {
  s.alpha_test_enable = d.alpha_test_enable;
  s.alpha_func = static_cast<uint32_t>(d.alpha_func);
  s.alpha_ref = d.alpha_ref;
  s.fog_enable = d.fog_enable;
  s.fog_color = d.fog_color;
}

PixelState pixel_state(const State& s, const ConfigInfo& cfg, uint32_t x, uint32_t y) {
  return pixel_state(draw_pixel_state(s, cfg), s, cfg, x, y);
}

PixelState draw_pixel_state(const State& s, const ConfigInfo& cfg) {
  PixelState ps;
  ps.blend = blend_desc(s);
  ps.blend_factor = s.blend_factor;
  ps.sample_mask = s.sample_mask;
  ps.sample_count = s.sample_count;
  ps.ps_outputs = s.ps_outputs;
  ps.d3d9 = d3d9_state(s);
  ps.gamma_space = static_cast<uint32_t>(cfg.fl) < static_cast<uint32_t>(FeatureLevel::FL_10_0);
  ps.fl_index = cfg.fl_index;
  return ps;
}

PixelState pixel_state(const PixelState& draw, const State& s, const ConfigInfo& cfg, uint32_t x,
                       uint32_t y) {
  PixelState ps = draw;
  for (int i = 0; i < kMaxRts && i < cfg.max_rts; ++i) {
    const RtBind& b = s.rt_bind[i];
    if (b.format != 0 && x < b.width && y < b.height) ps.rt_format[i] = find_format(b.format);
  }
  return ps;
}

DepthStencilDesc ds_desc(const State& s) {
  DepthStencilDesc d;
  d.depth_enable = s.depth_enable;
  d.depth_write_mask = s.depth_write_mask ? DepthWriteMask::ALL : DepthWriteMask::ZERO;
  d.depth_func = static_cast<CmpFunc>(s.depth_func);
  d.stencil_enable = s.stencil_enable;
  d.stencil_read_mask = static_cast<uint8_t>(s.stencil_read_mask);
  d.stencil_write_mask = static_cast<uint8_t>(s.stencil_write_mask);
  for (int i = 0; i < 2; ++i) {
    DepthStencilOpDesc& f = i == 0 ? d.front_face : d.back_face;
    f.stencil_fail_op = static_cast<StencilOp>(s.ds_face[i].fail_op);
    f.stencil_depth_fail_op = static_cast<StencilOp>(s.ds_face[i].depth_fail_op);
    f.stencil_pass_op = static_cast<StencilOp>(s.ds_face[i].pass_op);
    f.stencil_func = static_cast<CmpFunc>(s.ds_face[i].func);
  }
  return d;
}

void set_ds_desc(State& s, const DepthStencilDesc& d) {
  s.depth_enable = d.depth_enable;
  s.depth_write_mask = d.depth_write_mask == DepthWriteMask::ALL;
  s.depth_func = static_cast<uint32_t>(d.depth_func);
  s.stencil_enable = d.stencil_enable;
  s.stencil_read_mask = d.stencil_read_mask;
  s.stencil_write_mask = d.stencil_write_mask;
  for (int i = 0; i < 2; ++i) {
    const DepthStencilOpDesc& f = i == 0 ? d.front_face : d.back_face;
    s.ds_face[i].fail_op = static_cast<uint32_t>(f.stencil_fail_op);
    s.ds_face[i].depth_fail_op = static_cast<uint32_t>(f.stencil_depth_fail_op);
    s.ds_face[i].pass_op = static_cast<uint32_t>(f.stencil_pass_op);
    s.ds_face[i].func = static_cast<uint32_t>(f.stencil_func);
  }
}

void set_ds_view(State& s, const DsView& v) {
  s.ds_bind.valid = v.valid;
  s.ds_bind.format = v.format;
  s.ds_bind.read_only_depth = (v.dsv_flags & static_cast<uint32_t>(DsvFlag::READ_ONLY_DEPTH)) != 0;
  s.ds_bind.read_only_stencil =
      (v.dsv_flags & static_cast<uint32_t>(DsvFlag::READ_ONLY_STENCIL)) != 0;
}

DsBinding ds_binding(const State& s) {
  DsBinding b;
  b.format = s.ds_bind.valid ? find_ds_format(s.ds_bind.format) : nullptr;
  b.dsv_flags =
      (s.ds_bind.read_only_depth ? static_cast<uint32_t>(DsvFlag::READ_ONLY_DEPTH) : 0u) |
      (s.ds_bind.read_only_stencil ? static_cast<uint32_t>(DsvFlag::READ_ONLY_STENCIL) : 0u);
  b.stencil_ref = static_cast<uint8_t>(s.stencil_ref);
  b.min_depth = s.min_depth;
  b.max_depth = s.max_depth;
  return b;
}

}  // namespace om::ref

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

State to_state(const DrawState& d) {
  State s;
  s.independent_blend_enable = d.blend.independent_blend_enable;
  s.alpha_to_coverage_enable = d.blend.alpha_to_coverage_enable;
  s.sample_mask = d.sample_mask;
  s.sample_count = d.sample_count;
  s.blend_factor = d.k;
  s.alpha_test_enable = d.d3d9.alpha_test_enable;
  s.alpha_func = static_cast<uint32_t>(d.d3d9.alpha_func);
  s.alpha_ref = d.d3d9.alpha_ref;
  s.fog_enable = d.d3d9.fog_enable;
  s.fog_color = d.d3d9.fog_color;
  s.ps_outputs = d.ps_outputs;
  s.ps_output_type = d.ps_output_type;
  for (int i = 0; i < kMaxRts; ++i) s.rt_desc[i] = to_rt_desc(d.blend.render_target[i]);
  s.rt_bind = d.rt;
  s.depth_enable = d.ds.depth_enable;
  s.depth_write_mask = d.ds.depth_write_mask == DepthWriteMask::ALL;
  s.depth_func = static_cast<uint32_t>(d.ds.depth_func);
  s.stencil_enable = d.ds.stencil_enable;
  s.stencil_read_mask = d.ds.stencil_read_mask;
  s.stencil_write_mask = d.ds.stencil_write_mask;
  for (int i = 0; i < 2; ++i) {
    const DepthStencilOpDesc& f = i == 0 ? d.ds.front_face : d.ds.back_face;
    s.ds_face[i].fail_op = static_cast<uint32_t>(f.stencil_fail_op);
    s.ds_face[i].depth_fail_op = static_cast<uint32_t>(f.stencil_depth_fail_op);
    s.ds_face[i].pass_op = static_cast<uint32_t>(f.stencil_pass_op);
    s.ds_face[i].func = static_cast<uint32_t>(f.stencil_func);
  }
  s.stencil_ref = d.stencil_ref;
  s.ds_bind.valid = d.ds_view.valid;
  s.ds_bind.format = d.ds_view.format;
  s.ds_bind.read_only_depth =
      (d.ds_view.dsv_flags & static_cast<uint32_t>(DsvFlag::READ_ONLY_DEPTH)) != 0;
  s.ds_bind.read_only_stencil =
      (d.ds_view.dsv_flags & static_cast<uint32_t>(DsvFlag::READ_ONLY_STENCIL)) != 0;
  s.min_depth = d.min_depth;
  s.max_depth = d.max_depth;
  return s;
}

DrawState draw_state(const State& s) {
  DrawState d;
  d.blend = blend_desc(s);
  d.k = s.blend_factor;
  d.sample_mask = s.sample_mask;
  d.sample_count = s.sample_count;
  d.ps_outputs = s.ps_outputs;
  d.ps_output_type = s.ps_output_type;
  d.d3d9 = d3d9_state(s);
  d.rt = s.rt_bind;
  d.ds = ds_desc(s);
  const DsBinding b = ds_binding(s);
  d.ds_view.valid = s.ds_bind.valid;
  d.ds_view.format = s.ds_bind.format;
  d.ds_view.dsv_flags = b.dsv_flags;
  d.stencil_ref = b.stencil_ref;
  d.min_depth = b.min_depth;
  d.max_depth = b.max_depth;
  return d;
}

BlendDesc blend_desc(const State& s) {
  BlendDesc b;
  b.independent_blend_enable = s.independent_blend_enable;
  b.alpha_to_coverage_enable = s.alpha_to_coverage_enable;
  for (int i = 0; i < kMaxRts; ++i) b.render_target[i] = from_rt_desc(s.rt_desc[i]);
  return b;
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

PixelState pixel_state(const DrawState& s, const ConfigInfo& cfg, uint32_t x, uint32_t y) {
  PixelState ps;
  ps.blend = s.blend;
  ps.blend_factor = s.k;
  ps.sample_mask = s.sample_mask;
  ps.sample_count = s.sample_count;
  ps.ps_outputs = s.ps_outputs;
  ps.d3d9 = s.d3d9;
  ps.gamma_space = static_cast<uint32_t>(cfg.fl) < static_cast<uint32_t>(FeatureLevel::FL_10_0);
  ps.fl_index = cfg.fl_index;
  for (int i = 0; i < kMaxRts && i < cfg.max_rts; ++i) {
    const RtBind& b = s.rt[i];
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

// SPDX-License-Identifier: Apache-2.0
// The field tables (pystruct.h) of the om::ref structs that cross into Python, in the field order
// of their omsim dataclasses (omsim/state.py, omsim/validate.py).
#pragma once

#include "om/ref/caps.h"
#include "om/ref/depth_stencil.h"
#include "om/ref/om_validate.h"
#include "om/ref/pixel.h"
#include "om/ref/state.h"
#include "pystruct.h"

namespace omsim_py {

template <>
struct Table<om::ref::RtBlendDesc> {
  static constexpr const char* kName = "RtBlendDesc";
  static constexpr const char* kNoun = "render-target descriptions";
  static constexpr auto kFields = OMSIM_FIELDS(
      om::ref::RtBlendDesc, blend_enable, logic_op_enable, src_blend, dest_blend, blend_op,
      src_blend_alpha, dest_blend_alpha, blend_op_alpha, logic_op, render_target_write_mask);
};
OMSIM_TABLE(om::ref::BlendDesc, "BlendDesc", alpha_to_coverage_enable, independent_blend_enable,
            render_target);
OMSIM_TABLE(om::ref::DepthStencilOpDesc, "DepthStencilOpDesc", stencil_fail_op,
            stencil_depth_fail_op, stencil_pass_op, stencil_func);
OMSIM_TABLE(om::ref::DepthStencilDesc, "DepthStencilDesc", depth_enable, depth_write_mask,
            depth_func, stencil_enable, stencil_read_mask, stencil_write_mask, front_face,
            back_face);
OMSIM_TABLE(om::ref::D3d9State, "D3d9State", alpha_test_enable, alpha_func, alpha_ref, fog_enable,
            fog_color);

/// Without ps_outputs: the bindings derive it from which outputs a call passes.
template <>
struct Table<om::ref::PixelState> {
  using S = om::ref::PixelState;
  static constexpr const char* kName = "PixelState";
  static constexpr auto kFields = std::tuple_cat(
      OMSIM_FIELDS(S, blend, blend_factor, sample_mask),
      std::make_tuple(field("rt_formats", &S::rt_format)), OMSIM_FIELDS(S, d3d9, gamma_space),
      std::make_tuple(field<FeatureLevelIndex>("feature_level", &S::fl_index)));
};

OMSIM_TABLE(om::ref::OmCaps, "OmCaps", max_rts, independent_write_masks, per_rt_blend_enable,
            independent_blend, separate_alpha, dual_source, src_alpha_sat, alpha_to_coverage,
            logic_op, mrt_independent_bit_depths, linear_srgb_blend, depth_stencil,
            cube_depth_stencil);
// The members of D3D11_FEATURE_DATA_D3D9_OPTIONS1 and of D3DCAPS9, which the driver's own structs
// (device_structs.h) share.
#define OMSIM_D3D9_OPTIONS1                                                                      \
  full_non_pow2_texture_supported, depth_as_texture_with_less_equal_comparison_filter_supported, \
      simple_instancing_supported,                                                               \
      texture_cube_face_render_target_with_non_cube_depth_stencil_supported
#define OMSIM_D3DCAPS9 num_simultaneous_rts, primitive_misc_caps, src_blend_caps, dest_blend_caps
OMSIM_TABLE(om::ref::D3d9Options1, "D3d9Options1", OMSIM_D3D9_OPTIONS1);
OMSIM_TABLE(om::ref::D3dCaps9, "D3dCaps9", OMSIM_D3DCAPS9);

/// Caps.output_merger_logic_op: the one member of D3D11_OPTIONS the hardware decides.
template <>
struct Table<om::ref::D3d11Options> {
  static constexpr bool kFlat = true;
  static constexpr auto kFields = OMSIM_FIELDS(om::ref::D3d11Options, output_merger_logic_op);
};
template <>
struct Table<om::ref::Caps> {
  using S = om::ref::Caps;
  static constexpr const char* kName = "Caps";
  static constexpr auto kFields =
      std::tuple_cat(OMSIM_FIELDS(S, spec_revision, fl, om, d3d9_options1),
                     std::make_tuple(field("output_merger_logic_op", &S::d3d11_options)),
                     OMSIM_FIELDS(S, d3d9, max_samples, fmt));
};

// The members of RtBinding and DsvBinding, which the driver's views (device_structs.h) share.
#define OMSIM_RT_BINDING format, width, height, array_size, sample_count, type, cube
#define OMSIM_DSV_BINDING width, height, array_size, sample_count, type, cube, format, flags
template <>
struct Table<om::ref::RtBinding> {
  static constexpr const char* kName = "RtBinding";
  static constexpr bool om::ref::RtBinding::*kPresent = &om::ref::RtBinding::bound;
  static constexpr auto kFields = OMSIM_FIELDS(om::ref::RtBinding, OMSIM_RT_BINDING);
};
template <>
struct Table<om::ref::DsvBinding> {
  static constexpr const char* kName = "DsvBinding";
  static constexpr bool om::ref::DsvBinding::*kPresent = &om::ref::DsvBinding::bound;
  static constexpr auto kFields = OMSIM_FIELDS(om::ref::DsvBinding, OMSIM_DSV_BINDING);
};
template <>
struct Table<om::ref::PsOutput> {
  static constexpr const char* kName = "PsOutput";
  static constexpr bool om::ref::PsOutput::*kPresent = &om::ref::PsOutput::written;
  static constexpr auto kFields = OMSIM_FIELDS(om::ref::PsOutput, type, mask, value_bits);
};
OMSIM_TABLE(om::ref::D3d9Mode, "D3d9Mode", enabled, alpha_test_enable, fog_enable, dither_enable,
            multisample_antialias, color_write_enable);
OMSIM_TABLE(om::ref::OmState, "OmState", blend, blend_factor, sample_mask, rt, dsv, ps_output, d3d9,
            initialised, internal_error);

}  // namespace omsim_py

// SPDX-License-Identifier: Apache-2.0
// The field tables (pystruct.h) of the om::ref structs that cross into Python, in the field order
// of their omsim dataclasses (omsim/state.py, omsim/validate.py).
#pragma once

#include "om/ref/caps.h"
#include "om/ref/om_validate.h"
#include "om/ref/pixel.h"
#include "om/ref/state.h"
#include "pystruct.h"

namespace omsim_py {

template <>
struct Table<om::ref::RtBlendDesc> {
  using S = om::ref::RtBlendDesc;
  static constexpr const char* kName = "RtBlendDesc";
  static constexpr const char* kNoun = "render-target descriptions";
  static constexpr auto kFields = std::make_tuple(
      field("blend_enable", &S::blend_enable), field("logic_op_enable", &S::logic_op_enable),
      field("src_blend", &S::src_blend), field("dest_blend", &S::dest_blend),
      field("blend_op", &S::blend_op), field("src_blend_alpha", &S::src_blend_alpha),
      field("dest_blend_alpha", &S::dest_blend_alpha), field("blend_op_alpha", &S::blend_op_alpha),
      field("logic_op", &S::logic_op),
      field("render_target_write_mask", &S::render_target_write_mask));
};

template <>
struct Table<om::ref::BlendDesc> {
  using S = om::ref::BlendDesc;
  static constexpr const char* kName = "BlendDesc";
  static constexpr auto kFields =
      std::make_tuple(field("alpha_to_coverage_enable", &S::alpha_to_coverage_enable),
                      field("independent_blend_enable", &S::independent_blend_enable),
                      field("render_target", &S::render_target));
};

template <>
struct Table<om::ref::D3d9State> {
  using S = om::ref::D3d9State;
  static constexpr const char* kName = "D3d9State";
  static constexpr auto kFields =
      std::make_tuple(field("alpha_test_enable", &S::alpha_test_enable),
                      field("alpha_func", &S::alpha_func), field("alpha_ref", &S::alpha_ref),
                      field("fog_enable", &S::fog_enable), field("fog_color", &S::fog_color));
};

/// Without ps_outputs: the bindings derive it from which outputs a call passes.
template <>
struct Table<om::ref::PixelState> {
  using S = om::ref::PixelState;
  static constexpr const char* kName = "PixelState";
  static constexpr auto kFields =
      std::make_tuple(field("blend", &S::blend), field("blend_factor", &S::blend_factor),
                      field("sample_mask", &S::sample_mask), field("rt_formats", &S::rt_format),
                      field("d3d9", &S::d3d9), field("gamma_space", &S::gamma_space),
                      field<FeatureLevelIndex>("feature_level", &S::fl_index));
};

template <>
struct Table<om::ref::OmCaps> {
  using S = om::ref::OmCaps;
  static constexpr const char* kName = "OmCaps";
  static constexpr auto kFields = std::make_tuple(
      field("max_rts", &S::max_rts), field("independent_write_masks", &S::independent_write_masks),
      field("per_rt_blend_enable", &S::per_rt_blend_enable),
      field("independent_blend", &S::independent_blend),
      field("separate_alpha", &S::separate_alpha), field("dual_source", &S::dual_source),
      field("src_alpha_sat", &S::src_alpha_sat), field("alpha_to_coverage", &S::alpha_to_coverage),
      field("logic_op", &S::logic_op),
      field("mrt_independent_bit_depths", &S::mrt_independent_bit_depths),
      field("linear_srgb_blend", &S::linear_srgb_blend), field("depth_stencil", &S::depth_stencil),
      field("cube_depth_stencil", &S::cube_depth_stencil));
};

template <>
struct Table<om::ref::D3d9Options1> {
  using S = om::ref::D3d9Options1;
  static constexpr const char* kName = "D3d9Options1";
  static constexpr auto kFields = std::make_tuple(
      field("full_non_pow2_texture_supported", &S::full_non_pow2_texture_supported),
      field("depth_as_texture_with_less_equal_comparison_filter_supported",
            &S::depth_as_texture_with_less_equal_comparison_filter_supported),
      field("simple_instancing_supported", &S::simple_instancing_supported),
      field("texture_cube_face_render_target_with_non_cube_depth_stencil_supported",
            &S::texture_cube_face_render_target_with_non_cube_depth_stencil_supported));
};

/// Caps.output_merger_logic_op: the one member the hardware decides.
template <>
struct Table<om::ref::D3d11Options> {
  using S = om::ref::D3d11Options;
  static constexpr bool kFlat = true;
  static constexpr auto kFields =
      std::make_tuple(field("output_merger_logic_op", &S::output_merger_logic_op));
};

template <>
struct Table<om::ref::D3dCaps9> {
  using S = om::ref::D3dCaps9;
  static constexpr const char* kName = "D3dCaps9";
  static constexpr auto kFields = std::make_tuple(
      field("num_simultaneous_rts", &S::num_simultaneous_rts),
      field("primitive_misc_caps", &S::primitive_misc_caps),
      field("src_blend_caps", &S::src_blend_caps), field("dest_blend_caps", &S::dest_blend_caps));
};

template <>
struct Table<om::ref::Caps> {
  using S = om::ref::Caps;
  static constexpr const char* kName = "Caps";
  static constexpr auto kFields = std::make_tuple(
      field("spec_revision", &S::spec_revision), field("fl", &S::fl), field("om", &S::om),
      field("d3d9_options1", &S::d3d9_options1), field("output_merger_logic_op", &S::d3d11_options),
      field("d3d9", &S::d3d9), field("max_samples", &S::max_samples), field("fmt", &S::fmt));
};

template <>
struct Table<om::ref::RtBinding> {
  using S = om::ref::RtBinding;
  static constexpr const char* kName = "RtBinding";
  static constexpr const char* kNoun = "render-target bindings";
  static constexpr bool S::*kPresent = &S::bound;
  static constexpr auto kFields = std::make_tuple(
      field("format", &S::format), field("width", &S::width), field("height", &S::height),
      field("array_size", &S::array_size), field("sample_count", &S::sample_count),
      field("type", &S::type), field("cube", &S::cube));
};

template <>
struct Table<om::ref::DsvBinding> {
  using S = om::ref::DsvBinding;
  static constexpr const char* kName = "DsvBinding";
  static constexpr bool S::*kPresent = &S::bound;
  static constexpr auto kFields = std::make_tuple(
      field("width", &S::width), field("height", &S::height), field("array_size", &S::array_size),
      field("sample_count", &S::sample_count), field("type", &S::type), field("cube", &S::cube));
};

template <>
struct Table<om::ref::PsOutput> {
  using S = om::ref::PsOutput;
  static constexpr const char* kName = "PsOutput";
  static constexpr const char* kNoun = "PS outputs";
  static constexpr bool S::*kPresent = &S::written;
  static constexpr auto kFields = std::make_tuple(field("type", &S::type), field("mask", &S::mask),
                                                  field("value_bits", &S::value_bits));
};

template <>
struct Table<om::ref::D3d9Mode> {
  using S = om::ref::D3d9Mode;
  static constexpr const char* kName = "D3d9Mode";
  static constexpr auto kFields = std::make_tuple(
      field("enabled", &S::enabled), field("alpha_test_enable", &S::alpha_test_enable),
      field("fog_enable", &S::fog_enable), field("dither_enable", &S::dither_enable),
      field("multisample_antialias", &S::multisample_antialias),
      field("color_write_enable", &S::color_write_enable));
};

template <>
struct Table<om::ref::OmState> {
  using S = om::ref::OmState;
  static constexpr const char* kName = "OmState";
  static constexpr auto kFields = std::make_tuple(
      field("blend", &S::blend), field("blend_factor", &S::blend_factor),
      field("sample_mask", &S::sample_mask), field("rt", &S::rt), field("dsv", &S::dsv),
      field("ps_output", &S::ps_output), field("d3d9", &S::d3d9),
      field("initialised", &S::initialised), field("internal_error", &S::internal_error));
};

}  // namespace omsim_py

OMSIM_PY_STRUCT(om::ref::RtBlendDesc)
OMSIM_PY_STRUCT(om::ref::BlendDesc)
OMSIM_PY_STRUCT(om::ref::D3d9State)
OMSIM_PY_STRUCT(om::ref::PixelState)
OMSIM_PY_STRUCT(om::ref::Caps)
OMSIM_PY_STRUCT(om::ref::OmState)

// SPDX-License-Identifier: Apache-2.0
// The field tables (pystruct.h) of the driver structs that cross into Python, in the field order
// of their omsim dataclasses (omsim/validate.py, omsim/device_types.py). The om::ref ones
// (descriptors, caps) are ref_structs.h's.
#pragma once

#include "om/driver/device.h"
#include "om/driver/features.h"
#include "ref_structs.h"

namespace omsim_py {

template <>
struct Table<om::driver::RenderTargetView> {
  using S = om::driver::RenderTargetView;
  static constexpr const char* kName = "RtBinding";
  static constexpr auto kFields = std::make_tuple(
      field("format", &S::format), field("width", &S::width), field("height", &S::height),
      field("array_size", &S::array_size), field("sample_count", &S::sample_count),
      field("type", &S::type), field("cube", &S::cube));
};

template <>
struct Table<om::driver::DepthStencilView> {
  using S = om::driver::DepthStencilView;
  static constexpr const char* kName = "DsvBinding";
  static constexpr auto kFields = std::make_tuple(
      field("width", &S::width), field("height", &S::height), field("array_size", &S::array_size),
      field("sample_count", &S::sample_count), field("type", &S::type), field("cube", &S::cube));
};

template <>
struct Table<om::driver::PsOutputDesc> {
  using S = om::driver::PsOutputDesc;
  static constexpr const char* kName = "PsOutput";
  static constexpr const char* kNoun = "PS outputs";
  static constexpr bool S::*kPresent = &S::declared;
  static constexpr auto kFields =
      std::make_tuple(field("type", &S::type), field("mask", &S::written_mask),
                      field("value_bits", &S::value_bits));
};

template <>
struct Table<om::driver::PerfCounters> {
  using S = om::driver::PerfCounters;
  static constexpr const char* kName = "PerfCounters";
  static constexpr auto kFields =
      std::make_tuple(field("pixels_in", &S::pixels_in), field("rt_reads", &S::rt_reads),
                      field("rt_writes", &S::rt_writes), field("hazard_stalls", &S::hazard_stalls),
                      field("mem_stalls", &S::mem_stalls), field("killed", &S::killed));
};

template <>
struct Table<om::driver::D3dCaps9> {
  using S = om::driver::D3dCaps9;
  static constexpr const char* kName = "D3dCaps9";
  static constexpr auto kFields = std::make_tuple(
      field("num_simultaneous_rts", &S::num_simultaneous_rts),
      field("primitive_misc_caps", &S::primitive_misc_caps),
      field("src_blend_caps", &S::src_blend_caps), field("dest_blend_caps", &S::dest_blend_caps));
};

template <>
struct Table<om::driver::FeatureDataD3d11Options> {
  using S = om::driver::FeatureDataD3d11Options;
  static constexpr const char* kName = "D3d11Options";
  static constexpr auto kFields = std::make_tuple(
      field("output_merger_logic_op", &S::output_merger_logic_op),
      field("uav_only_rendering_forced_sample_count", &S::uav_only_rendering_forced_sample_count),
      field("discard_apis_seen_by_driver", &S::discard_apis_seen_by_driver),
      field("flags_for_update_and_copy_seen_by_driver",
            &S::flags_for_update_and_copy_seen_by_driver),
      field("clear_view", &S::clear_view), field("copy_with_overlap", &S::copy_with_overlap),
      field("constant_buffer_partial_update", &S::constant_buffer_partial_update),
      field("constant_buffer_offsetting", &S::constant_buffer_offsetting),
      field("map_no_overwrite_on_dynamic_constant_buffer",
            &S::map_no_overwrite_on_dynamic_constant_buffer),
      field("map_no_overwrite_on_dynamic_buffer_srv", &S::map_no_overwrite_on_dynamic_buffer_srv),
      field("multisample_rtv_with_forced_sample_count_one",
            &S::multisample_rtv_with_forced_sample_count_one),
      field("sad4_shader_instructions", &S::sad4_shader_instructions),
      field("extended_doubles_shader_instructions", &S::extended_doubles_shader_instructions),
      field("extended_resource_sharing", &S::extended_resource_sharing));
};

template <>
struct Table<om::driver::FeatureDataD3d9Options> {
  using S = om::driver::FeatureDataD3d9Options;
  static constexpr const char* kName = "D3d9Options";
  static constexpr auto kFields =
      std::make_tuple(field("full_non_pow2_texture_support", &S::full_non_pow2_texture_support));
};

template <>
struct Table<om::driver::FeatureDataD3d9ShadowSupport> {
  using S = om::driver::FeatureDataD3d9ShadowSupport;
  static constexpr const char* kName = "D3d9ShadowSupport";
  static constexpr auto kFields =
      std::make_tuple(field("supports_depth_as_texture_with_less_equal_comparison_filter",
                            &S::supports_depth_as_texture_with_less_equal_comparison_filter));
};

template <>
struct Table<om::driver::FeatureDataD3d9SimpleInstancingSupport> {
  using S = om::driver::FeatureDataD3d9SimpleInstancingSupport;
  static constexpr const char* kName = "D3d9SimpleInstancingSupport";
  static constexpr auto kFields =
      std::make_tuple(field("simple_instancing_supported", &S::simple_instancing_supported));
};

template <>
struct Table<om::driver::FeatureDataD3d9Options1> {
  using S = om::driver::FeatureDataD3d9Options1;
  static constexpr const char* kName = "D3d9Options1";
  static constexpr auto kFields = std::make_tuple(
      field("full_non_pow2_texture_supported", &S::full_non_pow2_texture_supported),
      field("depth_as_texture_with_less_equal_comparison_filter_supported",
            &S::depth_as_texture_with_less_equal_comparison_filter_supported),
      field("simple_instancing_supported", &S::simple_instancing_supported),
      field("texture_cube_face_render_target_with_non_cube_depth_stencil_supported",
            &S::texture_cube_face_render_target_with_non_cube_depth_stencil_supported));
};

}  // namespace omsim_py

OMSIM_PY_STRUCT(om::driver::RenderTargetView)
OMSIM_PY_STRUCT(om::driver::DepthStencilView)
OMSIM_PY_STRUCT(om::driver::PsOutputDesc)
OMSIM_PY_STRUCT(om::driver::PerfCounters)
OMSIM_PY_STRUCT(om::driver::D3dCaps9)

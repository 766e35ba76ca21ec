// SPDX-License-Identifier: Apache-2.0
// The capability structures of ID3D11Device::CheckFeatureSupport and IDirect3DDevice9::
// GetDeviceCaps that this output merger answers (docs/caps.md), with D3D's memory layout (a BOOL is
// 4 bytes), so a wrong struct size is detected exactly as D3D does. Field names are the D3D member
// names in lower_snake_case.
#pragma once

#include <cstdint>

namespace om::driver {

/// D3D BOOL: 0 or 1, four bytes.
using Bool = uint32_t;

/// D3D11_FEATURE values this device answers (docs/caps.md §1). Any other value: E_INVALIDARG.
enum class Feature : uint32_t {
  FORMAT_SUPPORT = 2,
  FORMAT_SUPPORT2 = 3,
  D3D11_OPTIONS = 5,
  D3D9_OPTIONS = 7,
  D3D9_SHADOW_SUPPORT = 9,
  D3D9_SIMPLE_INSTANCING_SUPPORT = 11,
  D3D9_OPTIONS1 = 13,
};

/// D3D11_FEATURE_DATA_FORMAT_SUPPORT: in_format (DXGI_FORMAT) in, D3D11_FORMAT_SUPPORT bits out.
struct FeatureDataFormatSupport {
  uint32_t in_format = 0;
  uint32_t out_format_support = 0;
};
/// D3D11_FEATURE_DATA_FORMAT_SUPPORT2: D3D11_FORMAT_SUPPORT2 bits out.
struct FeatureDataFormatSupport2 {
  uint32_t in_format = 0;
  uint32_t out_format_support2 = 0;
};

/// D3D11_FEATURE_DATA_D3D11_OPTIONS. The output merger decides only OutputMergerLogicOp
/// (docs/caps.md §3); every other member belongs to other parts of a GPU and is reported FALSE.
struct FeatureDataD3d11Options {
  Bool output_merger_logic_op = 0;
  Bool uav_only_rendering_forced_sample_count = 0;
  Bool discard_apis_seen_by_driver = 0;
  Bool flags_for_update_and_copy_seen_by_driver = 0;
  Bool clear_view = 0;
  Bool copy_with_overlap = 0;
  Bool constant_buffer_partial_update = 0;
  Bool constant_buffer_offsetting = 0;
  Bool map_no_overwrite_on_dynamic_constant_buffer = 0;
  Bool map_no_overwrite_on_dynamic_buffer_srv = 0;
  Bool multisample_rtv_with_forced_sample_count_one = 0;
  Bool sad4_shader_instructions = 0;
  Bool extended_doubles_shader_instructions = 0;
  Bool extended_resource_sharing = 0;
};

/// D3D11_FEATURE_DATA_D3D9_OPTIONS.
struct FeatureDataD3d9Options {
  Bool full_non_pow2_texture_support = 0;
};
/// D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT.
struct FeatureDataD3d9ShadowSupport {
  Bool supports_depth_as_texture_with_less_equal_comparison_filter = 0;
};
/// D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT.
struct FeatureDataD3d9SimpleInstancingSupport {
  Bool simple_instancing_supported = 0;
};
/// D3D11_FEATURE_DATA_D3D9_OPTIONS1 (docs/caps.md §2).
struct FeatureDataD3d9Options1 {
  Bool full_non_pow2_texture_supported = 0;
  Bool depth_as_texture_with_less_equal_comparison_filter_supported = 0;
  Bool simple_instancing_supported = 0;
  Bool texture_cube_face_render_target_with_non_cube_depth_stencil_supported = 0;
};

/// The members of D3DCAPS9 the output merger reports (docs/caps.md §4).
struct D3dCaps9 {
  uint32_t num_simultaneous_rts = 0;
  uint32_t primitive_misc_caps = 0;  // D3DPMISCCAPS_*
  uint32_t src_blend_caps = 0;       // D3DPBLENDCAPS_*
  uint32_t dest_blend_caps = 0;
};

// The D3D sizes (d3d11.h, d3d9caps.h members in this order).
static_assert(sizeof(FeatureDataFormatSupport) == 8, "D3D11_FEATURE_DATA_FORMAT_SUPPORT");
static_assert(sizeof(FeatureDataFormatSupport2) == 8, "D3D11_FEATURE_DATA_FORMAT_SUPPORT2");
static_assert(sizeof(FeatureDataD3d11Options) == 56, "D3D11_FEATURE_DATA_D3D11_OPTIONS");
static_assert(sizeof(FeatureDataD3d9Options) == 4, "D3D11_FEATURE_DATA_D3D9_OPTIONS");
static_assert(sizeof(FeatureDataD3d9ShadowSupport) == 4, "D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT");
static_assert(sizeof(FeatureDataD3d9SimpleInstancingSupport) == 4,
              "D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT");
static_assert(sizeof(FeatureDataD3d9Options1) == 16, "D3D11_FEATURE_DATA_D3D9_OPTIONS1");

}  // namespace om::driver

// SPDX-License-Identifier: Apache-2.0
// The field tables (pystruct.h) of the driver structs that cross into Python, in the field order
// of their omsim dataclasses (omsim/validate.py, omsim/device_types.py). The om::ref ones
// (descriptors, caps) are ref_structs.h's.
#pragma once

#include "om/driver/device.h"
#include "om/driver/features.h"
#include "ref_structs.h"

namespace omsim_py {

namespace drv = om::driver;

OMSIM_TABLE(drv::RenderTargetView, "RtBinding", OMSIM_RT_BINDING);
OMSIM_TABLE(drv::DepthStencilView, "DsvBinding", OMSIM_DSV_BINDING);
template <>
struct Table<drv::PsOutputDesc> {
  using S = drv::PsOutputDesc;
  static constexpr const char* kName = "PsOutput";
  static constexpr bool S::*kPresent = &S::declared;
  static constexpr auto kFields =
      std::make_tuple(field("type", &S::type), field("mask", &S::written_mask),
                      field("value_bits", &S::value_bits));
};
OMSIM_TABLE(om::ref::D3d9DepthStencil, "D3d9DepthStencil", z_enable, z_write_enable, z_func,
            stencil_enable, stencil, stencil_ref, stencil_mask, stencil_write_mask,
            two_sided_stencil_mode, ccw_stencil);
OMSIM_TABLE(drv::PerfCounters, "PerfCounters", OM_REGS_PERF_MEMBERS);
OMSIM_TABLE(drv::D3dCaps9, "D3dCaps9", OMSIM_D3DCAPS9);
OMSIM_TABLE(drv::FeatureDataD3d11Options, "D3d11Options", output_merger_logic_op,
            uav_only_rendering_forced_sample_count, discard_apis_seen_by_driver,
            flags_for_update_and_copy_seen_by_driver, clear_view, copy_with_overlap,
            constant_buffer_partial_update, constant_buffer_offsetting,
            map_no_overwrite_on_dynamic_constant_buffer, map_no_overwrite_on_dynamic_buffer_srv,
            multisample_rtv_with_forced_sample_count_one, sad4_shader_instructions,
            extended_doubles_shader_instructions, extended_resource_sharing);
OMSIM_TABLE(drv::FeatureDataD3d9Options, "D3d9Options", full_non_pow2_texture_support);
OMSIM_TABLE(drv::FeatureDataD3d9ShadowSupport, "D3d9ShadowSupport",
            supports_depth_as_texture_with_less_equal_comparison_filter);
OMSIM_TABLE(drv::FeatureDataD3d9SimpleInstancingSupport, "D3d9SimpleInstancingSupport",
            simple_instancing_supported);
OMSIM_TABLE(drv::FeatureDataD3d9Options1, "D3d9Options1", OMSIM_D3D9_OPTIONS1);

}  // namespace omsim_py

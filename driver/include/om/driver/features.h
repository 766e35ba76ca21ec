// SPDX-License-Identifier: Apache-2.0
// The capability structures of ID3D11Device::CheckFeatureSupport and IDirect3DDevice9::
// GetDeviceCaps that this output merger answers (docs/caps.md), with D3D's memory layout (a BOOL is
// 4 bytes), so a wrong struct size is detected exactly as D3D does. Field names are the D3D member
// names in lower_snake_case. Bool, the Feature values and their FeatureData* structures are
// generated from defs/structs.toml.
#pragma once

#include <cstdint>

#include "om/gen/structs/caps.h"
#include "om/gen/structs/features.h"  // IWYU pragma: export

namespace om::driver {

/// The members of D3DCAPS9 the output merger reports (docs/caps.md §4): the reference model's
/// decoded struct.
using D3dCaps9 = ref::D3dCaps9;

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

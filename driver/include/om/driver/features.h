// SPDX-License-Identifier: Apache-2.0
// The capability structures of ID3D11Device::CheckFeatureSupport and IDirect3DDevice9::
// GetDeviceCaps that this output merger answers (docs/caps.md), with D3D's memory layout (a BOOL is
// 4 bytes), so a wrong struct size is detected exactly as D3D does. Field names are the D3D member
// names in lower_snake_case. Bool and the FeatureData* structures that cross into Python (the D3D11
// and D3D9 options) are generated from defs/structs.toml.
#pragma once

#include <cstdint>

#include "om/gen/structs/caps.h"
#include "om/gen/structs/features.h"  // IWYU pragma: export

namespace om::driver {

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

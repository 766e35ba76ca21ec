// SPDX-License-Identifier: Apache-2.0
// The field tables (pystruct.h) of the om::ref structs that cross into Python: those of
// defs/structs.toml are generated (om/gen/py_structs.h), PixelState's is here (a C++ member the
// bindings derive, and a feature-level index Python holds as its D3D value).
#pragma once

#include "om/gen/py_structs.h"
#include "om/ref/pixel.h"
#include "pystruct.h"

namespace omsim_py {

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

}  // namespace omsim_py

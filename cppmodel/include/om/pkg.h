// SPDX-License-Identifier: Apache-2.0
// The packed types shared by the RTL stages (om_pkg, generated from defs/types.toml into
// om/gen/types.h with pack/unpack and field tables) and om_defs_pkg::cfg_info(), the row of the
// configuration table a strap value selects.
#pragma once

#include <cstdint>

#include "om/gen/defs.h"
#include "om/gen/types.h"

namespace om {

/// om_defs_pkg::cfg_info(idx): kConfigs[idx] as cfg_info_t; all zero for idx >= kNumConfigs.
CfgInfo cfg_info(uint32_t idx);

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
#include "om/pkg.h"

namespace om {

CfgInfo cfg_info(uint32_t idx) {
  CfgInfo c;
  if (idx >= static_cast<uint32_t>(kNumConfigs)) return c;
  const ConfigInfo& k = kConfigs[idx];
  c.fl_code = static_cast<uint32_t>(k.fl) >> 8;
  c.fl_index = k.fl_index;
  c.samples = k.samples;
  c.max_rts = k.max_rts;
  c.logic_op = k.logic_op;
  c.d3d9_options1 = k.d3d9_options1;
  c.d3d9_num_rts = k.d3d9_num_rts;
  c.pmisc = k.pmisc;
  c.src_blend_caps = k.src_blend_caps;
  c.dest_blend_caps = k.dest_blend_caps;
  return c;
}

}  // namespace om

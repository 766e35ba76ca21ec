// SPDX-License-Identifier: Apache-2.0
// Shared helpers of validate_test.cc and om_validate_test.cc: configurations by name (the five
// named ones plus hand-built 9_2 and 10_1 ones, so every feature level is covered) and descriptor
// builders.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "om/gen/defs.h"
#include "om/ref/om_validate.h"
#include "om/ref/state.h"

namespace om::ref::testing {

inline ConfigInfo make_synthetic(FeatureLevel fl) {
  ConfigInfo c{};
  c.fl = fl;
  c.logic_op = false;
  c.src_blend_caps = 0x23FF;
  c.dest_blend_caps = 0x23FF;
  if (fl == FeatureLevel::FL_9_2) {
    c.name = "fl9_2";
    c.fl_index = 1;
    c.max_rts = 1;
    c.d3d9_options1 = 0x4;
    c.d3d9_num_rts = 1;
    c.pmisc = 0x20882;  // MASKZ, COLORWRITEENABLE, BLENDOP, SEPARATEALPHABLEND
  } else if (fl == FeatureLevel::FL_10_1) {
    c.name = "fl10_1";
    c.fl_index = 4;
    c.max_rts = 8;
    c.d3d9_options1 = 0xF;
    c.d3d9_num_rts = 4;
    c.pmisc = 0x2E4882;
  } else {
    throw std::invalid_argument("no synthetic configuration for this feature level");
  }
  return c;
}

/// "fl9_1" ... "fl11_1": the named configuration, or the synthetic one for fl9_2 / fl10_1.
inline ConfigInfo config(const std::string& name) {
  for (const ConfigInfo& c : kConfigs) {
    if (name == c.name) return c;
  }
  if (name == "fl9_2") return make_synthetic(FeatureLevel::FL_9_2);
  if (name == "fl10_1") return make_synthetic(FeatureLevel::FL_10_1);
  throw std::invalid_argument("unknown configuration " + name);
}

/// Every feature level 9_1 ... 11_1 in order.
inline std::vector<ConfigInfo> every_level() {
  std::vector<ConfigInfo> v;
  for (const char* n : {"fl9_1", "fl9_2", "fl9_3", "fl10_0", "fl10_1", "fl11_0", "fl11_1"}) {
    v.push_back(config(n));
  }
  return v;
}

/// A blending RT descriptor.
inline RtBlendDesc blend_rt(Blend src, Blend dest, BlendOp op, Blend src_a, Blend dest_a,
                            BlendOp op_a, uint32_t mask = 0xF) {
  return ref::blending_desc(src, dest, op, src_a, dest_a, op_a, mask);
}

/// Classic alpha blending (SRC_ALPHA / INV_SRC_ALPHA / ADD on colour and alpha).
inline RtBlendDesc alpha_blend_rt() {
  return blend_rt(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD, Blend::SRC_ALPHA,
                  Blend::INV_SRC_ALPHA, BlendOp::ADD);
}

inline Blend raw_blend(uint32_t v) { return static_cast<Blend>(v); }
inline BlendOp raw_op(uint32_t v) { return static_cast<BlendOp>(v); }
inline LogicOp raw_logic(uint32_t v) { return static_cast<LogicOp>(v); }

/// Bind slot `slot` to a 64x64 view of `f`, written by the PS with output type `type`.
inline void bind(OmState& s, int slot, Format f, PsOutputType type = PsOutputType::FLOAT) {
  s.rt[slot].bound = true;
  s.rt[slot].format = f;
  s.rt[slot].width = 64;
  s.rt[slot].height = 64;
  s.ps_output[slot].written = true;
  s.ps_output[slot].type = type;
}

// All eight entries set to `rt` (a normalised IBE=FALSE descriptor).
inline void use(OmState& s, const RtBlendDesc& rt) {
  for (RtBlendDesc& e : s.blend.render_target) e = rt;
}

inline const RtBlendDesc kDualSource = blend_rt(Blend::ONE, Blend::SRC1_COLOR, BlendOp::ADD,
                                                Blend::ONE, Blend::SRC1_ALPHA, BlendOp::ADD);

}  // namespace om::ref::testing

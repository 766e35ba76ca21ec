// SPDX-License-Identifier: Apache-2.0
// om_validate against the capability registers (caps consistency, docs/caps.md §8): what the format
// registers deny, the validator flags, for every named configuration and every implemented format.
#include <gtest/gtest.h>

#include <string>

#include "om/ref/caps.h"
#include "om/ref/om_validate.h"
#include "ref_validate_fixtures.h"

namespace om::ref {
namespace {

using testing::alpha_blend_rt;

// Caps consistency: a single blending RT of every format is flagged by bit 5 exactly when the
// capability registers deny it RENDER_TARGET or BLENDABLE, and a logic op by bit 6 when they deny
// the logic-op bit.
TEST(OmValidate, AgreesWithTheFormatCapabilityRegisters) {
  for (const ConfigInfo& cfg : kConfigs) {
    const Caps caps = caps_from_config(cfg);
    for (const FormatInfo& f : kFormatInfo) {
      SCOPED_TRACE(std::string(cfg.name) + " " + f.name);
      const uint32_t reg = cap_register(cfg, 0x20 + 4 * static_cast<uint32_t>(f.format));
      const PsOutputType type = f.cls == FormatClass::UINT   ? PsOutputType::UINT
                                : f.cls == FormatClass::SINT ? PsOutputType::SINT
                                                             : PsOutputType::FLOAT;
      OmState s;
      s.rt[0].bound = true;
      s.rt[0].format = f.format;
      s.ps_output[0].written = true;
      s.ps_output[0].type = type;
      s.ps_output[0].value_bits = 1;
      s.blend.render_target.fill(alpha_blend_rt());
      const bool blend_ok = (reg & 1u) && (reg & 2u);
      EXPECT_EQ((om_validate(s, caps).reasons >> 5) & 1u, blend_ok ? 0u : 1u);
      RtBlendDesc lop;
      lop.logic_op_enable = true;
      lop.logic_op = LogicOp::OR;
      s.blend.render_target.fill(lop);
      const uint32_t reasons = om_validate(s, caps).reasons;
      EXPECT_EQ((reasons >> 6) & 1u, (reg & 4u) ? 0u : 1u);
      EXPECT_EQ((reasons >> 5) & 1u, (reg & 1u) ? 0u : 1u);
    }
  }
}

// Caps consistency for CAP_OM: at every feature level, a state using a feature is flagged (bit 2
// for RT count, bit 13 otherwise) exactly when the register reports the feature absent.
TEST(OmValidate, AgreesWithCapOm) {
  for (const ConfigInfo& cfg : testing::every_level()) {
    SCOPED_TRACE(cfg.name);
    const Caps caps = caps_from_config(cfg);
    const uint32_t om = cap_register(cfg, 0x08);
    const auto one_rt = [] {
      OmState s;
      s.rt[0].bound = true;
      s.ps_output[0].written = true;
      return s;
    };
    const auto bit = [&caps](const OmState& s, int b) {
      return (om_validate(s, caps).reasons >> b) & 1u;
    };
    for (uint32_t n = 1; n <= 8; ++n) {
      OmState s = one_rt();
      for (uint32_t i = 0; i < n; ++i) {
        s.rt[i].bound = true;
        s.ps_output[i].written = true;
      }
      EXPECT_EQ(bit(s, 2), n > (om & 0xFu) ? 1u : 0u) << n << " RTs";
    }
    OmState a2c = one_rt();
    a2c.blend.alpha_to_coverage_enable = true;
    EXPECT_EQ(bit(a2c, 13), (om >> 10) & 1u ? 0u : 1u) << "A2C";
    OmState sat = one_rt();
    sat.blend.render_target.fill(testing::blend_rt(Blend::SRC_ALPHA_SAT, Blend::ZERO, BlendOp::ADD,
                                                   Blend::SRC_ALPHA_SAT, Blend::ZERO,
                                                   BlendOp::ADD));
    EXPECT_EQ(bit(sat, 13), (om >> 9) & 1u ? 0u : 1u) << "SRC_ALPHA_SAT";
    OmState dual = one_rt();
    dual.ps_output[1].written = true;
    dual.blend.render_target.fill(testing::blend_rt(Blend::SRC1_COLOR, Blend::ZERO, BlendOp::ADD,
                                                    Blend::SRC1_ALPHA, Blend::ZERO, BlendOp::ADD));
    EXPECT_EQ(bit(dual, 13), (om >> 8) & 1u ? 0u : 1u) << "dual source";
    OmState sep = one_rt();
    sep.blend.render_target.fill(testing::blend_rt(Blend::ONE, Blend::ONE, BlendOp::ADD,
                                                   Blend::ZERO, Blend::ONE, BlendOp::ADD));
    EXPECT_EQ(bit(sep, 13), (om >> 7) & 1u ? 0u : 1u) << "separate alpha";
    if ((om & 0xFu) >= 2) {
      OmState ibe = one_rt();
      ibe.rt[1].bound = true;
      ibe.ps_output[1].written = true;
      ibe.blend.independent_blend_enable = true;
      ibe.blend.render_target[0] = alpha_blend_rt();
      ibe.blend.render_target[1] = alpha_blend_rt();
      ibe.blend.render_target[1].blend_op = BlendOp::REV_SUBTRACT;
      ibe.blend.render_target[1].blend_op_alpha = BlendOp::REV_SUBTRACT;
      EXPECT_EQ(bit(ibe, 13), (om >> 6) & 1u ? 0u : 1u) << "independent blend";
      ibe.blend.render_target[1] = RtBlendDesc{};
      EXPECT_EQ(bit(ibe, 13), (om >> 5) & 1u ? 0u : 1u) << "per-RT BlendEnable";
    }
  }
}

}  // namespace
}  // namespace om::ref

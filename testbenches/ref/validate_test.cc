// SPDX-License-Identifier: Apache-2.0
// CreateBlendState(1) validation (docs/validation.md §2–§3; docs/behaviour.md §11): vectors TV38
// and TV41-TV45, one table row per rule, and every feature-level rule at every feature level
// (normalisation and promotion: validate_normalise_test.cc). Expected values are read from
// docs/validation.md.
#include "om/ref/validate.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "om/ref/caps.h"
#include "ref_validate_fixtures.h"

namespace om::ref {
namespace {

using testing::alpha_blend_rt;
using testing::blend_rt;
using testing::config;
using testing::every_level;
using testing::raw_blend;
using testing::raw_logic;
using testing::raw_op;

constexpr Hresult kOk = Hresult::S_OK;
constexpr Hresult kInvalid = Hresult::E_INVALIDARG;

struct Row {
  const char* name;
  const char* cfg;
  std::function<void(BlendDesc&)> mutate;
  Hresult hr;
  DescRule rule;
  int rt;
};

// Starts from the D3D default descriptor (docs/behaviour.md §2.1) and applies the row's change.
const Row kRows[] = {
    {"TV41 BlendEnable and LogicOpEnable", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0].blend_enable = true;
       d.render_target[0].logic_op_enable = true;
     },
     kInvalid, DescRule::BLEND_AND_LOGIC, 0},
    {"SrcBlend 0", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].src_blend = raw_blend(0);
     },
     kInvalid, DescRule::SRC_BLEND, 0},
    {"SrcBlend 12 (old BOTHSRCALPHA, docs/behaviour.md §11 #27)", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].src_blend = raw_blend(12);
     },
     kInvalid, DescRule::SRC_BLEND, 0},
    {"DestBlend 13 (old BOTHINVSRCALPHA)", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].dest_blend = raw_blend(13);
     },
     kInvalid, DescRule::DEST_BLEND, 0},
    {"DestBlend 20", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].dest_blend = raw_blend(20);
     },
     kInvalid, DescRule::DEST_BLEND, 0},
    {"TV43 SrcBlendAlpha SRC_COLOR", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].src_blend_alpha = raw_blend(3);
     },
     kInvalid, DescRule::SRC_BLEND_ALPHA, 0},
    {"DestBlendAlpha INV_DEST_COLOR", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].dest_blend_alpha = raw_blend(10);
     },
     kInvalid, DescRule::DEST_BLEND_ALPHA, 0},
    {"DestBlendAlpha SRC1_COLOR", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].dest_blend_alpha = raw_blend(16);
     },
     kInvalid, DescRule::DEST_BLEND_ALPHA, 0},
    {"SrcBlendAlpha 12", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].src_blend_alpha = raw_blend(12);
     },
     kInvalid, DescRule::SRC_BLEND_ALPHA, 0},
    {"BlendOp 0", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].blend_op = raw_op(0);
     },
     kInvalid, DescRule::BLEND_OP, 0},
    {"BlendOpAlpha 6", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].blend_op_alpha = raw_op(6);
     },
     kInvalid, DescRule::BLEND_OP_ALPHA, 0},
    {"TV42 LogicOpEnable with IBE", "fl11_1",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[0].logic_op_enable = true;
       d.render_target[0].logic_op = LogicOp::XOR;
     },
     kInvalid, DescRule::LOGIC_WITH_IBE, 0},
    {"LogicOpEnable on RT3 with IBE", "fl11_1",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[3].logic_op_enable = true;
     },
     kInvalid, DescRule::LOGIC_WITH_IBE, 3},
    {"LogicOp 16", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0].logic_op_enable = true;
       d.render_target[0].logic_op = raw_logic(16);
     },
     kInvalid, DescRule::LOGIC_OP_RANGE, 0},
    {"LogicOpEnable without OutputMergerLogicOp (10_0, docs/behaviour.md §11 #18)", "fl10_0",
     [](BlendDesc& d) { d.render_target[0].logic_op_enable = true; }, kInvalid,
     DescRule::LOGIC_OP_CAP, 0},
    {"LogicOpEnable at 9_3 (docs/behaviour.md §11 #28)", "fl9_3",
     [](BlendDesc& d) { d.render_target[0].logic_op_enable = true; }, kInvalid,
     DescRule::LOGIC_OP_CAP, 0},
    {"LogicOp SET accepted at 11_0", "fl11_0",
     [](BlendDesc& d) {
       d.render_target[0].logic_op_enable = true;
       d.render_target[0].logic_op = LogicOp::SET;
     },
     kOk, DescRule::OK, -1},
    {"TV45 write mask 0x10", "fl11_1",
     [](BlendDesc& d) { d.render_target[0].render_target_write_mask = 0x10; }, kInvalid,
     DescRule::WRITE_MASK, 0},
    {"write mask 0x1F on RT5 with IBE", "fl11_1",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[5].render_target_write_mask = 0x1F;
     },
     kInvalid, DescRule::WRITE_MASK, 5},
    {"SrcBlend invalid on RT2 with IBE", "fl11_1",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[2] = alpha_blend_rt();
       d.render_target[2].src_blend = raw_blend(99);
     },
     kInvalid, DescRule::SRC_BLEND, 2},
    {"TV44 blend disabled, SrcBlend 0", "fl11_1",
     [](BlendDesc& d) { d.render_target[0].src_blend = raw_blend(0); }, kOk, DescRule::OK, -1},
    {"blend disabled, every factor/op field garbage", "fl9_1",
     [](BlendDesc& d) {
       RtBlendDesc& r = d.render_target[0];
       r.src_blend = raw_blend(3);
       r.dest_blend = raw_blend(12);
       r.blend_op = raw_op(0);
       r.src_blend_alpha = raw_blend(9);
       r.dest_blend_alpha = raw_blend(77);
       r.blend_op_alpha = raw_op(6);
     },
     kOk, DescRule::OK, -1},
    {"logic disabled, LogicOp 99", "fl9_1",
     [](BlendDesc& d) { d.render_target[0].logic_op = raw_logic(99); }, kOk, DescRule::OK, -1},
    {"order: BLEND_AND_LOGIC before WRITE_MASK", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0].blend_enable = true;
       d.render_target[0].logic_op_enable = true;
       d.render_target[0].render_target_write_mask = 0x10;
     },
     kInvalid, DescRule::BLEND_AND_LOGIC, 0},
    {"order: SRC_BLEND before DEST_BLEND before BLEND_OP", "fl11_1",
     [](BlendDesc& d) {
       d.render_target[0] =
           blend_rt(raw_blend(0), raw_blend(0), raw_op(0), Blend::ONE, Blend::ZERO, BlendOp::ADD);
     },
     kInvalid, DescRule::SRC_BLEND, 0},
    {"order: validation.md §2 fields of RT1 before the §3 rules", "fl9_1",
     [](BlendDesc& d) {
       d.alpha_to_coverage_enable = true;
       d.independent_blend_enable = true;
       d.render_target[1] = alpha_blend_rt();
       d.render_target[1].dest_blend = raw_blend(0);
     },
     kInvalid, DescRule::DEST_BLEND, 1},
    {"9_1 alpha-to-coverage", "fl9_1", [](BlendDesc& d) { d.alpha_to_coverage_enable = true; },
     kInvalid, DescRule::FL_ALPHA_TO_COVERAGE, -1},
    {"10_0 alpha-to-coverage", "fl10_0", [](BlendDesc& d) { d.alpha_to_coverage_enable = true; },
     kOk, DescRule::OK, -1},
    {"9_3 BlendEnable of RT2 differs", "fl9_3",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       for (int i = 0; i < 4; ++i) d.render_target[i] = alpha_blend_rt();
       d.render_target[2].blend_enable = false;
     },
     kInvalid, DescRule::FL_MRT_BLEND, 2},
    {"9_3 BlendEnable of RT5 differs (only RT[0..3] compared)", "fl9_3",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[5] = alpha_blend_rt();
     },
     kOk, DescRule::OK, -1},
    {"9_2 write mask of RT1 differs", "fl9_2",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[1].render_target_write_mask = 0x7;
     },
     kInvalid, DescRule::FL_INDEPENDENT_WRITE_MASKS, 1},
    {"9_1 write mask of RT1 differs (not checked, docs/behaviour.md §11 #30)", "fl9_1",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[1].render_target_write_mask = 0x7;
     },
     kOk, DescRule::OK, -1},
    {"9_3 write mask of RT3 differs (independent masks)", "fl9_3",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[3].render_target_write_mask = 0x1;
     },
     kOk, DescRule::OK, -1},
    {"9_3 SRC_ALPHA_SAT in SrcBlendAlpha", "fl9_3",
     [](BlendDesc& d) {
       d.render_target[0] = blend_rt(Blend::ONE, Blend::ZERO, BlendOp::ADD, Blend::SRC_ALPHA_SAT,
                                     Blend::ZERO, BlendOp::ADD);
     },
     kInvalid, DescRule::FL_SRC_ALPHA_SAT, 0},
    {"9_3 SRC1_COLOR", "fl9_3",
     [](BlendDesc& d) {
       d.render_target[0] = blend_rt(Blend::SRC1_COLOR, Blend::ZERO, BlendOp::ADD,
                                     Blend::SRC1_ALPHA, Blend::ZERO, BlendOp::ADD);
     },
     kInvalid, DescRule::FL_DUAL_SOURCE, 0},
    {"9_1 separate alpha factors", "fl9_1",
     [](BlendDesc& d) {
       d.render_target[0] = blend_rt(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD,
                                     Blend::ONE, Blend::ZERO, BlendOp::ADD);
     },
     kInvalid, DescRule::FL_SEPARATE_ALPHA, 0},
    {"9_1 separate alpha op", "fl9_1",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       d.render_target[0].blend_op_alpha = BlendOp::MAX;
     },
     kInvalid, DescRule::FL_SEPARATE_ALPHA, 0},
    {"9_1 SRC_COLOR, SRC_ALPHA in the alpha slot: one equation (behaviour.md §5.6)", "fl9_1",
     [](BlendDesc& d) {
       d.render_target[0] = blend_rt(Blend::SRC_COLOR, Blend::INV_DEST_COLOR, BlendOp::SUBTRACT,
                                     Blend::SRC_ALPHA, Blend::INV_DEST_ALPHA, BlendOp::SUBTRACT);
     },
     kOk, DescRule::OK, -1},
    {"9_2 separate alpha", "fl9_2",
     [](BlendDesc& d) {
       d.render_target[0] = blend_rt(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD,
                                     Blend::ONE, Blend::ZERO, BlendOp::ADD);
     },
     kOk, DescRule::OK, -1},
    {"10_0 differing equations (docs/behaviour.md §11 #15)", "fl10_0",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[0] = alpha_blend_rt();
       d.render_target[6] =
           blend_rt(Blend::ONE, Blend::ONE, BlendOp::ADD, Blend::ONE, Blend::ONE, BlendOp::ADD);
     },
     kInvalid, DescRule::FL_INDEPENDENT_BLEND, 6},
    {"10_0 per-RT BlendEnable and masks with one equation", "fl10_0",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[0] = alpha_blend_rt();
       d.render_target[3] = alpha_blend_rt();
       d.render_target[3].render_target_write_mask = 0x3;
     },
     kOk, DescRule::OK, -1},
    {"10_1 differing equations", "fl10_1",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[0] = alpha_blend_rt();
       d.render_target[6] =
           blend_rt(Blend::ONE, Blend::ONE, BlendOp::ADD, Blend::ONE, Blend::ONE, BlendOp::ADD);
     },
     kOk, DescRule::OK, -1},
    {"9_3 differing equations (docs/behaviour.md §11 #31)", "fl9_3",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       for (int i = 0; i < 4; ++i) d.render_target[i] = alpha_blend_rt();
       d.render_target[1].dest_blend = Blend::ONE;
       d.render_target[1].dest_blend_alpha = Blend::ONE;
     },
     kInvalid, DescRule::FL_INDEPENDENT_BLEND, 1},
    {"TV38 at 9_3: IBE=FALSE, RT1 garbage never validated (docs/behaviour.md §11 #29)", "fl9_3",
     [](BlendDesc& d) {
       d.render_target[0] = alpha_blend_rt();
       RtBlendDesc& g = d.render_target[1];
       g.blend_enable = false;
       g.logic_op_enable = true;
       g.src_blend = raw_blend(0);
       g.blend_op = raw_op(9);
       g.render_target_write_mask = 0x55;
     },
     kOk, DescRule::OK, -1},
};

TEST(Validate, TableOfRules) {
  ASSERT_GE(sizeof kRows / sizeof kRows[0], 40u);
  for (const Row& row : kRows) {
    SCOPED_TRACE(row.name);
    const ConfigInfo cfg = config(row.cfg);
    BlendDesc d;
    row.mutate(d);
    const DescCheck c = check_blend_desc(&d, cfg.fl, cfg.logic_op);
    EXPECT_EQ(c.hr, row.hr) << message(c.rule);
    EXPECT_EQ(c.rule, row.rule) << message(c.rule);
    EXPECT_EQ(c.rt, row.rt);
    EXPECT_EQ(validate_blend_desc(&d, cfg), row.hr);
    EXPECT_EQ(validate_blend_desc(&d, caps_from_config(cfg)), row.hr);
  }
}

TEST(Validate, NullDescIsInvalidArgument) {
  for (const ConfigInfo& cfg : every_level()) {
    EXPECT_EQ(validate_blend_desc(nullptr, cfg), kInvalid);
    EXPECT_EQ(check_blend_desc(nullptr, cfg.fl, cfg.logic_op).rule, DescRule::NULL_DESC);
  }
}

TEST(Validate, DefaultDescriptorIsValidEverywhere) {
  const BlendDesc d;
  for (const ConfigInfo& cfg : every_level()) EXPECT_EQ(validate_blend_desc(&d, cfg), kOk);
}

// docs/validation.md §3 transcribed: one descriptor per rule that breaks that rule only, and where
// the table forbids it (columns 9_1 9_2 9_3 10_0 10_1 11_0 11_1; "x" = forbidden, "." = allowed;
// logic ops: "cap" = forbidden unless OutputMergerLogicOp).
struct FlRule {
  const char* rule;
  const char* forbidden;
  std::function<void(BlendDesc&)> make;
};
const FlRule kFlRules[] = {
    {"AlphaToCoverageEnable", "xxx....", [](BlendDesc& d) { d.alpha_to_coverage_enable = true; }},
    {"BlendEnable of RT[0..3] identical", "xxx....",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[0] = alpha_blend_rt();
       d.render_target[2] = alpha_blend_rt();
       d.render_target[3] = alpha_blend_rt();
     }},
    {"RenderTargetWriteMask of RT[0..3] identical", ".x.....",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       d.render_target[2].render_target_write_mask = 0x8;
     }},
    {"SRC_ALPHA_SAT", "xxx....",
     [](BlendDesc& d) {
       d.render_target[0] = blend_rt(Blend::SRC_ALPHA_SAT, Blend::ONE, BlendOp::ADD,
                                     Blend::SRC_ALPHA_SAT, Blend::ONE, BlendOp::ADD);
     }},
    {"SRC1_* (dual source)", "xxx....",
     [](BlendDesc& d) {
       d.render_target[0] = blend_rt(Blend::ONE, Blend::INV_SRC1_COLOR, BlendOp::ADD, Blend::ONE,
                                     Blend::INV_SRC1_ALPHA, BlendOp::ADD);
     }},
    {"Separate alpha blend", "x......",
     [](BlendDesc& d) {
       d.render_target[0] =
           blend_rt(Blend::ONE, Blend::ONE, BlendOp::ADD, Blend::ZERO, Blend::ONE, BlendOp::ADD);
     }},
    {"Per-RT factors/ops differing", "xxxx...",
     [](BlendDesc& d) {
       d.independent_blend_enable = true;
       for (int i = 0; i < 4; ++i) d.render_target[i] = alpha_blend_rt();
       d.render_target[3].blend_op = BlendOp::REV_SUBTRACT;
       d.render_target[3].blend_op_alpha = BlendOp::REV_SUBTRACT;
     }},
    {"LogicOpEnable", "xxxcccc", [](BlendDesc& d) { d.render_target[0].logic_op_enable = true; }},
};

TEST(Validate, EveryFeatureLevelRuleAtEveryFeatureLevel) {
  for (const FlRule& rule : kFlRules) {
    BlendDesc d;
    rule.make(d);
    const std::vector<ConfigInfo> levels = every_level();
    for (size_t col = 0; col < levels.size(); ++col) {
      SCOPED_TRACE(std::string(rule.rule) + " at " + levels[col].name);
      const char cell = rule.forbidden[col];
      const bool forbidden = cell == 'x' || (cell == 'c' && !levels[col].logic_op);
      EXPECT_EQ(validate_blend_desc(&d, levels[col]), forbidden ? kInvalid : kOk)
          << message(check_blend_desc(&d, levels[col].fl, levels[col].logic_op).rule);
    }
    for (const ConfigInfo& named : kConfigs) {  // the named configurations agree with their level
      const ConfigInfo same = config(named.name);
      EXPECT_EQ(validate_blend_desc(&d, named), validate_blend_desc(&d, same));
    }
  }
}

// Every capability a configuration reports absent is rejected at create time, every one present
// accepted.
TEST(Validate, CreateAgreesWithTheCapabilityRegisters) {
  for (const ConfigInfo& cfg : every_level()) {
    SCOPED_TRACE(cfg.name);
    const Caps caps = caps_from_config(cfg);
    const auto verdict = [&](bool present, const std::function<void(BlendDesc&)>& f) {
      BlendDesc d;
      f(d);
      EXPECT_EQ(validate_blend_desc(&d, caps), present ? kOk : kInvalid);
    };
    verdict(caps.om.alpha_to_coverage, kFlRules[0].make);
    verdict(caps.om.src_alpha_sat, kFlRules[3].make);
    verdict(caps.om.dual_source, kFlRules[4].make);
    verdict(caps.om.separate_alpha, kFlRules[5].make);
    verdict(caps.om.independent_blend, kFlRules[6].make);
    verdict(caps.om.logic_op, kFlRules[7].make);
    verdict(caps.om.per_rt_blend_enable, kFlRules[1].make);
  }
}

TEST(Validate, Tv38IgnoredEntriesAreNeitherValidatedNorUsed) {
  BlendDesc d;
  d.render_target[0] = alpha_blend_rt();
  RtBlendDesc& g = d.render_target[1];
  g.blend_enable = true;
  g.logic_op_enable = true;
  g.src_blend = raw_blend(0);
  g.dest_blend = raw_blend(13);
  g.blend_op = raw_op(0);
  g.render_target_write_mask = 0xFF;
  for (const ConfigInfo& cfg : every_level()) EXPECT_EQ(validate_blend_desc(&d, cfg), kOk);
  const BlendDesc n = normalise(d);
  for (int i = 1; i < kMaxRts; ++i) {
    const RtBlendDesc& r = n.render_target[i];
    EXPECT_TRUE(r.blend_enable);
    EXPECT_FALSE(r.logic_op_enable);
    EXPECT_EQ(r.src_blend, Blend::SRC_ALPHA);
    EXPECT_EQ(r.dest_blend, Blend::INV_SRC_ALPHA);
    EXPECT_EQ(r.blend_op, BlendOp::ADD);
    EXPECT_EQ(r.render_target_write_mask, 0xFu);
  }
}

}  // namespace
}  // namespace om::ref

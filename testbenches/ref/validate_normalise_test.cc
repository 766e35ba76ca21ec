// SPDX-License-Identifier: Apache-2.0
// Normalisation (docs/behaviour.md §2.1), D3D11.0 promotion and the factor-slot tables of
// docs/behaviour.md §2.2.
#include <gtest/gtest.h>

#include "om/ref/validate.h"
#include "ref_validate_fixtures.h"

namespace om::ref {
namespace {

using testing::alpha_blend_rt;
using testing::raw_blend;

TEST(Validate, NormaliseReadsBackOneZeroAddNoopAndIsIdempotent) {
  BlendDesc d;
  d.independent_blend_enable = true;
  d.render_target[0].src_blend = raw_blend(0);  // TV44: reads back ONE
  d.render_target[0].blend_op_alpha = BlendOp::MAX;
  d.render_target[0].logic_op = LogicOp::XOR;
  d.render_target[2] = alpha_blend_rt();
  d.render_target[2].logic_op = LogicOp::AND;
  d.render_target[4].logic_op_enable = true;
  d.render_target[4].logic_op = LogicOp::OR;
  d.render_target[4].render_target_write_mask = 0x5;
  const BlendDesc n = normalise(d);
  EXPECT_EQ(n.render_target[0].src_blend, Blend::ONE);
  EXPECT_EQ(n.render_target[0].blend_op_alpha, BlendOp::ADD);
  EXPECT_EQ(n.render_target[0].logic_op, LogicOp::NOOP);
  EXPECT_EQ(n.render_target[2].src_blend, Blend::SRC_ALPHA);  // blending: factors kept
  EXPECT_EQ(n.render_target[2].logic_op, LogicOp::NOOP);
  EXPECT_EQ(n.render_target[4].logic_op, LogicOp::OR);  // logic enabled: kept
  EXPECT_EQ(n.render_target[4].render_target_write_mask, 0x5u);
  EXPECT_TRUE(n.independent_blend_enable);
  EXPECT_EQ(normalise(n), n);
  EXPECT_TRUE(is_normalised(n));
  EXPECT_FALSE(is_normalised(d));
  EXPECT_TRUE(is_normalised(BlendDesc{}));
}

TEST(Validate, PromoteAddsDisabledLogicOp) {
  BlendDesc0 d0;
  d0.alpha_to_coverage_enable = true;
  d0.independent_blend_enable = true;
  d0.render_target[3].blend_enable = true;
  d0.render_target[3].src_blend = Blend::DEST_COLOR;
  d0.render_target[3].dest_blend_alpha = Blend::SRC1_ALPHA;
  d0.render_target[3].blend_op = BlendOp::MIN;
  d0.render_target[7].render_target_write_mask = 0x9;
  const BlendDesc d = promote(d0);
  EXPECT_TRUE(d.alpha_to_coverage_enable);
  EXPECT_TRUE(d.independent_blend_enable);
  for (int i = 0; i < kMaxRts; ++i) {
    EXPECT_FALSE(d.render_target[i].logic_op_enable);
    EXPECT_EQ(d.render_target[i].logic_op, LogicOp::NOOP);
    EXPECT_EQ(d.render_target[i].blend_enable, i == 3);
  }
  EXPECT_EQ(d.render_target[3].src_blend, Blend::DEST_COLOR);
  EXPECT_EQ(d.render_target[3].dest_blend_alpha, Blend::SRC1_ALPHA);
  EXPECT_EQ(d.render_target[3].blend_op, BlendOp::MIN);
  EXPECT_EQ(d.render_target[7].render_target_write_mask, 0x9u);
}

TEST(Validate, AlphaSlotEquivalentFollowsTheD3d9Mapping) {
  EXPECT_EQ(alpha_slot_equivalent(Blend::SRC_COLOR), Blend::SRC_ALPHA);
  EXPECT_EQ(alpha_slot_equivalent(Blend::INV_SRC_COLOR), Blend::INV_SRC_ALPHA);
  EXPECT_EQ(alpha_slot_equivalent(Blend::DEST_COLOR), Blend::DEST_ALPHA);
  EXPECT_EQ(alpha_slot_equivalent(Blend::INV_DEST_COLOR), Blend::INV_DEST_ALPHA);
  EXPECT_EQ(alpha_slot_equivalent(Blend::SRC1_COLOR), Blend::SRC1_ALPHA);
  EXPECT_EQ(alpha_slot_equivalent(Blend::INV_SRC1_COLOR), Blend::INV_SRC1_ALPHA);
  EXPECT_EQ(alpha_slot_equivalent(Blend::SRC_ALPHA_SAT), Blend::SRC_ALPHA_SAT);
  EXPECT_EQ(alpha_slot_equivalent(Blend::BLEND_FACTOR), Blend::BLEND_FACTOR);
}

TEST(Validate, FactorSlotsMatchTheSpecTable) {
  // docs/behaviour.md §2.2 "Alpha slot legal" column; 0, 12, 13 and >= 20 invalid everywhere.
  const char* legal_alpha = ".yy..yyyy..y..yy..yy";  // index = value 0..19
  for (uint32_t v = 0; v < 64; ++v) {
    const bool defined = (v >= 1 && v <= 11) || (v >= 14 && v <= 19);
    EXPECT_EQ(is_rgb_blend_factor(v), defined) << v;
    EXPECT_EQ(is_alpha_blend_factor(v), v < 20 && legal_alpha[v] == 'y') << v;
  }
}

}  // namespace
}  // namespace om::ref

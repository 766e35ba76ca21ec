// SPDX-License-Identifier: Apache-2.0
// om_top logic ops, multiple render targets and write masks through the whole pipeline: all 16
// logic ops on UINT targets, independent blend over 8 targets of different formats, IBE off (RT 0's
// descriptor everywhere), per-RT write masks including masks of absent channels, and formats with
// missing channels or X padding; each checked against om::ref on the final memory image.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>

#include "top_fixture.h"

namespace om::tb {
namespace {

uint32_t fmt(Format f) { return static_cast<uint32_t>(f); }

class LogicOps : public TopTest, public ::testing::WithParamInterface<Format> {};

TEST_P(LogicOps, EveryOpOnAUintTarget) {
  Options o;
  o.mem.latency_min = 1;
  o.mem.latency_max = 8;
  o.seed = 300 + static_cast<uint64_t>(GetParam());
  start(o);
  for (uint32_t op = 0; op < 16; ++op) {
    SCOPED_TRACE(std::string("logic op ") + to_string(static_cast<LogicOp>(op)));
    State s = ref::default_state();
    s.rt_bind[0] = {fmt(GetParam()), 3, 3};
    s.ps_outputs = 0x1;
    s.rt_desc[0].logic_op_enable = true;
    s.rt_desc[0].logic_op = op;
    s.rt_desc[0].write_mask = op == 5 ? 0x5 : 0xF;
    set_state(s);
    for (uint32_t i = 0; i < 12; ++i) push(i % 3, (i / 3) % 3, random_int_pixel());
  }
  finish();
}

INSTANTIATE_TEST_SUITE_P(Uint, LogicOps,
                         ::testing::Values(Format::R8G8B8A8_UINT, Format::R16G16B16A16_UINT,
                                           Format::R32_UINT, Format::R10G10B10A2_UINT),
                         [](const ::testing::TestParamInfo<Format>& info) {
                           return std::string(ref::find_format(fmt(info.param))->name);
                         });

class LogicOpMisuse : public TopTest {};

TEST_F(LogicOpMisuse, NonUintTargetsStayUnchangedAndLogicOpOverridesIndependentBlend) {
  start();
  State s = ref::default_state();
  s.rt_bind[0] = {fmt(Format::R8G8B8A8_UINT), 2, 2};
  s.rt_bind[1] = {fmt(Format::R8G8B8A8_UNORM), 2, 2};
  s.rt_bind[2] = {fmt(Format::R16G16_UINT), 2, 2};
  s.ps_outputs = 0x7;
  ref::BlendDesc blend;
  blend.independent_blend_enable = true;  // ignored while RT 0's logic op is on
  blend.render_target[0].logic_op_enable = true;
  blend.render_target[0].logic_op = LogicOp::NAND;
  blend.render_target[2] =
      blend_desc(Blend::ONE, Blend::ONE, BlendOp::ADD, Blend::ONE, Blend::ONE, BlendOp::ADD, 0x1);
  ref::set_blend_desc(s, blend);
  set_state(s);
  for (uint32_t i = 0; i < 4; ++i) push(i % 2, i / 2, random_int_pixel());
  finish();
  EXPECT_EQ(h_->stats().rt_writes, 8u);  // RT 1 (UNORM) is never written
}

// Eight targets of different formats, each with its own blend state and write mask.
State eight_targets(bool ibe) {
  State s = ref::default_state();
  constexpr std::array<Format, 8> kFormats = {
      Format::R8G8B8A8_UNORM,      Format::R16G16B16A16_FLOAT, Format::R32G32B32A32_FLOAT,
      Format::R8G8B8A8_UNORM_SRGB, Format::B5G6R5_UNORM,       Format::R10G10B10A2_UNORM,
      Format::R11G11B10_FLOAT,     Format::R16G16_SNORM};
  const std::array<ref::RtBlendDesc, 8> descs = {
      blend_desc(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD, Blend::ONE, Blend::ZERO,
                 BlendOp::ADD),
      blend_desc(Blend::ONE, Blend::ONE, BlendOp::ADD, Blend::ONE, Blend::ONE, BlendOp::MAX, 0x7),
      blend_desc(Blend::DEST_COLOR, Blend::ZERO, BlendOp::SUBTRACT, Blend::ZERO, Blend::ONE,
                 BlendOp::REV_SUBTRACT),
      blend_desc(Blend::BLEND_FACTOR, Blend::INV_BLEND_FACTOR, BlendOp::ADD, Blend::SRC_ALPHA_SAT,
                 Blend::ONE, BlendOp::ADD, 0xB),
      blend_desc(Blend::INV_DEST_ALPHA, Blend::DEST_ALPHA, BlendOp::ADD, Blend::ONE, Blend::ONE,
                 BlendOp::ADD),
      blend_desc(Blend::SRC_COLOR, Blend::INV_SRC_COLOR, BlendOp::MIN, Blend::ONE, Blend::ONE,
                 BlendOp::MIN, 0x9),
      blend_desc(Blend::ONE, Blend::SRC_ALPHA, BlendOp::REV_SUBTRACT, Blend::ONE, Blend::ONE,
                 BlendOp::ADD, 0x2),
      blend_desc(Blend::INV_SRC_ALPHA, Blend::SRC_ALPHA, BlendOp::ADD, Blend::ONE, Blend::ONE,
                 BlendOp::ADD, 0x3)};
  ref::BlendDesc blend;
  for (int i = 0; i < 8; ++i) {
    s.rt_bind[i] = {fmt(kFormats[i]), 3, 3};
    blend.render_target[i] = descs[i];
  }
  blend.render_target[2].blend_enable = false;  // pass-through on the float32 target
  blend.independent_blend_enable = ibe;
  ref::set_blend_desc(s, blend);
  s.ps_outputs = 0xFF;
  s.blend_factor = {f(0.5f), f(0.25f), f(1.0f), f(0.75f)};
  return s;
}

class Mrt : public TopTest {};

TEST_F(Mrt, IndependentBlendOverEightTargetsOfDifferentFormats) {
  Options o;
  o.mem.latency_min = 4;
  o.mem.latency_max = 16;
  o.mem.rd_ready_p = 0.7;
  o.seed = 21;
  start(o);
  set_state(eight_targets(true));
  for (uint32_t i = 0; i < 18; ++i) push(i % 3, (i / 3) % 3, random_pixel(-0.5f, 1.5f));
  finish();
}

TEST_F(Mrt, WithoutIndependentBlendEveryTargetUsesRt0Descriptor) {
  start();
  set_state(eight_targets(false));
  for (uint32_t i = 0; i < 18; ++i) push(i % 3, (i / 3) % 3, random_pixel(-0.5f, 1.5f));
  finish();
  EXPECT_EQ(h_->stats().rt_writes, 18u * 8u);  // RT 0's mask (all) applies everywhere
}

class WriteMasks : public TopTest, public ::testing::WithParamInterface<Format> {};

TEST_P(WriteMasks, EveryMaskBlendOnAndOff) {
  Options o;
  o.seed = 400 + static_cast<uint64_t>(GetParam());
  start(o);
  for (uint32_t mask = 0; mask < 16; ++mask) {
    for (bool blend : {false, true}) {
      SCOPED_TRACE("mask " + std::to_string(mask) + (blend ? " blend" : " no blend"));
      State s = ref::default_state();
      s.rt_bind[0] = {fmt(GetParam()), 2, 2};
      s.rt_bind[3] = {fmt(Format::R8G8B8A8_UNORM), 2, 2};
      s.ps_outputs = 0x9;
      s.independent_blend_enable = true;
      s.rt_desc[0] =
          ref::to_rt_desc(blend_desc(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD,
                                     Blend::ONE, Blend::INV_SRC_ALPHA, BlendOp::ADD, mask));
      s.rt_desc[0].blend_enable = blend;
      s.rt_desc[3].write_mask = 15 - mask;
      set_state(s);
      for (uint32_t i = 0; i < 4; ++i) push(i % 2, i / 2, random_pixel());
    }
  }
  finish();
}

INSTANTIATE_TEST_SUITE_P(MissingChannels, WriteMasks,
                         ::testing::Values(Format::R8G8_UNORM, Format::R8_UNORM, Format::A8_UNORM,
                                           Format::B8G8R8X8_UNORM, Format::B5G5R5A1_UNORM,
                                           Format::R16_FLOAT, Format::R8G8B8A8_UNORM),
                         [](const ::testing::TestParamInfo<Format>& info) {
                           return std::string(ref::find_format(fmt(info.param))->name);
                         });

}  // namespace
}  // namespace om::tb

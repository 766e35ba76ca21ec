// SPDX-License-Identifier: Apache-2.0
// om_rt_datapath against om::ref::rt_op: pipeline behaviour (latency, stalls, tags), the per-RT
// vectors of docs/vectors.md with their canonical values, and random states, formats and values.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "datapath_harness.h"
#include "datapath_random.h"
#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "seed.h"

namespace om::unit {
namespace {

using ref::f32_bits;
using ref::Texel;

const FormatInfo& fmt(const char* name) {
  const FormatInfo* f = ref::find_format(name);
  if (f == nullptr) throw std::invalid_argument(name);
  return *f;
}

DatapathOp make_op(const FormatInfo& f) {
  DatapathOp op;
  op.in.format = &f;
  op.dxgi = static_cast<uint32_t>(f.format);
  return op;
}

void set_blend(DatapathOp& op, Blend src, Blend dst, BlendOp bop) {
  op.in.desc.blend_enable = true;
  op.in.desc.src_blend = op.in.desc.src_blend_alpha = src;
  op.in.desc.dest_blend = op.in.desc.dest_blend_alpha = dst;
  op.in.desc.blend_op = op.in.desc.blend_op_alpha = bop;
}

// Runs one op through a fresh pipeline and returns what came out.
ref::RtOpOut run_one(const DatapathOp& op) {
  DatapathHarness h;
  h.step(&op, 0x5A, true);
  for (int i = 1; i < kDatapathLatency; ++i) h.step(nullptr, 0, true);
  ref::RtOpOut out;
  out.write = h.dut().write_o != 0;
  for (int c = 0; c < 4; ++c) out.texel.w[c] = h.dut().texel_o[c];
  EXPECT_TRUE(h.out_valid());
  EXPECT_EQ(h.dut().tag_o, 0x5Au);
  return out;
}

uint32_t rgba8(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
  return r | g << 8 | b << 16 | a << 24;
}

TEST(RtDatapath, OutputsAreDefinedAndIdleAfterReset) {
  DatapathHarness h;
  EXPECT_FALSE(h.out_valid());
  EXPECT_EQ(h.dut().write_o, 0u);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(h.dut().texel_o[c], 0u);
}

TEST(RtDatapath, LatencyIsFourEnabledCyclesAndStallsHoldEveryStage) {
  const FormatInfo& f = fmt("R8G8B8A8_UNORM");
  DatapathOp op = make_op(f);
  op.in.s = {f32_bits(0.2f), ref::kF32Half, ref::kF32One, 0};
  DatapathHarness h;
  h.step(&op, 7, true);
  for (int i = 0; i < 10; ++i) {
    h.step(nullptr, 0, false);  // stalled: nothing moves, and the stalled inputs are not captured
    EXPECT_FALSE(h.out_valid());
  }
  h.step(nullptr, 0, true);
  h.step(nullptr, 0, true);
  EXPECT_FALSE(h.out_valid());
  h.step(nullptr, 0, true);
  EXPECT_TRUE(h.out_valid());
  EXPECT_EQ(h.dut().tag_o, 7u);
  EXPECT_EQ(h.dut().texel_o[0], rgba8(51, 128, 255, 0));  // TV01, TV02
  h.step(nullptr, 0, false);
  EXPECT_TRUE(h.out_valid());  // held while stalled
  h.step(nullptr, 0, true);
  EXPECT_FALSE(h.out_valid());
  EXPECT_EQ(h.failures(), 0);
}

TEST(RtDatapath, SpecVectorsOfUnorm8Blending) {
  const FormatInfo& f = fmt("R8G8B8A8_UNORM");
  DatapathOp op = make_op(f);
  set_blend(op, Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD);
  op.in.s = {ref::kF32One, 0, 0, ref::kF32Half};  // TV10
  op.in.dest.w[0] = rgba8(0, 0, 255, 255);
  EXPECT_EQ(run_one(op).texel.w[0], rgba8(128, 0, 128, 191));
  op.in.s = {f32_bits(0.8f), f32_bits(0.4f), f32_bits(0.2f), f32_bits(0.25f)};  // TV11
  op.in.dest.w[0] = rgba8(51, 102, 153, 204);
  EXPECT_EQ(run_one(op).texel.w[0], rgba8(89, 102, 128, 169));
  set_blend(op, Blend::ONE, Blend::ONE, BlendOp::ADD);  // TV12
  op.in.s = {f32_bits(0.6f), f32_bits(0.6f), f32_bits(0.6f), f32_bits(0.6f)};
  op.in.dest.w[0] = rgba8(200, 200, 200, 200);
  EXPECT_EQ(run_one(op).texel.w[0], rgba8(255, 255, 255, 255));
  op.in.dest.w[0] = rgba8(100, 100, 100, 100);  // TV13
  set_blend(op, Blend::ONE, Blend::ONE, BlendOp::REV_SUBTRACT);
  EXPECT_EQ(run_one(op).texel.w[0], 0u);
  set_blend(op, Blend::ONE, Blend::ONE, BlendOp::SUBTRACT);
  EXPECT_EQ(run_one(op).texel.w[0], rgba8(53, 53, 53, 53));
  set_blend(op, Blend::DEST_COLOR, Blend::ZERO, BlendOp::ADD);  // TV14
  op.in.s = {ref::kF32Half, ref::kF32Half, ref::kF32Half, ref::kF32Half};
  op.in.dest.w[0] = rgba8(200, 200, 200, 200);
  EXPECT_EQ(run_one(op).texel.w[0], rgba8(100, 100, 100, 100));
  set_blend(op, Blend::BLEND_FACTOR, Blend::INV_BLEND_FACTOR, BlendOp::ADD);  // TV19
  op.in.s = {ref::kF32One, ref::kF32One, ref::kF32One, ref::kF32One};
  op.in.k = {f32_bits(0.25f), f32_bits(0.25f), f32_bits(0.25f), f32_bits(0.25f)};
  op.in.dest.w[0] = 0;
  EXPECT_EQ(run_one(op).texel.w[0], rgba8(64, 64, 64, 64));
  set_blend(op, Blend::BLEND_FACTOR, Blend::ZERO, BlendOp::ADD);  // TV20: K clamped to 1 on UNORM
  op.in.s = {f32_bits(0.25f), f32_bits(0.25f), f32_bits(0.25f), f32_bits(0.25f)};
  op.in.k = {f32_bits(2.0f), f32_bits(2.0f), f32_bits(2.0f), f32_bits(2.0f)};
  EXPECT_EQ(run_one(op).texel.w[0], rgba8(64, 64, 64, 64));
}

TEST(RtDatapath, SpecVectorsOfOtherClasses) {
  DatapathOp op = make_op(fmt("R32_FLOAT"));
  op.in.desc.blend_enable = true;
  op.in.desc.src_blend = op.in.desc.dest_blend = Blend::ZERO;
  op.in.desc.blend_op = BlendOp::MIN;  // TV15 (R only: alpha is absent)
  op.in.s[0] = f32_bits(0.2f);
  op.in.dest.w[0] = f32_bits(0.6f);
  EXPECT_EQ(run_one(op).texel.w[0], f32_bits(0.2f));
  op.in.desc.blend_op = BlendOp::MAX;  // TV16
  op.in.s[0] = ref::kF32CanonicalNan;
  op.in.dest.w[0] = f32_bits(0.3f);
  EXPECT_EQ(run_one(op).texel.w[0], f32_bits(0.3f));
  set_blend(op, Blend::ZERO, Blend::ONE, BlendOp::ADD);  // TV17: NaN * 0 = NaN
  EXPECT_EQ(run_one(op).texel.w[0], ref::kF32CanonicalNan);

  op = make_op(fmt("R8G8B8A8_SNORM"));  // TV21
  set_blend(op, Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD);
  op.in.s = {f32_bits(0.8f), 0, 0, f32_bits(-0.5f)};
  op.in.dest.w[0] = 64;
  EXPECT_EQ(run_one(op).texel.w[0] & 0xFF, 45u);

  op = make_op(fmt("R8G8B8A8_UNORM_SRGB"));  // TV22 / TV23
  set_blend(op, Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD);
  op.in.s = {ref::kF32One, ref::kF32One, ref::kF32One, ref::kF32Half};
  op.in.dest.w[0] = rgba8(128, 128, 128, 0);
  EXPECT_EQ(run_one(op).texel.w[0] & 0xFF, 205u);
  op.in.gamma_space = true;
  EXPECT_EQ(run_one(op).texel.w[0] & 0xFF, 192u);

  op = make_op(fmt("R16_FLOAT"));  // TV26, TV29
  op.in.s[0] = 0x3F803000;         // 1 + 3 * 2^-11
  EXPECT_EQ(run_one(op).texel.w[0], 0x3C01u);
  set_blend(op, Blend::ONE, Blend::ONE, BlendOp::ADD);
  op.in.s[0] = f32_bits(65504.0f);
  op.in.dest.w[0] = 0x7BFF;
  EXPECT_EQ(run_one(op).texel.w[0], 0x7BFFu);

  op = make_op(fmt("R11G11B10_FLOAT"));  // TV30
  op.in.s = {ref::kF32One, ref::kF32MinusOne, f32_bits(70000.0f), 0};
  EXPECT_EQ(run_one(op).texel.w[0], 0x3C0u | 0x000u << 11 | 0x3DFu << 22);

  op = make_op(fmt("R8_UINT"));  // TV31
  op.in.s[0] = 300;
  EXPECT_EQ(run_one(op).texel.w[0], 255u);
  op = make_op(fmt("R8_SINT"));
  op.in.s[0] = 0xFFFFFFFFu;
  EXPECT_EQ(run_one(op).texel.w[0], 0xFFu);
  op.in.s[0] = static_cast<uint32_t>(-200);
  EXPECT_EQ(run_one(op).texel.w[0], 0x80u);

  op = make_op(fmt("R8G8B8A8_UINT"));  // TV32: logic ops, s = 0x0F, d = 0x35
  op.in.logic_op_enable = true;
  op.in.s = {0x0F, 0x0F, 0x0F, 0x0F};
  op.in.dest.w[0] = 0x35353535;
  const uint32_t table[16] = {0x00, 0xFF, 0x0F, 0xF0, 0x35, 0xCA, 0x05, 0xFA,
                              0x3F, 0xC0, 0x3A, 0xC5, 0x0A, 0x30, 0xCF, 0xF5};
  for (uint32_t lop = 0; lop < 16; ++lop) {
    op.in.logic_op = static_cast<LogicOp>(lop);
    EXPECT_EQ(run_one(op).texel.w[0], table[lop] * 0x01010101u) << "logic op " << lop;
  }
  op = make_op(fmt("R8_UINT"));  // TV33
  op.in.logic_op_enable = true;
  op.in.logic_op = LogicOp::COPY;
  op.in.s[0] = 0x100;
  op.in.dest.w[0] = 0x35;
  EXPECT_EQ(run_one(op).texel.w[0], 0u);
  op = make_op(fmt("R32_UINT"));  // TV34
  op.in.logic_op_enable = true;
  op.in.logic_op = LogicOp::XOR;
  op.in.s[0] = 0xDEADBEEF;
  op.in.dest.w[0] = 0xFFFF0000;
  EXPECT_EQ(run_one(op).texel.w[0], 0x2152BEEFu);
  op = make_op(fmt("R8G8B8A8_UNORM"));  // logic op on a non-UINT RT: unchanged, not written
  op.in.logic_op_enable = true;
  op.in.dest.w[0] = 0x12345678;
  ref::RtOpOut out = run_one(op);
  EXPECT_FALSE(out.write);
  EXPECT_EQ(out.texel.w[0], 0x12345678u);

  op = make_op(fmt("R8G8B8A8_UNORM"));  // TV35
  op.in.s = {ref::kF32One, ref::kF32One, ref::kF32One, ref::kF32One};
  op.in.desc.render_target_write_mask = 0x9;
  op.in.dest.w[0] = rgba8(10, 20, 30, 40);
  EXPECT_EQ(run_one(op).texel.w[0], rgba8(255, 20, 30, 255));
  op = make_op(fmt("R8_UNORM"));  // TV36
  op.in.desc.render_target_write_mask = 0x2;
  op.in.dest.w[0] = 0x77;
  out = run_one(op);
  EXPECT_FALSE(out.write);
  EXPECT_EQ(out.texel.w[0], 0x77u);
  op = make_op(fmt("B8G8R8X8_UNORM"));  // TV37: Ad = 1; X stored as ones
  set_blend(op, Blend::DEST_ALPHA, Blend::ZERO, BlendOp::ADD);
  op.in.s = {ref::kF32Half, ref::kF32Half, ref::kF32Half, ref::kF32Half};
  op.in.dest.w[0] = 0x00123456;
  EXPECT_EQ(run_one(op).texel.w[0], 0xFF808080u);
}

TEST(RtDatapath, RandomStatesFormatsAndValuesMatchRtOp) {
  std::mt19937_64 rng(test_seed());
  DatapathHarness h;
  for (int i = 0; i < 150000; ++i) {
    const DatapathOp op = random_datapath_op(rng);
    const uint32_t r = static_cast<uint32_t>(rng());
    const bool en = (r >> 20) % 8 != 0;  // random stalls
    const bool bubble = (r >> 24) % 10 == 0;
    h.step(bubble ? nullptr : &op, i, en);
  }
  h.drain();
  EXPECT_GT(h.checked(), 100000);
  EXPECT_EQ(h.failures(), 0);
}

}  // namespace
}  // namespace om::unit

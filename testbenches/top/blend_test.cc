// SPDX-License-Identifier: Apache-2.0
// om_top blending through the whole pipeline: every blend factor (colour and alpha slots, dual
// source included) and every blend op on UNORM8, float16, float32, SNORM and sRGB targets (linear
// at FL 11_1, gamma space at FL 9_3), with random and special source values (NaN, INF, denormals,
// out-of-range), each checked against om::ref on the final memory image.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>

#include "top_fixture.h"

namespace om::tb {
namespace {

constexpr const auto& kColourFactors = kAllBlend;
// Factors legal in the alpha slot (no *_COLOR).
constexpr std::array<Blend, 11> kAlphaFactors = {
    Blend::ZERO,          Blend::ONE,           Blend::SRC_ALPHA,
    Blend::INV_SRC_ALPHA, Blend::DEST_ALPHA,    Blend::INV_DEST_ALPHA,
    Blend::SRC_ALPHA_SAT, Blend::BLEND_FACTOR,  Blend::INV_BLEND_FACTOR,
    Blend::SRC1_ALPHA,    Blend::INV_SRC1_ALPHA};
constexpr std::array<BlendOp, 5> kOps = {BlendOp::ADD, BlendOp::SUBTRACT, BlendOp::REV_SUBTRACT,
                                         BlendOp::MIN, BlendOp::MAX};

struct FormatCase {
  const char* name;
  Format format;
  int cfg_index;  // 1 = fl9_3 (gamma-space sRGB), 4 = fl11_1
};

class Blending : public TopTest, public ::testing::WithParamInterface<FormatCase> {
 protected:
  void SetUp() override {
    Options o;
    o.cfg_index = GetParam().cfg_index;
    o.mem.latency_min = 2;
    o.mem.latency_max = 6;
    o.seed = 100 + static_cast<uint64_t>(GetParam().format);
    start(o);
  }

  State one_rt(const ref::RtBlendDesc& d) const {
    State s = ref::default_state();
    s.rt_bind[0] = {static_cast<uint32_t>(GetParam().format), 4, 3};
    s.ps_outputs = 0x1;
    s.rt_desc[0] = ref::to_rt_desc(d);
    s.blend_factor = {f(0.25f), f(0.5f), f(0.75f), f(0.625f)};
    return s;
  }

  // 12 pixels over the 4 x 3 target: random sources, every fourth one with special values.
  void draw_pixels() {
    const float lo = GetParam().format == Format::R8G8B8A8_SNORM ? -1.5f : -0.25f;
    for (uint32_t i = 0; i < 12; ++i) {
      ref::PixelIn px = random_pixel(lo, 1.5f);
      if (i % 4 == 3) {
        constexpr std::array<uint32_t, 8> kSpecial = {0x7FC00000u, 0x7F800000u, 0xFF800000u,
                                                      0x80000000u, 0x00000001u, 0x3F800001u,
                                                      0x477FE000u, 0xBF800000u};
        for (int c = 0; c < 4; ++c) {
          px.oc[0][c] = kSpecial[(i + c) % 8];
          px.oc1[c] = kSpecial[(i + 2 * c + 1) % 8];
        }
      }
      push(i % 4, i / 4, px);
    }
  }
};

TEST_P(Blending, EveryFactorInBothSlots) {
  for (size_t i = 0; i < kColourFactors.size(); ++i) {
    const Blend src = kColourFactors[i];
    const Blend dst = kColourFactors[(i + 7) % kColourFactors.size()];
    const Blend src_a = kAlphaFactors[i % kAlphaFactors.size()];
    const Blend dst_a = kAlphaFactors[(i + 4) % kAlphaFactors.size()];
    SCOPED_TRACE(std::string("src ") + to_string(src) + " dst " + to_string(dst));
    set_state(one_rt(blend_desc(src, dst, BlendOp::ADD, src_a, dst_a, BlendOp::ADD)));
    draw_pixels();
  }
  finish();
}

TEST_P(Blending, EveryOpInBothEquations) {
  for (size_t i = 0; i < kOps.size(); ++i) {
    const BlendOp op = kOps[i];
    const BlendOp op_a = kOps[(i + 2) % kOps.size()];
    SCOPED_TRACE(std::string("op ") + to_string(op) + " alpha op " + to_string(op_a));
    set_state(one_rt(blend_desc(Blend::SRC_ALPHA, Blend::INV_DEST_COLOR, op, Blend::SRC1_ALPHA,
                                Blend::DEST_ALPHA, op_a)));
    draw_pixels();
  }
  finish();
}

TEST_P(Blending, DisabledBlendConvertsTheSource) {
  ref::RtBlendDesc d;
  set_state(one_rt(d));
  draw_pixels();
  finish();
  EXPECT_EQ(h_->stats().rt_reads, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Formats, Blending,
    ::testing::Values(FormatCase{"Unorm8", Format::R8G8B8A8_UNORM, 4},
                      FormatCase{"Float16", Format::R16G16B16A16_FLOAT, 4},
                      FormatCase{"Float32", Format::R32G32B32A32_FLOAT, 4},
                      FormatCase{"Snorm8", Format::R8G8B8A8_SNORM, 4},
                      FormatCase{"SrgbLinear", Format::R8G8B8A8_UNORM_SRGB, 4},
                      FormatCase{"SrgbGammaFl9_3", Format::B8G8R8A8_UNORM_SRGB, 1},
                      FormatCase{"Unorm10", Format::R10G10B10A2_UNORM, 4},
                      FormatCase{"Float11", Format::R11G11B10_FLOAT, 4}),
    [](const ::testing::TestParamInfo<FormatCase>& info) { return std::string(info.param.name); });

class DualSource : public TopTest {};

TEST_F(DualSource, Src1FactorsUseTheSecondOutput) {
  start();
  State s = ref::default_state();
  s.rt_bind[0] = {static_cast<uint32_t>(Format::R16G16B16A16_FLOAT), 4, 4};
  s.ps_outputs = 0x1;
  s.rt_desc[0] =
      ref::to_rt_desc(blend_desc(Blend::SRC1_COLOR, Blend::INV_SRC1_COLOR, BlendOp::ADD,
                                 Blend::SRC1_ALPHA, Blend::INV_SRC1_ALPHA, BlendOp::ADD));
  set_state(s);
  for (uint32_t i = 0; i < 16; ++i) push(i % 4, i / 4, random_pixel(0.0f, 1.0f));
  finish();
  EXPECT_EQ(h_->stats().rt_reads, 16u);
}

}  // namespace
}  // namespace om::tb

// SPDX-License-Identifier: Apache-2.0
// om_rt_datapath on R8G8B8A8_UNORM: every (S code, D code) pair under every blend factor (as source
// and destination factor at once), against om::ref::rt_op.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "datapath_harness.h"
#include "om/ref/convert.h"
#include "seed.h"

namespace om::unit {
namespace {

class Unorm8FactorSweep : public ::testing::TestWithParam<uint32_t> {};

TEST_P(Unorm8FactorSweep, EveryCodePairMatchesRtOp) {
  const uint32_t factor = GetParam();
  const FormatInfo* f = ref::find_format("R8G8B8A8_UNORM");
  ASSERT_NE(f, nullptr);
  std::mt19937_64 rng(test_seed() + factor);
  static const Blend kAlphaFactors[] = {
      Blend::ZERO,          Blend::ONE,           Blend::SRC_ALPHA,
      Blend::INV_SRC_ALPHA, Blend::DEST_ALPHA,    Blend::INV_DEST_ALPHA,
      Blend::SRC_ALPHA_SAT, Blend::BLEND_FACTOR,  Blend::INV_BLEND_FACTOR,
      Blend::SRC1_ALPHA,    Blend::INV_SRC1_ALPHA};
  static const BlendOp kOps[] = {BlendOp::ADD, BlendOp::SUBTRACT, BlendOp::REV_SUBTRACT};
  DatapathHarness h;
  int n = 0;
  // Three (S, D) code pairs per op, in R, G and B; alpha, S1 and K get random codes.
  for (uint32_t pair = 0; pair < 65536; pair += 3, ++n) {
    DatapathOp op;
    op.in.format = f;
    op.dxgi = static_cast<uint32_t>(f->format);
    ref::RtBlendDesc& d = op.in.desc;
    d.blend_enable = true;
    d.src_blend = d.dest_blend = static_cast<Blend>(factor);
    d.blend_op = kOps[n % 3];
    d.src_blend_alpha = kAlphaFactors[n % 11];
    d.dest_blend_alpha = kAlphaFactors[(n / 11) % 11];
    d.blend_op_alpha = kOps[(n / 121) % 3];
    uint32_t dest = 0;
    for (int c = 0; c < 4; ++c) {
      const uint32_t p = c < 3 ? (pair + c) & 0xFFFF : static_cast<uint32_t>(rng()) & 0xFFFF;
      op.in.s[c] = ref::unorm_to_f32(p >> 8, 8);
      dest |= (p & 0xFF) << (8 * c);
      op.in.s1[c] = ref::unorm_to_f32(static_cast<uint32_t>(rng()) & 0xFF, 8);
      op.in.k[c] = ref::unorm_to_f32(static_cast<uint32_t>(rng()) & 0xFF, 8);
    }
    op.in.dest.w[0] = dest;
    h.step(&op, n, true);
  }
  h.drain();
  EXPECT_EQ(h.checked(), n);
  EXPECT_EQ(h.failures(), 0);
}

// Every D3D11_BLEND value, plus two invalid values that act as ZERO.
INSTANTIATE_TEST_SUITE_P(AllFactors, Unorm8FactorSweep,
                         ::testing::Values(1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 14u, 15u,
                                           16u, 17u, 18u, 19u, 0u, 12u),
                         [](const ::testing::TestParamInfo<uint32_t>& info) {
                           const char* name = to_string(static_cast<Blend>(info.param));
                           return std::string(name ? name : "INVALID_") +
                                  std::to_string(info.param);
                         });

}  // namespace
}  // namespace om::unit

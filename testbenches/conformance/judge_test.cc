// SPDX-License-Identifier: Apache-2.0
// The tolerance judge and the exact rational reference, checked on hand-computed cases (the
// vectors of docs/vectors.md and the README's tolerance table), so the conformance verdicts rest on
// tested ground.
#include "judge.h"

#include <gtest/gtest.h>

#include "exact_ref.h"
#include "reader.h"

namespace om::conformance {
namespace {

Vector vec(const std::string& text) { return parse_vector(text, 1, "judge_test"); }

const char kBlendRgba8[] = R"({"rt":[{"format":"R8G8B8A8_UNORM","dest":[0,0,255,255],
    "blend":{"blendEnable":true,"srcBlend":"SRC_ALPHA","destBlend":"INV_SRC_ALPHA",
             "srcBlendAlpha":"SRC_ALPHA","destBlendAlpha":"INV_SRC_ALPHA","writeMask":"RGBA"}}],
    "oC":[[1,0,0,0.5]]})";

TEST(ConformanceExactRef, Tv10GivesTheIdealCodes) {
  const Vector v = vec(kBlendRgba8);
  EXPECT_EQ(exact_unorm_code(v, 0, 0), mpq_class(255, 2));  // R: 0.5 * 255 = 127.5
  EXPECT_EQ(exact_unorm_code(v, 0, 1), mpq_class(0));
  EXPECT_EQ(exact_unorm_code(v, 0, 2), mpq_class(255, 2));
  EXPECT_EQ(exact_unorm_code(v, 0, 3), mpq_class(765, 4));  // A: 0.25 + 0.5 = 0.75 -> 191.25
  EXPECT_TRUE(correctly_rounded(127, mpq_class(255, 2)));
  EXPECT_TRUE(correctly_rounded(128, mpq_class(255, 2)));
  EXPECT_FALSE(correctly_rounded(129, mpq_class(255, 2)));
  EXPECT_TRUE(correctly_rounded(191, mpq_class(765, 4)));
  EXPECT_FALSE(correctly_rounded(192, mpq_class(765, 4)));
  EXPECT_DOUBLE_EQ(code_distance(192, mpq_class(765, 4)), 0.75);
}

TEST(ConformanceExactRef, Tv13SubtractAndReverseSubtractClampAfterTheEquation) {
  const char* text = R"({"rt":[{"format":"R8G8B8A8_UNORM","dest":[100,0,0,0],
      "blend":{"blendEnable":true,"srcBlend":"ONE","destBlend":"ONE","blendOp":"%s"}}],
      "oC":[["0x3f19999a",0,0,0]]})";  // 0.6f
  char buf[400];
  std::snprintf(buf, sizeof buf, text, "SUBTRACT");
  const mpq_class sub = exact_unorm_code(vec(buf), 0, 0);
  EXPECT_NEAR(sub.get_d(), 53.0, 1e-5);
  EXPECT_TRUE(correctly_rounded(53, sub));
  std::snprintf(buf, sizeof buf, text, "REV_SUBTRACT");
  EXPECT_EQ(exact_unorm_code(vec(buf), 0, 0), mpq_class(0));
}

TEST(ConformanceExactRef, SourcesAreClampedAndNanIsZero) {
  const Vector v = vec(R"({"rt":[{"format":"R10G10B10A2_UNORM"}],"oC":[[2.5,-1,"nan",0.5]]})");
  EXPECT_EQ(exact_unorm_code(v, 0, 0), mpq_class(1023));
  EXPECT_EQ(exact_unorm_code(v, 0, 1), mpq_class(0));
  EXPECT_EQ(exact_unorm_code(v, 0, 2), mpq_class(0));
  EXPECT_EQ(exact_unorm_code(v, 0, 3), mpq_class(3, 2));  // 2-bit alpha
}

TEST(ConformanceJudge, ClassesFollowFormatMaskAndBlendState) {
  const Vector v =
      vec(R"({"rt":[{"format":"R8G8B8A8_SRGB","blend":{"blendEnable":true,"writeMask":"RGA"}},
      {"format":"R8G8B8A8_UINT","blend":{"logicOpEnable":true}},
      {"format":"R16G16B16A16_SFLOAT"},{"format":"R32G32B32A32_SINT"}],
      "oC":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]})");
  EXPECT_EQ(classify(v, 0, 0), Tol::kSrgbBlend);
  EXPECT_EQ(classify(v, 0, 2), Tol::kMasked);
  EXPECT_EQ(classify(v, 0, 3), Tol::kUnormBlend);  // sRGB alpha is plain UNORM
  EXPECT_EQ(classify(v, 1, 0), Tol::kLogic);
  EXPECT_EQ(classify(v, 2, 1), Tol::kFp16NoBlend);
  EXPECT_EQ(classify(v, 3, 1), Tol::kInteger);
}

TEST(ConformanceJudge, CodeWindowsAreOneOffAndTwoOn) {
  const Vector on = vec(kBlendRgba8);
  EXPECT_TRUE(judge(on, 0, 0, 128, 126).within);
  EXPECT_FALSE(judge(on, 0, 0, 128, 125).within);
  const Vector off = vec(R"({"rt":[{"format":"R8G8B8A8_UNORM"}],"oC":[[0,0,0,0]]})");
  EXPECT_TRUE(judge(off, 0, 0, 128, 127).within);
  EXPECT_FALSE(judge(off, 0, 0, 128, 126).within);
  const Vector masked =
      vec(R"({"rt":[{"format":"R8G8B8A8_UNORM","blend":{"writeMask":0}}],"oC":[[0,0,0,0]]})");
  EXPECT_FALSE(judge(masked, 0, 0, 128, 127).within);
  EXPECT_TRUE(judge(masked, 0, 0, 128, 128).exact);
}

TEST(ConformanceJudge, SnormMinusOneHasTwoCodes) {
  const Vector v = vec(R"({"rt":[{"format":"R8G8B8A8_SNORM"}],"oC":[[0,0,0,0]]})");
  EXPECT_TRUE(judge(v, 0, 0, 0x80, 0x81).within);
  EXPECT_EQ(judge(v, 0, 0, 0x80, 0x81).distance, 0);
  EXPECT_TRUE(judge(v, 0, 0, 0x80, 0x82).within);
  EXPECT_FALSE(judge(v, 0, 0, 0x80, 0x83).within);
  EXPECT_FALSE(judge(v, 0, 0, 0x7F, 0x81).within);
  EXPECT_TRUE(judge(v, 0, 0, 0x00, 0xFF).within);  // 0 and -1 code
}

TEST(ConformanceJudge, SrgbBlendAcceptsOneLinearStepNearBlack) {
  const Vector v =
      vec(R"({"rt":[{"format":"R8G8B8A8_SRGB","blend":{"blendEnable":true}}],"oC":[[0,0,0,0]]})");
  EXPECT_TRUE(judge(v, 0, 0, 0, 3).within);  // 3/255/12.92 < 1/255 linear
  EXPECT_FALSE(judge(v, 0, 0, 200, 203).within);
  EXPECT_TRUE(judge(v, 0, 0, 200, 202).within);
  EXPECT_NEAR(srgb_decode_ideal(128), 0.2158605, 1e-7);  // TV25
}

TEST(ConformanceJudge, Fp16OffAllowsOneUlpAndFloatBlendTwoUlpOfTheLargestTerm) {
  const Vector off = vec(R"({"rt":[{"format":"R16G16B16A16_FLOAT"}],"oC":[[0,0,0,0]]})");
  EXPECT_TRUE(judge(off, 0, 0, 0x3C00, 0x3C01).within);
  EXPECT_FALSE(judge(off, 0, 0, 0x3C00, 0x3C02).within);
  EXPECT_TRUE(judge(off, 0, 0, 0x0001, 0x8000).within);   // across zero: one ULP
  EXPECT_FALSE(judge(off, 0, 0, 0x7BFF, 0x7C00).within);  // never into INF
  // ONE/ONE ADD of S = 3.0 and D = 1.0: largest term 3.0, ULP(3.0) = 2^-22 in binary32.
  const Vector on = vec(R"({"rt":[{"format":"R32G32B32A32_FLOAT","dest":["0x3f800000",0,0,0],
      "blend":{"blendEnable":true,"srcBlend":"ONE","destBlend":"ONE"}}],"oC":[[3,0,0,0]]})");
  EXPECT_DOUBLE_EQ(float_blend_scale(on, 0, 0), 3.0);
  EXPECT_TRUE(judge(on, 0, 0, 0x40800000u, 0x40800001u).within);   // 4 + 2^-21 = 2 ULP of 3
  EXPECT_FALSE(judge(on, 0, 0, 0x40800000u, 0x40800002u).within);  // 4 ULP of 3
  const Vector f32off = vec(R"({"rt":[{"format":"R32G32B32A32_FLOAT"}],"oC":[[0,0,0,0]]})");
  EXPECT_FALSE(judge(f32off, 0, 0, 0x40800000u, 0x40800001u).within);
}

TEST(ConformanceJudge, FloatBlendScaleUsesFactorsAndIgnoresThemForMinMax) {
  // SRC_ALPHA / INV_SRC_ALPHA with As = -3 on a float RT (no clamp): |S*Fs| = 2*3 = 6, |D*Fd| = 1*4
  // = 4.
  const Vector v = vec(R"({"rt":[{"format":"R32G32B32A32_FLOAT","dest":["0x3f800000",0,0,0],
      "blend":{"blendEnable":true,"srcBlend":"SRC_ALPHA","destBlend":"INV_SRC_ALPHA","blendOpAlpha":"MAX"}}],
      "oC":[[2,0,0,-3]]})");
  EXPECT_DOUBLE_EQ(float_blend_scale(v, 0, 0), 6.0);
  EXPECT_DOUBLE_EQ(float_blend_scale(v, 0, 3), 3.0);  // MAX: |S| and |D| only
}

}  // namespace
}  // namespace om::conformance

// SPDX-License-Identifier: Apache-2.0
// The conformance reader: every accepted spelling of the schema, and a clear error for malformed
// input.
#include "reader.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "names.h"
#include "om/ref/fp32.h"

namespace om::conformance {
namespace {

/// The message of the std::invalid_argument `f` throws, or "" if it throws nothing.
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

Vector one(const std::string& text) { return parse_vector(text, 3, "t.jsonl"); }

TEST(ConformanceNames, FormatsAcceptDxgiAndVulkanSpellings) {
  EXPECT_EQ(parse_format("R8G8B8A8_UNORM")->format, Format::R8G8B8A8_UNORM);
  EXPECT_EQ(parse_format("DXGI_FORMAT_R8G8B8A8_UNORM_SRGB")->format, Format::R8G8B8A8_UNORM_SRGB);
  EXPECT_EQ(parse_format("R8G8B8A8_SRGB")->format, Format::R8G8B8A8_UNORM_SRGB);
  EXPECT_EQ(parse_format("vk_format_r16g16b16a16_sfloat")->format, Format::R16G16B16A16_FLOAT);
  EXPECT_EQ(parse_format("A2B10G10R10_UNORM")->format, Format::R10G10B10A2_UNORM);
  EXPECT_EQ(parse_format("A2B10G10R10_UINT_PACK32")->format, Format::R10G10B10A2_UINT);
  EXPECT_EQ(parse_format("R32G32B32A32_SFLOAT")->format, Format::R32G32B32A32_FLOAT);
  EXPECT_EQ(parse_format("B10G11R11_UFLOAT_PACK32")->format, Format::R11G11B10_FLOAT);
  EXPECT_EQ(parse_format("R5G6B5_UNORM_PACK16")->format, Format::B5G6R5_UNORM);
  EXPECT_EQ(parse_format("NONE"), nullptr);
  EXPECT_EQ(parse_format("UNKNOWN"), nullptr);
  EXPECT_NE(error_of([] { parse_format("R9G9B9E5_SHAREDEXP"); }).find("R9G9B9E5"),
            std::string::npos);
}

TEST(ConformanceNames, EveryFormatRoundTripsThroughItsVulkanName) {
  for (const FormatInfo& f : kFormatInfo) {
    std::string vk = vulkan_format_name(f);
    if (!vk.empty()) {
      EXPECT_EQ(parse_format(vk), &f) << vk;
    }
    EXPECT_EQ(parse_format(f.name), &f) << f.name;
  }
}

TEST(ConformanceNames, EnumsAcceptPrefixesUnderscoresAndNumbers) {
  EXPECT_EQ(parse_blend("SRC_ALPHA"), Blend::SRC_ALPHA);
  EXPECT_EQ(parse_blend("D3D11_BLEND_INV_SRC1_COLOR"), Blend::INV_SRC1_COLOR);
  EXPECT_EQ(parse_blend("INVSRC1COLOR"), Blend::INV_SRC1_COLOR);
  EXPECT_EQ(parse_blend("d3d11_blend_blend_factor"), Blend::BLEND_FACTOR);
  EXPECT_EQ(parse_blend("BLENDFACTOR"), Blend::BLEND_FACTOR);
  EXPECT_EQ(blend_from_number(11), Blend::SRC_ALPHA_SAT);
  EXPECT_THROW(blend_from_number(12), std::invalid_argument);
  EXPECT_THROW(blend_from_number(20), std::invalid_argument);
  EXPECT_EQ(parse_blend_op("REVSUBTRACT"), BlendOp::REV_SUBTRACT);
  EXPECT_EQ(parse_blend_op("D3D11_BLEND_OP_MAX"), BlendOp::MAX);
  EXPECT_EQ(blend_op_from_number(2), BlendOp::SUBTRACT);
  EXPECT_THROW(blend_op_from_number(0), std::invalid_argument);
  EXPECT_EQ(parse_logic_op("LOGIC_OP_NOOP"), LogicOp::NOOP);
  EXPECT_EQ(parse_logic_op("D3D11_LOGIC_OP_AND_REVERSE"), LogicOp::AND_REVERSE);
  EXPECT_EQ(parse_logic_op("orinverted"), LogicOp::OR_INVERTED);
  EXPECT_EQ(logic_op_from_number(0), LogicOp::CLEAR);
  EXPECT_THROW(logic_op_from_number(16), std::invalid_argument);
  EXPECT_NE(error_of([] { parse_blend("SRC_ALHPA"); }).find("SRC_ALHPA"), std::string::npos);
}

TEST(ConformanceNames, WriteMasksAcceptNumbersHexAndLetters) {
  EXPECT_EQ(parse_write_mask("0xF"), 15u);
  EXPECT_EQ(parse_write_mask("RGA"), 11u);
  EXPECT_EQ(parse_write_mask("all"), 15u);
  EXPECT_EQ(parse_write_mask("b"), 4u);
  EXPECT_THROW(parse_write_mask("0x10"), std::invalid_argument);
  EXPECT_THROW(parse_write_mask("RGX"), std::invalid_argument);
  EXPECT_THROW(parse_write_mask("RR"), std::invalid_argument);
}

TEST(ConformanceNames, FloatStringsGiveBitsOrStrtofValues) {
  EXPECT_EQ(parse_float_string("0x3fc00000"), 0x3FC00000u);
  EXPECT_EQ(parse_float_string("inf"), 0x7F800000u);
  EXPECT_EQ(parse_float_string("-inf"), 0xFF800000u);
  EXPECT_EQ(parse_float_string("-0.0"), 0x80000000u);
  EXPECT_TRUE(om::ref::f32_is_nan(parse_float_string("nan")));
  EXPECT_EQ(parse_float_string("0.1"), om::ref::f32_bits(0.1f));
  EXPECT_THROW(parse_float_string("0x1ffffffff"), std::invalid_argument);
  EXPECT_THROW(parse_float_string("1.5x"), std::invalid_argument);
  EXPECT_THROW(parse_float_string(""), std::invalid_argument);
}

TEST(ConformanceNames, DecimalLiteralsRoundOnceToBinary32) {
  // 1 + 2^-24 + 2^-60 is just above the midpoint between 1 and 1 + 2^-23: strtof rounds up, but the
  // nearest double is exactly the midpoint, which a detour through double would then round (to
  // even) down to 1.0.
  EXPECT_EQ(parse_float_literal("1.000000059604644776130001"), 0x3F800001u);
  Vector v =
      one(R"({"rt":[{"format":"R32G32B32A32_FLOAT"}],"oC":[[1.000000059604644776130001,0,0,0]]})");
  EXPECT_EQ(v.rt[0].oc[0], 0x3F800001u);
}

TEST(ConformanceReader, ParsesTheReadmeExample) {
  Vector v = one(R"({"id": "v42",
 "rt": [ {"format": "R8G8B8A8_UNORM",
          "blend": {"blendEnable": true,
                    "srcBlend": "SRC_ALPHA", "destBlend": "INV_SRC_ALPHA", "blendOp": "ADD",
                    "srcBlendAlpha": "ONE", "destBlendAlpha": "ZERO", "blendOpAlpha": "ADD",
                    "logicOpEnable": false, "logicOp": "LOGIC_OP_NOOP", "writeMask": 15},
          "dest": [0, 128, 255, 255]},
         null,
         {"format": "R32G32B32A32_SFLOAT", "dest": ["0x3f800000", 0, 0, 0]} ],
 "oC":  [[1.0, 0.5, 0.0, 0.5], [0, 0, 0, 0], ["0x3fc00000", 2.5, -1, "inf"]],
 "oC1": [0.5, 0.25, 1.0, 0.0],
 "blendFactor": [0.5, 0.25, 1.0, 0.25]})");
  EXPECT_EQ(v.id, "\"v42\"");
  EXPECT_EQ(v.line, 3);
  EXPECT_EQ(v.num_slots, 3);
  ASSERT_NE(v.rt[0].format, nullptr);
  EXPECT_EQ(v.rt[0].format->format, Format::R8G8B8A8_UNORM);
  EXPECT_TRUE(v.rt[0].desc.blend_enable);
  EXPECT_EQ(v.rt[0].desc.src_blend, Blend::SRC_ALPHA);
  EXPECT_EQ(v.rt[0].desc.dest_blend, Blend::INV_SRC_ALPHA);
  EXPECT_EQ(v.rt[0].dest, (om::ref::Raw4{0, 128, 255, 255}));
  EXPECT_EQ(v.rt[0].oc, (om::ref::Vec4{0x3F800000u, 0x3F000000u, 0u, 0x3F000000u}));
  EXPECT_EQ(v.rt[1].format, nullptr);
  EXPECT_EQ(v.rt[2].format->format, Format::R32G32B32A32_FLOAT);
  EXPECT_EQ(v.rt[2].dest, (om::ref::Raw4{0x3F800000u, 0, 0, 0}));
  EXPECT_EQ(v.rt[2].oc, (om::ref::Vec4{0x3FC00000u, 0x40200000u, 0xBF800000u, 0x7F800000u}));
  EXPECT_EQ(v.rt[2].desc.blend_enable, false);
  EXPECT_EQ(v.rt[2].desc.src_blend, Blend::ONE);
  EXPECT_EQ(v.rt[2].desc.render_target_write_mask, 15u);
  ASSERT_TRUE(v.oc1.has_value());
  EXPECT_EQ((*v.oc1)[2], 0x3F800000u);
  EXPECT_EQ(v.blend_factor[3], 0x3E800000u);
}

TEST(ConformanceReader, AcceptsAliasesCaseInsensitiveKeysAndDestHex) {
  Vector v = one(R"({"RTS":[{"Format":"R8G8B8A8_SNORM","destHex":"0xff804020",
      "BLEND":{"RenderTargetWriteMask":"RGA","SrcBlend":5,"BLENDOP":"revsubtract"},"oC":[1,2,3,4]},
      {"format":"R8G8B8A8_UINT","dest":[1,2,3,255],"oC":[-1,"0x100",7,8]},
      {"format":"R16G16B16A16_SINT","dest":[-1,-32768,32767,"0x8000"],"oC":[0,0,0,0]}]})");
  EXPECT_EQ(v.rt[0].dest, (om::ref::Raw4{0x20, 0x40, 0x80, 0xFF}));
  EXPECT_EQ(v.rt[0].desc.render_target_write_mask, 11u);
  EXPECT_EQ(v.rt[0].desc.src_blend, Blend::SRC_ALPHA);
  EXPECT_EQ(v.rt[0].desc.blend_op, BlendOp::REV_SUBTRACT);
  EXPECT_EQ(v.rt[0].oc[3], 0x40800000u);  // float RT: integer 4 -> 4.0f
  EXPECT_EQ(v.rt[1].oc, (om::ref::Vec4{0xFFFFFFFFu, 0x100u, 7u, 8u}));  // integer RT: raw bits
  EXPECT_EQ(v.rt[2].dest, (om::ref::Raw4{0xFFFFu, 0x8000u, 0x7FFFu, 0x8000u}));
}

TEST(ConformanceReader, ErrorsNameFileLineFieldAndProblem) {
  struct Case {
    const char* text;
    const char* expect;
  };
  const Case cases[] = {
      {R"({"rt":[{"format":"R8G8B8A8_UNORM","oC":[1,2,3]}]})",
       "t.jsonl:3: rt[0].oC: expected 4 entries"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM","blend":{"srcBlend":"FOO"}}],"oC":[[0,0,0,0]]})",
       "t.jsonl:3: rt[0].blend.srcBlend: unknown blend factor \"FOO\""},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM","dest":[256,0,0,0]}],"oC":[[0,0,0,0]]})",
       "t.jsonl:3: rt[0].dest[0]: 256 does not fit the 8-bit component of R8G8B8A8_UNORM"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM","dest":[-1,0,0,0]}],"oC":[[0,0,0,0]]})",
       "rt[0].dest[0]: -1 does not fit"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM","destHex":"0x1ff804020"}],"oC":[[0,0,0,0]]})",
       "rt[0].destHex: hex value \"0x1ff804020\" does not fit in 32 bits"},
      {R"({"rt":[{"format":"R8G8B8A8_UINT"}],"oC":[[0.5,0,0,0]]})",
       "oC[0][0]: integer render target needs an integer output, got 0.5"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM"}]})",
       "t.jsonl:3: oC[0]: missing for a bound render target"},
      {R"({"rt":[]})", "t.jsonl:3: rt: expected 1..8 entries, got 0"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM","blend":{"blendEnable":true,"srcBlend":"SRC1_ALPHA"}}],
           "oC":[[0,0,0,0]]})",
       "rt[0]: blend uses a SRC1_* factor but oC1 is missing"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM","blend":{"writeMask":16}}],"oC":[[0,0,0,0]]})",
       "rt[0].blend.writeMask: 16 is out of range 0..15"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM","blend":{"blendOp":6}}],"oC":[[0,0,0,0]]})",
       "rt[0].blend.blendOp: blend op 6 is not a D3D11_BLEND_OP value"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM","blend":{"blendEnable":"yes"}}],"oC":[[0,0,0,0]]})",
       "rt[0].blend.blendEnable: expected true/false"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM"}],"oC":[["0.5q",0,0,0]]})",
       "oC[0][0]: bad float \"0.5q\""},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM"}],"oc":[[0,0,0,0]],"OC":[[0,0,0,0]]})",
       "duplicate key"},
      {R"({"rt":[{"format":"R8G8B8A8_UNORM"}],"oC":[[0,0,0,0]])", "t.jsonl:3: malformed JSON"},
      {R"([1,2])", "t.jsonl:3: vector: expected a JSON object"},
  };
  for (const Case& c : cases) {
    std::string msg = error_of([&] { one(c.text); });
    EXPECT_NE(msg.find(c.expect), std::string::npos) << "input " << c.text << "\nmessage " << msg;
  }
}

TEST(ConformanceReader, ResultsCheckHexAgainstRaw) {
  Result r = parse_result(
      R"({"id":"v42","line":1,"rt":[{"format":"R8G8B8A8_UNORM","raw":[128,128,127,128],"hex":"0x807f8080"},
      null,{"format":"R32G32B32A32_SFLOAT","raw":[1075838976,1083179008,3212836864,2139095040],
      "hex":"0x7f800000bf8000004090000040200000"}]})",
      1);
  EXPECT_EQ(r.rt[0], (om::ref::Raw4{128, 128, 127, 128}));
  EXPECT_FALSE(r.rt[1].has_value());
  EXPECT_EQ((*r.rt[2])[3], 0x7F800000u);
  EXPECT_NE(
      error_of([] {
        parse_result(R"({"rt":[{"format":"R8G8B8A8_UNORM","raw":[1,2,3,4],"hex":"0x04030201"}]})",
                     9, "r.jsonl");
        parse_result(R"({"rt":[{"format":"R8G8B8A8_UNORM","raw":[1,2,3,4],"hex":"0x04030202"}]})",
                     9, "r.jsonl");
      }).find("r.jsonl:9: rt[0].hex: disagrees with raw[0]"),
      std::string::npos);
  Result e = parse_result(R"({"id":"bad","line":7,"error":"rt[0]: not blendable"})", 7);
  EXPECT_EQ(e.error, "rt[0]: not blendable");
}

TEST(ConformanceReader, FilesSkipBlankAndCommentLinesAndCountLines) {
  std::string path = testing::TempDir() + "/om_conformance_reader_test.jsonl";
  {
    std::ofstream f(path);
    f << "# comment\n\n"
      << R"({"id":1,"rt":[{"format":"R8_UNORM"}],"oC":[[0,0,0,0]]})"
      << "\n   \n"
      << R"({"id":2,"rt":[{"format":"R8_UNORM","dest":[0,1,0,0]}],"oC":[[0,0,0,0]]})"
      << "\n";
  }
  std::string msg = error_of([&] { read_vectors(path); });
  EXPECT_NE(
      msg.find(
          "om_conformance_reader_test.jsonl:5: rt[0].dest[1]: 1 does not fit the 0-bit (absent)"),
      std::string::npos)
      << msg;
  EXPECT_NE(error_of([] { read_vectors("/nonexistent/x.jsonl.gz"); }).find("cannot open"),
            std::string::npos);
  std::remove(path.c_str());
}

TEST(ConformanceRules, FlagTheVectorsTheRendererRejects) {
  DeviceInfo dev;
  dev.device = "dev";
  dev.blendable["R8G8B8A8_SNORM"] = false;
  auto reason = [&](const char* text) { return check_rules(one(text), dev); };
  EXPECT_EQ(
      reason(
          R"({"rt":[{"format":"R8G8B8A8_UNORM","blend":{"blendEnable":true}}],"oC":[[0,0,0,0]]})"),
      "");
  EXPECT_NE(
      reason(
          R"({"rt":[{"format":"R8G8B8A8_UINT","blend":{"blendEnable":true}}],"oC":[[0,0,0,0]]})"),
      "");
  EXPECT_NE(
      reason(
          R"({"rt":[{"format":"R8G8B8A8_SNORM","blend":{"blendEnable":true}}],"oC":[[0,0,0,0]]})"),
      "");
  EXPECT_NE(reason(R"({"rt":[{"format":"R8G8B8A8_UINT","blend":{"logicOpEnable":true}},
      {"format":"R8G8B8A8_UINT"}],"oC":[[0,0,0,0],[0,0,0,0]]})"),
            "");
  EXPECT_NE(
      reason(
          R"({"rt":[{"format":"R8G8B8A8_UNORM","blend":{"blendEnable":true,"destBlend":"SRC1_COLOR"}},
      {"format":"R8G8B8A8_UNORM"}],"oC":[[0,0,0,0],[0,0,0,0]],"oC1":[0,0,0,0]})"),
      "");
  EXPECT_NE(reason(R"({"rt":[{"format":"R8G8B8A8_UNORM","blend":{"blendEnable":true,
      "srcBlendAlpha":"SRC_COLOR"}}],"oC":[[0,0,0,0]]})"),
            "");
}

}  // namespace
}  // namespace om::conformance

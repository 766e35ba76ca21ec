// SPDX-License-Identifier: Apache-2.0
// om_validate (docs/validation.md §7): TV54, TV55 and a table with rows for every check bit 0-17,
// including states where several checks fail. Codes are the hex values of docs/validation.md §6;
// expected bits, slots and pass counts follow the table.
#include "om/ref/om_validate.h"

#include <gtest/gtest.h>

#include <functional>

#include "om/ref/validate.h"
#include "ref_validate_fixtures.h"

namespace om::ref {
namespace {

using testing::alpha_blend_rt;
using testing::bind;
using testing::blend_rt;
using testing::config;
using testing::kDualSource;
using testing::use;

// docs/validation.md §6–§7 codes.
constexpr uint32_t kOk = 0x00000000;
constexpr uint32_t kWrongFormat = 0x88760818;
constexpr uint32_t kColorOp = 0x88760819;
constexpr uint32_t kColorArg = 0x8876081A;
constexpr uint32_t kAlphaOp = 0x8876081B;
constexpr uint32_t kAlphaArg = 0x8876081C;
constexpr uint32_t kTooMany = 0x8876081D;
constexpr uint32_t kConflict = 0x88760821;
constexpr uint32_t kInternal = 0x88760827;
constexpr uint32_t kDeviceLost = 0x88760868;
constexpr uint32_t B(int bit) { return 1u << bit; }

// D3DPMISCCAPS / D3DPBLENDCAPS values of docs/caps.md §4.
constexpr uint32_t kPmiscBlendOp = 0x800;
constexpr uint32_t kPmiscIndependentWriteMasks = 0x4000;
constexpr uint32_t kPmiscMrtIndependentBitDepths = 0x40000;
constexpr uint32_t kPmiscMrtPostPsBlending = 0x80000;
constexpr uint32_t kPBlendDestAlpha = 0x40;
constexpr uint32_t kPBlendBlendFactor = 0x2000;

struct Row {
  const char* name;
  const char* cfg;
  std::function<void(OmState&, Caps&)> setup;  // applied to one R8G8B8A8_UNORM RT in slot 0
  uint32_t result;
  uint32_t reasons;
  int rt;
  uint32_t passes;
};

const Row kRows[] = {
    {"baseline 11_1", "fl11_1", [](OmState&, Caps&) {}, kOk, 0, -1, 1},
    {"baseline 9_1", "fl9_1", [](OmState&, Caps&) {}, kOk, 0, -1, 1},
    {"no RT bound", "fl9_1", [](OmState& s, Caps&) { s.rt[0].bound = false; }, kOk, 0, -1, 1},
    // bit 0
    {"not initialised", "fl11_1", [](OmState& s, Caps&) { s.initialised = false; }, kDeviceLost,
     B(0), -1, 0},
    // bit 1
    {"internal error flag", "fl11_1", [](OmState& s, Caps&) { s.internal_error = true; },
     kInternal, B(1), -1, 0},
    {"descriptor not normalised (disabled RT keeps SRC_COLOR)", "fl11_1",
     [](OmState& s, Caps&) {
       RtBlendDesc r;
       r.src_blend = Blend::SRC_COLOR;
       use(s, r);
     },
     kInternal, B(1), -1, 0},
    {"descriptor not normalised (IBE=FALSE, RT3 differs)", "fl11_1",
     [](OmState& s, Caps&) { s.blend.render_target[3].render_target_write_mask = 0x1; },
     kInternal, B(1), -1, 0},
    {"illegal factor latched", "fl11_1",
     [](OmState& s, Caps&) {
       RtBlendDesc r = alpha_blend_rt();
       r.src_blend = static_cast<Blend>(12);
       use(s, r);
     },
     kInternal, B(1), 0, 0},
    {"format the OM does not implement", "fl11_1",
     [](OmState& s, Caps&) { s.rt[0].format = static_cast<Format>(6); }, kInternal, B(1), 0, 0},
    {"D3D9 colour write mask out of range", "fl11_1",
     [](OmState& s, Caps&) {
       s.d3d9.enabled = true;
       s.d3d9.color_write_enable[2] = 0x10;
     },
     kInternal, B(1), 2, 0},
    // bit 2
    {"9_3: five RTs", "fl9_3",
     [](OmState& s, Caps&) {
       for (int i = 1; i < 5; ++i) bind(s, i, Format::R8G8B8A8_UNORM);
     },
     kTooMany, B(2), 4, 2},
    {"9_1: slot 1 used", "fl9_1",
     [](OmState& s, Caps&) {
       s.rt[0].bound = false;
       bind(s, 1, Format::R8G8B8A8_UNORM);
     },
     kTooMany, B(2), 1, 1},
    {"D3D9 mode: five RTs > NumSimultaneousRTs", "fl11_1",
     [](OmState& s, Caps&) {
       s.d3d9.enabled = true;
       for (int i = 1; i < 5; ++i) bind(s, i, Format::R8G8B8A8_UNORM);
     },
     kTooMany, B(2), 4, 2},
    // bit 3
    {"RT widths differ", "fl11_1",
     [](OmState& s, Caps&) {
       bind(s, 1, Format::R8G8B8A8_UNORM);
       s.rt[1].width = 32;
     },
     kConflict, B(3), 1, 0},
    {"RT types differ", "fl11_1",
     [](OmState& s, Caps&) {
       bind(s, 2, Format::R8G8B8A8_UNORM);
       s.rt[2].type = ResourceType::TEXTURE1D;
     },
     kConflict, B(3), 2, 0},
    {"RT cube flags differ", "fl11_1",
     [](OmState& s, Caps&) {
       bind(s, 1, Format::R8G8B8A8_UNORM);
       s.rt[1].cube = true;
     },
     kConflict, B(3), 1, 0},
    {"RT sample counts differ (the second is also more than the hardware has)", "fl11_1",
     [](OmState& s, Caps&) {
       bind(s, 1, Format::R8G8B8A8_UNORM);
       s.rt[1].sample_count = 16;
     },
     kConflict, B(3) | B(5), 1, 0},
    {"RT array sizes differ", "fl11_1",
     [](OmState& s, Caps&) {
       bind(s, 1, Format::R8G8B8A8_UNORM);
       s.rt[1].array_size = 6;
     },
     kConflict, B(3), 1, 0},
    {"DSV height differs", "fl11_1",
     [](OmState& s, Caps&) {
       s.dsv.bound = true;
       s.dsv.width = 64;
       s.dsv.height = 32;
     },
     kConflict, B(3), -1, 0},
    {"D3D9 mode: larger DS is fine", "fl9_3",
     [](OmState& s, Caps&) {
       s.d3d9.enabled = true;
       s.dsv.bound = true;
       s.dsv.width = 128;
       s.dsv.height = 128;
     },
     kOk, 0, -1, 1},
    {"D3D9 mode: smaller DS", "fl9_3",
     [](OmState& s, Caps&) {
       s.d3d9.enabled = true;
       s.dsv.bound = true;
       s.dsv.width = 128;
       s.dsv.height = 32;
     },
     kConflict, B(3), -1, 0},
    // bit 4
    {"TV55 9_3 R8G8B8A8_UNORM + R16G16B16A16_FLOAT", "fl9_3",
     [](OmState& s, Caps&) { bind(s, 1, Format::R16G16B16A16_FLOAT); }, kWrongFormat, B(4), 1, 0},
    {"9_3 16-bit surfaces of two types (docs/behaviour.md §11 #22)", "fl9_3",
     [](OmState& s, Caps&) {
       s.rt[0].format = Format::B5G6R5_UNORM;
       bind(s, 1, Format::R8G8_UNORM);
     },
     kWrongFormat, B(4), 1, 0},
    {"11_1 mixed bit depths", "fl11_1",
     [](OmState& s, Caps&) { bind(s, 1, Format::R16G16B16A16_FLOAT); }, kOk, 0, -1, 1},
    {"D3D9 mode without MRTINDEPENDENTBITDEPTHS", "fl11_1",
     [](OmState& s, Caps& c) {
       s.d3d9.enabled = true;
       c.d3d9.primitive_misc_caps &= ~kPmiscMrtIndependentBitDepths;
       bind(s, 1, Format::R16G16B16A16_FLOAT);
     },
     kWrongFormat, B(4), 1, 0},
    // bit 5
    {"blend on R8G8B8A8_UINT", "fl11_1",
     [](OmState& s, Caps&) {
       s.rt[0].format = Format::R8G8B8A8_UINT;
       s.ps_output[0].type = PsOutputType::UINT;
       use(s, alpha_blend_rt());
     },
     kWrongFormat, B(5), 0, 0},
    {"9_3 blend on R32G32B32A32_FLOAT", "fl9_3",
     [](OmState& s, Caps&) {
       s.rt[0].format = Format::R32G32B32A32_FLOAT;
       use(s, alpha_blend_rt());
     },
     kWrongFormat, B(5), 0, 0},
    {"9_1 R16G16B16A16_FLOAT is not a render target", "fl9_1",
     [](OmState& s, Caps&) { s.rt[0].format = Format::R16G16B16A16_FLOAT; }, kWrongFormat, B(5),
     0, 0},
    {"4 samples on single-sample hardware", "fl9_1",
     [](OmState& s, Caps&) { s.rt[0].sample_count = 4; }, kWrongFormat, B(5), 0, 0},
    {"8 samples on 4x hardware", "fl10_0",
     [](OmState& s, Caps&) { s.rt[0].sample_count = 8; }, kWrongFormat, B(5), 0, 0},
    {"8 samples on 8x hardware", "fl11_1",
     [](OmState& s, Caps&) { s.rt[0].sample_count = 8; }, kOk, 0, -1, 1},
    {"blend on an unwritten UINT RT is not checked", "fl11_1",
     [](OmState& s, Caps&) {
       bind(s, 1, Format::R8G8B8A8_UINT);
       s.ps_output[1].written = false;
       use(s, alpha_blend_rt());
     },
     kOk, 0, -1, 1},
    // bit 6
    {"logic op on UNORM", "fl11_1",
     [](OmState& s, Caps&) {
       s.blend.render_target[0].logic_op_enable = true;
       s.blend.render_target[0].logic_op = LogicOp::XOR;
       use(s, s.blend.render_target[0]);
     },
     kWrongFormat, B(6), 0, 0},
    {"logic op at 10_0 (no OUTPUT_MERGER_LOGIC_OP bit)", "fl10_0",
     [](OmState& s, Caps&) {
       s.rt[0].format = Format::R8G8B8A8_UINT;
       s.ps_output[0].type = PsOutputType::UINT;
       s.ps_output[0].value_bits = 8;
       RtBlendDesc r;
       r.logic_op_enable = true;
       r.logic_op = LogicOp::AND;
       use(s, r);
     },
     kWrongFormat, B(6), 0, 0},
    {"logic op on R8G8B8A8_UINT with 8-bit values", "fl11_1",
     [](OmState& s, Caps&) {
       s.rt[0].format = Format::R8G8B8A8_UINT;
       s.ps_output[0].type = PsOutputType::UINT;
       s.ps_output[0].value_bits = 8;
       RtBlendDesc r;
       r.logic_op_enable = true;
       r.logic_op = LogicOp::AND;
       use(s, r);
     },
     kOk, 0, -1, 1},
    // bit 7
    {"TV54 dual source with RT1 bound", "fl11_1",
     [](OmState& s, Caps&) {
       use(s, kDualSource);
       bind(s, 1, Format::R8G8B8A8_UNORM);
     },
     kConflict, B(7), 1, 2},
    // bit 8
    {"dual source with MIN", "fl11_1",
     [](OmState& s, Caps&) {
       RtBlendDesc r = kDualSource;
       r.blend_op = BlendOp::MIN;
       use(s, r);
       s.ps_output[1].written = true;
     },
     kColorOp, B(8), 0, 0},
    {"dual source with alpha MAX", "fl11_1",
     [](OmState& s, Caps&) {
       RtBlendDesc r = kDualSource;
       r.blend_op_alpha = BlendOp::MAX;
       use(s, r);
       s.ps_output[1].written = true;
     },
     kAlphaOp, B(8), 0, 0},
    // bit 9
    {"float output to UINT RT", "fl11_1",
     [](OmState& s, Caps&) { s.rt[0].format = Format::R8G8B8A8_UINT; }, kConflict, B(9), 0, 0},
    {"sint output to UNORM RT", "fl11_1",
     [](OmState& s, Caps&) {
       bind(s, 1, Format::R8G8B8A8_UNORM, PsOutputType::SINT);
     },
     kConflict, B(9), 1, 0},
    // bit 10
    {"D3D9 MRT alpha test without MRTPOSTPIXELSHADERBLENDING", "fl11_1",
     [](OmState& s, Caps& c) {
       s.d3d9.enabled = true;
       s.d3d9.alpha_test_enable = true;
       c.d3d9.primitive_misc_caps &= ~kPmiscMrtPostPsBlending;
       bind(s, 1, Format::R8G8B8A8_UNORM);
     },
     kConflict, B(10), 1, 2},
    {"D3D9 MRT fog with a format denied post-PS blending", "fl9_3",
     [](OmState& s, Caps&) {
       s.d3d9.enabled = true;
       s.d3d9.fog_enable = true;
       bind(s, 1, Format::R32_FLOAT);
     },
     kConflict, B(10), 1, 2},
    // bit 11
    {"D3D9 MRT differing masks without INDEPENDENTWRITEMASKS", "fl11_1",
     [](OmState& s, Caps& c) {
       s.d3d9.enabled = true;
       s.d3d9.color_write_enable[1] = 0x7;
       c.d3d9.primitive_misc_caps &= ~kPmiscIndependentWriteMasks;
       bind(s, 1, Format::R8G8B8A8_UNORM);
     },
     kConflict, B(11), 1, 2},
    // bit 12
    {"D3D9 MRT with multisampling", "fl11_1",
     [](OmState& s, Caps&) {
       s.d3d9.enabled = true;
       s.d3d9.multisample_antialias = true;
       bind(s, 1, Format::R8G8B8A8_UNORM);
     },
     kConflict, B(12), 1, 0},
    // bit 13
    {"9_3 alpha-to-coverage", "fl9_3",
     [](OmState& s, Caps&) { s.blend.alpha_to_coverage_enable = true; }, kConflict, B(13), -1, 0},
    {"9_3 SRC_ALPHA_SAT in the alpha slot only", "fl9_3",
     [](OmState& s, Caps&) {
       use(s, blend_rt(Blend::ONE, Blend::ZERO, BlendOp::ADD, Blend::SRC_ALPHA_SAT, Blend::ZERO,
                       BlendOp::ADD));
     },
     kAlphaOp, B(13), 0, 0},
    {"9_3 SRC1_COLOR", "fl9_3",
     [](OmState& s, Caps&) {
       use(s, kDualSource);
       s.ps_output[1].written = true;
     },
     kConflict, B(13), 0, 0},
    {"9_3 SampleMask 0", "fl9_3", [](OmState& s, Caps&) { s.sample_mask = 0; }, kConflict, B(13),
     -1, 0},
    {"11_1 SampleMask 0 is legal", "fl11_1", [](OmState& s, Caps&) { s.sample_mask = 0; }, kOk, 0,
     -1, 1},
    {"9_3 sRGB with MRT", "fl9_3",
     [](OmState& s, Caps&) { bind(s, 1, Format::R8G8B8A8_UNORM_SRGB); }, kConflict, B(13), 1, 0},
    {"9_1 separate alpha", "fl9_1",
     [](OmState& s, Caps&) {
       use(s, blend_rt(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD, Blend::ONE,
                       Blend::ZERO, BlendOp::ADD));
     },
     kAlphaOp, B(13), 0, 0},
    {"10_0 two equations over three RTs", "fl10_0",
     [](OmState& s, Caps&) {
       s.blend.independent_blend_enable = true;
       s.blend.render_target[0] = alpha_blend_rt();
       s.blend.render_target[1] = alpha_blend_rt();
       s.blend.render_target[2] =
           blend_rt(Blend::ONE, Blend::ONE, BlendOp::ADD, Blend::ONE, Blend::ONE, BlendOp::ADD);
       bind(s, 1, Format::R8G8B8A8_UNORM);
       bind(s, 2, Format::R8G8B8A8_UNORM);
     },
     kConflict, B(13), 2, 2},
    {"9_3 per-RT BlendEnable", "fl9_3",
     [](OmState& s, Caps&) {
       s.blend.independent_blend_enable = true;
       s.blend.render_target[0] = alpha_blend_rt();
       bind(s, 1, Format::R8G8B8A8_UNORM);
     },
     kConflict, B(13), 1, 2},
    {"9_3 Texture1D render target", "fl9_3",
     [](OmState& s, Caps&) { s.rt[0].type = ResourceType::TEXTURE1D; }, kConflict, B(13), 0, 0},
    // bit 14
    {"D3D9 SUBTRACT without D3DPMISCCAPS_BLENDOP", "fl11_1",
     [](OmState& s, Caps& c) {
       s.d3d9.enabled = true;
       c.d3d9.primitive_misc_caps &= ~kPmiscBlendOp;
       use(s, blend_rt(Blend::ONE, Blend::ONE, BlendOp::SUBTRACT, Blend::ONE, Blend::ONE,
                       BlendOp::SUBTRACT));
     },
     kColorOp, B(14), 0, 0},
    {"D3D11 mode ignores D3DPMISCCAPS_BLENDOP", "fl11_1",
     [](OmState& s, Caps& c) {
       c.d3d9.primitive_misc_caps &= ~kPmiscBlendOp;
       use(s, blend_rt(Blend::ONE, Blend::ONE, BlendOp::SUBTRACT, Blend::ONE, Blend::ONE,
                       BlendOp::SUBTRACT));
     },
     kOk, 0, -1, 1},
    // bit 15
    {"D3D9 BLEND_FACTOR outside SrcBlendCaps", "fl11_1",
     [](OmState& s, Caps& c) {
       s.d3d9.enabled = true;
       c.d3d9.src_blend_caps &= ~kPBlendBlendFactor;
       s.blend_factor = {0x3F000000, 0x3F000000, 0x3F000000, 0x3F000000};
       use(s, blend_rt(Blend::BLEND_FACTOR, Blend::ZERO, BlendOp::ADD, Blend::BLEND_FACTOR,
                       Blend::ZERO, BlendOp::ADD));
     },
     kColorArg, B(15), 0, 0},
    {"D3D9 DEST_ALPHA outside DestBlendCaps (alpha slot)", "fl11_1",
     [](OmState& s, Caps& c) {
       s.d3d9.enabled = true;
       c.d3d9.dest_blend_caps &= ~kPBlendDestAlpha;
       use(s, blend_rt(Blend::ONE, Blend::ZERO, BlendOp::ADD, Blend::ONE, Blend::DEST_ALPHA,
                       BlendOp::ADD));
     },
     kAlphaArg, B(15), 0, 0},
    {"D3D9 SRC1_COLOR without SRCCOLOR2 cap", "fl11_1",
     [](OmState& s, Caps&) {
       s.d3d9.enabled = true;
       use(s, kDualSource);
       s.ps_output[1].written = true;
     },
     kColorArg, B(15), 0, 0},
    // bit 16
    {"9_3 cube-face RT with Texture2D DS", "fl9_3",
     [](OmState& s, Caps&) {
       s.rt[0].cube = true;
       s.dsv.bound = true;
       s.dsv.width = 64;
       s.dsv.height = 64;
     },
     kConflict, B(16), 0, 0},
    {"11_1 cube-face RT with Texture2D DS", "fl11_1",
     [](OmState& s, Caps&) {
       s.rt[0].cube = true;
       s.dsv.bound = true;
       s.dsv.width = 64;
       s.dsv.height = 64;
     },
     kOk, 0, -1, 1},
    // bit 17
    {"write mask asks for alpha the PS does not write", "fl11_1",
     [](OmState& s, Caps&) { s.ps_output[0].mask = 0x7; }, kOk, B(17), 0, 1},
    {"unwritten channels absent from the format", "fl11_1",
     [](OmState& s, Caps&) {
       s.rt[0].format = Format::R8_UNORM;
       s.ps_output[0].mask = 0x1;
     },
     kOk, 0, -1, 1},
    {"BLEND_FACTOR with the default K", "fl11_1",
     [](OmState& s, Caps&) {
       use(s, blend_rt(Blend::BLEND_FACTOR, Blend::ZERO, BlendOp::ADD, Blend::ONE, Blend::ZERO,
                       BlendOp::ADD));
     },
     kOk, B(17), 0, 1},
    {"logic op source wider than R8_UINT", "fl11_1",
     [](OmState& s, Caps&) {
       s.rt[0].format = Format::R8_UINT;
       s.ps_output[0].type = PsOutputType::UINT;
       RtBlendDesc r;
       r.logic_op_enable = true;
       r.logic_op = LogicOp::COPY;
       use(s, r);
     },
     kOk, B(17), 0, 1},
    {"dual source without o1", "fl11_1", [](OmState& s, Caps&) { use(s, kDualSource); }, kOk,
     B(17), 0, 1},
    // several at once
    {"not initialised and five RTs at 9_3", "fl9_3",
     [](OmState& s, Caps&) {
       s.initialised = false;
       for (int i = 1; i < 5; ++i) bind(s, i, Format::R8G8B8A8_UNORM);
     },
     kDeviceLost, B(0) | B(2), 4, 0},
    {"D3D9 five RTs and three equations at 10_0", "fl10_0",
     [](OmState& s, Caps&) {
       s.d3d9.enabled = true;
       s.blend.independent_blend_enable = true;
       for (int i = 0; i < kMaxRts; ++i) s.blend.render_target[i] = alpha_blend_rt();
       s.blend.render_target[1] =
           blend_rt(Blend::ONE, Blend::ONE, BlendOp::ADD, Blend::ONE, Blend::ONE, BlendOp::ADD);
       s.blend.render_target[2] = blend_rt(Blend::ZERO, Blend::SRC_COLOR, BlendOp::ADD,
                                           Blend::ZERO, Blend::SRC_ALPHA, BlendOp::ADD);
       for (int i = 1; i < 5; ++i) bind(s, i, Format::R8G8B8A8_UNORM);
     },
     kTooMany, B(2) | B(13), 4, 3},
    {"blend on UINT plus a write-mask warning", "fl11_1",
     [](OmState& s, Caps&) {
       s.rt[0].format = Format::R8G8B8A8_UINT;
       s.ps_output[0].type = PsOutputType::UINT;
       s.ps_output[0].mask = 0x7;
       use(s, alpha_blend_rt());
     },
     kWrongFormat, B(5) | B(17), 0, 0},
    {"slot-less error with a warning keeps rt -1", "fl9_3",
     [](OmState& s, Caps&) {
       s.blend.alpha_to_coverage_enable = true;
       s.ps_output[0].mask = 0x7;
     },
     kConflict, B(13) | B(17), -1, 0},
    {"dual source with RT1 bound at 9_3", "fl9_3",
     [](OmState& s, Caps&) {
       use(s, kDualSource);
       bind(s, 1, Format::R8G8B8A8_UNORM);
     },
     kConflict, B(7) | B(13), 1, 0},
};

TEST(OmValidate, TableOfChecks) {
  ASSERT_GE(sizeof kRows / sizeof kRows[0], 40u);
  uint32_t covered = 0;
  for (const Row& row : kRows) {
    SCOPED_TRACE(row.name);
    Caps caps = caps_from_config(config(row.cfg));
    OmState s;
    bind(s, 0, Format::R8G8B8A8_UNORM);
    row.setup(s, caps);
    const ValidateResult r = om_validate(s, caps);
    EXPECT_EQ(static_cast<uint32_t>(r.result), row.result)
        << std::hex << static_cast<uint32_t>(r.result);
    EXPECT_EQ(r.reasons, row.reasons) << std::hex << r.reasons;
    EXPECT_EQ(r.rt, row.rt);
    EXPECT_EQ(r.passes, row.passes);
    covered |= row.reasons;
  }
  EXPECT_EQ(covered, 0x3FFFFu) << "every check bit 0-17 has a row";
}

}  // namespace
}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// Capability registers of om_csr for every named configuration: the values of docs/caps.md §6–§7
// (the key items transcribed below from docs/caps.md and defs/configs.toml, independently of the
// RTL and of the model), the docs/caps.md §7 invariants, and every offset equal to
// om::ref::cap_register().
#include "om/ref/caps.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "Vom_csr.h"
#include "csr_harness.h"
#include "om/gen/defs.h"

namespace om::tb {
namespace {

// Per configuration, from docs/caps.md §6 (CAP_OM bits by feature level), docs/caps.md §7 (layout)
// and defs/configs.toml (the "cap"/optional choices: D3D9_OPTIONS1 at 9_x, logic op at 11_0,
// D3DCAPS9).
struct Expected {
  const char* name;
  uint32_t fl_code;   // CAP_FL: D3D_FEATURE_LEVEL >> 8
  uint32_t cap_om;    // CAP_OM
  uint32_t options1;  // CAP_D3D9_OPTIONS1
  uint32_t num_rts;   // CAP_D3D9_NUMRT
  uint32_t pmisc;     // CAP_D3D9_PMISC
  uint32_t blend;     // CAP_D3D9_BLEND: SrcBlendCaps | DestBlendCaps << 16
  bool logic_op;      // OutputMergerLogicOp
  uint32_t samples;   // CAP_MAX_SAMPLES: bit k = 2^k samples (docs/caps.md §5)
};

// CAP_OM bits (docs/caps.md §7): [3:0] RTs, [4] indep. write masks, [5] per-RT BlendEnable, [6]
// indep. blend, [7] separate alpha, [8] dual source, [9] SRC_ALPHA_SAT, [10] A2C, [11] logic op,
// [12] MRT bit depths, [13] linear sRGB blend, [14] depth/stencil unit (om_depth: every
// configuration), [15] cube DS.
constexpr uint32_t kOmDs = 1u << 14;
constexpr uint32_t kOm9_1 = 1 | kOmDs;                      // 9_1: 1 RT, the rest "no" or "n/a"
constexpr uint32_t kOm9_3 = 4 | 1u << 4 | 1u << 7 | kOmDs;  // 9_3: 4 RTs, write masks, sep. alpha
// 10_0: 8 RTs and every 10_0 "yes" (not independent blend: the D3D10.0 model).
constexpr uint32_t kOm10_0 = 8 | 1u << 4 | 1u << 5 | 1u << 7 | 1u << 8 | 1u << 9 | 1u << 10 |
                             1u << 12 | 1u << 13 | kOmDs | 1u << 15;
constexpr uint32_t kOm11 = kOm10_0 | 1u << 6 | 1u << 11;  // + independent blend, logic op

// D3DPMISCCAPS (docs/caps.md §4): MASKZ 0x2, COLORWRITEENABLE 0x80, BLENDOP 0x800,
// INDEPENDENTWRITEMASKS 0x4000, SEPARATEALPHABLEND 0x20000, MRTINDEPENDENTBITDEPTHS 0x40000,
// MRTPOSTPIXELSHADERBLENDING 0x80000, POSTBLENDSRGBCONVERT 0x200000.
constexpr uint32_t kPmisc9_1 = 0x2 | 0x80 | 0x800;
constexpr uint32_t kPmisc9_3 = kPmisc9_1 | 0x4000 | 0x20000 | 0x80000;
constexpr uint32_t kPmisc10 = kPmisc9_3 | 0x40000 | 0x200000;
// D3DPBLENDCAPS: ZERO..INVDESTCOLOR = 0x1..0x200, BLENDFACTOR 0x2000; SRCALPHASAT 0x400 from 10_0.
constexpr uint32_t kBlend9 = 0x3FF | 0x2000;
constexpr uint32_t kBlend10 = kBlend9 | 0x400;

constexpr Expected kExpected[] = {
    {"fl9_1", 0x91, kOm9_1, 0x4, 1, kPmisc9_1, kBlend9 | kBlend9 << 16, false, 0x1},
    {"fl9_3", 0x93, kOm9_3, 0x6, 4, kPmisc9_3, kBlend9 | kBlend9 << 16, false, 0x7},
    {"fl10_0", 0xA0, kOm10_0, 0xF, 4, kPmisc10, kBlend10 | kBlend10 << 16, false, 0x7},
    {"fl11_0", 0xB0, kOm11, 0xF, 4, kPmisc10, kBlend10 | kBlend10 << 16, true, 0xF},
    {"fl11_1", 0xB1, kOm11, 0xF, 4, kPmisc10, kBlend10 | kBlend10 << 16, true, 0xF},
};

const Expected& expected_for(const char* name) {
  for (const Expected& e : kExpected) {
    if (std::string(e.name) == name) return e;
  }
  throw std::out_of_range(std::string("no docs/caps.md values for configuration ") + name);
}

// A sample of docs/caps.md §5's table: per feature level 9_1 9_2 9_3 10_0 10_1 11_0 11_1, "RB"
// render target + blendable, "R" render target, "-" absent. Only rows without optional (O) entries.
struct FormatRow {
  uint32_t dxgi;
  const char* name;
  const char* caps[7];
  bool uint;  // logic ops on configurations with OutputMergerLogicOp
};
constexpr FormatRow kFormatRows[] = {
    {28, "R8G8B8A8_UNORM", {"RB", "RB", "RB", "RB", "RB", "RB", "RB"}, false},
    {29, "R8G8B8A8_UNORM_SRGB", {"RB", "RB", "RB", "RB", "RB", "RB", "RB"}, false},
    {87, "B8G8R8A8_UNORM", {"RB", "RB", "RB", "RB", "RB", "RB", "RB"}, false},
    {85, "B5G6R5_UNORM", {"RB", "RB", "RB", "RB", "RB", "RB", "RB"}, false},
    {61, "R8_UNORM", {"RB", "RB", "RB", "RB", "RB", "RB", "RB"}, false},
    {10, "R16G16B16A16_FLOAT", {"-", "R", "RB", "RB", "RB", "RB", "RB"}, false},
    {41, "R32_FLOAT", {"-", "R", "R", "RB", "RB", "RB", "RB"}, false},
    {16, "R32G32_FLOAT", {"-", "-", "R", "RB", "RB", "RB", "RB"}, false},
    {2, "R32G32B32A32_FLOAT", {"-", "R", "R", "RB", "RB", "RB", "RB"}, false},
    {26, "R11G11B10_FLOAT", {"-", "-", "-", "RB", "RB", "RB", "RB"}, false},
    {24, "R10G10B10A2_UNORM", {"-", "-", "-", "RB", "RB", "RB", "RB"}, false},
    {31, "R8G8B8A8_SNORM", {"-", "-", "-", "R", "RB", "RB", "RB"}, false},
    {30, "R8G8B8A8_UINT", {"-", "-", "-", "R", "R", "R", "R"}, true},
    {42, "R32_UINT", {"-", "-", "-", "R", "R", "R", "R"}, true},
    {3, "R32G32B32A32_UINT", {"-", "-", "-", "R", "R", "R", "R"}, true},
    {43, "R32_SINT", {"-", "-", "-", "R", "R", "R", "R"}, false},
    {59, "R16_SINT", {"-", "-", "-", "R", "R", "R", "R"}, false},
    {0, "UNKNOWN", {"-", "-", "-", "-", "-", "-", "-"}, false},
    {1, "R32G32B32A32_TYPELESS", {"-", "-", "-", "-", "-", "-", "-"}, false},
    {40, "D32_FLOAT", {"-", "-", "-", "-", "-", "-", "-"}, false},
    {45, "D24_UNORM_S8_UINT", {"-", "-", "-", "-", "-", "-", "-"}, false},
};

int fl_index_of(uint32_t fl_code) {
  const uint32_t codes[7] = {0x91, 0x92, 0x93, 0xA0, 0xA1, 0xB0, 0xB1};
  for (int i = 0; i < 7; ++i) {
    if (codes[i] == fl_code) return i;
  }
  throw std::out_of_range("not a feature-level code");
}

class CapsTest : public ::testing::TestWithParam<int> {
 protected:
  const ConfigInfo& cfg() const { return kConfigs[GetParam()]; }
  std::string wave() const { return std::string("csr_caps_") + cfg().name; }
};

TEST_P(CapsTest, KeyRegistersMatchTheSpecValues) {
  const Expected& e = expected_for(cfg().name);
  CsrHarness h(GetParam(), wave());
  struct Item {
    uint32_t offset;
    uint32_t want;
    const char* what;
  } items[] = {
      {0x00, 0x4F4D0000u | 0x0100u, "CAP_ID (magic OM, spec revision 1.0)"},
      {0x04, e.fl_code, "CAP_FL"},
      {0x08, e.cap_om, "CAP_OM"},
      {0x0C, e.options1, "CAP_D3D9_OPTIONS1"},
      {0x10, e.num_rts, "CAP_D3D9_NUMRT"},
      {0x14, e.pmisc, "CAP_D3D9_PMISC"},
      {0x18, e.blend, "CAP_D3D9_BLEND"},
      {0x1C, e.samples, "CAP_MAX_SAMPLES"},
  };
  for (const Item& it : items) {
    const ApbResponse r = h.read(it.offset);
    EXPECT_FALSE(r.error) << it.what;
    EXPECT_EQ(r.wait_cycles, 0) << it.what;
    EXPECT_EQ(r.data, it.want) << std::hex << it.what << " got 0x" << r.data << " want 0x"
                               << it.want;
  }
  EXPECT_EQ(h.dut().cfg_o, static_cast<uint32_t>(GetParam()));
}

TEST_P(CapsTest, FormatRowsMatchTheSpecTable) {
  const Expected& e = expected_for(cfg().name);
  const int fl = fl_index_of(e.fl_code);
  CsrHarness h(GetParam(), wave());
  for (const FormatRow& row : kFormatRows) {
    const std::string c = row.caps[fl];
    const bool rt = c != "-";
    const bool blend = c == "RB";
    const uint32_t want =
        (rt ? 1u : 0u) | (blend ? 2u : 0u) | (rt && row.uint && e.logic_op ? 4u : 0u) |
        (rt && e.samples > 1 ? 8u : 0u);  // MULTISAMPLE_RT: every RT format of an MSAA config
    const ApbResponse r = h.read(0x20 + 4 * row.dxgi);
    EXPECT_FALSE(r.error) << row.name;
    EXPECT_EQ(r.data, want) << row.name << " at " << cfg().name;
  }
}

TEST_P(CapsTest, InvariantsOfSection67Hold) {
  const Expected& e = expected_for(cfg().name);
  CsrHarness h(GetParam(), wave());
  EXPECT_NE(h.read(0x10).data, 0u) << "CAP_D3D9_NUMRT is never 0";
  const uint32_t om = h.read(0x08).data;
  const bool logic = (om >> 11) & 1;
  if (e.fl_code == 0xB1) {
    EXPECT_TRUE(logic) << "OutputMergerLogicOp is required at 11_1";
  }
  if (e.fl_code <= 0x93) {
    EXPECT_FALSE(logic) << "no logic ops at 9_x";
  }
  for (uint32_t k = 0; k < 116; ++k) {
    const uint32_t f = h.read(0x20 + 4 * k).data;
    EXPECT_EQ(f & ~0xFu, 0u) << "CAP_FMT[" << k << "] reserved bits";
    if (f & 2) {
      EXPECT_TRUE(f & 1) << "BLENDABLE => RENDER_TARGET for DXGI " << k;
    }
    if (f & 4) {
      const FormatInfo* info = nullptr;
      for (const FormatInfo& fi : kFormatInfo) {
        if (static_cast<uint32_t>(fi.format) == k) info = &fi;
      }
      ASSERT_NE(info, nullptr) << "logic-op bit on unimplemented DXGI " << k;
      const std::string name = info->name;
      EXPECT_EQ(name.substr(name.size() - 5), "_UINT") << "logic-op bit on " << name;
      EXPECT_TRUE(logic) << "format logic op without OutputMergerLogicOp";
    }
    EXPECT_EQ((f & 8) != 0, (f & 1) != 0 && e.samples > 1)
        << "MULTISAMPLE_RENDERTARGET exactly on the RT formats of a multisampling configuration, "
           "DXGI "
        << k;
  }
}

TEST_P(CapsTest, EveryCapabilityOffsetEqualsTheReferenceModel) {
  CsrHarness h(GetParam(), wave());
  int mapped = 0;
  for (uint32_t off = 0; off < ref::kCapRegionEnd; off += 4) {
    const ApbResponse r = h.read(off);
    if (ref::is_cap_register(off)) {
      ++mapped;
      EXPECT_FALSE(r.error) << std::hex << "0x" << off;
      EXPECT_EQ(r.data, ref::cap_register(cfg(), off)) << std::hex << "offset 0x" << off;
    } else {
      EXPECT_TRUE(r.error) << std::hex << "unmapped capability offset 0x" << off;
      EXPECT_THROW(ref::cap_register(cfg(), off), std::out_of_range);
    }
  }
  EXPECT_EQ(mapped, 8 + 116);
}

INSTANTIATE_TEST_SUITE_P(Configs, CapsTest, ::testing::Range(0, kNumConfigs),
                         [](const ::testing::TestParamInfo<int>& p) {
                           return std::string(kConfigs[p.param].name);
                         });

TEST(CapsStrap, IsSampledInResetAndIgnoredAfterwards) {
  for (uint32_t cfg = 0; cfg < static_cast<uint32_t>(kNumConfigs); ++cfg) {
    const uint32_t other = (cfg + 1) % kNumConfigs;
    CsrHarness h(cfg, "csr_strap", other);
    for (int i = 0; i < 4; ++i) h.tick();
    EXPECT_EQ(h.dut().cfg_o, cfg);
    EXPECT_EQ(h.read(0x04).data, expected_for(kConfigs[cfg].name).fl_code);
  }
}

TEST(CapsStrap, OutOfRangeIndexSelectsTheDefaultConfiguration) {
  for (uint32_t cfg = kNumConfigs; cfg < 8; ++cfg) {
    CsrHarness h(cfg, "csr_strap_bad");
    EXPECT_EQ(h.dut().cfg_o, static_cast<uint32_t>(kDefaultConfig)) << "strap " << cfg;
    EXPECT_EQ(h.read(0x04).data, expected_for(kConfigs[kDefaultConfig].name).fl_code);
    EXPECT_EQ(h.read(0x08).data, ref::cap_register(kConfigs[kDefaultConfig], 0x08));
  }
}

}  // namespace
}  // namespace om::tb

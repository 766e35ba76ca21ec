// SPDX-License-Identifier: Apache-2.0
// Capability registers (docs/caps.md §7) of every named configuration against docs/caps.md: its §6
// summary and §5 format table are transcribed here, independently of defs/*.toml and of caps.cc.
#include "om/ref/caps.h"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "om/ref/blend_state_table.h"

namespace om::ref {
namespace {

// ---- docs/caps.md §6, columns 9_1 9_2 9_3 10_0 10_1 11_0 11_1, cells copied from the table. ----
const char* const kFlNames[7] = {"9_1", "9_2", "9_3", "10_0", "10_1", "11_0", "11_1"};
const uint32_t kFlCodes[7] = {0x91, 0x92, 0x93, 0xA0, 0xA1, 0xB0, 0xB1};  // docs/caps.md §7 CAP_FL

struct SummaryRow {
  const char* capability;
  uint32_t cap_om_bit;  // CAP_OM bit (docs/caps.md §7) that reports it
  const char* cells[7];
};
const SummaryRow kSummary[] = {
    {"Independent write masks", 4, {"no", "no", "yes", "yes", "yes", "yes", "yes"}},
    {"Per-RT BlendEnable", 5, {"n/a", "n/a", "no", "yes", "yes", "yes", "yes"}},
    {"Per-RT factors/ops (IndependentBlendEnable)",
     6,
     {"no", "no", "no", "no", "yes", "yes", "yes"}},
    {"Separate alpha blend", 7, {"no", "yes", "yes", "yes", "yes", "yes", "yes"}},
    {"Dual-source blending", 8, {"no", "no", "no", "yes", "yes", "yes", "yes"}},
    {"SRC_ALPHA_SAT", 9, {"no", "no", "no", "yes", "yes", "yes", "yes"}},
    {"Alpha-to-coverage", 10, {"no", "no", "no", "yes", "yes", "yes", "yes"}},
    {"Logic ops (OutputMergerLogicOp)",
     11,
     {"no", "no", "no", "optional", "optional", "optional", "yes"}},
    {"MRT with different bit depths", 12, {"n/a", "n/a", "no", "yes", "yes", "yes", "yes"}},
    {"sRGB blend space", 13, {"gamma", "gamma", "gamma", "linear", "linear", "linear", "linear"}},
    {"Cube-texture depth/stencil", 15, {"no", "no", "no", "yes", "yes", "yes", "yes"}},
};
const int kSimultaneousRts[7] = {1, 1, 4, 8, 8, 8, 8};
// CAP_MAX_SAMPLES per column (docs/caps.md §5): 9_x none but 9_3's 4x, 10_x 4x, 11_x 8x.
const uint32_t kSampleCounts[7] = {0x1, 0x1, 0x7, 0x7, 0x7, 0xF, 0xF};
const char* const kD3d9Options1[7] = {"cap,cap,cap,cap", "cap,cap,cap,cap", "cap,cap,T*,cap",
                                      "T,T,T*,T*",       "T,T,T*,T*",       "T,T,T*,T*",
                                      "T,T,T*,T*"};
// "Min D3DCAPS9 (NumSimultaneousRTs; PMISC bits)", "+" = in addition to the previous column; values
// of docs/caps.md §4.
struct D3d9Min {
  uint32_t num_rts;
  uint32_t pmisc;
};
const D3d9Min kD3d9Min[3] = {{1, 0x00000080},                            // COLORWRITEENABLE
                             {1, 0x00000080 | 0x00020000},               // + SEPARATEALPHABLEND
                             {4, 0x00000080 | 0x00020000 | 0x00004000 |  // + INDEPENDENTWRITEMASKS,
                                     0x00080000}};  //   MRTPOSTPIXELSHADERBLENDING

// The named configurations' feature level comes from their name (fl9_1 ... fl11_1), not from defs.
int column_of_name(const std::string& name) {
  for (int i = 0; i < 7; ++i) {
    if (name == std::string("fl") + kFlNames[i]) return i;
  }
  return -1;
}

// Configurations at the two feature levels no named configuration covers (9_2, 10_1), built by hand
// so every docs/caps.md §6 column is exercised.
ConfigInfo synthetic(int column) {
  ConfigInfo c{};
  c.name = column == 1 ? "synthetic9_2" : "synthetic10_1";
  c.fl = column == 1 ? FeatureLevel::FL_9_2 : FeatureLevel::FL_10_1;
  c.fl_index = static_cast<uint8_t>(column);
  c.max_rts = static_cast<uint8_t>(kSimultaneousRts[column]);
  c.samples = column == 1 ? 1 : 4;
  c.logic_op = false;
  c.d3d9_options1 = column == 1 ? 0x4 : 0xF;
  c.d3d9_num_rts = column == 1 ? 1 : 4;
  c.pmisc = column == 1 ? 0x20882 : 0x2E4882;
  c.src_blend_caps = 0x23FF;
  c.dest_blend_caps = 0x23FF;
  return c;
}

struct Case {
  ConfigInfo cfg;
  int column;
};
std::vector<Case> all_cases() {
  std::vector<Case> v;
  for (const ConfigInfo& c : kConfigs) v.push_back({c, column_of_name(c.name)});
  v.push_back({synthetic(1), 1});
  v.push_back({synthetic(4), 4});
  return v;
}

TEST(Caps, EveryNamedConfigurationIsAFeatureLevelOfTheSpec) {
  ASSERT_EQ(kNumConfigs, 5);
  for (const ConfigInfo& c : kConfigs) EXPECT_GE(column_of_name(c.name), 0) << c.name;
}

TEST(Caps, IdAndFeatureLevelRegisters) {
  for (const Case& k : all_cases()) {
    SCOPED_TRACE(k.cfg.name);
    const uint32_t id = cap_register(k.cfg, 0x00);
    EXPECT_EQ(id >> 16, 0x4F4Du);
    EXPECT_EQ(id & 0xFFFFu, kSpecRevision);
    EXPECT_EQ(cap_register(k.cfg, 0x04), kFlCodes[k.column]);
    EXPECT_EQ(cap_register(k.cfg, 0x1C), kSampleCounts[k.column]);  // CAP_MAX_SAMPLES
  }
}

TEST(Caps, CapOmMatchesTheSummaryTableBitByBit) {
  for (const Case& k : all_cases()) {
    SCOPED_TRACE(k.cfg.name);
    const uint32_t om = cap_register(k.cfg, 0x08);
    EXPECT_EQ(om & 0xFu, static_cast<uint32_t>(kSimultaneousRts[k.column])) << "Simultaneous RTs";
    EXPECT_EQ((om >> 14) & 1u, 1u) << "every configuration has the depth/stencil unit (om_depth)";
    EXPECT_EQ(om >> 16, 0u) << "reserved bits";
    for (const SummaryRow& row : kSummary) {
      const std::string cell = row.cells[k.column];
      const bool bit = (om >> row.cap_om_bit) & 1u;
      if (cell == "yes" || cell == "linear") {
        EXPECT_TRUE(bit) << row.capability;
      } else if (cell == "no" || cell == "n/a" || cell == "gamma") {
        EXPECT_FALSE(bit) << row.capability;
      } else {
        ASSERT_EQ(cell, "optional");
        EXPECT_EQ(bit, k.cfg.logic_op) << row.capability << " reports the configuration's choice";
      }
    }
  }
}

TEST(Caps, D3d9Options1MatchesTheSummaryTable) {
  for (const Case& k : all_cases()) {
    SCOPED_TRACE(k.cfg.name);
    const uint32_t reg = cap_register(k.cfg, 0x0C);
    EXPECT_EQ(reg >> 4, 0u);
    const std::string cells = kD3d9Options1[k.column];
    for (int field = 0; field < 4; ++field) {
      size_t start = 0;
      for (int j = 0; j < field; ++j) start = cells.find(',', start) + 1;
      const std::string cell = cells.substr(start, cells.find(',', start) - start);
      const bool bit = (reg >> field) & 1u;
      if (cell == "T" || cell == "T*") {
        EXPECT_TRUE(bit) << "field " << field;
      }
      if (cell == "cap") {
        EXPECT_EQ(bit, ((k.cfg.d3d9_options1 >> field) & 1u) != 0) << field;
      }
    }
    const D3d9Options1 o = decode_d3d9_options1(reg);
    EXPECT_EQ(o.full_non_pow2_texture_supported, (reg & 1u) != 0);
    EXPECT_EQ(o.depth_as_texture_with_less_equal_comparison_filter_supported, (reg & 2u) != 0);
    EXPECT_EQ(o.simple_instancing_supported, (reg & 4u) != 0);
    EXPECT_EQ(o.texture_cube_face_render_target_with_non_cube_depth_stencil_supported,
              (reg & 8u) != 0);
  }
}

TEST(Caps, D3d9CapsMeetTheRequiredMinimaAtFeatureLevel9) {
  for (const Case& k : all_cases()) {
    SCOPED_TRACE(k.cfg.name);
    const uint32_t numrt = cap_register(k.cfg, 0x10);
    const uint32_t pmisc = cap_register(k.cfg, 0x14);
    const uint32_t blend = cap_register(k.cfg, 0x18);
    EXPECT_NE(numrt, 0u);  // docs/caps.md §7 invariant
    EXPECT_LE(numrt, 4u);
    EXPECT_EQ(numrt, k.cfg.d3d9_num_rts);
    EXPECT_EQ(pmisc, k.cfg.pmisc);
    EXPECT_EQ(blend, uint32_t{k.cfg.src_blend_caps} | uint32_t{k.cfg.dest_blend_caps} << 16);
    const D3dCaps9 d = decode_d3dcaps9(numrt, pmisc, blend);
    EXPECT_EQ(d.num_simultaneous_rts, numrt);
    EXPECT_EQ(d.primitive_misc_caps, pmisc);
    EXPECT_EQ(d.src_blend_caps, blend & 0xFFFFu);
    EXPECT_EQ(d.dest_blend_caps, blend >> 16);
    if (k.column <= 2) {
      EXPECT_GE(numrt, kD3d9Min[k.column].num_rts);
      EXPECT_EQ(pmisc & kD3d9Min[k.column].pmisc, kD3d9Min[k.column].pmisc);
      // docs/caps.md §4 9_1 minimum: Src {ZERO, ONE, SRCALPHA, INVSRCALPHA, INVDESTALPHA,
      // INVDESTCOLOR}, Dest {ZERO, ONE, SRCALPHA, INVSRCALPHA, INVSRCCOLOR}.
      EXPECT_EQ(d.src_blend_caps & 0x2B3u, 0x2B3u);
      EXPECT_EQ(d.dest_blend_caps & 0x3Bu, 0x3Bu);
    }
    if (k.column == 2) {
      EXPECT_EQ(pmisc & 0x00040000u, 0u) << "9_3: no MRTINDEPENDENTBITDEPTHS (behaviour.md §5.2)";
    }
  }
}

TEST(Caps, OutputMergerLogicOpIsOneAt11_1AndZeroAt9) {
  for (const Case& k : all_cases()) {
    const bool lop = decode_d3d11_options(cap_register(k.cfg, 0x08)).output_merger_logic_op;
    if (k.column == 6) {
      EXPECT_TRUE(lop) << k.cfg.name;
    }
    if (k.column <= 2) {
      EXPECT_FALSE(lop) << k.cfg.name;
    }
  }
}

// ---- docs/caps.md §5. Letters per feature level: R required, O optional, D required if RT
// present, - absent. ----
struct FormatRow {
  uint32_t dxgi;
  const char* name;
  const char* rt_blend[7];  // "RT/Blend" per column 9_1 ... 11_1
  const char* logic;        // "10_0-11_0 / 11_1"
};
#define OM_ROW(dxgi, name, a, b, c, d, e, logic) \
  { dxgi, name, {a, b, c, d, e, e, e}, logic }
const FormatRow kFormatRows[] = {
    OM_ROW(28, "R8G8B8A8_UNORM", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(29, "R8G8B8A8_UNORM_SRGB", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(87, "B8G8R8A8_UNORM", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(91, "B8G8R8A8_UNORM_SRGB", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(88, "B8G8R8X8_UNORM", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(93, "B8G8R8X8_UNORM_SRGB", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(49, "R8G8_UNORM", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(61, "R8_UNORM", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(65, "A8_UNORM", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(85, "B5G6R5_UNORM", "R/R", "R/R", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(10, "R16G16B16A16_FLOAT", "-/-", "R/-", "R/R", "R/R", "R/R", "-/-"),
    OM_ROW(41, "R32_FLOAT", "-/-", "R/-", "R/-", "R/R", "R/R", "-/-"),
    OM_ROW(34, "R16G16_FLOAT", "-/-", "R/-", "R/-", "R/R", "R/R", "-/-"),
    OM_ROW(11, "R16G16B16A16_UNORM", "-/-", "R/-", "R/-", "R/O", "R/R", "-/-"),
    OM_ROW(35, "R16G16_UNORM", "-/-", "R/-", "R/-", "R/O", "R/R", "-/-"),
    OM_ROW(16, "R32G32_FLOAT", "-/-", "-/-", "R/-", "R/R", "R/R", "-/-"),
    OM_ROW(2, "R32G32B32A32_FLOAT", "-/-", "R/-", "R/-", "R/R", "R/R", "-/-"),
    OM_ROW(54, "R16_FLOAT", "-/-", "-/-", "-/-", "R/R", "R/R", "-/-"),
    OM_ROW(56, "R16_UNORM", "-/-", "-/-", "-/-", "R/O", "R/R", "-/-"),
    OM_ROW(26, "R11G11B10_FLOAT", "-/-", "-/-", "-/-", "R/R", "R/R", "-/-"),
    OM_ROW(24, "R10G10B10A2_UNORM", "-/-", "-/-", "-/-", "R/R", "R/R", "-/-"),
    OM_ROW(31, "R8G8B8A8_SNORM", "-/-", "-/-", "-/-", "R/-", "R/R", "-/-"),
    OM_ROW(51, "R8G8_SNORM", "-/-", "-/-", "-/-", "R/-", "R/R", "-/-"),
    OM_ROW(63, "R8_SNORM", "-/-", "-/-", "-/-", "R/-", "R/R", "-/-"),
    OM_ROW(13, "R16G16B16A16_SNORM", "-/-", "-/-", "-/-", "R/-", "R/R", "-/-"),
    OM_ROW(37, "R16G16_SNORM", "-/-", "-/-", "-/-", "R/-", "R/R", "-/-"),
    OM_ROW(58, "R16_SNORM", "-/-", "-/-", "-/-", "R/-", "R/R", "-/-"),
    OM_ROW(6, "R32G32B32_FLOAT", "-/-", "-/-", "-/-", "O/D", "O/D", "-/-"),
    OM_ROW(86, "B5G5R5A1_UNORM", "-/-", "-/-", "-/-", "O/O", "O/O", "-/-"),
    OM_ROW(115, "B4G4R4A4_UNORM", "-/-", "-/-", "-/-", "O/O", "O/O", "-/-"),
    OM_ROW(3, "R32G32B32A32_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(7, "R32G32B32_UINT", "-/-", "-/-", "-/-", "O/-", "O/-", "O/D"),
    OM_ROW(12, "R16G16B16A16_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(17, "R32G32_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(25, "R10G10B10A2_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(30, "R8G8B8A8_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(36, "R16G16_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(42, "R32_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(50, "R8G8_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(57, "R16_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(62, "R8_UINT", "-/-", "-/-", "-/-", "R/-", "R/-", "O/R"),
    OM_ROW(4, "R32G32B32A32_SINT", "-/-", "-/-", "-/-", "R/-", "R/-", "-/-"),
    OM_ROW(8, "R32G32B32_SINT", "-/-", "-/-", "-/-", "O/-", "O/-", "-/-"),
    OM_ROW(14, "R16G16B16A16_SINT", "-/-", "-/-", "-/-", "R/-", "R/-", "-/-"),
    OM_ROW(18, "R32G32_SINT", "-/-", "-/-", "-/-", "R/-", "R/-", "-/-"),
    OM_ROW(32, "R8G8B8A8_SINT", "-/-", "-/-", "-/-", "R/-", "R/-", "-/-"),
    OM_ROW(38, "R16G16_SINT", "-/-", "-/-", "-/-", "R/-", "R/-", "-/-"),
    OM_ROW(43, "R32_SINT", "-/-", "-/-", "-/-", "R/-", "R/-", "-/-"),
    OM_ROW(52, "R8G8_SINT", "-/-", "-/-", "-/-", "R/-", "R/-", "-/-"),
    OM_ROW(59, "R16_SINT", "-/-", "-/-", "-/-", "R/-", "R/-", "-/-"),
    OM_ROW(64, "R8_SINT", "-/-", "-/-", "-/-", "R/-", "R/-", "-/-"),
};
#undef OM_ROW

// Checks one support bit against a letter: R -> set, - -> clear, O -> either, D -> equal to `rt`.
void expect_letter(char letter, bool bit, bool rt, const std::string& what) {
  switch (letter) {
    case 'R':
      EXPECT_TRUE(bit) << what << " is required";
      break;
    case '-':
      EXPECT_FALSE(bit) << what << " is not available";
      break;
    case 'D':
      EXPECT_EQ(bit, rt) << what << " is required with RT support";
      break;
    case 'O':
      break;
    default:
      FAIL() << "bad letter " << letter;
  }
}

TEST(Caps, FormatRegistersMatchTheFormatTableAtEveryFeatureLevel) {
  for (const Case& k : all_cases()) {
    SCOPED_TRACE(k.cfg.name);
    const bool lop = (cap_register(k.cfg, 0x08) >> 11) & 1u;
    std::vector<bool> listed(116, false);
    for (const FormatRow& row : kFormatRows) {
      listed[row.dxgi] = true;
      const uint32_t reg = cap_register(k.cfg, 0x20 + 4 * row.dxgi);
      const bool rt = reg & 1u, blend = reg & 2u, logic = reg & 4u, msaa = reg & 8u;
      const std::string cell = row.rt_blend[k.column];
      expect_letter(cell[0], rt, rt, std::string(row.name) + " RENDER_TARGET");
      expect_letter(cell[2], blend, rt, std::string(row.name) + " BLENDABLE");
      const char logic_letter = k.column <= 2 ? '-' : row.logic[k.column == 6 ? 2 : 0];
      expect_letter(logic_letter, logic, rt, std::string(row.name) + " OUTPUT_MERGER_LOGIC_OP");
      if (!lop) {
        EXPECT_FALSE(logic) << row.name << ": no logic-op format without the device cap";
      }
      EXPECT_EQ(msaa, rt && kSampleCounts[k.column] > 1)
          << row.name << ": every render-target format of a multisampling configuration";
      EXPECT_EQ(reg >> 4, 0u);
      const FormatSupportData d = decode_format_support(reg);
      EXPECT_EQ(d.support, (rt ? 0x4000u : 0u) | (blend ? 0x8000u : 0u) | (msaa ? 0x200000u : 0u));
      EXPECT_EQ(d.support2, logic ? 0x100u : 0u);
      // docs/caps.md §7 invariants.
      if (blend) {
        EXPECT_TRUE(rt) << row.name << ": BLENDABLE => RENDER_TARGET";
      }
      const std::string name = row.name;
      if (logic) {
        EXPECT_EQ(name.substr(name.size() - 5), "_UINT") << "logic-op bit => UINT";
      }
    }
    for (uint32_t dxgi = 0; dxgi < 116; ++dxgi) {
      if (!listed[dxgi]) {
        EXPECT_EQ(cap_register(k.cfg, 0x20 + 4 * dxgi), 0u) << "DXGI " << dxgi;
      }
    }
  }
}

TEST(Caps, DecodeFormatSupportMapsEachBitToItsD3DFlag) {
  EXPECT_EQ(decode_format_support(1).support, 0x4000u);
  EXPECT_EQ(decode_format_support(2).support, 0x8000u);
  EXPECT_EQ(decode_format_support(4).support2, 0x100u);
  EXPECT_EQ(decode_format_support(4).support, 0u);
  EXPECT_EQ(decode_format_support(8).support, 0x200000u);
  EXPECT_EQ(decode_format_support(0).support | decode_format_support(0).support2, 0u);
}

TEST(Caps, UnmappedAndUnalignedOffsetsAreRejected) {
  const ConfigInfo& cfg = kConfigs[kDefaultConfig];
  for (uint32_t off = 0; off < 0x220; ++off) {
    const bool mapped = off % 4 == 0 && off <= 0x1EC;  // CAP_FMT[115] at 0x1EC is the last register
    EXPECT_EQ(is_cap_register(off), mapped) << off;
    if (mapped) {
      EXPECT_NO_THROW(cap_register(cfg, off)) << off;
    } else {
      EXPECT_THROW(cap_register(cfg, off), std::out_of_range) << off;
    }
  }
  EXPECT_THROW(cap_register(cfg, 0xFFFFFFFCu), std::out_of_range);
  try {
    cap_register(cfg, 0x1F0);
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("0x1F0"), std::string::npos) << e.what();
  }
}

TEST(Caps, DecodeCapsReadsEveryRegisterOfEveryConfiguration) {
  for (const Case& k : all_cases()) {
    SCOPED_TRACE(k.cfg.name);
    std::vector<uint32_t> reads;
    const Caps c = decode_caps([&](uint32_t off) {
      reads.push_back(off);
      return cap_register(k.cfg, off);
    });
    EXPECT_EQ(reads.size(), 8u + 116u);
    EXPECT_EQ(static_cast<uint32_t>(c.fl) >> 8, kFlCodes[k.column]);
    EXPECT_EQ(c.spec_revision, kSpecRevision);
    EXPECT_EQ(c.om.max_rts, static_cast<uint32_t>(kSimultaneousRts[k.column]));
    EXPECT_EQ(c.om.separate_alpha, std::string(kSummary[3].cells[k.column]) == "yes");
    EXPECT_EQ(c.om.independent_blend, k.column >= 4);
    EXPECT_EQ(c.d3d11_options.output_merger_logic_op, c.om.logic_op);
    EXPECT_EQ(c.d3d9.num_simultaneous_rts, k.cfg.d3d9_num_rts);
    EXPECT_EQ(c.max_samples, kSampleCounts[k.column]);
    for (uint32_t dxgi = 0; dxgi < 116; ++dxgi) {
      EXPECT_EQ(c.fmt_bits(dxgi), cap_register(k.cfg, 0x20 + 4 * dxgi));
    }
    EXPECT_EQ(c.fmt_bits(200), 0u);
    const Caps direct = caps_from_config(k.cfg);
    EXPECT_EQ(direct.fmt, c.fmt);
    EXPECT_EQ(direct.d3d9.primitive_misc_caps, c.d3d9.primitive_misc_caps);
  }
}

TEST(Caps, DecodersRejectGarbage) {
  EXPECT_THROW(decode_caps([](uint32_t) { return 0u; }), std::invalid_argument);  // no magic
  EXPECT_THROW(decode_caps([](uint32_t off) { return off == 0 ? 0x4F4D0100u : 0x90u; }),
               std::invalid_argument);  // CAP_FL 0x90
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(static_cast<uint32_t>(decode_cap_fl(kFlCodes[i])), kFlCodes[i] << 8);
  }
  EXPECT_THROW(decode_cap_fl(0x1B1), std::invalid_argument);
  EXPECT_THROW(decode_cap_fl(0xB2), std::invalid_argument);
  ConfigInfo bad = kConfigs[0];
  bad.fl_index = 5;  // disagrees with fl
  EXPECT_THROW(cap_register(bad, 0), std::invalid_argument);
}

TEST(Caps, CapOmDecodesEveryField) {
  for (uint32_t bit = 4; bit < 16; ++bit) {
    const OmCaps c = decode_cap_om(1u << bit | 3u);
    const bool fields[12] = {c.independent_write_masks,
                             c.per_rt_blend_enable,
                             c.independent_blend,
                             c.separate_alpha,
                             c.dual_source,
                             c.src_alpha_sat,
                             c.alpha_to_coverage,
                             c.logic_op,
                             c.mrt_independent_bit_depths,
                             c.linear_srgb_blend,
                             c.depth_stencil,
                             c.cube_depth_stencil};
    for (uint32_t f = 0; f < 12; ++f) EXPECT_EQ(fields[f], f == bit - 4) << bit;
    EXPECT_EQ(c.max_rts, 3u);
  }
}

TEST(Caps, UniqueBlendObjectLimitIs4096AtEveryFeatureLevel) {
  EXPECT_EQ(kMaxUniqueBlendStates, 4096u);
}

}  // namespace
}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// Logic ops (docs/behaviour.md §2.4; docs/arithmetic.md §7): TV32–TV34, the full truth table of
// every op on every 8-bit pair, random 10/16/32-bit channels, low-n-bit source truncation, and the
// rt_op rules (non-UINT RT unchanged, write mask, precedence).
#include "om/ref/logic.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <stdexcept>

#include "om/ref/rt_op.h"

namespace om::ref {
namespace {

// The example column of docs/behaviour.md §2.4 (s = 0x0F, d = 0x35). Those two bytes contain every
// (s, d) bit combination: bit 7 (0,0), bit 5 (0,1), bit 3 (1,0), bit 2 (1,1), so the column *is*
// each op's truth table.
constexpr uint32_t kColumn[16] = {0x00, 0xFF, 0x0F, 0xF0, 0x35, 0xCA, 0x05, 0xFA,
                                  0x3F, 0xC0, 0x3A, 0xC5, 0x0A, 0x30, 0xCF, 0xF5};

// The op's result bit for source bit a and destination bit b, read from that column.
uint32_t truth(int op, uint32_t a, uint32_t b) {
  static const int kBitFor[2][2] = {{7, 5}, {3, 2}};  // [s][d]
  return (kColumn[op] >> kBitFor[a][b]) & 1u;
}

// Expected result on n-bit values, bit by bit from the truth table.
uint32_t expected(int op, uint32_t s, uint32_t d, int n) {
  uint32_t r = 0;
  for (int i = 0; i < n; ++i) r |= truth(op, (s >> i) & 1u, (d >> i) & 1u) << i;
  return r;
}

const FormatInfo& fmt(const char* name) { return *find_format(name); }

TEST(Logic, Tv32SpecTableOnR8G8B8A8Uint) {
  const FormatInfo& f = fmt("R8G8B8A8_UINT");
  for (int op = 0; op < 16; ++op) {
    const Raw4 r =
        logic_rt(f, static_cast<LogicOp>(op), {0x0F, 0x0F, 0x0F, 0x0F}, {0x35, 0x35, 0x35, 0x35});
    for (int c = 0; c < 4; ++c) EXPECT_EQ(r[c], kColumn[op]) << to_string(static_cast<LogicOp>(op));
  }
}

TEST(Logic, Tv33SourceWiderThanTheChannelKeepsItsLowBits) {
  const Raw4 r = logic_rt(fmt("R8_UINT"), LogicOp::COPY, {0x100, 0, 0, 0}, {0x35, 0, 0, 0});
  EXPECT_EQ(r[0], 0x00u);  // canonical: low 8 bits; a clamping implementation would give 0xFF
  EXPECT_TRUE(r[0] == 0x00u || r[0] == 0xFFu);
  EXPECT_EQ(logic_rt(fmt("R8_UINT"), LogicOp::OR, {0x1F0, 0, 0, 0}, {0x0F, 0, 0, 0})[0], 0xFFu);
}

TEST(Logic, Tv34FullWidthXorOnR32Uint) {
  EXPECT_EQ(
      logic_rt(fmt("R32_UINT"), LogicOp::XOR, {0xDEADBEEFu, 0, 0, 0}, {0xFFFF0000u, 0, 0, 0})[0],
      0x2152BEEFu);
}

TEST(Logic, EveryOpMatchesItsTruthTableOnEvery8BitPair) {
  const FormatInfo& f = fmt("R8_UINT");
  for (int op = 0; op < 16; ++op) {
    int failures = 0;
    for (uint32_t s = 0; s < 256 && failures < 3; ++s) {
      for (uint32_t d = 0; d < 256 && failures < 3; ++d) {
        const uint32_t got = logic_rt(f, static_cast<LogicOp>(op), {s, 0, 0, 0}, {d, 0, 0, 0})[0];
        if (got != expected(op, s, d, 8)) {
          ++failures;
          ADD_FAILURE() << "op " << op << " s=" << s << " d=" << d << ": " << got;
        }
      }
    }
  }
}

TEST(Logic, RandomWideChannelsMatchTheTruthTable) {
  std::mt19937 rng(7);
  std::printf("logic random seed 7\n");
  for (const char* name : {"R16G16B16A16_UINT", "R32G32B32A32_UINT", "R10G10B10A2_UINT", "R16_UINT",
                           "R32G32_UINT", "R8G8_UINT"}) {
    const FormatInfo& f = fmt(name);
    for (int it = 0; it < 20000; ++it) {
      const int op = static_cast<int>(rng() % 16);
      Vec4 s;
      Raw4 d{};
      for (int c = 0; c < 4; ++c) {
        s[c] = rng();  // full 32-bit source: only the low n bits may matter
        const int n = f.ch[c].bits;
        if (n != 0) d[c] = rng() & (n == 32 ? ~0u : (1u << n) - 1u);
      }
      const Raw4 r = logic_rt(f, static_cast<LogicOp>(op), s, d);
      for (int c = 0; c < 4; ++c) {
        const int n = f.ch[c].bits;
        ASSERT_EQ(r[c], n == 0 ? 0u : expected(op, s[c], d[c], n))
            << name << " op " << op << " channel " << c;
      }
    }
  }
}

TEST(Logic, InvalidOpsAndNonUintFormatsAreRejected) {
  EXPECT_THROW(logic_op_apply(static_cast<LogicOp>(16), 1, 2), std::invalid_argument);
  EXPECT_THROW(logic_rt(fmt("R8G8B8A8_UNORM"), LogicOp::XOR, Vec4{}, Raw4{}),
               std::invalid_argument);
  EXPECT_THROW(logic_rt(fmt("R16_SINT"), LogicOp::XOR, Vec4{}, Raw4{}), std::invalid_argument);
  EXPECT_TRUE(format_logic_capable(fmt("R10G10B10A2_UINT")));
  EXPECT_FALSE(format_logic_capable(fmt("R32_FLOAT")));
}

RtOpIn logic_in(const char* name, LogicOp op, const Vec4& s, const Raw4& d, uint32_t mask = 0xF) {
  RtOpIn in;
  in.format = &fmt(name);
  in.logic_op_enable = true;
  in.logic_op = op;
  in.desc.render_target_write_mask = mask;
  in.s = s;
  in.dest = raw_to_texel(*in.format, d);
  return in;
}

TEST(Logic, NonUintRtIsLeftUnchanged) {
  for (const char* name : {"R8G8B8A8_UNORM", "R32_FLOAT", "R16_SINT", "B8G8R8X8_UNORM"}) {
    RtOpIn in = logic_in(name, LogicOp::SET, {1, 2, 3, 4}, {9, 9, 9, 9});
    in.dest.w = {0x12345678u, 0, 0, 0};  // X byte of B8G8R8X8 not ones: must survive
    const RtOpOut out = rt_op(in);
    EXPECT_FALSE(out.write) << name;
    EXPECT_EQ(out.texel, in.dest) << name;
  }
}

TEST(Logic, ResultIsStoredUnderTheWriteMaskAndBeatsBlendEnable) {
  RtOpIn in = logic_in("R8G8B8A8_UINT", LogicOp::XOR, {0xFF, 0xFF, 0xFF, 0x1FF}, {1, 2, 3, 4}, 0x9);
  in.desc.blend_enable = true;  // invalid with a logic op: the logic path wins (behaviour.md §1.1)
  const RtOpOut out = rt_op(in);
  EXPECT_TRUE(out.write);
  EXPECT_EQ(texel_to_raw(*in.format, out.texel), (Raw4{0xFE, 2, 3, 0xFB}));
  in.desc.render_target_write_mask = 0;
  EXPECT_FALSE(rt_op(in).write);
}

}  // namespace
}  // namespace om::ref

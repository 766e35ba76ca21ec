// SPDX-License-Identifier: Apache-2.0
// Whole-texel conversions over every format of kFormatInfo: lookup, bit-field layout, unpack/pack
// (docs/arithmetic.md §6, §8; docs/behaviour.md §11 #11, §11 #24).
#include "om/ref/convert.h"

#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "om/ref/fp32.h"

namespace om::ref {
namespace {

bool is_integer(const FormatInfo& f) {
  return f.cls == FormatClass::UINT || f.cls == FormatClass::SINT;
}

uint32_t mask_of(int bits) { return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u; }

// Reference texel layout, one bit at a time.
Texel texel_by_bits(const FormatInfo& f, const Raw4& r) {
  Texel t;
  auto set = [&](int pos) { t.w[pos / 32] |= 1u << (pos % 32); };
  for (int ch = 0; ch < 4; ++ch) {
    for (int b = 0; b < f.ch[ch].bits; ++b) {
      if ((r[ch] >> b) & 1u) set(f.ch[ch].offset + b);
    }
  }
  for (int b = 0; b < f.x.bits; ++b) set(f.x.offset + b);
  return t;
}

// What pack(unpack(code)) must return for one component (docs/arithmetic.md §12; docs/behaviour.md
// §11 #24).
uint32_t expected_round_trip(const FormatInfo& f, int ch, uint32_t code) {
  const int bits = f.ch[ch].bits;
  if (f.cls == FormatClass::SNORM && code == (1u << (bits - 1)))
    return code + 1;  // -2^(n-1) reads -1.0
  if (f.cls == FormatClass::FLOAT && bits < 32) {
    const int mant = bits == 16 ? 10 : bits - 5;
    const bool nan = ((code >> mant) & 31u) == 31u && (code & mask_of(mant)) != 0;
    if (nan) return bits == 16 ? 0x7E00u : (bits == 11 ? 0x7E0u : 0x3F0u);
  }
  return code;
}

TEST(Convert, FindFormatByValueReturnsEveryTableEntry) {
  for (const FormatInfo& f : kFormatInfo)
    EXPECT_EQ(find_format(static_cast<uint32_t>(f.format)), &f);
  EXPECT_EQ(find_format(0u), nullptr);  // DXGI_FORMAT_UNKNOWN
  EXPECT_EQ(find_format(1u), nullptr);  // R32G32B32A32_TYPELESS: not a format the OM stores
  EXPECT_EQ(find_format(1000u), nullptr);
}

TEST(Convert, FindFormatByNameAcceptsThePrefixAndAnyCase) {
  for (const FormatInfo& f : kFormatInfo) {
    const std::string name = f.name;
    EXPECT_EQ(find_format(name), &f);
    EXPECT_EQ(find_format("DXGI_FORMAT_" + name), &f);
    std::string lower = name;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(find_format("dxgi_format_" + lower), &f);
  }
  EXPECT_EQ(find_format(std::string_view("DXGI_FORMAT_")), nullptr);
  EXPECT_EQ(find_format(std::string_view("")), nullptr);
  EXPECT_EQ(find_format(std::string_view("R8G8B8A8")), nullptr);
  EXPECT_EQ(find_format(std::string_view("DXGI_FORMAT_DXGI_FORMAT_R8_UNORM")), nullptr);
}

TEST(Convert, FormatTableLayoutsAreDisjointAndFitTheTexel) {
  for (const FormatInfo& f : kFormatInfo) {
    std::vector<int> owner(128, -1);
    int used = 0;
    for (int ch = 0; ch < 5; ++ch) {
      const ChannelInfo c = ch < 4 ? f.ch[ch] : f.x;
      for (int b = 0; b < c.bits; ++b) {
        ASSERT_LT(c.offset + b, f.texel_bits) << f.name;
        ASSERT_EQ(owner[c.offset + b], -1) << f.name << " bit " << c.offset + b;
        owner[c.offset + b] = ch;
        ++used;
      }
    }
    EXPECT_EQ(used, f.texel_bits) << f.name << ": every texel bit belongs to a channel or X";
  }
}

TEST(Convert, TexelFieldsMatchABitByBitLayoutAndXIsOnes) {
  std::mt19937 rng(7);
  for (const FormatInfo& f : kFormatInfo) {
    for (int i = 0; i < 200; ++i) {
      Raw4 raw{};
      Raw4 wide{};
      for (int ch = 0; ch < 4; ++ch) {
        wide[ch] = static_cast<uint32_t>(rng());
        raw[ch] = f.ch[ch].bits != 0 ? wide[ch] & mask_of(f.ch[ch].bits) : 0u;
      }
      const Texel t = raw_to_texel(f, wide);  // bits beyond each width are dropped
      ASSERT_EQ(t, texel_by_bits(f, raw)) << f.name;
      ASSERT_EQ(texel_to_raw(f, t), raw) << f.name;
    }
    // Bits above texel_bits are neither read nor written.
    Texel ones;
    ones.w = {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
    Raw4 all{};
    for (int ch = 0; ch < 4; ++ch) all[ch] = f.ch[ch].bits != 0 ? mask_of(f.ch[ch].bits) : 0u;
    EXPECT_EQ(texel_to_raw(f, ones), all) << f.name;
    const Texel t = raw_to_texel(f, all);
    for (int b = f.texel_bits; b < 128; ++b)
      ASSERT_EQ((t.w[b / 32] >> (b % 32)) & 1u, 0u) << f.name;
  }
}

TEST(Convert, EveryCodeOfEveryComponentUpTo16BitsRoundTrips) {
  int checked = 0;
  for (const FormatInfo& f : kFormatInfo) {
    for (int ch = 0; ch < 4; ++ch) {
      const int bits = f.ch[ch].bits;
      if (bits == 0 || bits > 16) continue;
      for (uint32_t code = 0; code <= mask_of(bits); ++code) {
        Raw4 raw{};
        raw[ch] = code;
        const Raw4 back = pack(f, unpack(f, raw));
        ASSERT_EQ(back[ch], expected_round_trip(f, ch, code))
            << f.name << " channel " << ch << " code " << code;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 1000000);
}

TEST(Convert, ThirtyTwoBitComponentsAreCopiedBitExactly) {
  // FLOAT32: a pure data move keeps denormals and NaN payloads (docs/arithmetic.md §6); UINT/SINT
  // 32 have nothing to clamp.
  const uint32_t kSamples[] = {0u,          0x80000000u, 0x00000001u, 0x807FFFFFu,
                               0x7F800000u, 0xFF800000u, 0x7F800001u, 0xFFC12345u,
                               0x3F800000u, 0x7F7FFFFFu, 0xDEADBEEFu, 0xFFFFFFFFu};
  for (const FormatInfo& f : kFormatInfo) {
    if (f.ch[0].bits != 32) continue;
    for (uint32_t s : kSamples) {
      const Raw4 raw{s, f.ch[1].bits ? ~s : 0u, f.ch[2].bits ? s ^ 1u : 0u, f.ch[3].bits ? s : 0u};
      const Vec4 v = unpack(f, raw);
      EXPECT_EQ(v[0], s) << f.name;
      EXPECT_EQ(pack(f, v), raw) << f.name;
      EXPECT_EQ(texel_to_raw(f, raw_to_texel(f, raw)), raw) << f.name;
    }
  }
}

TEST(Convert, MissingChannelsReadZeroAndAlphaReadsOne) {
  for (const FormatInfo& f : kFormatInfo) {
    const Vec4 v = unpack(f, Raw4{});
    for (int ch = 0; ch < 3; ++ch) {
      if (f.ch[ch].bits == 0) {
        EXPECT_EQ(v[ch], 0u) << f.name << " channel " << ch;
      }
    }
    if (f.ch[3].bits == 0) {
      EXPECT_EQ(v[3], is_integer(f) ? 1u : kF32One) << f.name;
    }
    // Nothing is stored for absent channels.
    const Raw4 r = pack(f, Vec4{kF32Half, kF32Half, kF32Half, kF32Half});
    for (int ch = 0; ch < 4; ++ch) {
      if (f.ch[ch].bits == 0) {
        EXPECT_EQ(r[ch], 0u) << f.name << " channel " << ch;
      }
    }
  }
}

TEST(Convert, SrgbFormatsConvertColourButNotAlpha) {
  for (const FormatInfo& f : kFormatInfo) {
    if (f.cls != FormatClass::UNORM_SRGB) continue;
    const Raw4 raw{128, 64, 1, f.ch[3].bits ? 128u : 0u};
    const Vec4 v = unpack(f, raw);
    EXPECT_EQ(v[0], kSrgbDecodeLut[128]) << f.name;
    EXPECT_EQ(v[1], kSrgbDecodeLut[64]) << f.name;
    EXPECT_EQ(v[2], kSrgbDecodeLut[1]) << f.name;
    EXPECT_EQ(v[3], f.ch[3].bits ? f32_bits(128.0f / 255.0f) : kF32One) << f.name;
    const Raw4 out = pack(f, Vec4{kF32Half, kF32Half, kF32Half, kF32Half});
    EXPECT_EQ(out[0], 188u) << f.name;                      // TV24 sRGB encode of 0.5
    EXPECT_EQ(out[3], f.ch[3].bits ? 128u : 0u) << f.name;  // plain UNORM alpha
  }
}

TEST(Convert, SpecialValuesPackPerClass) {
  constexpr uint32_t kNan = 0x7FC00000u, kNegNan = 0xFFC00001u, kInf = 0x7F800000u,
                     kNegInf = 0xFF800000u;
  constexpr uint32_t kDen = 0x00000001u, kNegDen = 0x807FFFFFu, kNegZero = 0x80000000u;
  for (const FormatInfo& f : kFormatInfo) {
    const int bits = f.ch[0].bits;
    const uint32_t m = mask_of(bits);
    auto packed = [&](uint32_t x) { return pack(f, Vec4{x, x, x, x})[0]; };
    switch (f.cls) {
      case FormatClass::UNORM:
      case FormatClass::UNORM_SRGB:
        EXPECT_EQ(packed(kNan), 0u) << f.name;
        EXPECT_EQ(packed(kNegNan), 0u) << f.name;
        EXPECT_EQ(packed(kInf), m) << f.name;
        EXPECT_EQ(packed(kNegInf), 0u) << f.name;
        EXPECT_EQ(packed(kDen), 0u) << f.name;
        EXPECT_EQ(packed(kNegDen), 0u) << f.name;
        EXPECT_EQ(packed(kNegZero), 0u) << f.name;
        break;
      case FormatClass::SNORM:
        EXPECT_EQ(packed(kNan), 0u) << f.name;
        EXPECT_EQ(packed(kInf), m >> 1) << f.name;
        EXPECT_EQ(packed(kNegInf), (m >> 1) + 2u) << f.name;  // -(2^(n-1) - 1)
        EXPECT_EQ(packed(kDen), 0u) << f.name;
        EXPECT_EQ(packed(kNegDen), 0u) << f.name;
        EXPECT_EQ(packed(kNegZero), 0u) << f.name;
        break;
      case FormatClass::FLOAT:
        if (bits == 32) {
          for (uint32_t x : {kNan, kNegNan, kInf, kNegInf, kDen, kNegDen, kNegZero})
            EXPECT_EQ(packed(x), x);
        } else if (bits == 16) {
          EXPECT_EQ(packed(kNan), 0x7E00u);
          EXPECT_EQ(packed(kNegNan), 0x7E00u);
          EXPECT_EQ(packed(kInf), 0x7C00u);
          EXPECT_EQ(packed(kNegInf), 0xFC00u);
          EXPECT_EQ(packed(kDen), 0u);
          EXPECT_EQ(packed(kNegDen), 0x8000u);
          EXPECT_EQ(packed(kNegZero), 0x8000u);
        } else {  // R11G11B10: check all three widths
          const Raw4 nan = pack(f, Vec4{kNegNan, kNan, kNan, 0});
          EXPECT_EQ(nan, (Raw4{0x7E0u, 0x7E0u, 0x3F0u, 0u}));
          EXPECT_EQ(pack(f, Vec4{kInf, kInf, kInf, 0}), (Raw4{0x7C0u, 0x7C0u, 0x3E0u, 0u}));
          for (uint32_t x : {kNegInf, kDen, kNegDen, kNegZero})
            EXPECT_EQ(pack(f, Vec4{x, x, x, x}), Raw4{});
        }
        break;
      case FormatClass::UINT:
        // Values are uint32 bit patterns: a float NaN pattern is just a large integer.
        EXPECT_EQ(packed(kNan), std::min(kNan, m)) << f.name;
        EXPECT_EQ(packed(0u), 0u) << f.name;
        break;
      case FormatClass::SINT:
        EXPECT_EQ(packed(kNan), bits == 32 ? kNan : m >> 1) << f.name;  // positive int32
        EXPECT_EQ(packed(kNegZero), bits == 32 ? kNegZero : (m >> 1) + 1u) << f.name;  // INT32_MIN
        break;
    }
  }
}

TEST(Convert, IntegerPackClampsToTheChannelRange) {
  for (const FormatInfo& f : kFormatInfo) {
    if (!is_integer(f)) continue;
    for (int ch = 0; ch < 4; ++ch) {
      const int n = f.ch[ch].bits;
      if (n == 0) continue;
      auto store = [&](int64_t value) {
        Vec4 v{};
        v[ch] = static_cast<uint32_t>(value);
        return pack(f, v)[ch];
      };
      if (f.cls == FormatClass::UINT) {
        const int64_t max = (int64_t{1} << n) - 1;
        EXPECT_EQ(store(max), static_cast<uint32_t>(max)) << f.name;
        EXPECT_EQ(store(0xFFFFFFFFll), static_cast<uint32_t>(max)) << f.name;
        if (n < 32) {
          EXPECT_EQ(store(max + 1), static_cast<uint32_t>(max)) << f.name;
        }
        EXPECT_EQ(store(1), 1u);
      } else {
        const int64_t hi = (int64_t{1} << (n - 1)) - 1;
        const int64_t lo = -(int64_t{1} << (n - 1));
        const uint32_t m = mask_of(n);
        EXPECT_EQ(store(hi), static_cast<uint32_t>(hi)) << f.name;
        EXPECT_EQ(store(lo), static_cast<uint32_t>(lo) & m) << f.name;
        EXPECT_EQ(store(-1), m) << f.name;
        if (n < 32) {
          EXPECT_EQ(store(hi + 1), static_cast<uint32_t>(hi)) << f.name;
          EXPECT_EQ(store(lo - 1), static_cast<uint32_t>(lo) & m) << f.name;
          EXPECT_EQ(store(INT32_MAX), static_cast<uint32_t>(hi)) << f.name;
          EXPECT_EQ(store(INT32_MIN), static_cast<uint32_t>(lo) & m) << f.name;
        }
        // Reading back sign-extends.
        Raw4 raw{};
        raw[ch] = static_cast<uint32_t>(lo) & m;
        EXPECT_EQ(static_cast<int32_t>(unpack(f, raw)[ch]), lo) << f.name;
      }
    }
  }
}

TEST(Convert, UnpackRejectsFieldsWiderThanTheirChannel) {
  const FormatInfo& f = *find_format(std::string_view("R10G10B10A2_UINT"));
  EXPECT_THROW(unpack(f, Raw4{0x400u, 0, 0, 0}), std::out_of_range);
  EXPECT_THROW(unpack(f, Raw4{0, 0, 0, 4u}), std::out_of_range);
  try {
    unpack(*find_format(std::string_view("R8G8B8A8_UNORM")), Raw4{0, 256u, 0, 0});
    FAIL() << "no exception";
  } catch (const std::out_of_range& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("R8G8B8A8_UNORM"), std::string::npos) << what;
    EXPECT_NE(what.find("channel G"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// Texel unpack / pack / write-mask merge (through tb_texel) against om::ref's convert.h and
// rt_op.h, for every format of the generated table: every code of each channel up to 12 bits
// (sampled above), random texels and values.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "Vtb_texel.h"
#include "om/ref/blend.h"
#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/rt_op.h"
#include "seed.h"

namespace om::unit {
namespace {

using ref::Raw4;
using ref::Texel;
using ref::Vec4;

constexpr int kMaxReported = 20;

class TexelHarness {
 public:
  void set_format(const FormatInfo& f, bool srgb_as_unorm) {
    dut_.format_i = static_cast<uint32_t>(f.format);
    dut_.srgb_as_unorm_i = srgb_as_unorm;
  }
  void set_texel(const Texel& t) {
    for (int i = 0; i < 4; ++i) dut_.texel_i[i] = t.w[i];
  }
  void set_val(const Vec4& v) {
    for (int i = 0; i < 4; ++i) dut_.val_i[i] = v[i];
  }
  void set_mask(uint32_t m) { dut_.mask_i = m; }
  void eval() { dut_.eval(); }
  Raw4 raw() const { return {dut_.raw_o[0], dut_.raw_o[1], dut_.raw_o[2], dut_.raw_o[3]}; }
  Vec4 unpacked() const {
    return {dut_.unpacked_o[0], dut_.unpacked_o[1], dut_.unpacked_o[2], dut_.unpacked_o[3]};
  }
  Raw4 packed() const {
    return {dut_.packed_o[0], dut_.packed_o[1], dut_.packed_o[2], dut_.packed_o[3]};
  }
  Texel merged() const {
    Texel t;
    for (int i = 0; i < 4; ++i) t.w[i] = dut_.merged_o[i];
    return t;
  }

 private:
  Vtb_texel dut_;
};

std::string hex4(const std::array<uint32_t, 4>& v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "{%08x %08x %08x %08x}", v[0], v[1], v[2], v[3]);
  return buf;
}

Texel random_texel(std::mt19937_64& rng) {
  Texel t;
  for (uint32_t& w : t.w) w = static_cast<uint32_t>(rng());
  return t;
}

// A texel whose channel `ch` holds `code` and whose other bits are random.
Texel texel_with_code(const FormatInfo& f, int ch, uint32_t code, std::mt19937_64& rng) {
  Raw4 r = ref::texel_to_raw(f, random_texel(rng));
  r[ch] = code;
  return ref::raw_to_texel(f, r);
}

// A value to pack: specials, values in and around the normalised range, random bits; integers for
// UINT/SINT.
uint32_t random_value(const FormatInfo& f, std::mt19937_64& rng) {
  static const uint32_t kSpecial[] = {0x00000000, 0x80000000, 0x3F800000, 0xBF800000,
                                      0x3F000000, 0x7F800000, 0xFF800000, 0x7FC00000,
                                      0x00000001, 0x477FE000, 0x477FF000, 0x7F7FFFFF};
  const uint32_t r = static_cast<uint32_t>(rng());
  if (f.cls == FormatClass::UINT || f.cls == FormatClass::SINT) {
    switch (r & 3) {
      case 0:
        return static_cast<uint32_t>(rng());
      case 1:
        return static_cast<uint32_t>(rng()) & 0x1FFFF;
      case 2:
        return static_cast<uint32_t>(-static_cast<int32_t>(rng() & 0x1FFFF));
      default:
        return static_cast<uint32_t>(rng()) & 0xFF;
    }
  }
  switch (r & 3) {
    case 0:
      return kSpecial[(r >> 2) % (sizeof kSpecial / sizeof kSpecial[0])];
    case 1:
      return static_cast<uint32_t>(rng());
    default: {
      std::uniform_real_distribution<float> d(-1.25f, 1.25f);
      return ref::f32_bits(d(rng));
    }
  }
}

TEST(TexelRtl, UnpackMatchesTheReferenceForEveryFormatAndCode) {
  TexelHarness h;
  std::mt19937_64 rng(test_seed());
  int failures = 0;
  for (const FormatInfo& f : kFormatInfo) {
    for (bool gamma : {false, true}) {
      if (gamma && f.cls != FormatClass::UNORM_SRGB) continue;
      const FormatInfo& bf = ref::blend_space_format(f, gamma);
      h.set_format(f, gamma);
      for (int ch = 0; ch < 4; ++ch) {
        const int bits = f.ch[ch].bits;
        if (bits == 0) continue;
        const uint32_t n = bits <= 12 ? (1u << bits) : 4096;
        for (uint32_t i = 0; i < n; ++i) {
          const uint32_t code =
              bits <= 12 ? i
                         : static_cast<uint32_t>(rng()) & ((bits >= 32) ? ~0u : ((1u << bits) - 1));
          const Texel t = texel_with_code(f, ch, code, rng);
          h.set_texel(t);
          h.eval();
          const Raw4 raw = ref::texel_to_raw(f, t);
          const Vec4 val = ref::unpack(bf, raw);
          if ((h.raw() != raw || h.unpacked() != val) && failures++ < kMaxReported) {
            ADD_FAILURE() << f.name << (gamma ? " (gamma)" : "") << " texel " << hex4(t.w)
                          << ": rtl raw " << hex4(h.raw()) << " val " << hex4(h.unpacked())
                          << ", ref raw " << hex4(raw) << " val " << hex4(val);
          }
        }
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(TexelRtl, PackAndMergeMatchTheReferenceForEveryFormat) {
  TexelHarness h;
  std::mt19937_64 rng(test_seed() + 1);
  int failures = 0;
  for (const FormatInfo& f : kFormatInfo) {
    for (bool gamma : {false, true}) {
      if (gamma && f.cls != FormatClass::UNORM_SRGB) continue;
      const FormatInfo& bf = ref::blend_space_format(f, gamma);
      h.set_format(f, gamma);
      for (int i = 0; i < 6000; ++i) {
        const Vec4 v = {random_value(f, rng), random_value(f, rng), random_value(f, rng),
                        random_value(f, rng)};
        const Texel dest = random_texel(rng);
        const uint32_t mask = static_cast<uint32_t>(rng()) & 0xF;
        h.set_val(v);
        h.set_texel(dest);
        h.set_mask(mask);
        h.eval();
        const Raw4 want_packed = ref::pack(bf, v);
        // The merge takes raw fields: feed it the (masked) values as they are.
        Raw4 fresh = v;
        const Texel want_merged = ref::merge_write_mask(f, fresh, dest, mask);
        if (h.packed() != want_packed && failures++ < kMaxReported) {
          ADD_FAILURE() << f.name << (gamma ? " (gamma)" : "") << " pack " << hex4(v) << ": rtl "
                        << hex4(h.packed()) << ", ref " << hex4(want_packed);
        }
        if (h.merged() != want_merged && failures++ < kMaxReported) {
          ADD_FAILURE() << f.name << " merge " << hex4(v) << " into " << hex4(dest.w) << " mask "
                        << mask << ": rtl " << hex4(h.merged().w) << ", ref "
                        << hex4(want_merged.w);
        }
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace om::unit

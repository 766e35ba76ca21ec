// SPDX-License-Identifier: Apache-2.0
// The component conversions (through tb_convert) against om::ref's convert.h: every code on
// readback, and the encoders on directed values (specials, every rounding boundary of the 8-bit
// encodes) plus random inputs.
#include "om/ref/convert.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "Vtb_convert.h"
#include "om/ref/fp32.h"
#include "seed.h"

namespace om::unit {
namespace {

constexpr int kMaxReported = 20;

class ConvertHarness {
 public:
  // om_unorm_to_f32 and om_norm_to_f32 (UNORM mode) on the same code: both must give the value.
  std::pair<uint32_t, uint32_t> unorm_to_f32(uint32_t code, int bits) {
    dut_.un_code_i = code;
    dut_.un_bits_i = bits;
    dut_.eval();
    return {dut_.un_f_o, dut_.nu_f_o};
  }
  uint32_t snorm_to_f32(uint32_t code, int bits) {
    dut_.sn_code_i = code;
    dut_.sn_bits_i = bits;
    dut_.eval();
    return dut_.sn_f_o;
  }
  uint32_t small_to_f32(uint32_t h, int bits) {
    dut_.fs_h_i = h;
    dut_.fs_bits_i = bits;
    dut_.eval();
    return dut_.fs_f_o;
  }
  struct Enc {
    uint32_t unorm, snorm, fsmall, srgb;
  };
  Enc encode(uint32_t f, int bits) {
    dut_.f_i = f;
    dut_.bits_i = bits;
    dut_.eval();
    return {dut_.unorm_o, dut_.snorm_o, dut_.fsmall_o, dut_.srgb_o};
  }
  uint32_t srgb_encode(uint32_t f) {
    dut_.enc_f_i = f;
    dut_.eval();
    return dut_.enc_s_o;
  }

 private:
  Vtb_convert dut_;
};

TEST(ConvertRtl, EveryUnormCodeOfEveryWidthReadsBackCorrectlyRounded) {
  ConvertHarness h;
  int failures = 0;
  for (int bits = 1; bits <= 16; ++bits) {
    for (uint32_t code = 0; code < (1u << bits); ++code) {
      const uint32_t want = ref::unorm_to_f32(code, bits);
      const auto [got, got_norm] = h.unorm_to_f32(code, bits);
      if ((got != want || got_norm != want) && failures++ < kMaxReported) {
        ADD_FAILURE() << std::hex << "UNORM" << std::dec << bits << " code " << code << std::hex
                      << ": om_unorm_to_f32 0x" << got << ", om_norm_to_f32 0x" << got_norm
                      << ", ref 0x" << want;
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(ConvertRtl, EverySnormCodeOfEveryWidthReadsBackCorrectlyRounded) {
  ConvertHarness h;
  int failures = 0;
  for (int bits = 2; bits <= 16; ++bits) {
    for (uint32_t code = 0; code < (1u << bits); ++code) {
      const uint32_t want = ref::snorm_to_f32(code, bits);
      const uint32_t got = h.snorm_to_f32(code, bits);
      if (got != want && failures++ < kMaxReported) {
        ADD_FAILURE() << "SNORM" << bits << " code " << code << std::hex << ": rtl 0x" << got
                      << ", ref 0x" << want;
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(ConvertRtl, EveryFloat16And11And10CodeWidensExactly) {
  ConvertHarness h;
  int failures = 0;
  struct Kind {
    int bits;
    uint32_t (*ref)(uint32_t);
  };
  const Kind kinds[] = {{16, ref::f16_to_f32}, {11, ref::f11_to_f32}, {10, ref::f10_to_f32}};
  for (const Kind& k : kinds) {
    for (uint32_t code = 0; code < (1u << k.bits); ++code) {
      const uint32_t want = k.ref(code);
      const uint32_t got = h.small_to_f32(code, k.bits);
      if (got != want && failures++ < kMaxReported) {
        ADD_FAILURE() << "f" << k.bits << " code 0x" << std::hex << code << ": rtl 0x" << got
                      << ", ref 0x" << want;
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

// Inputs around every rounding boundary of an n-bit UNORM/SNORM encode and every sRGB threshold,
// the specials, and values spread over [-2, 2] and over all bit patterns.
std::vector<uint32_t> encode_inputs(std::mt19937_64& rng) {
  std::vector<uint32_t> v = {0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x3F800000,
                             0xBF800000, 0x3F7FFFFF, 0xBF7FFFFF, 0x3F800001, 0x7F800000, 0xFF800000,
                             0x7FC00000, 0xFFC00001, 0x7F800001, 0x477FFF00, 0x477FE000, 0x47800000,
                             0x477FF000, 0x38800000, 0x33800000, 0x33000000, 0x387FC000, 0x3F000000,
                             0xBF000000, 0x3B4D2E1B, 0x3B4D2E1C};
  for (int bits : {1, 2, 4, 5, 6, 8, 10, 16}) {
    const double max = static_cast<double>((1u << bits) - 1);
    const int step = bits > 10 ? 97 : 1;
    for (uint32_t k = 0; k < (1u << bits); k += step) {
      for (double base : {(k + 0.5) / max, -(k + 0.5) / max, k / max}) {
        const uint32_t b = ref::f32_bits(static_cast<float>(base));
        for (int d = -2; d <= 2; ++d) v.push_back(b + d);
      }
    }
  }
  for (uint32_t t : om::kSrgbEncodeThresholds) {
    for (int d = -2; d <= 2; ++d) v.push_back(t + d);
  }
  std::uniform_real_distribution<float> spread(-2.0f, 2.0f);
  for (int i = 0; i < 300000; ++i) v.push_back(ref::f32_bits(spread(rng)));
  for (int i = 0; i < 100000; ++i) v.push_back(static_cast<uint32_t>(rng()));
  return v;
}

TEST(ConvertRtl, EncodersMatchTheReferenceOnBoundariesAndRandomInputs) {
  ConvertHarness h;
  std::mt19937_64 rng(test_seed());
  const std::vector<uint32_t> inputs = encode_inputs(rng);
  int failures = 0;
  auto report = [&](const char* what, int bits, uint32_t f, uint32_t got, uint32_t want) {
    if (got != want && failures++ < kMaxReported) {
      ADD_FAILURE() << what << bits << " of 0x" << std::hex << f << ": rtl 0x" << got << ", ref 0x"
                    << want;
    }
  };
  const int widths[] = {1, 2, 4, 5, 6, 8, 10, 16};
  for (size_t i = 0; i < inputs.size(); ++i) {
    const uint32_t f = inputs[i];
    const int bits = widths[i % 8];
    const ConvertHarness::Enc e = h.encode(f, bits);
    report("UNORM", bits, f, e.unorm, ref::f32_to_unorm(f, bits));
    if (bits >= 2) report("SNORM", bits, f, e.snorm, ref::f32_to_snorm(f, bits));
    report("sRGB", 8, f, e.srgb, ref::f32_to_srgb(f));
    const int small_bits = (i % 3 == 0) ? 16 : (i % 3 == 1 ? 11 : 10);
    const uint32_t small = h.encode(f, small_bits).fsmall;
    report("FLOAT", small_bits, f, small,
           small_bits == 16 ? ref::f32_to_f16(f)
                            : (small_bits == 11 ? ref::f32_to_f11(f) : ref::f32_to_f10(f)));
  }
  EXPECT_EQ(failures, 0);
}

TEST(ConvertRtl, UnquantisedSrgbEncodeIsCorrectlyRounded) {
  ConvertHarness h;
  std::mt19937_64 rng(test_seed() + 1);
  std::vector<uint32_t> v = {0x00000000, 0x80000000, 0x7FC00000, 0xBF800000, 0x3F800000,
                             0x3F7FFFFF, 0x40000000, 0x7F800000, 0x00800000, 0x3B4D2E1A,
                             0x3B4D2E1B, 0x3B4D2E1C, 0x3B4D2E1D};
  // Both ends of every 1/1024 of each binade of the power segment: the ends of the encoder's
  // polynomial segments (1/64 of a binade) among them. The whole segment: ctest -L exhaustive.
  for (uint32_t e = 118; e <= 126; ++e) {
    for (uint32_t part = 0; part < 1024; ++part) {
      const uint32_t b = (e << 23) | (part << 13);
      v.insert(v.end(), {b, b + 1, b - 1, b + 0x1FFF});
    }
  }
  // Exact ties of the linear segment (323 c / 25 halfway between two binary32 values) round to
  // even.
  for (uint32_t j = 335545; j < 335545 + 2000; ++j)
    v.push_back((110u << 23) | ((25 * j) & 0x7FFFFFu));
  std::uniform_int_distribution<uint32_t> unit_bits(0x00800000u, 0x3F800000u);
  std::uniform_int_distribution<uint32_t> power_bits(0x3B4D2E1Cu, 0x3F7FFFFFu);
  for (int i = 0; i < 100000; ++i) v.push_back(unit_bits(rng));
  for (int i = 0; i < 100000; ++i) v.push_back(power_bits(rng));
  int failures = 0;
  for (uint32_t f : v) {
    const uint32_t want = ref::f32_srgb_encode_unquantised(f);
    const uint32_t got = h.srgb_encode(f);
    if (got != want && failures++ < kMaxReported) {
      ADD_FAILURE() << std::hex << "encode 0x" << f << ": rtl 0x" << got << ", ref 0x" << want;
    }
  }
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace om::unit

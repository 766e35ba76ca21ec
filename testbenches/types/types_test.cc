// SPDX-License-Identifier: Apache-2.0
// The generated C++ of every packed om_pkg type against what Verilator makes of the generated
// SystemVerilog: om_types_probe reads each scalar by its member name from a packed image, and
//   * pack() of a struct with random fields puts every named field where SystemVerilog reads it;
//   * unpack_<type>() of a random image gives every named field SystemVerilog's value;
//   * every k<Type>Fields row (path, lsb, width) selects exactly that field's bits.
// A field reordered, resized or renamed on one side only fails here.
#include "om/gen/types.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include "Vom_types_probe.h"
#include "seed.h"

namespace om::unit {
namespace {

using Leaf = std::array<uint32_t, 4>;

// Random values of a given width.
class Bits {
 public:
  explicit Bits(uint64_t seed) : rng_(seed) {}
  uint32_t operator()(int width) {
    const uint32_t v = static_cast<uint32_t>(rng_());
    return width >= 32 ? v : v & ((1u << width) - 1u);
  }

 private:
  std::mt19937_64 rng_;
};

template <typename T>
struct Probe;
#include "types_probe.inc"

class TypesProbe {
 public:
  // The SystemVerilog value of scalar `leaf` of probe type `type` in the packed image `words`.
  template <size_t N>
  Leaf read(int type, int leaf, const std::array<uint32_t, N>& words) {
    for (size_t i = 0; i < kImageWords; ++i) dut_.image_i[i] = i < N ? words[i] : 0u;
    dut_.type_i = static_cast<uint8_t>(type);
    dut_.leaf_i = static_cast<uint16_t>(leaf);
    dut_.eval();
    return {dut_.leaf_o[0], dut_.leaf_o[1], dut_.leaf_o[2], dut_.leaf_o[3]};
  }

 private:
  static constexpr size_t kImageWords = sizeof(Vom_types_probe::image_i) / sizeof(uint32_t);
  Vom_types_probe dut_;
};

std::string hex(const Leaf& l) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%08x_%08x_%08x_%08x", l[3], l[2], l[1], l[0]);
  return buf;
}

template <typename T>
class PackedType : public ::testing::Test {};

using AllTypes =
    ::testing::Types<RtDesc, RtBind, State, Pixel, Perf, Px, Op, OpDst, WrReq, CfgInfo>;
TYPED_TEST_SUITE(PackedType, AllTypes);

TYPED_TEST(PackedType, PackPutsEveryNamedFieldWhereSystemVerilogReadsIt) {
  using P = Probe<TypeParam>;
  Bits rnd(test_seed());
  TypesProbe probe;
  for (int round = 0; round < 8; ++round) {
    TypeParam v;
    P::randomise(v, rnd);
    const auto image = pack(v);
    for (int i = 0; i < P::kLeaves; ++i) {
      ASSERT_EQ(hex(probe.read(P::kType, i, image)), hex(P::leaf(v, i)))
          << P::kName << "." << P::fields()[i].path << " (round " << round << ")";
    }
  }
}

TYPED_TEST(PackedType, UnpackGivesEveryNamedFieldSystemVerilogsValue) {
  using P = Probe<TypeParam>;
  Bits rnd(test_seed() + 1);
  TypesProbe probe;
  for (int round = 0; round < 8; ++round) {
    decltype(pack(TypeParam{})) image{};
    for (int b = 0; b < P::kBits; b += 32)
      image[b / 32] = rnd(P::kBits - b < 32 ? P::kBits - b : 32);
    const TypeParam v = P::unpack(image);
    for (int i = 0; i < P::kLeaves; ++i) {
      ASSERT_EQ(hex(P::leaf(v, i)), hex(probe.read(P::kType, i, image)))
          << P::kName << "." << P::fields()[i].path << " (round " << round << ")";
    }
    EXPECT_EQ(pack(v), image) << P::kName << ": pack(unpack(image)) != image";
  }
}

TYPED_TEST(PackedType, EveryFieldTableRowSelectsExactlyThatField) {
  using P = Probe<TypeParam>;
  TypesProbe probe;
  int next_lsb = 0;
  for (int i = 0; i < P::kLeaves; ++i) {
    const FieldInfo& f = P::fields()[i];
    ASSERT_EQ(f.lsb, next_lsb) << P::kName << "." << f.path << ": rows must tile the type";
    next_lsb = f.lsb + f.width;
    decltype(pack(TypeParam{})) image{};
    for (int b = f.lsb; b < f.lsb + f.width; ++b) image[b / 32] |= 1u << (b % 32);
    for (int j = 0; j < P::kLeaves; ++j) {
      Leaf want{};
      if (j == i) {
        for (int b = 0; b < f.width; ++b) want[b / 32] |= 1u << (b % 32);
      }
      ASSERT_EQ(hex(probe.read(P::kType, j, image)), hex(want))
          << P::kName << ": row " << f.path << " [" << f.lsb << " +: " << f.width << "], reading "
          << P::fields()[j].path;
    }
  }
  EXPECT_EQ(next_lsb, P::kBits) << P::kName;
}

}  // namespace
}  // namespace om::unit

// SPDX-License-Identifier: Apache-2.0
// The register <-> state_t codec generated from rtl/regs/om_csr.rdl (om/gen/state_codec.h): every
// state field survives encode/decode, lands in the register field the map names, and a value too
// wide for its field is reported by name.
#include "om/gen/state_codec.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "om/gen/regs.h"
#include "seed.h"

namespace om::unit {
namespace {

State random_state(std::mt19937& rng) {
  StateBits bits{};
  for (uint32_t& w : bits) w = rng();
  if (kStateBits % 32 != 0) bits.back() &= (1u << (kStateBits % 32)) - 1u;
  return unpack_state(bits);
}

TEST(StateCodec, DecodeOfEncodeGivesEveryFieldBack) {
  std::mt19937 rng(static_cast<uint32_t>(test_seed()));
  for (int i = 0; i < 200; ++i) {
    const State s = random_state(rng);
    EXPECT_EQ(regs::decode_state(regs::encode_state(s)), s) << "state " << i;
    EXPECT_EQ(regs::state_overflow(s), "") << "state " << i;
  }
}

TEST(StateCodec, DecodingOneWordChangesOnlyTheFieldsItHolds) {
  std::mt19937 rng(static_cast<uint32_t>(test_seed()));
  for (int n = 0; n < 20; ++n) {
    const State a = random_state(rng);
    const regs::StateWindow wb = regs::encode_state(random_state(rng));
    for (int i = 0; i < regs::kStateWords; ++i) {
      regs::StateWindow w = regs::encode_state(a);
      w[i] = wb[i];
      State s = a;
      regs::decode_state_word(s, i, wb[i]);
      EXPECT_EQ(s, regs::decode_state(w)) << "state " << n << ", word " << i;
    }
  }
}

TEST(StateCodec, FieldsLandWhereTheRegisterMapPutsThem) {
  State s;
  s.rt_desc[3].write_mask = 0xA;
  s.alpha_ref = 0x5C;
  s.ps_output_type[5] = 2;
  const regs::StateWindow w = regs::encode_state(s);
  const auto word = [&](uint32_t offset) { return w[(offset - regs::kStateBase) / 4]; };
  EXPECT_EQ(regs::rt_logic::kWriteMask.get(word(regs::rt_logic_offset(3))), 0xAu);
  EXPECT_EQ(regs::alpha_test::kRef.get(word(regs::kAlphaTest)), 0x5Cu);
  EXPECT_EQ((regs::ps_outputs::kType.get(word(regs::kPsOutputs)) >> 10) & 3u, 2u);
}

TEST(StateCodec, AValueTooWideForItsFieldIsNamed) {
  State s;
  s.rt_desc[6].src_blend = 40;
  EXPECT_EQ(regs::state_overflow(s), "RT[6].RT_BLEND.SRC_BLEND = 40 does not fit 5 bits");
  s = State{};
  s.ps_output_type[7] = 4;
  EXPECT_EQ(regs::state_overflow(s), "PS_OUTPUTS.TYPE = 4 does not fit 2 bits");
}

}  // namespace
}  // namespace om::unit

// SPDX-License-Identifier: Apache-2.0
// om_validate vectors TV54 and TV55 (docs/vectors.md).
#include <gtest/gtest.h>

#include "om/ref/caps.h"
#include "om/ref/om_validate.h"
#include "ref_validate_fixtures.h"

namespace om::ref {
namespace {

using testing::bind;
using testing::config;
using testing::kDualSource;
using testing::use;

TEST(OmValidate, Tv54DualSourceWithRt1Bound) {
  OmState s;
  bind(s, 0, Format::R8G8B8A8_UNORM);
  bind(s, 1, Format::R8G8B8A8_UNORM);
  use(s, kDualSource);
  for (const ConfigInfo& cfg : kConfigs) {
    if (static_cast<uint32_t>(cfg.fl) < 0xA000) continue;  // dual source exists from 10_0
    const ValidateResult r = om_validate(s, caps_from_config(cfg));
    EXPECT_EQ(static_cast<uint32_t>(r.result), 0x88760821u) << cfg.name;
    EXPECT_EQ(r.reasons, 1u << 7) << cfg.name;
    EXPECT_EQ(r.passes, 2u) << cfg.name;
  }
}

TEST(OmValidate, Tv55MixedBitDepthsAt9_3) {
  OmState s;
  bind(s, 0, Format::R8G8B8A8_UNORM);
  bind(s, 1, Format::R16G16B16A16_FLOAT);
  const ValidateResult r = om_validate(s, caps_from_config(config("fl9_3")));
  EXPECT_EQ(static_cast<uint32_t>(r.result), 0x88760818u);
  EXPECT_EQ(r.reasons, 1u << 4);
}

}  // namespace
}  // namespace om::ref

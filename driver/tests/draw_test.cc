// Draws and clears through the driver on every backend, checked texel by texel against the
// reference model computed from the state the test set.
#include "fixture.h"

namespace om::driver::test {
namespace {

class Draw : public DriverTest {};

TEST_P(Draw, OpaqueDrawWritesTheConvertedColour) {
  const std::vector<Format> fmts{Format::R8G8B8A8_UNORM};
  bind(fmts);
  declare_outputs(0x1);
  fill(fmts, 1, 2, 7);
  const ref::BlendDesc d;
  use_blend(d);
  const ref::PixelOut out =
      draw_and_check(expected_state(d, fmts), pixel(0.25f, 0.5f, 1.0f, 0.75f));
  EXPECT_TRUE(out.write[0]);
  // Spec §4.2: UNORM8 of 0.25, 0.5, 1.0, 0.75 = 64, 128, 255, 191.
  EXPECT_EQ(out.texel[0].w[0], 0xBFFF8040u);
}

INSTANTIATE_TEST_SUITE_P(Backends, Draw, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

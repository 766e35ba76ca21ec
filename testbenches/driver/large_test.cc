// SPDX-License-Identifier: Apache-2.0
// Work of legal but large size: a clear or draw longer than any fixed cycle budget finishes, needs
// memory bounded by the render target itself, and a backend that stops making progress loses the
// device with the reason instead of throwing through the driver. Model backend (the rtl backend
// runs the same harness and driver code, at a sixth of the speed).
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "fixture.h"
#include "om/driver/backend.h"
#include "om/driver/device.h"
#include "om/ref/convert.h"
#include "om/ref/fp32.h"

#if defined(__SANITIZE_ADDRESS__)  // GCC
#define OM_TEST_ASAN 1
#elif defined(__has_feature)  // clang
#if __has_feature(address_sanitizer)
#define OM_TEST_ASAN 1
#endif
#endif
#ifdef OM_TEST_ASAN
// The sanitizer runtimes' allocator statistics (clang's <sanitizer/allocator_interface.h>, which
// GCC does not install; GCC's libasan exports the same function).
extern "C" size_t __sanitizer_get_current_allocated_bytes();
#endif

namespace om::driver::test {
namespace {

// Memory this process holds, in bytes: its resident set (Linux). Under AddressSanitizer the
// resident set also holds the allocator's quarantine of freed blocks (256 MB by default, which the
// pixel chunks of one large clear fill: 499 MB of growth measured for the test below) and the
// shadow of everything, none of which the code under test keeps; there it is the bytes allocated
// and not yet freed, the allocator's own count.
uint64_t held_bytes() {
#ifdef OM_TEST_ASAN
  return __sanitizer_get_current_allocated_bytes();
#else
  std::ifstream statm("/proc/self/statm");
  uint64_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * 4096;
#endif
}

class LargeWork : public ::testing::Test {
 protected:
  void SetUp() override {
    register_builtin_backends();
    BackendOptions o;
    o.config = 4;  // fl11_1
    o.seed = 11;
    be_ = make_backend("model", o);
    ASSERT_EQ(Device::create(&be_->bus(), be_->pixels(), &dev_), Hresult::S_OK);
  }
  void bind(uint32_t w, uint32_t h) {
    RenderTargetView v;
    v.format = Format::R32G32B32A32_FLOAT;
    v.width = w;
    v.height = h;
    ASSERT_EQ(dev_->set_render_targets(1, &v, nullptr), Hresult::S_OK);
    std::array<PsOutputDesc, ref::kMaxRts> outs{};
    outs[0].written = true;  // the shader writes o0 (FLOAT)
    ASSERT_EQ(dev_->set_ps_outputs(outs), Hresult::S_OK);
  }
  std::unique_ptr<Backend> be_;
  std::unique_ptr<Device> dev_;
};

// 2048 x 2048 = 4.2 M clear commands: more cycles than the harness's old fixed budget of 2 M, and a
// single pixel list would have held 4.2 M pixel records.
TEST_F(LargeWork, ClearOfA2048SquareTargetFinishesInBoundedMemory) {
  constexpr uint32_t kW = 2048, kH = 2048;
  bind(kW, kH);
  const uint64_t before = held_bytes();
  const std::array<uint32_t, 4> color = {ref::f32_bits(0.25f), ref::f32_bits(0.5f),
                                         ref::f32_bits(0.75f), ref::f32_bits(1.0f)};
  ASSERT_EQ(dev_->clear(color), Hresult::S_OK) << dev_->last_error();
  const uint64_t grown = held_bytes() - before;
  const uint64_t texels = uint64_t{kW} * kH * sizeof(ref::Texel);
  // The memory holds the target (16 B a texel) plus its page tables; the pixel stream adds one
  // bounded chunk.
  EXPECT_LT(grown, texels + texels / 4 + (32u << 20)) << "grew by " << grown << " bytes";
  for (const auto& [x, y] : std::vector<std::pair<uint32_t, uint32_t>>{
           {0, 0}, {kW - 1, 0}, {0, kH - 1}, {kW - 1, kH - 1}, {1234, 567}}) {
    ref::Texel t;
    ASSERT_EQ(dev_->read_texel(0, x, y, &t), Hresult::S_OK);
    EXPECT_EQ(t.w, color) << "(" << x << ", " << y << ")";
  }
  EXPECT_EQ(dev_->validate().result, Hresult::S_OK);
}

TEST_F(LargeWork, ADrawLongerThanOneChunkKeepsItsOrder) {
  bind(16, 16);
  std::vector<Pixel> px;
  for (uint32_t i = 0; i < 3 * 4096 + 7; ++i) {  // every texel drawn many times, in order
    Pixel p;
    p.x = i % 16;
    p.y = (i / 16) % 16;
    p.px.oc[0] = {ref::f32_bits(static_cast<float>(i)), 0, 0, 0};
    px.push_back(p);
  }
  ASSERT_EQ(dev_->draw(px), Hresult::S_OK) << dev_->last_error();
  for (size_t j = px.size() - 256; j < px.size(); ++j) {  // the last write of every texel
    ref::Texel t;
    ASSERT_EQ(dev_->read_texel(0, px[j].x, px[j].y, &t), Hresult::S_OK);
    EXPECT_EQ(t.w[0], px[j].px.oc[0][0]) << "(" << px[j].x << ", " << px[j].y << ")";
  }
}

// A pixel port whose backend gives up (a watchdog or an RTL assertion throws inside submit()).
class StuckPixels final : public ForwardingPixels {
 public:
  using ForwardingPixels::ForwardingPixels;
  bool submit(const std::vector<SampleTransfer>&) override {
    throw std::runtime_error("run_until_idle: input not drained (test)");
  }
};

TEST_F(LargeWork, ABackendThatGivesUpLosesTheDeviceWithItsReason) {
  StuckPixels stuck(be_->pixels());
  std::unique_ptr<Device> dev;
  ASSERT_EQ(Device::create(&be_->bus(), &stuck, &dev), Hresult::S_OK);
  RenderTargetView v;
  ASSERT_EQ(dev->set_render_targets(1, &v, nullptr), Hresult::S_OK);
  const std::vector<Pixel> px(4);
  EXPECT_EQ(dev->draw(px), Hresult::D3DERR_DEVICELOST);
  EXPECT_NE(dev->last_error().find("draw: run_until_idle: input not drained (test); device lost"),
            std::string::npos)
      << dev->last_error();
  EXPECT_EQ(dev->clear({0, 0, 0, 0}), Hresult::D3DERR_DEVICELOST);  // lost until reset()
  EXPECT_EQ(dev->validate().result, Hresult::D3DERR_DEVICELOST);
}

}  // namespace
}  // namespace om::driver::test

// SPDX-License-Identifier: Apache-2.0
// Fixture of the driver suite: one test body runs against every registered backend ("model",
// "rtl", and any added later) for every named configuration. Expected values come from the
// reference model and docs/, computed here from what the test asked for; registers are read
// back over the backend's bus, not through the driver.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "om/driver/backend.h"
#include "om/driver/device.h"
#include "om/ref/fp32.h"
#include "om/ref/pixel.h"

namespace om::driver::test {

struct Param {
  std::string backend;
  int config = 0;
};

inline void PrintTo(const Param& p, std::ostream* os) {
  *os << p.backend << "/" << kConfigs[p.config].name;
}

/// Every registered backend x every configuration.
std::vector<Param> all_params();
/// "model_fl9_1", ...
std::string param_name(const ::testing::TestParamInfo<Param>& info);

/// binary32 bits of a float.
inline uint32_t f(float v) { return ref::f32_bits(v); }

class DriverTest : public ::testing::TestWithParam<Param> {
 protected:
  void SetUp() override;

  Device& dev() { return *dev_; }
  Backend& be() { return *be_; }
  const ConfigInfo& cfg() const { return kConfigs[GetParam().config]; }
  FeatureLevel fl() const { return cfg().fl; }
  bool fl_at_least(FeatureLevel x) const {
    return static_cast<uint32_t>(fl()) >= static_cast<uint32_t>(x);
  }
  bool has_pixels() { return be_->pixels() != nullptr; }

  /// Every read-write state register, read over the backend's bus.
  RegImage read_state_registers();
  /// The raw value of one register over the bus (test fails on a bus error).
  uint32_t read_reg(uint32_t offset);

  /// Binds `formats` to slots 0.. (kNoView leaves a slot empty), all w x h; asserts S_OK.
  void bind(const std::vector<Format>& formats, uint32_t w = 4, uint32_t h = 4);
  /// Declares o[i] for the bit set in `mask` with component type by the bound format's class.
  void declare_outputs(uint32_t mask);
  /// create_blend_state1 + set_blend_state; asserts S_OK; returns the handle.
  BlendState use_blend(const ref::BlendDesc& d, const std::array<uint32_t, 4>* k = nullptr,
                       uint32_t sample_mask = 0xFFFFFFFFu);

  /// Draws one pixel at (x, y) and checks every slot against om::ref::process_pixel on `ps` (the
  /// test's own statement of the state) and the texels before the draw. Fails the test on a
  /// difference; returns the reference output.
  ref::PixelOut draw_and_check(const ref::PixelState& ps, const ref::PixelIn& px, uint32_t x = 1,
                               uint32_t y = 2, const std::string& what = "");
  /// The PixelState the test expects for the bound formats (slots < max_rts of the config).
  ref::PixelState expected_state(const ref::BlendDesc& blend,
                                 const std::vector<Format>& formats) const;
  /// Random texels (masked to the format) in every bound slot at (x, y).
  void fill(const std::vector<Format>& formats, uint32_t x, uint32_t y, uint64_t seed);

  std::unique_ptr<Backend> be_;
  std::unique_ptr<Device> dev_;
  std::vector<Format> bound_;  // what bind() bound, by slot
  uint32_t declared_ = 0;      // what declare_outputs() declared
};

/// A pixel with every output o[i] = (r, g, b, a) as binary32 bits.
ref::PixelIn pixel(float r, float g, float b, float a);

/// RT 0 blending src * S op dst * D, its alpha equation the same with the alpha-slot equivalents.
ref::BlendDesc blend(Blend src, Blend dst, BlendOp op = BlendOp::ADD);

/// A bus that passes everything through except reads of the registers in `patch`, which answer
/// with its value.
class PatchedBus : public RegisterBus {
 public:
  PatchedBus(RegisterBus& inner, std::map<uint32_t, uint32_t> patch)
      : inner_(inner), patch_(std::move(patch)) {}
  BusResult read(uint32_t addr) override {
    const auto it = patch_.find(addr);
    if (it != patch_.end()) return BusResult{BusStatus::kOk, it->second};
    return inner_.read(addr);
  }
  BusResult write(uint32_t addr, uint32_t data) override { return inner_.write(addr, data); }

 private:
  RegisterBus& inner_;
  std::map<uint32_t, uint32_t> patch_;
};

/// Another backend's pixel port with only its pixel stream and render-target memory: no
/// depth-stencil buffer (depth_stencil() nullptr). Tests override submit() to make it misbehave.
class ForwardingPixels : public PixelPort {
 public:
  explicit ForwardingPixels(PixelPort* inner) : inner_(inner) {}
  bool submit(const std::vector<SampleTransfer>& transfers) override {
    return inner_->submit(transfers);
  }
  ref::Texel read_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s) const override {
    return inner_->read_texel(rt, x, y, s);
  }
  void write_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s, const ref::Texel& t) override {
    inner_->write_texel(rt, x, y, s, t);
  }

 private:
  PixelPort* inner_;
};

}  // namespace om::driver::test

// SPDX-License-Identifier: Apache-2.0
// ValidateDevice through the driver (docs/validation.md §7): results equal om::ref::om_validate on
// the state the test set (and the code docs/validation.md §7 gives each case), the staleness
// contract of §6, device lost (the OM held in reset, STATUS.INITIALISED low) and internal errors
// (registers that no longer hold what the driver programmed, illegal encodings latched in a state
// register).
#include <functional>

#include "fixture.h"
#include "om/gen/regs.h"
#include "om/ref/om_validate.h"

namespace om::driver::test {
namespace {

// A state the test sets through the driver and states independently for the reference validator.
struct Scene {
  ref::BlendDesc blend;
  std::vector<RenderTargetView> views;
  std::array<PsOutputDesc, ref::kMaxRts> ps{};
};

class Validate : public DriverTest {
 protected:
  void apply(const Scene& s) {
    use_blend(s.blend);
    ASSERT_EQ(
        dev().set_render_targets(static_cast<uint32_t>(s.views.size()), s.views.data(), nullptr),
        Hresult::S_OK)
        << dev().last_error();
    ASSERT_EQ(dev().set_ps_outputs(s.ps), Hresult::S_OK) << dev().last_error();
  }

  // The test's own OmState for a scene (docs/validation.md §7 inputs).
  ref::OmState om_state(const Scene& s) const {
    ref::OmState st;
    st.blend = ref::normalise(s.blend);
    for (size_t i = 0; i < s.views.size(); ++i) {
      const RenderTargetView& v = s.views[i];
      if (v.format == kNoView) continue;
      ref::RtBinding& b = st.rt[i];
      b.bound = true;
      b.format = v.format;
      b.width = v.width;
      b.height = v.height;
      b.array_size = v.array_size;
      b.sample_count = v.sample_count;
      b.type = v.type;
      b.cube = v.cube;
    }
    for (int i = 0; i < ref::kMaxRts; ++i) {
      st.ps_output[i].written = s.ps[i].written;
      st.ps_output[i].type = s.ps[i].type;
      st.ps_output[i].mask = s.ps[i].mask;
    }
    return st;
  }

  // validate() equals the reference validator on the scene; returns the outcome.
  ValidateOutcome check(const Scene& s, const std::string& what) {
    apply(s);
    const ValidateOutcome got = dev().validate();
    const ref::ValidateResult want = ref::om_validate(om_state(s), ref::caps_from_config(cfg()));
    EXPECT_EQ(got.result, want.result) << what << ": " << dev().last_error();
    EXPECT_EQ(got.reasons, want.reasons) << what;
    EXPECT_EQ(got.passes, want.passes) << what;
    EXPECT_EQ(got.rt, want.rt) << what;
    return got;
  }

  static Scene simple(Format f = Format::R8G8B8A8_UNORM, int n = 1) {
    Scene s;
    for (int i = 0; i < n; ++i) {
      RenderTargetView v;
      v.format = f;
      v.width = v.height = 4;
      s.views.push_back(v);
      s.ps[i].written = true;
    }
    return s;
  }
};

constexpr uint32_t bit(ValidateReason r) { return ref::reason_bit(r); }

TEST_P(Validate, ABoundTargetWithADeclaredOutputPassesInOnePass) {
  const ValidateOutcome v = check(simple(), "one RGBA8 target");
  EXPECT_EQ(v.result, Hresult::S_OK);
  EXPECT_EQ(v.passes, 1u);
  EXPECT_EQ(v.reasons, 0u);
}

TEST_P(Validate, DrawTimeChecksMatchTheReferenceValidator) {
  const int max_rts = cfg().max_rts;
  {  // Too many render targets (check 2): pass count ceil(n / max).
    if (max_rts < 8) {
      const ValidateOutcome v = check(simple(Format::R8G8B8A8_UNORM, max_rts + 1), "max + 1 RTs");
      EXPECT_EQ(v.result, Hresult::D3DERR_TOOMANYOPERATIONS);
      EXPECT_TRUE(v.reasons & bit(ValidateReason::TOO_MANY_RTS));
      EXPECT_EQ(v.rt, max_rts);
    }
  }
  {  // PS output type differs from the RT class (check 9).
    Scene s = simple();
    s.ps[0].type = ref::PsOutputType::UINT;
    const ValidateOutcome v = check(s, "uint output to a UNORM target");
    EXPECT_EQ(v.result, Hresult::D3DERR_CONFLICTINGRENDERSTATE);
    EXPECT_TRUE(v.reasons & bit(ValidateReason::PS_OUTPUT_TYPE));
  }
  if (max_rts >= 2) {  // Views of different array sizes (check 3).
    Scene s = simple(Format::R8G8B8A8_UNORM, 2);
    s.views[1].array_size = 2;
    const ValidateOutcome v = check(s, "array sizes differ");
    EXPECT_EQ(v.result, Hresult::D3DERR_CONFLICTINGRENDERSTATE);
    EXPECT_TRUE(v.reasons & bit(ValidateReason::RT_MISMATCH));
    EXPECT_EQ(v.rt, 1);
  }
  if (max_rts >= 2) {  // MRT of different bit depths (check 4): only without independent depths.
    Scene s = simple(Format::R8G8B8A8_UNORM, 2);
    s.views[1].format = Format::R16G16B16A16_FLOAT;
    const ValidateOutcome v = check(s, "RGBA8 + RGBA16F");
    EXPECT_EQ((v.reasons & bit(ValidateReason::MRT_BIT_DEPTH)) != 0,
              !fl_at_least(FeatureLevel::FL_10_0));
  }
  if (fl_at_least(FeatureLevel::FL_10_0)) {
    {  // Blending on an integer target (check 5).
      Scene s = simple(Format::R8G8B8A8_UINT);
      s.ps[0].type = ref::PsOutputType::UINT;
      s.blend.render_target[0].blend_enable = true;
      const ValidateOutcome v = check(s, "blend on R8G8B8A8_UINT");
      EXPECT_EQ(v.result, Hresult::D3DERR_WRONGTEXTUREFORMAT);
      EXPECT_TRUE(v.reasons & bit(ValidateReason::BLEND_NOT_BLENDABLE));
      EXPECT_EQ(v.rt, 0);
    }
    {  // Dual source with slot 1 bound (check 7): two passes.
      Scene s = simple(Format::R8G8B8A8_UNORM, 2);
      s.blend.render_target[0].blend_enable = true;
      s.blend.render_target[0].dest_blend = Blend::INV_SRC1_ALPHA;
      const ValidateOutcome v = check(s, "dual source with RT 1");
      EXPECT_EQ(v.result, Hresult::D3DERR_CONFLICTINGRENDERSTATE);
      EXPECT_TRUE(v.reasons & bit(ValidateReason::DUAL_SOURCE_MRT));
      EXPECT_EQ(v.passes, 2u);
    }
  }
  if (cfg().logic_op) {  // Logic op with a UNORM target (check 6).
    Scene s = simple();
    s.blend.render_target[0].logic_op_enable = true;
    s.blend.render_target[0].logic_op = LogicOp::XOR;
    const ValidateOutcome v = check(s, "logic op on RGBA8 UNORM");
    EXPECT_EQ(v.result, Hresult::D3DERR_WRONGTEXTUREFORMAT);
    EXPECT_TRUE(v.reasons & bit(ValidateReason::LOGIC_NOT_UINT));
  }
  {  // A cube face with a Texture2D depth buffer (check 16) follows D3D9_OPTIONS1 bit 3.
    Scene s = simple();
    s.views[0].cube = true;
    apply(s);
    DepthStencilView ds;
    ds.width = ds.height = 4;
    ASSERT_EQ(dev().set_render_targets(1, s.views.data(), &ds), Hresult::S_OK);
    const ValidateOutcome v = dev().validate();
    ref::OmState st = om_state(s);
    st.dsv.bound = true;
    st.dsv.width = st.dsv.height = 4;
    const ref::ValidateResult want = ref::om_validate(st, ref::caps_from_config(cfg()));
    EXPECT_EQ(v.result, want.result);
    EXPECT_EQ(v.reasons, want.reasons);
    const bool supported = fl_at_least(FeatureLevel::FL_10_0) || (cfg().d3d9_options1 & 8) != 0;
    EXPECT_EQ((v.reasons & bit(ValidateReason::CUBE_FACE_DS)) != 0, !supported);
  }
}

TEST_P(Validate, AResultIsStaleAfterAnyStateChange) {
  apply(simple());
  ValidateOutcome v = dev().validate();
  ASSERT_EQ(v.result, Hresult::S_OK);
  EXPECT_TRUE(dev().is_current(v));
  // A draw and a failed call change no state.
  ASSERT_EQ(dev().draw({Pixel{}}), Hresult::S_OK);
  EXPECT_EQ(dev().set_color_write_enable(9, 0xF), Hresult::E_INVALIDARG);
  EXPECT_TRUE(dev().is_current(v));
  const std::vector<std::function<Hresult()>> changes = {
      [&] { return dev().set_blend_state(0, nullptr, 0xFFFFFFFFu); },
      [&] { return dev().set_ps_outputs(simple().ps); },
      [&] { return dev().set_render_targets(0, nullptr, nullptr); },
      [&] { return dev().set_d3d9_mode(true); },
      [&] { return dev().set_alpha_test(true, CmpFunc::GREATER, 7); },
      [&] {
        return dev().set_fog(true, {{f(0.5f), 0, 0}});
      },
      [&] { return dev().set_color_write_enable(1, 0x3); },
      [&] { return dev().reset(); },
  };
  for (size_t i = 0; i < changes.size(); ++i) {
    v = dev().validate();
    ASSERT_TRUE(dev().is_current(v));
    ASSERT_EQ(changes[i](), Hresult::S_OK) << "change " << i << ": " << dev().last_error();
    EXPECT_FALSE(dev().is_current(v)) << "change " << i;
  }
}

TEST_P(Validate, AnOmHeldInResetIsALostDeviceUntilReset) {
  apply(simple());
  const RegImage before = read_state_registers();
  be().hold_reset(true);
  ValidateOutcome v = dev().validate();
  EXPECT_EQ(v.result, Hresult::D3DERR_DEVICELOST);
  EXPECT_EQ(v.reasons, bit(ValidateReason::NOT_INITIALISED));
  EXPECT_EQ(v.passes, 0u);
  EXPECT_EQ(dev().set_blend_state(0, nullptr, 0x1), Hresult::D3DERR_DEVICELOST);
  EXPECT_EQ(dev().draw({Pixel{}}), Hresult::D3DERR_DEVICELOST);
  EXPECT_EQ(dev().reset(), Hresult::D3DERR_DEVICELOST);
  be().hold_reset(false);
  // Still lost (D3D9: until Reset), although the OM answers again with its reset values.
  EXPECT_EQ(dev().validate().result, Hresult::D3DERR_DEVICELOST);
  EXPECT_NE(read_state_registers(), before);
  ASSERT_EQ(dev().reset(), Hresult::S_OK) << dev().last_error();
  v = dev().validate();
  EXPECT_EQ(v.result, Hresult::S_OK) << dev().last_error();
  apply(simple());
  EXPECT_EQ(read_state_registers(), before);
  EXPECT_EQ(dev().validate().result, Hresult::S_OK);
}

// What the driver sees of an OM whose power-up has not finished: STATUS.INITIALISED reads 0 while
// `uninitialised` is set. om_top ties init_done_i high, so no backend can drive it low.
class UninitialisedBus final : public RegisterBus {
 public:
  explicit UninitialisedBus(RegisterBus& bus) : bus_(bus) {}
  BusResult read(uint32_t addr) override {
    BusResult r = bus_.read(addr);
    if (uninitialised && addr == regs::kStatus && r.ok()) {
      r.data = regs::status::kInitialised.put(r.data, 0);
    }
    return r;
  }
  BusResult write(uint32_t addr, uint32_t data) override { return bus_.write(addr, data); }
  bool uninitialised = false;

 private:
  RegisterBus& bus_;
};

TEST_P(Validate, AnUninitialisedOmIsALostDevice) {
  EXPECT_EQ(regs::status::kInitialised.get(read_reg(regs::kStatus)), 1u);
  UninitialisedBus bus(be().bus());
  ASSERT_EQ(Device::create(&bus, be().pixels(), &dev_), Hresult::S_OK);
  apply(simple());
  EXPECT_EQ(dev().validate().result, Hresult::S_OK);
  bus.uninitialised = true;
  const ValidateOutcome v = dev().validate();
  EXPECT_EQ(v.result, Hresult::D3DERR_DEVICELOST);
  EXPECT_TRUE(v.reasons & bit(ValidateReason::NOT_INITIALISED));
  EXPECT_EQ(dev().draw({Pixel{}}), Hresult::D3DERR_DEVICELOST);
  bus.uninitialised = false;
  EXPECT_EQ(dev().validate().result, Hresult::S_OK);  // not sticky: the bus kept answering
  dev_.reset();                                       // before `bus` goes
}

TEST_P(Validate, AnIllegalEncodingLatchedInAStateRegisterIsAnInternalError) {
  apply(simple());
  // Behind the driver's back: RT 0's SrcBlend := 12 (docs/behaviour.md §2.2), blending on.
  const uint32_t off = regs::rt_blend_offset(0);
  uint32_t v = read_reg(off);
  v = regs::rt_blend::kSrcBlend.put(v, 12);
  v = regs::rt_blend::kBlendEnable.put(v, 1);
  ASSERT_TRUE(be().bus().write(off, v).ok());
  const ValidateOutcome got = dev().validate();
  EXPECT_EQ(got.result, Hresult::D3DERR_DRIVERINTERNALERROR);
  EXPECT_TRUE(got.reasons & bit(ValidateReason::INTERNAL_ERROR));
  EXPECT_EQ(got.passes, 0u);
  // Reset() reprograms every register.
  ASSERT_EQ(dev().reset(), Hresult::S_OK);
  EXPECT_EQ(dev().validate().result, Hresult::S_OK);
}

TEST_P(Validate, ALegalValueTheDriverDidNotProgramIsAnInternalError) {
  apply(simple());
  ASSERT_TRUE(be().bus().write(regs::blend_factor_offset(2), f(0.5f)).ok());
  const ValidateOutcome got = dev().validate();
  EXPECT_EQ(got.result, Hresult::D3DERR_DRIVERINTERNALERROR);
  EXPECT_EQ(got.reasons, bit(ValidateReason::INTERNAL_ERROR));
}

INSTANTIATE_TEST_SUITE_P(Backends, Validate, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

// SPDX-License-Identifier: Apache-2.0
// CreateBlendState1 on any description (illegal encodings included): om::ref's check is total and
// deterministic, validate_blend_desc agrees with it, normalise() is idempotent, and the driver over
// the cycle model (capabilities read from its registers) answers what om::ref answers for the
// configuration; an accepted description created twice is one live object.
#include <memory>

#include "input.h"
#include "om/driver/backend.h"
#include "om/driver/device.h"
#include "om/ref/validate.h"

namespace {

using om::Hresult;
using om::fuzz::fail;

om::driver::Device& device(int cfg) {
  static std::unique_ptr<om::driver::Backend> backends[om::kNumConfigs];
  static std::unique_ptr<om::driver::Device> devices[om::kNumConfigs];
  if (!devices[cfg]) {
    om::driver::register_builtin_backends();
    om::driver::BackendOptions o;
    o.config = cfg;
    backends[cfg] = om::driver::make_backend("model", o);
    if (om::driver::Device::create(&backends[cfg]->bus(), backends[cfg]->pixels(), &devices[cfg]) !=
        Hresult::S_OK) {
      fail("Device::create over the model backend");
    }
  }
  return *devices[cfg];
}

om::ref::BlendDesc decode(om::fuzz::Input& in) {
  om::ref::BlendDesc d;
  d.alpha_to_coverage_enable = in.u8() & 1;
  d.independent_blend_enable = in.u8() & 1;
  for (om::ref::RtBlendDesc& rt : d.render_target) {
    const uint32_t flags = in.u8();
    rt.blend_enable = flags & 1;
    rt.logic_op_enable = flags & 2;
    // Factor and op codes beyond the legal ones (0, 12, 13, 20+, op 0 and 6+, logic op 16+).
    rt.src_blend = static_cast<om::Blend>(in.u8() % 24);
    rt.dest_blend = static_cast<om::Blend>(in.u8() % 24);
    rt.blend_op = static_cast<om::BlendOp>(in.u8() % 8);
    rt.src_blend_alpha = static_cast<om::Blend>(in.u8() % 24);
    rt.dest_blend_alpha = static_cast<om::Blend>(in.u8() % 24);
    rt.blend_op_alpha = static_cast<om::BlendOp>(in.u8() % 8);
    rt.logic_op = static_cast<om::LogicOp>(in.u8() % 18);
    rt.render_target_write_mask = flags & 4 ? in.u16() : in.u8() & 0xF;
  }
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  om::fuzz::Input in(data, size);
  const int cfg = static_cast<int>(in.u8() % om::kNumConfigs);
  const om::ConfigInfo& c = om::kConfigs[cfg];
  const om::ref::BlendDesc d = decode(in);
  const Hresult want = om::ref::check_blend_desc(&d, c.fl, c.logic_op).hr;
  if (want != Hresult::S_OK && want != Hresult::E_INVALIDARG) fail("check: not S_OK/E_INVALIDARG");
  if (om::ref::check_blend_desc(&d, c.fl, c.logic_op).hr != want) fail("check: not deterministic");
  if (om::ref::validate_blend_desc(&d, c) != want) fail("validate_blend_desc != check_blend_desc");
  const om::ref::BlendDesc n = om::ref::normalise(d);
  if (om::ref::normalise(n) != n) fail("normalise is not idempotent");
  om::driver::Device& dev = device(cfg);
  om::driver::BlendState s1 = 0, s2 = 0;
  const Hresult got = dev.create_blend_state1(&d, &s1);
  if (got != want) fail("Device::create_blend_state1 differs from om::ref's check");
  if (got != Hresult::S_OK) return 0;
  if (dev.create_blend_state1(&d, &s2) != Hresult::S_OK || s2 != s1) {
    fail("the same description did not return the live object");
  }
  om::ref::BlendDesc back;
  if (dev.get_desc1(s1, &back) != Hresult::S_OK || back != n) fail("GetDesc1 != normalise(desc)");
  uint32_t count = 0;
  if (dev.release(s1, &count) != Hresult::S_OK || count != 1) fail("release after two creates");
  if (dev.release(s1, &count) != Hresult::S_OK || count != 0) fail("last release");
  if (dev.live_blend_states() != 0) fail("objects left live");
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
#include "om/driver/reg_image.h"

#include <stdexcept>
#include <string>

#include "om/gen/regs.h"
#include "om/gen/state_codec.h"
#include "om/ref/hw_state.h"

namespace om::driver {
namespace {

namespace rg = om::regs;

uint32_t reg_or_reset(const RegImage& image, uint32_t offset) {
  const auto it = image.find(offset);
  if (it != image.end()) return it->second;
  const rg::RegInfo* r = rg::find_reg(offset);
  return r == nullptr ? 0u : r->reset;
}

}  // namespace

const std::vector<uint32_t>& state_register_offsets() {
  static const std::vector<uint32_t> offsets = [] {
    std::vector<uint32_t> v;
    for (const rg::RegInfo& r : rg::kRegs) {
      if (r.access == rg::Access::kRW) v.push_back(r.offset);
    }
    return v;
  }();
  return offsets;
}

RegImage encode(const HwState& s) {
  const State st =
      ref::to_state(s.blend, s.blend_factor, s.sample_mask, s.d3d9, s.ps_declared, s.ps_type, s.rt);
  const std::string overflow = rg::state_overflow(st);
  if (!overflow.empty()) throw std::out_of_range("encode: " + overflow);
  const rg::StateWindow w = rg::encode_state(st);
  RegImage im;
  for (uint32_t offset : state_register_offsets()) im[offset] = w[(offset - rg::kStateBase) / 4];
  return im;
}

HwState decode(const RegImage& image) {
  rg::StateWindow w{};
  for (uint32_t offset : state_register_offsets()) {
    w[(offset - rg::kStateBase) / 4] = reg_or_reset(image, offset);
  }
  const State st = rg::decode_state(w);
  HwState s;
  s.blend = ref::blend_desc(st);
  s.blend_factor = st.blend_factor;
  s.sample_mask = st.sample_mask;
  s.d3d9 = ref::d3d9_state(st);
  s.ps_declared = st.ps_outputs;
  s.ps_type = st.ps_output_type;
  s.rt = st.rt_bind;
  return s;
}

}  // namespace om::driver

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

RegImage encode(const State& s) {
  const std::string overflow = rg::state_overflow(s);
  if (!overflow.empty()) throw std::out_of_range("encode: " + overflow);
  const rg::StateWindow w = rg::encode_state(s);
  RegImage im;
  for (uint32_t offset : state_register_offsets()) im[offset] = w[(offset - rg::kStateBase) / 4];
  return im;
}

State decode(const RegImage& image) {
  rg::StateWindow w{};
  for (uint32_t offset : state_register_offsets()) {
    w[(offset - rg::kStateBase) / 4] = reg_or_reset(image, offset);
  }
  return rg::decode_state(w);
}

}  // namespace om::driver

// SPDX-License-Identifier: Apache-2.0
#include "om/sim/regfile.h"

#include "om/gen/regs.h"
#include "om/gen/state_codec.h"
#include "om/ref/convert.h"
#include "om/ref/hw_state.h"

namespace om::sim {
namespace {

namespace r = om::regs;

uint32_t strobe_bits(uint32_t strb) {
  uint32_t m = 0;
  for (int i = 0; i < 4; ++i) {
    if ((strb >> i) & 1u) m |= 0xFFu << (8 * i);
  }
  return m;
}

}  // namespace

StateRegs::StateRegs() {
  for (const r::RegInfo& ri : r::kRegs) {
    if (is_state_reg(ri.offset)) v_[(ri.offset - kBase) / 4] = ri.reset;
  }
}

bool StateRegs::is_state_reg(uint32_t addr) {
  if (addr < kBase || addr >= kBase + 4u * regs::kStateWords) return false;
  const r::RegInfo* ri = r::find_reg(addr);
  return ri != nullptr && ri->access == r::Access::kRW;
}

void StateRegs::write(uint32_t addr, uint32_t data, uint32_t strb) {
  if (!is_state_reg(addr)) return;
  const uint32_t mask = r::find_reg(addr)->write_mask & strobe_bits(strb);
  uint32_t& reg = v_[(addr - kBase) / 4];
  reg = (reg & ~mask) | (data & mask);
}

uint32_t StateRegs::value(uint32_t addr) const {
  return is_state_reg(addr) ? v_[(addr - kBase) / 4] : 0u;
}

DrawState StateRegs::decode() const {
  const State st = r::decode_state(v_);
  DrawState s;
  s.blend = ref::blend_desc(st);
  s.k = st.blend_factor;
  s.sample_mask = st.sample_mask;
  s.ps_outputs = st.ps_outputs;
  s.d3d9 = ref::d3d9_state(st);
  s.rt = st.rt_bind;
  return s;
}

uint32_t StateRegs::ps_output_types() const {
  return r::ps_outputs::kType.get(value(r::kPsOutputs));
}

std::vector<std::pair<uint32_t, uint32_t>> StateRegs::encode(const DrawState& s,
                                                             uint32_t ps_types) {
  std::array<uint32_t, kMaxRts> types{};
  for (int i = 0; i < kMaxRts; ++i) types[i] = (ps_types >> (2 * i)) & 3u;
  const r::StateWindow w = r::encode_state(
      ref::to_state(s.blend, s.k, s.sample_mask, s.d3d9, s.ps_outputs, types, s.rt));
  std::vector<std::pair<uint32_t, uint32_t>> out;
  for (int i = 0; i < r::kStateWords; ++i) {
    const uint32_t addr = r::kStateBase + 4u * static_cast<uint32_t>(i);
    if (is_state_reg(addr)) out.emplace_back(addr, w[i]);
  }
  return out;
}

DrawState bound_state(const DrawState& s) {
  DrawState b = s;
  for (RtBind& rt : b.rt) {
    if (rt.format != 0 && ref::find_format(rt.format) == nullptr) rt.format = 0;
  }
  return b;
}

}  // namespace om::sim

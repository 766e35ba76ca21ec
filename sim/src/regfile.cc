// SPDX-License-Identifier: Apache-2.0
#include "om/sim/regfile.h"

#include <array>

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

// The read-write registers of the state window by word, with their write masks: one lookup
// instead of find_reg()'s search, as the harness asks on every bus transfer and the stimulus on
// every state write it derives.
struct RwWord {
  bool rw = false;
  uint32_t write_mask = 0;
};

const std::array<RwWord, regs::kStateWords>& rw_words() {
  static const std::array<RwWord, regs::kStateWords> kWords = [] {
    std::array<RwWord, regs::kStateWords> t{};
    for (const r::RegInfo& ri : r::kRegs) {
      if (ri.offset >= regs::kStateBase && ri.offset < regs::kStateBase + 4u * regs::kStateWords &&
          ri.access == r::Access::kRW) {
        t[(ri.offset - regs::kStateBase) / 4] = {true, ri.write_mask};
      }
    }
    return t;
  }();
  return kWords;
}

}  // namespace

StateRegs::StateRegs() {
  for (const r::RegInfo& ri : r::kRegs) {
    if (is_state_reg(ri.offset)) v_[(ri.offset - kBase) / 4] = ri.reset;
  }
}

bool StateRegs::is_state_reg(uint32_t addr) {
  if (addr < kBase || addr >= kBase + 4u * regs::kStateWords || (addr & 3u) != 0) return false;
  return rw_words()[(addr - kBase) / 4].rw;
}

void StateRegs::write(uint32_t addr, uint32_t data, uint32_t strb) {
  if (!is_state_reg(addr)) return;
  const uint32_t mask = rw_words()[(addr - kBase) / 4].write_mask & strobe_bits(strb);
  uint32_t& reg = v_[(addr - kBase) / 4];
  reg = (reg & ~mask) | (data & mask);
}

uint32_t StateRegs::value(uint32_t addr) const {
  return is_state_reg(addr) ? v_[(addr - kBase) / 4] : 0u;
}

State StateRegs::decode() const { return r::decode_state(v_); }

std::vector<std::pair<uint32_t, uint32_t>> StateRegs::encode(const State& s) {
  const r::StateWindow w = r::encode_state(s);
  std::vector<std::pair<uint32_t, uint32_t>> out;
  for (int i = 0; i < r::kStateWords; ++i) {
    const uint32_t addr = r::kStateBase + 4u * static_cast<uint32_t>(i);
    if (is_state_reg(addr)) out.emplace_back(addr, w[i]);
  }
  return out;
}

State bound_state(const State& s) {
  State b = s;
  for (RtBind& rt : b.rt_bind) {
    if (rt.format != 0 && ref::find_format(rt.format) == nullptr) rt.format = 0;
  }
  return b;
}

}  // namespace om::sim

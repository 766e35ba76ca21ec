// SPDX-License-Identifier: Apache-2.0
#include "om/sim/regfile.h"

#include "om/gen/regs.h"
#include "om/ref/convert.h"

namespace om::sim {
namespace {

namespace r = om::regs;

uint32_t u(bool b) { return b ? 1u : 0u; }

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
  if (addr < kBase || addr >= kBase + 0x100) return false;
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
  DrawState s;
  const uint32_t ctrl = value(r::kCtrl);
  s.blend.independent_blend_enable = r::ctrl::kIndependentBlendEnable.get(ctrl) != 0;
  s.blend.alpha_to_coverage_enable = r::ctrl::kAlphaToCoverageEnable.get(ctrl) != 0;
  s.sample_mask = value(r::kSampleMask);
  for (uint32_t c = 0; c < 4; ++c) s.k[c] = value(r::blend_factor_offset(c));
  const uint32_t at = value(r::kAlphaTest);
  s.d3d9.alpha_test_enable = r::alpha_test::kEnable.get(at) != 0;
  s.d3d9.alpha_func = static_cast<CmpFunc>(r::alpha_test::kFunc.get(at));
  s.d3d9.alpha_ref = r::alpha_test::kRef.get(at);
  s.d3d9.fog_enable = r::fog::kEnable.get(value(r::kFog)) != 0;
  for (uint32_t c = 0; c < 3; ++c) s.d3d9.fog_color[c] = value(r::fog_color_offset(c));
  s.ps_outputs = r::ps_outputs::kDeclared.get(value(r::kPsOutputs));
  for (uint32_t i = 0; i < ref::kMaxRts; ++i) {
    s.rt[i].format = r::rt_format::kDxgi.get(value(r::rt_format_offset(i)));
    const uint32_t size = value(r::rt_size_offset(i));
    s.rt[i].width = r::rt_size::kWidth.get(size);
    s.rt[i].height = r::rt_size::kHeight.get(size);
    const uint32_t b = value(r::rt_blend_offset(i));
    ref::RtBlendDesc& d = s.blend.render_target[i];
    d.blend_enable = r::rt_blend::kBlendEnable.get(b) != 0;
    d.src_blend = static_cast<Blend>(r::rt_blend::kSrcBlend.get(b));
    d.dest_blend = static_cast<Blend>(r::rt_blend::kDestBlend.get(b));
    d.blend_op = static_cast<BlendOp>(r::rt_blend::kBlendOp.get(b));
    d.src_blend_alpha = static_cast<Blend>(r::rt_blend::kSrcBlendAlpha.get(b));
    d.dest_blend_alpha = static_cast<Blend>(r::rt_blend::kDestBlendAlpha.get(b));
    d.blend_op_alpha = static_cast<BlendOp>(r::rt_blend::kBlendOpAlpha.get(b));
    const uint32_t l = value(r::rt_logic_offset(i));
    d.logic_op_enable = r::rt_logic::kLogicOpEnable.get(l) != 0;
    d.logic_op = static_cast<LogicOp>(r::rt_logic::kLogicOp.get(l));
    d.render_target_write_mask = r::rt_logic::kWriteMask.get(l);
  }
  return s;
}

uint32_t StateRegs::ps_output_types() const {
  return r::ps_outputs::kType.get(value(r::kPsOutputs));
}

std::vector<std::pair<uint32_t, uint32_t>> StateRegs::encode(const DrawState& s,
                                                             uint32_t ps_types) {
  std::vector<std::pair<uint32_t, uint32_t>> w;
  w.emplace_back(r::kCtrl,
                 r::ctrl::kAlphaToCoverageEnable.put(
                     r::ctrl::kIndependentBlendEnable.put(0, u(s.blend.independent_blend_enable)),
                     u(s.blend.alpha_to_coverage_enable)));
  w.emplace_back(r::kSampleMask, s.sample_mask);
  for (uint32_t c = 0; c < 4; ++c) w.emplace_back(r::blend_factor_offset(c), s.k[c]);
  uint32_t at = r::alpha_test::kEnable.put(0, u(s.d3d9.alpha_test_enable));
  at = r::alpha_test::kFunc.put(at, static_cast<uint32_t>(s.d3d9.alpha_func));
  at = r::alpha_test::kRef.put(at, s.d3d9.alpha_ref);
  w.emplace_back(r::kAlphaTest, at);
  w.emplace_back(r::kFog, r::fog::kEnable.put(0, u(s.d3d9.fog_enable)));
  for (uint32_t c = 0; c < 3; ++c) w.emplace_back(r::fog_color_offset(c), s.d3d9.fog_color[c]);
  w.emplace_back(r::kPsOutputs,
                 r::ps_outputs::kType.put(r::ps_outputs::kDeclared.put(0, s.ps_outputs), ps_types));
  for (uint32_t i = 0; i < ref::kMaxRts; ++i) {
    const ref::RtBlendDesc& d = s.blend.render_target[i];
    w.emplace_back(r::rt_format_offset(i), r::rt_format::kDxgi.put(0, s.rt[i].format));
    w.emplace_back(
        r::rt_size_offset(i),
        r::rt_size::kHeight.put(r::rt_size::kWidth.put(0, s.rt[i].width), s.rt[i].height));
    uint32_t b = r::rt_blend::kSrcBlend.put(0, static_cast<uint32_t>(d.src_blend));
    b = r::rt_blend::kDestBlend.put(b, static_cast<uint32_t>(d.dest_blend));
    b = r::rt_blend::kBlendOp.put(b, static_cast<uint32_t>(d.blend_op));
    b = r::rt_blend::kSrcBlendAlpha.put(b, static_cast<uint32_t>(d.src_blend_alpha));
    b = r::rt_blend::kDestBlendAlpha.put(b, static_cast<uint32_t>(d.dest_blend_alpha));
    b = r::rt_blend::kBlendOpAlpha.put(b, static_cast<uint32_t>(d.blend_op_alpha));
    b = r::rt_blend::kBlendEnable.put(b, u(d.blend_enable));
    w.emplace_back(r::rt_blend_offset(i), b);
    uint32_t l = r::rt_logic::kLogicOpEnable.put(0, u(d.logic_op_enable));
    l = r::rt_logic::kLogicOp.put(l, static_cast<uint32_t>(d.logic_op));
    l = r::rt_logic::kWriteMask.put(l, d.render_target_write_mask);
    w.emplace_back(r::rt_logic_offset(i), l);
  }
  return w;
}

DrawState bound_state(const DrawState& s) {
  DrawState b = s;
  for (RtBinding& rt : b.rt) {
    if (rt.format != 0 && ref::find_format(rt.format) == nullptr) rt.format = 0;
  }
  return b;
}

}  // namespace om::sim

// SPDX-License-Identifier: Apache-2.0
#include "om/driver/reg_image.h"

#include <stdexcept>
#include <string>

#include "om/gen/regs.h"

namespace om::driver {
namespace {

namespace rg = om::regs;

uint32_t put(const rg::Field& f, uint32_t reg, uint32_t value, const char* what, int slot = -1) {
  if (f.width < 32 && value >> f.width != 0) {
    std::string name = what;
    if (slot >= 0) name += " of RT " + std::to_string(slot);
    throw std::out_of_range("encode: " + name + " = " + std::to_string(value) +
                            " does not fit its " + std::to_string(f.width) + "-bit field");
  }
  return f.put(reg, value);
}

template <typename E>
uint32_t u(E e) {
  return static_cast<uint32_t>(e);
}
uint32_t u(bool b) { return b ? 1u : 0u; }

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
  RegImage im;
  uint32_t ctrl = put(rg::ctrl::kIndependentBlendEnable, 0, u(s.blend.independent_blend_enable),
                      "IndependentBlendEnable");
  ctrl = put(rg::ctrl::kAlphaToCoverageEnable, ctrl, u(s.blend.alpha_to_coverage_enable),
             "AlphaToCoverageEnable");
  im[rg::kCtrl] = ctrl;
  im[rg::kSampleMask] = s.sample_mask;
  for (uint32_t c = 0; c < 4; ++c) im[rg::blend_factor_offset(c)] = s.blend_factor[c];
  uint32_t at = put(rg::alpha_test::kEnable, 0, u(s.d3d9.alpha_test_enable), "ALPHATESTENABLE");
  at = put(rg::alpha_test::kFunc, at, u(s.d3d9.alpha_func), "ALPHAFUNC");
  at = put(rg::alpha_test::kRef, at, s.d3d9.alpha_ref, "ALPHAREF");
  im[rg::kAlphaTest] = at;
  im[rg::kFog] = put(rg::fog::kEnable, 0, u(s.d3d9.fog_enable), "FOGENABLE");
  for (uint32_t c = 0; c < 3; ++c) im[rg::fog_color_offset(c)] = s.d3d9.fog_color[c];
  uint32_t types = 0;
  for (int i = 0; i < ref::kMaxRts; ++i) {
    if (s.ps_type[i] > 3) throw std::out_of_range("encode: PS output type does not fit 2 bits");
    types |= s.ps_type[i] << (2 * i);
  }
  im[rg::kPsOutputs] = put(rg::ps_outputs::kType,
                           put(rg::ps_outputs::kDeclared, 0, s.ps_declared, "PS outputs declared"),
                           types, "PS output types");
  for (uint32_t i = 0; i < rg::kRtCount; ++i) {
    const int slot = static_cast<int>(i);
    const HwRtBind& b = s.rt[i];
    im[rg::rt_format_offset(i)] = put(rg::rt_format::kDxgi, 0, b.format, "format", slot);
    im[rg::rt_size_offset(i)] =
        put(rg::rt_size::kHeight, put(rg::rt_size::kWidth, 0, b.width, "width", slot), b.height,
            "height", slot);
    const ref::RtBlendDesc& d = s.blend.render_target[i];
    uint32_t bl = put(rg::rt_blend::kSrcBlend, 0, u(d.src_blend), "SrcBlend", slot);
    bl = put(rg::rt_blend::kDestBlend, bl, u(d.dest_blend), "DestBlend", slot);
    bl = put(rg::rt_blend::kBlendOp, bl, u(d.blend_op), "BlendOp", slot);
    bl = put(rg::rt_blend::kSrcBlendAlpha, bl, u(d.src_blend_alpha), "SrcBlendAlpha", slot);
    bl = put(rg::rt_blend::kDestBlendAlpha, bl, u(d.dest_blend_alpha), "DestBlendAlpha", slot);
    bl = put(rg::rt_blend::kBlendOpAlpha, bl, u(d.blend_op_alpha), "BlendOpAlpha", slot);
    bl = put(rg::rt_blend::kBlendEnable, bl, u(d.blend_enable), "BlendEnable", slot);
    im[rg::rt_blend_offset(i)] = bl;
    uint32_t lg = put(rg::rt_logic::kLogicOpEnable, 0, u(d.logic_op_enable), "LogicOpEnable", slot);
    lg = put(rg::rt_logic::kLogicOp, lg, u(d.logic_op), "LogicOp", slot);
    lg = put(rg::rt_logic::kWriteMask, lg, d.render_target_write_mask, "RenderTargetWriteMask",
             slot);
    im[rg::rt_logic_offset(i)] = lg;
  }
  return im;
}

HwState decode(const RegImage& image) {
  const auto r = [&](uint32_t offset) { return reg_or_reset(image, offset); };
  HwState s;
  const uint32_t ctrl = r(rg::kCtrl);
  s.blend.independent_blend_enable = rg::ctrl::kIndependentBlendEnable.get(ctrl) != 0;
  s.blend.alpha_to_coverage_enable = rg::ctrl::kAlphaToCoverageEnable.get(ctrl) != 0;
  s.sample_mask = r(rg::kSampleMask);
  for (uint32_t c = 0; c < 4; ++c) s.blend_factor[c] = r(rg::blend_factor_offset(c));
  const uint32_t at = r(rg::kAlphaTest);
  s.d3d9.alpha_test_enable = rg::alpha_test::kEnable.get(at) != 0;
  s.d3d9.alpha_func = static_cast<CmpFunc>(rg::alpha_test::kFunc.get(at));
  s.d3d9.alpha_ref = rg::alpha_test::kRef.get(at);
  s.d3d9.fog_enable = rg::fog::kEnable.get(r(rg::kFog)) != 0;
  for (uint32_t c = 0; c < 3; ++c) s.d3d9.fog_color[c] = r(rg::fog_color_offset(c));
  const uint32_t ps = r(rg::kPsOutputs);
  s.ps_declared = rg::ps_outputs::kDeclared.get(ps);
  const uint32_t types = rg::ps_outputs::kType.get(ps);
  for (uint32_t i = 0; i < rg::kRtCount; ++i) {
    s.ps_type[i] = (types >> (2 * i)) & 3u;
    HwRtBind& b = s.rt[i];
    b.format = rg::rt_format::kDxgi.get(r(rg::rt_format_offset(i)));
    const uint32_t size = r(rg::rt_size_offset(i));
    b.width = rg::rt_size::kWidth.get(size);
    b.height = rg::rt_size::kHeight.get(size);
    ref::RtBlendDesc& d = s.blend.render_target[i];
    const uint32_t bl = r(rg::rt_blend_offset(i));
    d.src_blend = static_cast<Blend>(rg::rt_blend::kSrcBlend.get(bl));
    d.dest_blend = static_cast<Blend>(rg::rt_blend::kDestBlend.get(bl));
    d.blend_op = static_cast<BlendOp>(rg::rt_blend::kBlendOp.get(bl));
    d.src_blend_alpha = static_cast<Blend>(rg::rt_blend::kSrcBlendAlpha.get(bl));
    d.dest_blend_alpha = static_cast<Blend>(rg::rt_blend::kDestBlendAlpha.get(bl));
    d.blend_op_alpha = static_cast<BlendOp>(rg::rt_blend::kBlendOpAlpha.get(bl));
    d.blend_enable = rg::rt_blend::kBlendEnable.get(bl) != 0;
    const uint32_t lg = r(rg::rt_logic_offset(i));
    d.logic_op_enable = rg::rt_logic::kLogicOpEnable.get(lg) != 0;
    d.logic_op = static_cast<LogicOp>(rg::rt_logic::kLogicOp.get(lg));
    d.render_target_write_mask = rg::rt_logic::kWriteMask.get(lg);
  }
  return s;
}

}  // namespace om::driver

// SPDX-License-Identifier: Apache-2.0
// Bad input, table-driven: every invalid description, enum value, binding and call
// sequence gets its D3D code and leaves the device unchanged: every state register read back over
// the bus, the live blend and depth-stencil objects, and the state version (a validate result stays
// current).
#include <cstdio>
#include <functional>
#include <string>

#include "fixture.h"

namespace om::driver::test {
namespace {

using Check = std::function<bool(const ConfigInfo&)>;
using Action = std::function<Hresult(Device&)>;
/// Prepares a row before the snapshot; returns a blend-state handle the action may use.
using Setup = std::function<BlendState(Device&)>;

struct Row {
  const char* name;
  Hresult want;
  Action action;
  bool d3d9 = false;  // precondition: D3D9 mode on
  Check applies = [](const ConfigInfo&) { return true; };
  Setup setup = [](Device&) { return BlendState{0}; };
};

// The handle the current row's setup returned (the actions are plain lambdas).
BlendState g_prepared = 0;

bool fl9(const ConfigInfo& c) { return c.fl_index <= 2; }
bool below_10_1(const ConfigInfo& c) { return c.fl_index <= 3; }
bool logic_cap(const ConfigInfo& c) { return c.logic_op; }
bool no_logic_cap(const ConfigInfo& c) { return !c.logic_op; }

ref::BlendDesc blending() {
  ref::BlendDesc d;
  d.render_target[0].blend_enable = true;
  d.render_target[0].src_blend = Blend::SRC_ALPHA;
  d.render_target[0].dest_blend = Blend::INV_SRC_ALPHA;
  d.render_target[0].src_blend_alpha = Blend::SRC_ALPHA;
  d.render_target[0].dest_blend_alpha = Blend::INV_SRC_ALPHA;
  return d;
}
// blending() with one field changed.
template <typename F>
Action create_with(F change) {
  return [change](Device& dev) {
    ref::BlendDesc d = blending();
    change(d);
    BlendState s = 0;
    return dev.create_blend_state1(&d, &s);
  };
}
bool below_11_0(const ConfigInfo& c) {
  return static_cast<uint32_t>(c.fl) < static_cast<uint32_t>(FeatureLevel::FL_11_0);
}
// CreateDepthStencilView of a valid 4x4 D24S8 view with one field changed.
template <typename F>
Action dsv_with(F change) {
  return [change](Device& dev) {
    DepthStencilView v;
    v.width = v.height = 4;
    change(v);
    DepthStencilView out;
    return dev.create_depth_stencil_view(&v, &out);
  };
}
// set_d3d9_depth_stencil of the D3D9 defaults with one state changed.
template <typename F>
Action d3d9_ds_with(F change) {
  return [change](Device& dev) {
    ref::D3d9DepthStencil s;
    change(s);
    return dev.set_d3d9_depth_stencil(s);
  };
}
RenderTargetView view(Format f = Format::R8G8B8A8_UNORM, uint32_t w = 4, uint32_t h = 4) {
  RenderTargetView v;
  v.format = f;
  v.width = w;
  v.height = h;
  return v;
}
template <typename F>
Action bind_with(F change, uint32_t n = 1) {
  return [change, n](Device& dev) {
    std::vector<RenderTargetView> v(8, view());
    change(v);
    return dev.set_render_targets(n, v.data(), nullptr);
  };
}
template <typename F>
Action outputs_with(F change) {
  return [change](Device& dev) {
    std::array<PsOutputDesc, ref::kMaxRts> o{};
    o[0].written = true;
    change(o);
    return dev.set_ps_outputs(o);
  };
}
// A logic-op blend state (created only where the device has the capability).
BlendState logic_state(Device& dev) {
  ref::BlendDesc d;
  d.render_target[0].logic_op_enable = true;
  d.render_target[0].logic_op = LogicOp::AND;
  BlendState s = 0;
  dev.create_blend_state1(&d, &s);
  return s;
}
// A handle that was live once and is not any more.
BlendState dead_state(Device& dev) {
  ref::BlendDesc d = blending();
  d.render_target[0].render_target_write_mask = 0x9;
  BlendState s = 0;
  dev.create_blend_state1(&d, &s);
  dev.release(s);
  return s;
}

const Hresult kBad = Hresult::E_INVALIDARG;

std::vector<Row> rows() {
  using B = Blend;
  using O = BlendOp;
  const Check all = [](const ConfigInfo&) { return true; };
  std::vector<Row> r = {
      // -- Descriptions (CreateBlendState1 / CreateBlendState, docs/validation.md §2–§3) --
      {"null description", kBad, [](Device& d) { BlendState s; return d.create_blend_state1(nullptr, &s); }},
      {"BlendEnable and LogicOpEnable", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].logic_op_enable = true; })},
      {"SrcBlend 0", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].src_blend = static_cast<B>(0); })},
      {"SrcBlend 12 (BOTHSRCALPHA)", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].src_blend = static_cast<B>(12); })},
      {"DestBlend 13 (BOTHINVSRCALPHA)", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].dest_blend = static_cast<B>(13); })},
      {"SrcBlend 20", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].src_blend = static_cast<B>(20); })},
      {"DestBlend 0xFFFFFFFF", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].dest_blend = static_cast<B>(0xFFFFFFFFu); })},
      {"SrcBlendAlpha SRC_COLOR", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].src_blend_alpha = B::SRC_COLOR; })},
      {"DestBlendAlpha INV_DEST_COLOR", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].dest_blend_alpha = B::INV_DEST_COLOR; })},
      {"DestBlendAlpha SRC1_COLOR", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].dest_blend_alpha = B::SRC1_COLOR; })},
      {"BlendOp 0", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].blend_op = static_cast<O>(0); })},
      {"BlendOp 6", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].blend_op = static_cast<O>(6); })},
      {"BlendOpAlpha 16", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].blend_op_alpha = static_cast<O>(16); })},
      {"LogicOp 16", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0] = ref::RtBlendDesc{}; d.render_target[0].logic_op_enable = true; d.render_target[0].logic_op = static_cast<LogicOp>(16); })},
      {"LogicOpEnable with IndependentBlendEnable", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0] = ref::RtBlendDesc{}; d.render_target[0].logic_op_enable = true; d.independent_blend_enable = true; })},
      {"LogicOpEnable without OutputMergerLogicOp", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0] = ref::RtBlendDesc{}; d.render_target[0].logic_op_enable = true; }), false, no_logic_cap},
      {"RenderTargetWriteMask 0x10", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].render_target_write_mask = 0x10; })},
      {"RT[3] write mask 0x1F with IBE", kBad, create_with([](ref::BlendDesc& d) { d.independent_blend_enable = true; d.render_target[3].render_target_write_mask = 0x1F; })},
      {"RT[5] SrcBlend 0 with IBE", kBad, create_with([](ref::BlendDesc& d) { d.independent_blend_enable = true; d.render_target[5] = d.render_target[0]; d.render_target[5].src_blend = static_cast<B>(0); })},
      {"9_x: AlphaToCoverageEnable", kBad, create_with([](ref::BlendDesc& d) { d.alpha_to_coverage_enable = true; }), false, fl9},
      {"9_x: BlendEnable of RT[0..3] differs", kBad, create_with([](ref::BlendDesc& d) { d.independent_blend_enable = true; }), false, fl9},
      {"9_x: SRC_ALPHA_SAT", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].src_blend = B::SRC_ALPHA_SAT; }), false, fl9},
      {"9_x: dual source", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].dest_blend = B::INV_SRC1_COLOR; }), false, fl9},
      {"9_1: separate alpha", kBad, create_with([](ref::BlendDesc& d) { d.render_target[0].blend_op_alpha = O::MAX; }), false, [](const ConfigInfo& c) { return c.fl_index == 0; }},
      {"below 10_1: differing per-RT equations", kBad, create_with([](ref::BlendDesc& d) { d.independent_blend_enable = true; d.render_target[1] = d.render_target[0]; d.render_target[1].blend_op = O::SUBTRACT; d.render_target[1].blend_op_alpha = O::SUBTRACT; }), false, below_10_1},
      {"CreateBlendState: null description", kBad, [](Device& d) { BlendState s; return d.create_blend_state(nullptr, &s); }},
      {"CreateBlendState: BlendOp 9", kBad, [](Device& d) { ref::BlendDesc0 b; b.render_target[0].blend_enable = true; b.render_target[0].blend_op = static_cast<O>(9); BlendState s; return d.create_blend_state(&b, &s); }},
      // -- Enum values and ranges of the other calls --
      {"ALPHAFUNC 0", kBad, [](Device& d) { return d.set_alpha_test(true, static_cast<CmpFunc>(0), 0); }, true},
      {"ALPHAFUNC 9", kBad, [](Device& d) { return d.set_alpha_test(true, static_cast<CmpFunc>(9), 0); }, true},
      {"ALPHAREF 256", kBad, [](Device& d) { return d.set_alpha_test(true, CmpFunc::LESS, 256); }, true},
      {"COLORWRITEENABLE mask 0x10", kBad, [](Device& d) { return d.set_color_write_enable(0, 0x10); }, true},
      {"COLORWRITEENABLE4", kBad, [](Device& d) { return d.set_color_write_enable(4, 0xF); }, true},
      {"PS output type 3", kBad, outputs_with([](auto& o) { o[2].type = static_cast<ref::PsOutputType>(3); })},
      {"PS written mask 0x10", kBad, outputs_with([](auto& o) { o[0].mask = 0x10; })},
      {"PS value bits 0", kBad, outputs_with([](auto& o) { o[1].value_bits = 0; })},
      {"PS value bits 33", kBad, outputs_with([](auto& o) { o[7].value_bits = 33; })},
      {"CheckFeatureSupport feature 6", kBad, [](Device& d) { FeatureDataD3d11Options o; return d.check_feature_support(static_cast<Feature>(6), &o, sizeof o); }},
      {"CheckFeatureSupport D3D9_OPTIONS1 size 12", kBad, [](Device& d) { FeatureDataD3d9Options1 o; return d.check_feature_support(Feature::D3D9_OPTIONS1, &o, 12); }},
      {"CheckFeatureSupport FORMAT_SUPPORT InFormat 200", kBad, [](Device& d) { FeatureDataFormatSupport o; o.in_format = 200; return d.check_feature_support(Feature::FORMAT_SUPPORT, &o, sizeof o); }},
      // -- Bindings (OMSetRenderTargets) --
      {"9 render-target views", kBad, [](Device& d) { std::vector<RenderTargetView> v(9, view()); return d.set_render_targets(9, v.data(), nullptr); }},
      {"null view array", kBad, [](Device& d) { return d.set_render_targets(1, nullptr, nullptr); }},
      {"format 116 (not a DXGI value the OM knows)", kBad, bind_with([](auto& v) { v[0].format = static_cast<Format>(116); })},
      {"format R32G32B32A32_TYPELESS", kBad, bind_with([](auto& v) { v[0].format = static_cast<Format>(1); })},
      {"9_x: R10G10B10A2_UNORM is no render target", kBad, bind_with([](auto& v) { v[0].format = Format::R10G10B10A2_UNORM; }), false, fl9},
      {"width 0", kBad, bind_with([](auto& v) { v[0].width = 0; })},
      {"height 0", kBad, bind_with([](auto& v) { v[0].height = 0; })},
      {"width above the FL's texture limit", kBad, bind_with([](auto& v) { v[0].width = 16385; })},
      {"9_1: height 2049", kBad, bind_with([](auto& v) { v[0].height = 2049; }), false, [](const ConfigInfo& c) { return c.fl_index == 0; }},
      {"9_3: width 4097", kBad, bind_with([](auto& v) { v[0].width = 4097; }), false, [](const ConfigInfo& c) { return c.fl == FeatureLevel::FL_9_3; }},
      {"10_0: height 8193", kBad, bind_with([](auto& v) { v[0].height = 8193; }), false, [](const ConfigInfo& c) { return c.fl == FeatureLevel::FL_10_0; }},
      {"bound views of different sizes", kBad, bind_with([](auto& v) { v[1].width = 8; }, 2)},
      {"array size 0", kBad, bind_with([](auto& v) { v[0].array_size = 0; })},
      {"sample count 0", kBad, bind_with([](auto& v) { v[0].sample_count = 0; })},
      {"sample count 3 (not a power of two)", kBad, bind_with([](auto& v) { v[0].sample_count = 3; })},
      {"sample count 16 (above every CAP_MAX_SAMPLES)", kBad, bind_with([](auto& v) { v[0].sample_count = 16; })},
      {"9_1: sample count 2", kBad, bind_with([](auto& v) { v[0].sample_count = 2; }), false, [](const ConfigInfo& c) { return c.fl_index == 0; }},
      {"CreateRenderTargetView of a null description", kBad, [](Device& d) { RenderTargetView o; return d.create_render_target_view(nullptr, &o); }},
      {"CreateRenderTargetView with sample count 16", kBad, [](Device& d) { RenderTargetView v = view(); v.sample_count = 16; return d.create_render_target_view(&v, &v); }},
      {"DSV sample count 16", kBad, dsv_with([](DepthStencilView& v) { v.sample_count = 16; })},
      {"resource type 7", kBad, bind_with([](auto& v) { v[0].type = static_cast<ref::ResourceType>(7); })},
      {"cube Buffer", kBad, bind_with([](auto& v) { v[0].type = ref::ResourceType::BUFFER; v[0].cube = true; })},
      {"depth/stencil view of width 0", kBad, [](Device& d) { RenderTargetView v = view(); DepthStencilView ds; ds.width = 0; return d.set_render_targets(1, &v, &ds); }},
      // -- Depth-stencil views, states and clears (docs/depth-stencil.md §7) --
      {"CreateDepthStencilView of a null description", kBad, [](Device& d) { DepthStencilView o; return d.create_depth_stencil_view(nullptr, &o); }},
      {"DSV format R8G8B8A8_UNORM", kBad, dsv_with([](DepthStencilView& v) { v.format = static_cast<DsFormat>(28); })},
      {"9_x: DSV format D32_FLOAT", kBad, dsv_with([](DepthStencilView& v) { v.format = DsFormat::D32_FLOAT; }), false, fl9},
      {"DSV flags 0x4", kBad, dsv_with([](DepthStencilView& v) { v.flags = 4; })},
      {"below 11_0: read-only DSV", kBad, dsv_with([](DepthStencilView& v) { v.flags = 1; }), false, below_11_0},
      {"READ_ONLY_STENCIL on D16_UNORM", kBad, dsv_with([](DepthStencilView& v) { v.format = DsFormat::D16_UNORM; v.flags = 2; })},
      {"DSV of a Texture3D", kBad, dsv_with([](DepthStencilView& v) { v.type = ref::ResourceType::TEXTURE3D; })},
      {"DSV of height 0 bound", kBad, [](Device& d) { RenderTargetView v = view(); DepthStencilView ds; ds.height = 0; return d.set_render_targets(1, &v, &ds); }},
      {"DSV flags 0x8 bound", kBad, [](Device& d) { RenderTargetView v = view(); DepthStencilView ds; ds.flags = 8; return d.set_render_targets(1, &v, &ds); }},
      {"set_depth_stencil_state of a handle never created", kBad, [](Device& d) { return d.set_depth_stencil_state(9999, 0); }},
      {"ClearDepthStencilView with flags 0", kBad, [](Device& d) { return d.clear_depth_stencil_view(0, 0, 0); }},
      {"ClearDepthStencilView with flags 0x4", kBad, [](Device& d) { return d.clear_depth_stencil_view(4, 0, 0); }},
      {"ClearDepthStencilView with stencil 256", kBad, [](Device& d) { return d.clear_depth_stencil_view(2, 0, 256); }},
      {"ClearDepthStencilView without a bound view", kBad, [](Device& d) { return d.clear_depth_stencil_view(1, 0, 0); }},
      {"read_depth_stencil without a bound view", kBad, [](Device& d) { uint32_t z = 0, s = 0; return d.read_depth_stencil(0, 0, &z, &s); }},
      {"viewport MinDepth 1.5", kBad, [](Device& d) { return d.set_depth_range(f(1.5f), f(1.0f)); }},
      {"viewport MaxDepth -0.5", kBad, [](Device& d) { return d.set_depth_range(0, f(-0.5f)); }},
      {"viewport MaxDepth NaN", kBad, [](Device& d) { return d.set_depth_range(0, 0x7FC00000u); }},
      {"viewport MinDepth 0.75 above MaxDepth 0.25", kBad, [](Device& d) { return d.set_depth_range(f(0.75f), f(0.25f)); }},
      {"D3D9 depth states outside D3D9 mode", kBad, [](Device& d) { return d.set_d3d9_depth_stencil(ref::D3d9DepthStencil{}); }},
      {"D3D9 ZFUNC 0", kBad, d3d9_ds_with([](ref::D3d9DepthStencil& s) { s.z_func = static_cast<CmpFunc>(0); }), true},
      {"D3D9 CCW_STENCILPASS 9", kBad, d3d9_ds_with([](ref::D3d9DepthStencil& s) { s.ccw_stencil.stencil_pass_op = static_cast<StencilOp>(9); }), true},
      // -- Sequences --
      {"set_blend_state of a released object", kBad, [](Device& d) { return d.set_blend_state(g_prepared, nullptr, ~0u); }, false, all, dead_state},
      {"set_blend_state of a handle never created", kBad, [](Device& d) { return d.set_blend_state(9999, nullptr, ~0u); }},
      {"release of a released object", kBad, [](Device& d) { return d.release(g_prepared); }, false, all, dead_state},
      {"add_ref of a released object", kBad, [](Device& d) { return d.add_ref(g_prepared); }, false, all, dead_state},
      {"get_desc1 of a released object", kBad, [](Device& d) { ref::BlendDesc x; return d.get_desc1(g_prepared, &x); }, false, all, dead_state},
      {"9_x: SampleMask 0", kBad, [](Device& d) { return d.set_blend_state(0, nullptr, 0); }, false, fl9},
      {"alpha test outside D3D9 mode", kBad, [](Device& d) { return d.set_alpha_test(true, CmpFunc::LESS, 3); }},
      {"fog outside D3D9 mode", kBad, [](Device& d) { return d.set_fog(true, {{0, 0, 0}}); }},
      {"COLORWRITEENABLE1 outside D3D9 mode", kBad, [](Device& d) { return d.set_color_write_enable(1, 0x1); }},
      {"D3D9 mode with a logic-op state bound", kBad, [](Device& d) { return d.set_d3d9_mode(true); }, false, logic_cap, [](Device& d) { const BlendState s = logic_state(d); d.set_blend_state(s, nullptr, ~0u); return s; }},
      {"logic-op state in D3D9 mode", kBad, [](Device& d) { return d.set_blend_state(g_prepared, nullptr, ~0u); }, true, logic_cap, logic_state},
      {"draw at x = 16384", kBad, [](Device& d) { Pixel p; p.x = 16384; return d.draw({p}); }},
      {"draw of a clear command", kBad, [](Device& d) { Pixel p; p.px.clear = true; return d.draw({p}); }},
      {"clear with left > right", kBad, [](Device& d) { return d.clear({{0, 0, 0, 0}}, {Rect{3, 0, 1, 1}}); }},
      {"read_texel of an unbound slot", kBad, [](Device& d) { ref::Texel t; return d.read_texel(5, 0, 0, &t); }},
      {"write_texel outside the view", kBad, [](Device& d) { return d.write_texel(0, 4, 0, ref::Texel{}); }},
      {"write_texel above the texel width", kBad, [](Device& d) { ref::Texel t; t.w[1] = 1; return d.write_texel(0, 0, 0, t); }},
      {"create a device on a null bus", kBad, [](Device&) { std::unique_ptr<Device> x; return Device::create(nullptr, nullptr, &x); }},
  };
  return r;
}

class BadInput : public DriverTest {};

TEST_P(BadInput, EveryRowGetsItsCodeAndChangesNothing) {
  // A working state first: RT 0 bound, o0 declared, a blend state bound.
  bind({Format::R8G8B8A8_UNORM});
  declare_outputs(0x1);
  const ref::BlendDesc base = blending();
  BlendState base_state = 0;
  ASSERT_EQ(dev().create_blend_state1(&base, &base_state), Hresult::S_OK);
  int applied = 0;
  for (const Row& row : rows()) {
    if (!row.applies(cfg())) continue;
    ++applied;
    SCOPED_TRACE(row.name);
    ASSERT_EQ(dev().set_blend_state(base_state, nullptr, ~0u), Hresult::S_OK);
    ASSERT_EQ(dev().set_d3d9_mode(row.d3d9), Hresult::S_OK) << dev().last_error();
    g_prepared = row.setup(dev());
    const RegImage before = read_state_registers();
    const ValidateOutcome v = dev().validate();
    const uint32_t live = dev().live_blend_states();
    const uint32_t live_ds = dev().live_depth_stencil_states();
    const Hresult hr = row.action(dev());
    EXPECT_EQ(hr, row.want) << dev().last_error();
    if (std::string(row.name) != "create a device on a null bus") {
      EXPECT_NE(dev().last_error(), "") << "no message names the problem";
    }
    EXPECT_EQ(read_state_registers(), before);
    EXPECT_TRUE(dev().is_current(v)) << "the failing call changed the state version";
    EXPECT_EQ(dev().live_blend_states(), live);
    EXPECT_EQ(dev().live_depth_stencil_states(), live_ds);
    const ValidateOutcome after = dev().validate();
    EXPECT_EQ(after.result, v.result);
    EXPECT_EQ(after.reasons, v.reasons);
  }
  std::printf("%d of %zu bad-input rows apply to %s\n", applied, rows().size(), cfg().name);
  EXPECT_GE(applied, 40) << "rows applicable to " << cfg().name;
}

INSTANTIATE_TEST_SUITE_P(Backends, BadInput, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

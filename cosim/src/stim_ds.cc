// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/stim_ds.h"

#include <algorithm>
#include <array>

#include "om/ref/fp32.h"

namespace om::cosim {
namespace {

// Depths at the edges of the clamp, the conversion and the comparisons: zeros, one and its
// neighbour, NaNs, infinities, denormals, out of range.
constexpr std::array<uint32_t, 14> kSpecialDepths = {
    0x00000000, 0x80000000, 0x3F800000, 0x3F7FFFFF, 0x3F000000, 0x7FC00000, 0xFFC00001,
    0x7F800000, 0xFF800000, 0x00000001, 0x807FFFFF, 0xBF000000, 0x3FC00000, 0x33800000};

}  // namespace

DsGen::DsGen(const ConfigInfo& cfg, const Profile& prof, uint64_t seed)
    : cfg_(cfg), prof_(prof), rng_(seed) {}

uint32_t DsGen::func() { return coin(0.95) ? 1 + pick(8) : (coin(0.5) ? 0u : 9 + pick(7)); }

StencilOp DsGen::op() {
  return static_cast<StencilOp>(coin(0.95) ? 1 + pick(8) : (coin(0.5) ? 0u : 9 + pick(7)));
}

uint32_t DsGen::depth() {
  if (special_(rng_)) return kSpecialDepths[pick(kSpecialDepths.size())];
  return ref::f32_bits(draw_float(rng_, -0.1f, 1.1f));
}

void DsGen::state(State& s) {
  ref::set_ds_view(s, ref::DsView{});
  if (!coin(prof_.ds)) return;
  // A format usable at the feature level; now and then one that is not (the float formats below
  // 10_0) or no depth format at all: illegal, but the registers latch it.
  std::vector<uint32_t> legal;
  for (const DsFormatInfo& f : kDsFormatInfo) {
    if ((f.ds_fl_mask >> cfg_.fl_index) & 1u) legal.push_back(static_cast<uint32_t>(f.format));
  }
  ref::DsView view;
  view.valid = true;
  if (coin(0.9)) {
    view.format = legal[pick(legal.size())];
  } else if (coin(0.7)) {
    view.format = static_cast<uint32_t>(kDsFormatInfo[pick(kNumDsFormats)].format);
  } else {
    view.format = pick(256);
  }
  view.dsv_flags = coin(0.7) ? 0u : 1 + pick(3);
  ref::set_ds_view(s, view);
  ref::DepthStencilDesc d;
  d.depth_enable = coin(0.8);
  d.depth_write_mask = coin(0.7) ? DepthWriteMask::ALL : DepthWriteMask::ZERO;
  d.depth_func = static_cast<CmpFunc>(func());
  d.stencil_enable = coin(0.6);
  d.stencil_read_mask = static_cast<uint8_t>(coin(0.5) ? 0xFFu : pick(256));
  d.stencil_write_mask = static_cast<uint8_t>(coin(0.5) ? 0xFFu : pick(256));
  for (ref::DepthStencilOpDesc* f : {&d.front_face, &d.back_face}) {
    f->stencil_fail_op = op();
    f->stencil_depth_fail_op = op();
    f->stencil_pass_op = op();
    f->stencil_func = static_cast<CmpFunc>(func());
  }
  ref::set_ds_desc(s, d);
  s.stencil_ref = static_cast<uint8_t>(pick(256));
  s.min_depth = 0;
  s.max_depth = ref::kF32One;
  if (coin(0.3)) {
    float a = draw_float(rng_, 0.0f, 1.0f), b = draw_float(rng_, 0.0f, 1.0f);
    if (a > b) std::swap(a, b);
    s.min_depth = ref::f32_bits(a);
    s.max_depth = ref::f32_bits(b);
  } else if (coin(0.1)) {
    s.min_depth = depth();
    s.max_depth = depth();
  }
}

}  // namespace om::cosim

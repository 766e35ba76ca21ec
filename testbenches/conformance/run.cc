// SPDX-License-Identifier: Apache-2.0
#include "run.h"

#include "texel_bits.h"

namespace om::conformance {
namespace {

bool same_desc(const om::ref::RtBlendDesc& a, const om::ref::RtBlendDesc& b) {
  return a.blend_enable == b.blend_enable && a.logic_op_enable == b.logic_op_enable &&
         a.src_blend == b.src_blend && a.dest_blend == b.dest_blend && a.blend_op == b.blend_op &&
         a.src_blend_alpha == b.src_blend_alpha && a.dest_blend_alpha == b.dest_blend_alpha &&
         a.blend_op_alpha == b.blend_op_alpha && a.logic_op == b.logic_op &&
         a.render_target_write_mask == b.render_target_write_mask;
}

}  // namespace

om::ref::PixelState pixel_state(const Vector& v) {
  om::ref::PixelState st;
  const RtVector* first = nullptr;
  bool identical = true;
  for (int i = 0; i < 8; ++i) {
    const RtVector& rt = v.rt[i];
    st.rt_format[i] = rt.format;
    st.blend.render_target[i] = rt.desc;
    if (rt.format == nullptr) continue;
    if (first == nullptr) {
      first = &rt;
    } else if (!same_desc(first->desc, rt.desc)) {
      identical = false;
    }
  }
  st.blend.independent_blend_enable = !identical;
  if (identical && first != nullptr) st.blend.render_target[0] = first->desc;
  st.blend_factor = v.blend_factor;
  st.ps_outputs = 0xFFu;
  return st;
}

om::ref::PixelIn pixel_in(const Vector& v) {
  om::ref::PixelIn px;
  for (int i = 0; i < 8; ++i) px.oc[i] = v.rt[i].oc;
  if (v.oc1) px.oc1 = *v.oc1;
  return px;
}

std::array<std::optional<om::ref::Raw4>, 8> run_model(const Vector& v) {
  std::array<om::ref::Texel, 8> dest{};
  for (int i = 0; i < 8; ++i) {
    if (v.rt[i].format != nullptr) dest[i].w = texel_words(*v.rt[i].format, v.rt[i].dest);
  }
  const om::ref::PixelOut out = om::ref::process_pixel(pixel_state(v), pixel_in(v), dest);
  std::array<std::optional<om::ref::Raw4>, 8> r;
  for (int i = 0; i < 8; ++i) {
    if (v.rt[i].format != nullptr) r[i] = texel_fields(*v.rt[i].format, out.texel[i].w);
  }
  return r;
}

}  // namespace om::conformance

// SPDX-License-Identifier: Apache-2.0
#include "om/top_pkg.h"

#include "om/ref/hw_state.h"
#include "om/ref/pixel.h"
#include "om/ref/rt_op.h"

namespace om {
const FormatInfo* fmt_info(uint32_t format) { return ref::find_format(format & 0xFFu); }

uint32_t fmt_present(const FormatInfo* f) { return f == nullptr ? 0u : ref::present_channels(*f); }

RtDesc desc_sel(const State& s, uint32_t rt, uint32_t format, uint32_t fl_index) {
  const ref::BlendDesc blend = ref::blend_desc(s);
  // select_rt_desc returns one of blend.render_target: map it back to the latched register fields.
  const ref::RtBlendDesc& sel = ref::select_rt_desc(blend, static_cast<int>(rt & 7u));
  RtDesc d = s.rt_desc[&sel - blend.render_target.data()];
  const FormatInfo* f = fmt_info(format);
  if (f == nullptr || ((f->blend_fl_mask >> (fl_index & 7u)) & 1u) == 0) d.blend_enable = false;
  return d;
}

bool op_needs_read(bool clear, bool logic_op_enable_rt0, bool blend_enable, FormatClass cls,
                   uint32_t write_mask, uint32_t present) {
  const uint32_t wm = write_mask & present;
  const bool is_int = cls == FormatClass::UINT || cls == FormatClass::SINT;
  return !clear && wm != 0 && (logic_op_enable_rt0 || (blend_enable && !is_int) || wm != present);
}

bool draw_killed(bool coverage, uint32_t alpha, bool sample_mask0, bool a2c,
                 const ref::D3d9State& d3d9) {
  const bool covered = coverage && sample_mask0 && (!a2c || ref::a2c_covered(alpha));
  return !covered || !ref::alpha_test_pass(d3d9, alpha);
}

}  // namespace om

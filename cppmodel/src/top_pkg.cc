// SPDX-License-Identifier: Apache-2.0
#include "om/top_pkg.h"

#include "om/ref/hw_state.h"
#include "om/ref/pixel.h"
#include "om/ref/rt_op.h"

namespace om {
const FormatInfo* fmt_info(uint32_t format) { return ref::find_format(format & 0xFFu); }

uint32_t fmt_present(const FormatInfo* f) { return f == nullptr ? 0u : ref::present_channels(*f); }

RtDesc desc_sel(const State& s, const ref::BlendDesc& blend, uint32_t rt, uint32_t format,
                uint32_t fl_index) {
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

KillState kill_state(const State& s) {
  KillState k;
  k.sample_mask = s.sample_mask;
  k.sample_count = s.sample_count & 3u;
  k.a2c = s.alpha_to_coverage_enable;
  k.d3d9 = ref::d3d9_state(s);
  return k;
}

bool draw_killed(const Pixel& p, const KillState& k) {
  const uint32_t n = 1u << k.sample_count;
  if (p.sample >= n) return true;
  if (p.cmd == Cmd::kClear) return false;
  const uint32_t alpha = p.oc[0][3];
  const bool covered =
      p.coverage && ((k.sample_mask >> p.sample) & 1u) != 0 &&
      (p.omask_written ? p.omask : (!k.a2c || ref::a2c_covered(alpha, n, p.sample)));
  return !covered || !ref::alpha_test_pass(k.d3d9, alpha);
}

}  // namespace om

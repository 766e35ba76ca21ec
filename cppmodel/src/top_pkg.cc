// SPDX-License-Identifier: Apache-2.0
#include "om/top_pkg.h"

#include "om/ref/pixel.h"
#include "om/ref/rt_op.h"

namespace om {
namespace {

// fmt_info() for every 8-bit format field value (built once: ref::find_format searches a table).
struct FmtTable {
  std::array<const FormatInfo*, 256> row{};
  FmtTable() {
    for (uint32_t v = 0; v < row.size(); ++v) row[v] = ref::find_format(v);
  }
};

ref::RtBlendDesc to_ref(const RtDesc& d) {
  ref::RtBlendDesc r;
  r.blend_enable = d.blend_enable;
  r.logic_op_enable = d.logic_op_enable;
  r.src_blend = static_cast<Blend>(d.src_blend);
  r.dest_blend = static_cast<Blend>(d.dest_blend);
  r.blend_op = static_cast<BlendOp>(d.blend_op);
  r.src_blend_alpha = static_cast<Blend>(d.src_blend_alpha);
  r.dest_blend_alpha = static_cast<Blend>(d.dest_blend_alpha);
  r.blend_op_alpha = static_cast<BlendOp>(d.blend_op_alpha);
  r.logic_op = static_cast<LogicOp>(d.logic_op);
  r.render_target_write_mask = d.write_mask;
  return r;
}

}  // namespace

const FormatInfo* fmt_info(uint32_t format) {
  static const FmtTable table;
  return table.row[format & 0xFFu];
}

uint32_t fmt_present(const FormatInfo* f) { return f == nullptr ? 0u : ref::present_channels(*f); }

RtDesc desc_sel(const State& s, uint32_t rt, uint32_t format, uint32_t fl_index) {
  ref::BlendDesc blend;
  blend.independent_blend_enable = s.independent_blend_enable;
  for (int i = 0; i < kMaxRts; ++i) blend.render_target[i] = to_ref(s.rt_desc[i]);
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

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
// C++ mirror of rtl/om_top_pkg.sv: the rules every control stage shares, desc_sel() and
// op_needs_read(). The stages' payloads (Px, Op, OpDst, WrReq) are the generated om_pkg types.
#pragma once

#include <cstdint>

#include "om/pkg.h"
#include "om/ref/convert.h"
#include "om/ref/state.h"

namespace om {

/// fmt_present(fmt_info(format).ch_bits): bit c set when the format has channel c (0 = R .. 3 = A);
/// 0 for a DXGI value the OM does not implement (fmt_info().valid = 0).
uint32_t fmt_present(const FormatInfo* f);

/// fmt_info(format) as a pointer: the format row, or nullptr where fmt_info().valid = 0 (a DXGI
/// value the OM does not implement, or 0 = unbound). `format` is the 8-bit register field.
const FormatInfo* fmt_info(uint32_t format);

/// desc_sel(): the descriptor slot `rt` uses (ref::select_rt_desc: its own with
/// IndependentBlendEnable and no logic op on RT 0, else RT 0's), with blend_enable cleared when
/// `format` is not BLENDABLE at feature level `fl_index` (docs/behaviour.md §11 #7; unknown formats
/// too). `blend` is ref::blend_desc(s): a caller decoding every slot builds it once, as it converts
/// every RT's descriptor.
RtDesc desc_sel(const State& s, const ref::BlendDesc& blend, uint32_t rt, uint32_t format,
                uint32_t fl_index);

/// op_needs_read(): a draw op reads its destination iff wm = write_mask & present is not empty and
/// the logic op is on (RT 0's enable), or blending is on for a non-integer format, or wm !=
/// present.
bool op_needs_read(bool clear, bool logic_op_enable_rt0, bool blend_enable, FormatClass cls,
                   uint32_t write_mask, uint32_t present);

/// The state om_kill reads (state_i), decoded once per state change.
struct KillState {
  uint32_t sample_mask = 0;   // SampleMask
  uint32_t sample_count = 0;  // MS_CTRL.SAMPLE_COUNT: n = 1 << sample_count
  bool a2c = false;           // AlphaToCoverageEnable
  ref::D3d9State d3d9;        // alpha test (and fog, which om_accept reads beside)
};
KillState kill_state(const State& s);

/// om_kill, the kill rule om_accept applies and om_depth applies first (D3D order), =
/// !ref::pixel_covered for a draw: a transfer is removed when its sample is not below n (a clear
/// too), or, for a draw, when the sample is not covered (raster coverage, SampleMask[sample], the
/// oMask bit when written, else alpha-to-coverage of oC0.a with n) or fails the D3D9 alpha test.
bool draw_killed(const Pixel& p, const KillState& k);

}  // namespace om

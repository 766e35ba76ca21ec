// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/cov_sample.h"

#include <array>

#include "om/gen/regs.h"
#include "om/ref/convert.h"
#include "om/ref/depth_stencil.h"
#include "om/ref/rt_op.h"
#include "om/ref/validate.h"
#include "om/sim/regfile.h"

namespace om::cosim {
namespace {

bool is_int(const FormatInfo& f) {
  return f.cls == FormatClass::UINT || f.cls == FormatClass::SINT;
}

void sample_blend(Coverage& cov, const ref::RtBlendDesc& d, FormatClass cls) {
  const uint32_t op = static_cast<uint32_t>(d.blend_op);
  const uint32_t op_a = static_cast<uint32_t>(d.blend_op_alpha);
  if (op >= 1 && op <= 3) {
    cov.hit(cov.blend_rgb(static_cast<uint32_t>(d.src_blend), op, cls));
    cov.hit(cov.blend_rgb(static_cast<uint32_t>(d.dest_blend), op, cls));
  } else {
    cov.hit(cov.blend_minmax(op, cls, false));
  }
  if (op_a >= 1 && op_a <= 3) {
    cov.hit(cov.blend_alpha(static_cast<uint32_t>(d.src_blend_alpha), op_a, cls));
    cov.hit(cov.blend_alpha(static_cast<uint32_t>(d.dest_blend_alpha), op_a, cls));
  } else {
    cov.hit(cov.blend_minmax(op_a, cls, true));
  }
}

}  // namespace

PixelBins::PixelBins(const Coverage& cov)
    : out_of_bounds(cov.id("pixel/out_of_bounds")),
      clear(cov.id("pixel/clear")),
      killed_coverage(cov.id("pixel/killed_coverage")),
      killed_sample_mask(cov.id("pixel/killed_sample_mask")),
      killed_a2c(cov.id("pixel/killed_a2c")),
      a2c_at_half(cov.id("pixel/a2c_at_half")),
      killed_alpha_test(cov.id("pixel/killed_alpha_test")),
      alpha_equals_ref(cov.id("pixel/alpha_equals_ref")),
      fog(cov.id("pixel/fog")),
      independent_blend(cov.id("pixel/independent_blend")),
      logic_op_non_uint(cov.id("pixel/logic_op_non_uint")),
      blend_on_integer(cov.id("pixel/blend_on_integer")),
      dual_source(cov.id("pixel/dual_source")) {
  alpha_func[0] = Coverage::kNone;
  for (uint32_t f = 1; f <= 8; ++f) {
    alpha_func[f] = cov.id(std::string("alpha_func/") + to_string(static_cast<CmpFunc>(f)));
  }
}

void sample_pixel(Coverage& cov, const PixelBins& bins, const ref::PixelState& ps,
                  const State& state, const ref::PixelIn& px, bool covered, uint32_t x,
                  uint32_t y) {
  for (int i = 0; i < ref::kMaxRts; ++i) {
    const RtBind& b = state.rt_bind[i];
    if (b.format != 0 && (x >= b.width || y >= b.height)) cov.hit(bins.out_of_bounds);
  }
  int ops = 0;
  if (px.clear) {
    cov.hit(bins.clear);
    for (const FormatInfo* f : ps.rt_format) {
      if (f == nullptr) continue;
      ++ops;
      cov.hit(cov.format(f->format));
    }
    if (ops > 0) cov.hit(cov.rt_count(ops));
    return;
  }
  const uint32_t a = px.oc[0][3];
  if (!px.coverage) cov.hit(bins.killed_coverage);
  const uint32_t n = 1u << ps.sample_count;
  if (((ps.sample_mask >> px.sample) & 1u) == 0) cov.hit(bins.killed_sample_mask);
  if (ps.blend.alpha_to_coverage_enable && !px.omask_written &&
      !ref::a2c_covered(a, n, px.sample)) {
    cov.hit(bins.killed_a2c);
  }
  if (ps.blend.alpha_to_coverage_enable && a == 0x3F000000u) cov.hit(bins.a2c_at_half);
  if (ps.d3d9.alpha_test_enable) {
    const uint32_t func = static_cast<uint32_t>(ps.d3d9.alpha_func);
    if (func >= 1 && func <= 8) cov.hit(bins.alpha_func[func]);
    if (!ref::alpha_test_pass(ps.d3d9, a)) cov.hit(bins.killed_alpha_test);
    if (a == ref::unorm_to_f32(ps.d3d9.alpha_ref & 0xFFu, 8)) {
      cov.hit(bins.alpha_equals_ref);
    }
  }
  if (!covered) return;
  if (ps.d3d9.fog_enable) cov.hit(bins.fog);
  if (ps.blend.independent_blend_enable) cov.hit(bins.independent_blend);
  const ref::RtBlendDesc& rt0 = ps.blend.render_target[0];
  for (int i = 0; i < ref::kMaxRts; ++i) {
    const FormatInfo* f = ps.rt_format[i];
    if (f == nullptr || (ps.ps_outputs & (1u << i)) == 0) continue;
    const ref::RtBlendDesc& d = ref::select_rt_desc(ps.blend, i);
    const uint32_t wm = ref::effective_write_mask(*f, d.render_target_write_mask);
    if (wm == 0) continue;
    ++ops;
    cov.hit(cov.format(f->format));
    cov.hit(cov.write_mask(wm));
    if (rt0.logic_op_enable) {
      if (f->cls == FormatClass::UINT) {
        cov.hit(cov.logic_uint(static_cast<uint32_t>(rt0.logic_op), f->format));
      } else {
        cov.hit(bins.logic_op_non_uint);
      }
    } else if (d.blend_enable) {
      if (is_int(*f)) {
        cov.hit(bins.blend_on_integer);
      } else if ((f->blend_fl_mask >> ps.fl_index) & 1u) {
        sample_blend(cov, d, f->cls);
        if (i == 0 && ref::uses_dual_source(d)) cov.hit(bins.dual_source);
      }
    }
  }
  if (ops > 0) cov.hit(cov.rt_count(ops));
}

void sample_ms(Coverage& cov, MsPixel& acc, const ref::PixelState& ps, const ref::PixelIn& px,
               bool covered, uint32_t x, uint32_t y) {
  const uint32_t n = 1u << (ps.sample_count & 3u);
  if (px.clear || px.sample >= n) return;
  if (px.sample == 0) {
    acc = MsPixel{x, y, 0, 0};
    if (ps.blend.alpha_to_coverage_enable && !px.omask_written) {
      const uint32_t k = static_cast<uint32_t>(
          __builtin_popcount(ref::a2c_mask(px.oc[0][3], static_cast<int>(n))));
      cov.hit(cov.a2c_step(ps.sample_count, k));
    }
  }
  if (acc.x != x || acc.y != y || acc.seen != (1u << px.sample) - 1u) return;
  acc.seen |= 1u << px.sample;
  if (covered) acc.covered |= 1u << px.sample;
  if (px.sample + 1 < n) return;
  const uint32_t all = (1u << n) - 1u;
  cov.hit(cov.ms_count_pattern(ps.sample_count, acc.covered == 0 ? 0 : acc.covered == all ? 2 : 1));
}

void sample_ds(Coverage& cov, const DsSample& s) {
  const ref::DepthStencilDesc& d = *s.desc;
  if (d.depth_enable) cov.hit(cov.ds_func(static_cast<uint32_t>(d.depth_func), *s.format));
  if (!d.stencil_enable || s.format->stencil_offset < 0) return;
  const ref::DepthStencilOpDesc& face = s.front ? d.front_face : d.back_face;
  const StencilOp op = s.outcome == ref::DsOutcome::STENCIL_FAIL ? face.stencil_fail_op
                       : s.outcome == ref::DsOutcome::DEPTH_FAIL ? face.stencil_depth_fail_op
                                                                 : face.stencil_pass_op;
  cov.hit(cov.ds_stencil(static_cast<uint32_t>(op), s.outcome, s.front));
}

ReuseBins::ReuseBins(const Coverage& cov)
    : reuse{cov.id("hazard/reuse_d1"), cov.id("hazard/reuse_d2_3"), cov.id("hazard/reuse_d4_7"),
            cov.id("hazard/reuse_d8_15")} {}

void sample_reuse(Coverage& cov, const ReuseBins& bins, ReuseRing& ring, uint32_t x, uint32_t y) {
  const uint32_t key = (y << 14) | x;
  uint32_t dist = 1;
  while (dist < kReuseWindow && ring.key[(ring.next - dist) % kReuseWindow] != key) ++dist;
  if (dist < kReuseWindow) cov.hit(bins.reuse[dist <= 1 ? 0 : dist <= 3 ? 1 : dist <= 7 ? 2 : 3]);
  ring.key[ring.next++ % kReuseWindow] = key;
}

CycleBins::CycleBins(const Coverage& cov)
    : mem_rd_and_wr(cov.id("stall/mem_rd_and_wr")),
      mem_rd(cov.id("stall/mem_rd")),
      mem_wr(cov.id("stall/mem_wr")),
      input_backpressure(cov.id("stall/input_backpressure")),
      reads_outstanding_16(cov.id("stall/reads_outstanding_16")),
      latency{cov.id("stall/latency_1"), cov.id("stall/latency_2_7"), cov.id("stall/latency_8_15"),
              cov.id("stall/latency_16_plus")},
      hazard_stall_observed(cov.id("hazard/stall_observed")) {}

const char* bus_bin_name(BusBin b) {
  // In BusBin's order, which is also the bins' order in the coverage (Coverage registers them from
  // here).
  static constexpr std::array kNames{
      "bus/read_caps",           "bus/read_state",         "bus/read_status",
      "bus/read_perf",           "bus/write_state",        "bus/write_partial_strobe",
      "bus/perf_clear",          "bus/err_ro_write",       "bus/err_wo_read",
      "bus/err_unmapped_read",   "bus/err_unmapped_write", "bus/err_misaligned_read",
      "bus/err_misaligned_write"};
  static_assert(kNames.size() == kNumBusBins, "a name per BusBin");
  return kNames[static_cast<int>(b)];
}

BusBin bus_bin(const sim::BusOp& op) {
  switch (op.kind) {
    case sim::BusOp::Kind::kRoWrite:
      return BusBin::kErrRoWrite;
    case sim::BusOp::Kind::kWoRead:
      return BusBin::kErrWoRead;
    case sim::BusOp::Kind::kUnmappedRead:
      return BusBin::kErrUnmappedRead;
    case sim::BusOp::Kind::kUnmappedWrite:
      return BusBin::kErrUnmappedWrite;
    case sim::BusOp::Kind::kMisalignedRead:
      return BusBin::kErrMisalignedRead;
    case sim::BusOp::Kind::kMisalignedWrite:
      return BusBin::kErrMisalignedWrite;
    case sim::BusOp::Kind::kPerfClear:
      return BusBin::kPerfClear;
    case sim::BusOp::Kind::kPartialWrite:
      return BusBin::kWritePartialStrobe;
    case sim::BusOp::Kind::kStateWrite:
      return BusBin::kWriteState;
    case sim::BusOp::Kind::kStatusPoll:
      return BusBin::kReadStatus;
    case sim::BusOp::Kind::kRead:
      break;
  }
  // The map's regions: capabilities below CTRL, the state window up to STATUS, then the counters.
  return op.addr < regs::kCtrl      ? BusBin::kReadCaps
         : op.addr < regs::kStatus  ? BusBin::kReadState
         : op.addr == regs::kStatus ? BusBin::kReadStatus
                                    : BusBin::kReadPerf;
}

BusBins::BusBins(const Coverage& cov)
    : state_write_held(cov.id("stall/state_write_held")),
      hazard_stall_observed(cov.id("hazard/stall_observed")) {
  for (int b = 0; b < kNumBusBins; ++b) bin[b] = cov.id(bus_bin_name(static_cast<BusBin>(b)));
}

void sample_bus(Coverage& cov, const BusBins& bins, const sim::ApbMaster::Done& d,
                uint32_t last_hazard_read) {
  const sim::BusOp& op = d.op;
  cov.hit(bins.bin[static_cast<int>(bus_bin(op))]);
  if (op.write && sim::StateRegs::is_state_reg(op.addr) && d.waited > 0) {
    cov.hit(bins.state_write_held);
  }
  if (op.kind == sim::BusOp::Kind::kRead && op.addr == regs::kPerfHazardStalls &&
      d.rdata > last_hazard_read) {
    cov.hit(bins.hazard_stall_observed);
  }
}

}  // namespace om::cosim

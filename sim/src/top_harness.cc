#include "om/sim/top_harness.h"

#include <cstdio>
#include <stdexcept>
#include <string>

#include "om/gen/regs.h"

namespace om::sim {

TopHarness::TopHarness(const HarnessConfig& cfg)
    : cfg_(cfg),
      rtl_(!cfg.waves.empty()),
      mem_(std::make_unique<RandomTiming>(cfg.mem, cfg.seed * 0x9E3779B97F4A7C15ull + 1)),
      rng_(cfg.seed) {
  if (cfg.cfg_index < 0 || cfg.cfg_index > 7) {
    throw std::out_of_range("HarnessConfig: cfg_index " + std::to_string(cfg.cfg_index));
  }
  if (!cfg_.waves.empty()) rtl_.trace_open(cfg_.waves);
  in_.cfg = static_cast<uint32_t>(cfg_.cfg_index);
}

void TopHarness::reset() {
  in_.rst_n = false;
  run(4);
  in_.rst_n = true;
  run(1);
}

void TopHarness::drive_pixel() {
  if (!offered_ && !queue_.empty()) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    if (cfg_.in_valid_p >= 1.0 || u(rng_) < cfg_.in_valid_p) {
      offered_ = true;
      const TbPixel& p = queue_.front();
      in_.in_data = make_pixel(p.x, p.y, p.px);
    }
  }
  in_.in_valid = offered_;
}

void TopHarness::step() {
  in_.mem_rd_ready = mem_.rd_ready(cycle_);
  in_.mem_wr_ready = mem_.wr_ready(cycle_);
  const bool rsp = mem_.rsp_valid(cycle_);
  in_.mem_rsp_valid = rsp;
  if (rsp) in_.mem_rsp_data = mem_.rsp_data();
  drive_pixel();
  bus_.drive(in_);
  const TopOut& out = rtl_.eval(in_);

  const bool wr_fire = out.mem_wr_valid && in_.mem_wr_ready;
  const bool rd_fire = out.mem_rd_valid && in_.mem_rd_ready;
  const bool in_fire = in_.in_valid && out.in_ready;
  const bool stall = (out.mem_wr_valid && !in_.mem_wr_ready) ||
                     (out.mem_rd_valid && !in_.mem_rd_ready);
  if (in_.in_valid && !out.in_ready) ++in_stall_cycles_;
  bus_done_ = bus_.observe(out, &last_done_);
  mem_.commit(cycle_, wr_fire, out.mem_wr_addr, out.mem_wr_data, rd_fire, out.mem_rd_addr, rsp);

  rtl_.tick();
  const std::string err = rtl_.take_error();
  if (!err.empty()) throw std::runtime_error("om_top at cycle " + std::to_string(cycle_) + ": " + err);

  if (wr_fire) ++stats_.rt_writes;
  if (rd_fire) ++stats_.rt_reads;
  if (stall) ++stats_.mem_stall_cycles;
  if (in_fire) {
    ++stats_.pixels_in;
    queue_.pop_front();
    offered_ = false;
  }
  ++cycle_;
}

void TopHarness::run(uint64_t cycles) {
  for (uint64_t i = 0; i < cycles; ++i) step();
}

ApbMaster::Done TopHarness::transfer(const BusOp& op, uint64_t timeout, const char* what) {
  bus_.push_back(op);
  const uint64_t start = cycle_;
  for (uint64_t n = 0;; ++n) {
    if (n > timeout) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s: no PREADY for 0x%03X", what, op.addr);
      throw std::runtime_error(buf);
    }
    step();
    if (bus_done_) break;
  }
  last_apb_cycles_ = cycle_ - start;
  return last_done_;
}

bool TopHarness::apb_write(uint32_t addr, uint32_t data, uint64_t timeout) {
  BusOp op;
  op.write = true;
  op.addr = static_cast<uint16_t>(addr);
  op.data = data;
  op.strb = 0xF;
  return transfer(op, timeout, "apb_write").err;
}

uint32_t TopHarness::apb_read(uint32_t addr, bool* err, uint64_t timeout) {
  BusOp op;
  op.write = false;
  op.addr = static_cast<uint16_t>(addr);
  const ApbMaster::Done d = transfer(op, timeout, "apb_read");
  if (err != nullptr) *err = d.err;
  return d.rdata;
}

void TopHarness::run_until_idle(uint64_t max_cycles) {
  const uint64_t limit = cycle_ + max_cycles;
  while (!queue_.empty() || offered_) {
    if (cycle_ >= limit) throw std::runtime_error("run_until_idle: input not drained");
    step();
  }
  for (;;) {
    if (cycle_ >= limit) throw std::runtime_error("run_until_idle: pipeline stays busy");
    const uint32_t status = apb_read(regs::kStatus);
    if (regs::status::kBusy.get(status) == 0 && mem_.idle()) return;
    run(8);
  }
}

namespace {

void write_reg(TopHarness& h, uint32_t addr, uint32_t value) {
  if (h.apb_write(addr, value)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "PSLVERR writing 0x%03X", addr);
    throw std::runtime_error(buf);
  }
}

uint32_t u(bool b) { return b ? 1u : 0u; }

}  // namespace

void program_state(TopHarness& h, const DrawState& s) {
  namespace r = om::regs;
  write_reg(h, r::kCtrl,
            r::ctrl::kAlphaToCoverageEnable.put(
                r::ctrl::kIndependentBlendEnable.put(0, u(s.blend.independent_blend_enable)),
                u(s.blend.alpha_to_coverage_enable)));
  write_reg(h, r::kSampleMask, s.sample_mask);
  for (uint32_t c = 0; c < 4; ++c) write_reg(h, r::blend_factor_offset(c), s.k[c]);
  uint32_t at = r::alpha_test::kEnable.put(0, u(s.d3d9.alpha_test_enable));
  at = r::alpha_test::kFunc.put(at, static_cast<uint32_t>(s.d3d9.alpha_func));
  at = r::alpha_test::kRef.put(at, s.d3d9.alpha_ref);
  write_reg(h, r::kAlphaTest, at);
  write_reg(h, r::kFog, r::fog::kEnable.put(0, u(s.d3d9.fog_enable)));
  for (uint32_t c = 0; c < 3; ++c) write_reg(h, r::fog_color_offset(c), s.d3d9.fog_color[c]);
  write_reg(h, r::kPsOutputs, r::ps_outputs::kDeclared.put(0, s.ps_outputs));
  for (uint32_t i = 0; i < ref::kMaxRts; ++i) {
    const ref::RtBlendDesc& d = s.blend.render_target[i];
    write_reg(h, r::rt_format_offset(i), r::rt_format::kDxgi.put(0, s.rt[i].format));
    write_reg(h, r::rt_size_offset(i),
              r::rt_size::kHeight.put(r::rt_size::kWidth.put(0, s.rt[i].width), s.rt[i].height));
    uint32_t b = 0;
    b = r::rt_blend::kSrcBlend.put(b, static_cast<uint32_t>(d.src_blend));
    b = r::rt_blend::kDestBlend.put(b, static_cast<uint32_t>(d.dest_blend));
    b = r::rt_blend::kBlendOp.put(b, static_cast<uint32_t>(d.blend_op));
    b = r::rt_blend::kSrcBlendAlpha.put(b, static_cast<uint32_t>(d.src_blend_alpha));
    b = r::rt_blend::kDestBlendAlpha.put(b, static_cast<uint32_t>(d.dest_blend_alpha));
    b = r::rt_blend::kBlendOpAlpha.put(b, static_cast<uint32_t>(d.blend_op_alpha));
    b = r::rt_blend::kBlendEnable.put(b, u(d.blend_enable));
    write_reg(h, r::rt_blend_offset(i), b);
    uint32_t l = r::rt_logic::kLogicOpEnable.put(0, u(d.logic_op_enable));
    l = r::rt_logic::kLogicOp.put(l, static_cast<uint32_t>(d.logic_op));
    l = r::rt_logic::kWriteMask.put(l, d.render_target_write_mask);
    write_reg(h, r::rt_logic_offset(i), l);
  }
}

}  // namespace om::sim

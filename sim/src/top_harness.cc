// SPDX-License-Identifier: Apache-2.0
#include "om/sim/top_harness.h"

#include <cstdio>
#include <stdexcept>
#include <string>

#include "om/gen/regs.h"
#include "om/sim/regfile.h"

namespace om::sim {

Pixel make_pixel(const TbPixel& p) {
  Pixel px = om::make_pixel(p.x, p.y, p.px);
  px.depth = p.depth;
  px.front_face = p.front_face;
  return px;
}

TopHarness::TopHarness(const HarnessConfig& cfg, SideKind kind)
    : cfg_(cfg),
      side_(make_side(kind, !cfg.waves.empty())),
      mem_(std::make_unique<RandomTiming>(cfg.mem, cfg.seed * 0x9E3779B97F4A7C15ull + 1)),
      ds_mem_(std::make_unique<RandomTiming>(cfg.mem, cfg.seed * 0x9E3779B97F4A7C15ull + 2)),
      rng_(cfg.seed) {
  if (cfg.cfg_index < 0 || cfg.cfg_index > 7) {
    throw std::out_of_range("HarnessConfig: cfg_index " + std::to_string(cfg.cfg_index));
  }
  if (!cfg_.waves.empty()) side_->trace_open(cfg_.waves);
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
      in_.in_data = make_pixel(p);
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
  in_.ds_rd_ready = ds_mem_.rd_ready(cycle_);
  in_.ds_wr_ready = ds_mem_.wr_ready(cycle_);
  const bool ds_rsp = ds_mem_.rsp_valid(cycle_);
  in_.ds_rsp_valid = ds_rsp;
  if (ds_rsp) in_.ds_rsp_data = ds_mem_.rsp_data();
  drive_pixel();
  bus_.drive(in_);
  const TopOut& out = side_->eval(in_);

  const bool wr_fire = out.mem_wr_valid && in_.mem_wr_ready;
  const bool rd_fire = out.mem_rd_valid && in_.mem_rd_ready;
  const bool in_fire = in_.in_valid && out.in_ready;
  const bool stall =
      (out.mem_wr_valid && !in_.mem_wr_ready) || (out.mem_rd_valid && !in_.mem_rd_ready);
  if (in_.in_valid && !out.in_ready) ++in_stall_cycles_;
  bus_done_ = bus_.observe(out, &last_done_);
  mem_.commit(cycle_, wr_fire, out.mem_wr_addr, out.mem_wr_data, rd_fire, out.mem_rd_addr, rsp);
  const bool ds_wr_fire = out.ds_wr_valid && in_.ds_wr_ready;
  const bool ds_rd_fire = out.ds_rd_valid && in_.ds_rd_ready;
  ds_mem_.commit(cycle_, ds_wr_fire, out.ds_wr_addr, out.ds_wr_data, ds_rd_fire, out.ds_rd_addr,
                 ds_rsp);

  side_->tick();
  const std::string err = side_->take_error();
  if (!err.empty())
    throw std::runtime_error(side_->name() + " at cycle " + std::to_string(cycle_) + ": " + err);

  if (ds_wr_fire) ++stats_.ds_writes;
  if (ds_rd_fire) ++stats_.ds_reads;
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

uint64_t TopHarness::progress() const {
  return stats_.pixels_in + stats_.rt_reads + stats_.rt_writes + stats_.ds_reads + stats_.ds_writes;
}

void TopHarness::run_until_idle(uint64_t stall_limit) {
  // A watchdog on progress, not on the total: a legal draw of any size drains, a hang does not.
  uint64_t seen = progress();
  uint64_t since = cycle_;
  const auto check = [&](const char* what) {
    if (progress() != seen) {
      seen = progress();
      since = cycle_;
    } else if (cycle_ - since > stall_limit) {
      throw std::runtime_error("run_until_idle: " + std::string(what) + " with no pixel accepted " +
                               "and no memory transfer for " + std::to_string(stall_limit) +
                               " cycles (cycle " + std::to_string(cycle_) + ", " +
                               std::to_string(queue_.size()) + " pixel(s) waiting)");
    }
  };
  while (!queue_.empty() || offered_) {
    check("input not drained");
    step();
  }
  for (;;) {
    check("pipeline stays busy");
    const uint32_t status = apb_read(regs::kStatus);
    if (regs::status::kBusy.get(status) == 0 && mem_.idle() && ds_mem_.idle()) return;
    run(8);
  }
}

void program_state(TopHarness& h, const State& s) {
  for (const auto& [addr, value] : StateRegs::encode(s)) {
    if (h.apb_write(addr, value)) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "PSLVERR writing 0x%03X", addr);
      throw std::runtime_error(buf);
    }
  }
}

}  // namespace om::sim

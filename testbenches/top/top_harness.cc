#include "top_harness.h"

#include <verilated.h>
#include <verilated_fst_c.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "Vom_top.h"
#include "om/gen/regs.h"

namespace om::tb {
namespace {

// Bit positions of om_pkg::pixel_t (packed: the first field is the most significant).
constexpr int kOcLsb = 0;      // oc[i][c] at 32 * (4 * i + c)
constexpr int kOc1Lsb = 1024;  // oc1[c] at 1024 + 32 * c
constexpr int kFogLsb = 1152;  // fog
constexpr int kCoverageBit = 1184;
constexpr int kYLsb = 1185;    // 14 bits
constexpr int kXLsb = 1199;    // 14 bits
constexpr int kCmdBit = 1213;  // CMD_CLEAR = 1
constexpr int kPixelBits = 1214;
constexpr int kPixelWords = (kPixelBits + 31) / 32;

// ORs `width` bits of `value` into the cleared wide vector `w` at bit `lsb` (words of 32 bits).
template <typename Wide>
void or_bits(Wide& w, int lsb, int width, uint32_t value) {
  const uint64_t v = static_cast<uint64_t>(width >= 32 ? value : value & ((1u << width) - 1u))
                     << (lsb % 32);
  w[lsb / 32] |= static_cast<uint32_t>(v);
  if ((lsb % 32) + width > 32) w[lsb / 32 + 1] |= static_cast<uint32_t>(v >> 32);
}

}  // namespace

uint64_t test_seed(uint64_t fallback) {
  uint64_t seed = fallback;
  if (const char* env = std::getenv("OM_SEED")) seed = std::stoull(env, nullptr, 0);
  std::printf("OM_SEED=%llu\n", static_cast<unsigned long long>(seed));
  return seed;
}

TopHarness::TopHarness(const HarnessConfig& cfg)
    : cfg_(cfg),
      ctx_(std::make_unique<VerilatedContext>()),
      mem_(cfg.mem, cfg.seed * 0x9E3779B97F4A7C15ull + 1),
      rng_(cfg.seed) {
  if (cfg.cfg_index < 0 || cfg.cfg_index > 7) {
    throw std::out_of_range("HarnessConfig: cfg_index " + std::to_string(cfg.cfg_index));
  }
  ctx_->fatalOnError(false);
  if (!cfg_.waves.empty()) ctx_->traceEverOn(true);
  dut_ = std::make_unique<Vom_top>(ctx_.get(), "om_top");
  static_assert(sizeof(dut_->in_data_i) == 4 * kPixelWords, "pixel_t layout changed");
  if (!cfg_.waves.empty()) {
    trace_ = std::make_unique<VerilatedFstC>();
    dut_->trace(trace_.get(), 99);
    trace_->open(cfg_.waves.c_str());
  }
  dut_->clk_i = 0;
  dut_->rst_ni = 1;
  dut_->psel_i = 0;
  dut_->penable_i = 0;
  dut_->pwrite_i = 0;
  dut_->paddr_i = 0;
  dut_->pwdata_i = 0;
  dut_->pstrb_i = 0;
  dut_->in_valid_i = 0;
  dut_->mem_rd_ready_i = 0;
  dut_->mem_rsp_valid_i = 0;
  dut_->mem_wr_ready_i = 0;
  dut_->eval();
}

TopHarness::~TopHarness() {
  if (trace_) trace_->close();
  dut_->final();
}

void TopHarness::reset() {
  dut_->cfg_i = static_cast<uint8_t>(cfg_.cfg_index);
  dut_->rst_ni = 0;
  dut_->eval();
  run(4);
  dut_->rst_ni = 1;
  run(1);
}

void TopHarness::check_errors() {
  if (ctx_->gotError()) {
    throw std::runtime_error("om_top: assertion or $error at cycle " + std::to_string(cycle_));
  }
}

void TopHarness::drive_pixel() {
  if (!offered_ && !queue_.empty()) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    if (cfg_.in_valid_p >= 1.0 || u(rng_) < cfg_.in_valid_p) {
      offered_ = true;
      const TbPixel& p = queue_.front();
      auto& w = dut_->in_data_i;
      for (int i = 0; i < kPixelWords; ++i) w[i] = 0;
      for (int i = 0; i < ref::kMaxRts; ++i) {
        for (int c = 0; c < 4; ++c) w[(kOcLsb + 32 * (4 * i + c)) / 32] = p.px.oc[i][c];
      }
      for (int c = 0; c < 4; ++c) w[(kOc1Lsb + 32 * c) / 32] = p.px.oc1[c];
      w[kFogLsb / 32] = p.px.fog;
      or_bits(w, kCoverageBit, 1, p.px.coverage ? 1u : 0u);
      or_bits(w, kYLsb, 14, p.y);
      or_bits(w, kXLsb, 14, p.x);
      or_bits(w, kCmdBit, 1, p.px.clear ? 1u : 0u);
    }
  }
  dut_->in_valid_i = offered_ ? 1 : 0;
}

void TopHarness::step() {
  // Inputs of this cycle.
  dut_->mem_rd_ready_i = mem_.rd_ready() ? 1 : 0;
  dut_->mem_wr_ready_i = mem_.wr_ready() ? 1 : 0;
  const bool rsp = mem_.rsp_valid(cycle_);
  dut_->mem_rsp_valid_i = rsp ? 1 : 0;
  if (rsp) {
    for (int i = 0; i < 4; ++i) dut_->mem_rsp_data_i[i] = mem_.rsp_data().w[i];
  }
  drive_pixel();
  dut_->clk_i = 0;
  dut_->eval();
  if (trace_) trace_->dump(2 * cycle_);

  // Handshakes of this cycle.
  const bool wr_fire = dut_->mem_wr_valid_o && dut_->mem_wr_ready_i;
  const bool rd_fire = dut_->mem_rd_valid_o && dut_->mem_rd_ready_i;
  const bool in_fire = dut_->in_valid_i && dut_->in_ready_o;
  const bool stall = (dut_->mem_wr_valid_o && !dut_->mem_wr_ready_i) ||
                     (dut_->mem_rd_valid_o && !dut_->mem_rd_ready_i);
  ref::Texel wr_data;
  for (int i = 0; i < 4; ++i) wr_data.w[i] = dut_->mem_wr_data_o[i];
  const uint32_t wr_addr = dut_->mem_wr_addr_o;
  const uint32_t rd_addr = dut_->mem_rd_addr_o;
  if (dut_->in_valid_i && !dut_->in_ready_o) ++in_stall_cycles_;
  apb_ready_ = dut_->pready_o;
  apb_err_ = dut_->pslverr_o;
  apb_rdata_ = dut_->prdata_o;

  // Rising edge.
  dut_->clk_i = 1;
  dut_->eval();
  if (trace_) trace_->dump(2 * cycle_ + 1);
  check_errors();

  mem_.commit(cycle_, wr_fire, wr_addr, wr_data, rd_fire, rd_addr, rsp);
  mem_.draw_ready();
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

bool TopHarness::apb_write(uint32_t addr, uint32_t data, uint64_t timeout) {
  dut_->psel_i = 1;
  dut_->penable_i = 0;
  dut_->pwrite_i = 1;
  dut_->paddr_i = addr;
  dut_->pwdata_i = data;
  dut_->pstrb_i = 0xF;
  step();  // setup phase
  dut_->penable_i = 1;
  const uint64_t start = cycle_ - 1;
  bool err = false;
  for (uint64_t n = 0;; ++n) {
    if (n >= timeout)
      throw std::runtime_error("apb_write: no PREADY for 0x" + std::to_string(addr));
    step();
    if (apb_ready_) {
      err = apb_err_;
      break;
    }
  }
  last_apb_cycles_ = cycle_ - start;
  dut_->psel_i = 0;
  dut_->penable_i = 0;
  dut_->pwrite_i = 0;
  return err;
}

uint32_t TopHarness::apb_read(uint32_t addr, bool* err, uint64_t timeout) {
  dut_->psel_i = 1;
  dut_->penable_i = 0;
  dut_->pwrite_i = 0;
  dut_->paddr_i = addr;
  dut_->pstrb_i = 0;
  step();
  dut_->penable_i = 1;
  const uint64_t start = cycle_ - 1;
  uint32_t data = 0;
  bool e = false;
  for (uint64_t n = 0;; ++n) {
    if (n >= timeout) throw std::runtime_error("apb_read: no PREADY for 0x" + std::to_string(addr));
    step();
    if (apb_ready_) {
      data = apb_rdata_;
      e = apb_err_;
      break;
    }
  }
  last_apb_cycles_ = cycle_ - start;
  dut_->psel_i = 0;
  dut_->penable_i = 0;
  if (err != nullptr) *err = e;
  return data;
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

}  // namespace om::tb

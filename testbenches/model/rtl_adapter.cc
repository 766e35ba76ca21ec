#include "rtl_adapter.h"

#include <verilated.h>

#include "Vom_top.h"

namespace om::tb {

RtlAdapter::RtlAdapter() : ctx_(std::make_unique<VerilatedContext>()) {
  ctx_->fatalOnError(false);
  dut_ = std::make_unique<Vom_top>(ctx_.get(), "om_top");
  static_assert(sizeof(dut_->in_data_i) == sizeof(PixelBits), "pixel_t layout changed");
  static_assert(sizeof(dut_->perf_o) == 4 * ((kPerfBits + 31) / 32), "perf_t layout changed");
}

RtlAdapter::~RtlAdapter() { dut_->final(); }

const TopOut& RtlAdapter::eval(const TopIn& in) {
  Vom_top& d = *dut_;
  d.clk_i = 0;
  d.rst_ni = in.rst_n ? 1 : 0;
  d.cfg_i = static_cast<uint8_t>(in.cfg & 7u);
  d.psel_i = in.psel;
  d.penable_i = in.penable;
  d.pwrite_i = in.pwrite;
  d.paddr_i = static_cast<uint16_t>(in.paddr & 0xFFFu);
  d.pwdata_i = in.pwdata;
  d.pstrb_i = static_cast<uint8_t>(in.pstrb & 0xFu);
  d.in_valid_i = in.in_valid;
  const PixelBits bits = pack_pixel(in.in_data);
  for (size_t i = 0; i < bits.size(); ++i) d.in_data_i[i] = bits[i];
  d.mem_rd_ready_i = in.mem_rd_ready;
  d.mem_rsp_valid_i = in.mem_rsp_valid;
  for (int i = 0; i < 4; ++i) d.mem_rsp_data_i[i] = in.mem_rsp_data.w[i];
  d.mem_wr_ready_i = in.mem_wr_ready;
  d.eval();

  out_.prdata = d.prdata_o;
  out_.pready = d.pready_o;
  out_.pslverr = d.pslverr_o;
  out_.in_ready = d.in_ready_o;
  out_.mem_rd_valid = d.mem_rd_valid_o;
  out_.mem_rd_addr = d.mem_rd_addr_o;
  out_.mem_wr_valid = d.mem_wr_valid_o;
  out_.mem_wr_addr = d.mem_wr_addr_o;
  for (int i = 0; i < 4; ++i) out_.mem_wr_data.w[i] = d.mem_wr_data_o[i];
  // perf_t: killed word 0, mem_stalls 1, hazard_stalls 2, rt_writes 3, rt_reads 4, pixels_in 5,
  // busy bit 192.
  Perf& p = out_.perf;
  p.killed = d.perf_o[0];
  p.mem_stalls = d.perf_o[1];
  p.hazard_stalls = d.perf_o[2];
  p.rt_writes = d.perf_o[3];
  p.rt_reads = d.perf_o[4];
  p.pixels_in = d.perf_o[5];
  p.busy = (d.perf_o[6] & 1u) != 0;
  return out_;
}

void RtlAdapter::tick() {
  dut_->clk_i = 1;
  dut_->eval();
}

std::string RtlAdapter::take_error() {
  if (!ctx_->gotError()) return "";
  ctx_->gotError(false);
  return "RTL assertion or $error (see the simulator message above)";
}

}  // namespace om::tb

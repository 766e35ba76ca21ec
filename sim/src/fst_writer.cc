// SPDX-License-Identifier: Apache-2.0
#include "om/sim/fst_writer.h"

#include <iterator>
#include <stdexcept>

#include "gtkwave/fstapi.h"

namespace om::sim {

FstWriter::FstWriter(const std::string& path) {
  ctx_ = fstWriterCreate(path.c_str(), 1);
  if (ctx_ == nullptr) throw std::runtime_error("cannot write " + path);
  fstWriterSetTimescale(ctx_, -12);
  fstWriterSetPackType(ctx_, FST_WR_PT_LZ4);
}

FstWriter::~FstWriter() {
  if (ctx_ != nullptr) fstWriterClose(ctx_);
}

void FstWriter::push_scope(const std::string& name) {
  fstWriterSetScope(ctx_, FST_ST_VCD_MODULE, name.c_str(), nullptr);
}

void FstWriter::pop_scope() { fstWriterSetUpscope(ctx_); }

FstWriter::Handle FstWriter::var(const std::string& name, uint32_t width) {
  // Verilator's spelling: vectors carry their range in the name ("prdata_o [31:0]"), so GTKWave
  // lists the same signal names for the model's files as for the RTL's.
  const std::string full = width == 1 ? name : name + " [" + std::to_string(width - 1) + ":0]";
  return fstWriterCreateVar(ctx_, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, width, full.c_str(), 0);
}

void FstWriter::time(uint64_t t) { fstWriterEmitTimeChange(ctx_, t); }

void FstWriter::set(Handle h, uint32_t width, uint64_t v) {
  fstWriterEmitValueChange64(ctx_, h, width, v);
}

void FstWriter::set_words(Handle h, uint32_t width, const uint32_t* words) {
  fstWriterEmitValueChangeVec32(ctx_, h, width, words);
}

namespace {

enum Port : size_t {
  kClk,
  kRst,
  kCfg,
  kPsel,
  kPenable,
  kPwrite,
  kPaddr,
  kPwdata,
  kPstrb,
  kPrdata,
  kPready,
  kPslverr,
  kInValid,
  kInReady,
  kInData,
  kRdValid,
  kRdReady,
  kRdAddr,
  kRspValid,
  kRspData,
  kWrValid,
  kWrReady,
  kWrAddr,
  kWrData,
  kPerf,
  kNumPorts
};

const PortDecl kPorts[kNumPorts] = {
    {"clk_i", 1},           {"rst_ni", 1},           {"cfg_i", 3},
    {"psel_i", 1},          {"penable_i", 1},        {"pwrite_i", 1},
    {"paddr_i", 12},        {"pwdata_i", 32},        {"pstrb_i", 4},
    {"prdata_o", 32},       {"pready_o", 1},         {"pslverr_o", 1},
    {"in_valid_i", 1},      {"in_ready_o", 1},       {"in_data_i", kPixelBits},
    {"mem_rd_valid_o", 1},  {"mem_rd_ready_i", 1},   {"mem_rd_addr_o", 31},
    {"mem_rsp_valid_i", 1}, {"mem_rsp_data_i", 128}, {"mem_wr_valid_o", 1},
    {"mem_wr_ready_i", 1},  {"mem_wr_addr_o", 31},   {"mem_wr_data_o", 128},
    {"perf_o", kPerfBits},
};

}  // namespace

const std::vector<PortDecl>& PortTracer::ports() {
  static const std::vector<PortDecl> all(std::begin(kPorts), std::end(kPorts));
  return all;
}

PortTracer::PortTracer(FstWriter& w) : w_(w) {
  for (const PortDecl& p : kPorts) h_.push_back(w_.var(p.name, p.width));
}

void PortTracer::dump(bool clk, const TopIn& in, const TopOut& out) {
  w_.set(h_[kClk], 1, clk);
  w_.set(h_[kRst], 1, in.rst_n);
  w_.set(h_[kCfg], 3, in.cfg & 7u);
  w_.set(h_[kPsel], 1, in.psel);
  w_.set(h_[kPenable], 1, in.penable);
  w_.set(h_[kPwrite], 1, in.pwrite);
  w_.set(h_[kPaddr], 12, in.paddr & 0xFFFu);
  w_.set(h_[kPwdata], 32, in.pwdata);
  w_.set(h_[kPstrb], 4, in.pstrb & 0xFu);
  w_.set(h_[kPrdata], 32, out.prdata);
  w_.set(h_[kPready], 1, out.pready);
  w_.set(h_[kPslverr], 1, out.pslverr);
  w_.set(h_[kInValid], 1, in.in_valid);
  w_.set(h_[kInReady], 1, out.in_ready);
  const PixelBits px = pack(in.in_data);
  w_.set_words(h_[kInData], kPixelBits, px.data());
  w_.set(h_[kRdValid], 1, out.mem_rd_valid);
  w_.set(h_[kRdReady], 1, in.mem_rd_ready);
  w_.set(h_[kRdAddr], 31, out.mem_rd_addr);
  w_.set(h_[kRspValid], 1, in.mem_rsp_valid);
  w_.set_words(h_[kRspData], 128, in.mem_rsp_data.w.data());
  w_.set(h_[kWrValid], 1, out.mem_wr_valid);
  w_.set(h_[kWrReady], 1, in.mem_wr_ready);
  w_.set(h_[kWrAddr], 31, out.mem_wr_addr);
  w_.set_words(h_[kWrData], 128, out.mem_wr_data.w.data());
  const Perf& p = out.perf;
  const uint32_t perf[7] = {p.killed,   p.mem_stalls, p.hazard_stalls, p.rt_writes,
                            p.rt_reads, p.pixels_in,  p.busy ? 1u : 0u};
  w_.set_words(h_[kPerf], kPerfBits, perf);
}

}  // namespace om::sim

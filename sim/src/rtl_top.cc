// SPDX-License-Identifier: Apache-2.0
#include "om/sim/rtl_top.h"

#include <verilated.h>
#if OM_RTL_TRACE
#include <verilated_fst_c.h>
#endif
#if OM_RTL_SAVABLE
#include <verilated_save.h>

#include <algorithm>
#include <cstring>
#endif

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
#if OM_CODE_COVERAGE
#include <unistd.h>
#include <verilated_cov.h>

#include <atomic>
#include <cstdlib>
#endif

#include "Vom_top.h"
#include "Vom_top___024root.h"
#include "om/sim/apb_master.h"

namespace om::sim {

// The FST writer of an open trace; the build without tracing (OM_RTL_CHECKS=OFF) has none, and
// trace_open() refuses before making one.
#if OM_RTL_TRACE
struct RtlTop::Trace {
  VerilatedFstC fst;
};
#else
struct RtlTop::Trace {};
#endif

namespace {

// A Verilated wide value as the generated packed image of its type.
template <typename Bits, typename Wide>
Bits words(const Wide& w) {
  static_assert(sizeof(Wide) == sizeof(Bits), "packed type layout changed");
  Bits b;
  for (size_t i = 0; i < b.size(); ++i) b[i] = w[i];
  return b;
}

#if OM_CODE_COVERAGE
// Writes the model's code coverage to a file of its own in $OM_CODE_COVERAGE_DIR (when set).
void write_code_coverage(VerilatedContext& ctx) {
  static std::atomic<unsigned> count{0};
  const char* dir = std::getenv("OM_CODE_COVERAGE_DIR");
  if (dir == nullptr || *dir == '\0') return;
  const std::string file = std::string(dir) + "/om_top_" + std::to_string(getpid()) + "_" +
                           std::to_string(count++) + ".dat";
  ctx.coveragep()->write(file.c_str());
}
#endif

#if OM_RTL_SAVABLE
// Verilator's serialiser into a byte vector: VerilatedSave without the file (a checkpoint every few
// thousand cycles should not touch the disk).
class ImageSave final : public VerilatedSerialize {
 public:
  explicit ImageSave(std::vector<uint8_t>* out) : out_(*out) {
    m_isOpen = true;
    header();
  }
  ~ImageSave() override { close(); }
  void close() override {
    if (!m_isOpen) return;
    trailer();
    flush();
    m_isOpen = false;
  }
  void flush() override {
    out_.insert(out_.end(), m_bufp, m_cp);
    m_cp = m_bufp;
  }

 private:
  std::vector<uint8_t>& out_;
};

// Its reading side, VerilatedRestore from a byte vector.
class ImageRestore final : public VerilatedDeserialize {
 public:
  explicit ImageRestore(const std::vector<uint8_t>& in) : in_(in) {
    m_isOpen = true;
    m_endp = m_bufp;
    header();
  }
  ~ImageRestore() override { close(); }
  void close() override {
    if (!m_isOpen) return;
    trailer();
    m_isOpen = false;
  }
  // VerilatedDeserialize reads from [m_cp, m_endp) and calls fill() when fewer than its insert size
  // are left: move the rest to the front and append the next part of the image.
  void fill() override {
    const size_t left = static_cast<size_t>(m_endp - m_cp);
    std::memmove(m_bufp, m_cp, left);
    m_cp = m_bufp;
    m_endp = m_bufp + left;
    const size_t n = std::min(bufferSize() - left, in_.size() - pos_);
    std::memcpy(m_endp, in_.data() + pos_, n);
    m_endp += n;
    pos_ += n;
  }

 private:
  const std::vector<uint8_t>& in_;
  size_t pos_ = 0;
};
#endif

}  // namespace

RtlTop::RtlTop(bool trace_capable, std::vector<std::string> args)
    : ctx_(std::make_unique<VerilatedContext>()),
      trace_capable_(trace_capable),
      args_(std::move(args)) {
  configure_context();
  dut_ = std::make_unique<Vom_top>(ctx_.get(), "om_top");
  // Power-up with rst_ni high: a run that starts with rst_ni low then gives the model the falling
  // edge its asynchronous resets are written for. Without it a flop held in reset from the first
  // eval keeps its initial value until the first clock edge (visible with --x-initial unique, e.g.
  // on perf_o), where the hardware is in reset at once.
  dut_->clk_i = 0;
  dut_->rst_ni = 1;
  dut_->eval();
  static_assert(sizeof(dut_->in_data_i) == sizeof(PixelBits), "pixel_t layout changed");
  static_assert(sizeof(dut_->perf_o) == 4 * ((kPerfBits + 31) / 32), "perf_t layout changed");
}

void RtlTop::configure_context() {
  ctx_->fatalOnError(false);
  if (trace_capable_) ctx_->traceEverOn(true);
  if (!args_.empty()) {
    std::vector<const char*> argv{"omsim"};
    for (const std::string& a : args_) argv.push_back(a.c_str());
    ctx_->commandArgs(static_cast<int>(argv.size()), argv.data());
  }
}

RtlTop::~RtlTop() {
  trace_close();
  // Verilator 5.006 unregisters a model's scopes through the thread's current context: make it
  // this model's, or a second RtlTop in the process deadlocks (or worse) on destruction.
  Verilated::threadContextp(ctx_.get());
  dut_->final();
#if OM_CODE_COVERAGE
  write_code_coverage(*ctx_);
#endif
  dut_.reset();
}

const TopOut& RtlTop::eval(const TopIn& in) {
  Vom_top& d = *dut_;
  d.clk_i = 0;
  d.rst_ni = in.rst_n ? 1 : 0;
  d.cfg_i = static_cast<uint8_t>(in.cfg & 7u);
  ApbMaster::to_ports(in, d);
  d.in_valid_i = in.in_valid;
  if (!pixel_packed_ || !(in.in_data == last_pixel_)) {
    const PixelBits bits = pack(in.in_data);
    for (size_t i = 0; i < bits.size(); ++i) d.in_data_i[i] = bits[i];
    last_pixel_ = in.in_data;
    pixel_packed_ = true;
  }
  d.mem_rd_ready_i = in.mem_rd_ready;
  d.mem_rsp_valid_i = in.mem_rsp_valid;
  for (int i = 0; i < 4; ++i) d.mem_rsp_data_i[i] = in.mem_rsp_data.w[i];
  d.mem_wr_ready_i = in.mem_wr_ready;
  d.ds_rd_ready_i = in.ds_rd_ready;
  d.ds_rsp_valid_i = in.ds_rsp_valid;
  for (int i = 0; i < 4; ++i) d.ds_rsp_data_i[i] = in.ds_rsp_data.w[i];
  d.ds_wr_ready_i = in.ds_wr_ready;
  d.eval();
#if OM_RTL_TRACE
  if (trace_) trace_->fst.dump(10 * cycle_);
#endif
  read_outputs();
  return out_;
}

void RtlTop::read_outputs() {
  Vom_top& d = *dut_;
  out_.prdata = d.prdata_o;
  out_.pready = d.pready_o;
  out_.pslverr = d.pslverr_o;
  out_.in_ready = d.in_ready_o;
  out_.mem_rd_valid = d.mem_rd_valid_o;
  out_.mem_rd_addr = d.mem_rd_addr_o;
  out_.mem_wr_valid = d.mem_wr_valid_o;
  out_.mem_wr_addr = d.mem_wr_addr_o;
  for (int i = 0; i < 4; ++i) out_.mem_wr_data.w[i] = d.mem_wr_data_o[i];
  out_.ds_rd_valid = d.ds_rd_valid_o;
  out_.ds_rd_addr = d.ds_rd_addr_o;
  out_.ds_wr_valid = d.ds_wr_valid_o;
  out_.ds_wr_addr = d.ds_wr_addr_o;
  for (int i = 0; i < 4; ++i) out_.ds_wr_data.w[i] = d.ds_wr_data_o[i];
  out_.perf = unpack_perf(words<PerfBits>(d.perf_o));
}

void RtlTop::tick() {
  dut_->clk_i = 1;
  dut_->eval();
#if OM_RTL_TRACE
  if (trace_) trace_->fst.dump(10 * cycle_ + 5);
#endif
  ++cycle_;
}

void RtlTop::trace_open(const std::string& path) {
#if OM_RTL_TRACE
  if (!trace_capable_) {
    throw std::runtime_error("RtlTop: built without tracing; construct with trace_capable");
  }
  trace_close();
  trace_ = std::make_unique<Trace>();
  dut_->trace(&trace_->fst, 99);
  trace_->fst.open(path.c_str());
  if (!trace_->fst.isOpen()) {
    trace_.reset();
    throw std::runtime_error("RtlTop: cannot write " + path);
  }
#else
  throw std::runtime_error(
      "RtlTop: om_top was Verilated without tracing (OM_RTL_CHECKS=OFF); cannot write " + path);
#endif
}

void RtlTop::trace_close() {
#if OM_RTL_TRACE
  if (trace_) {
    trace_->fst.close();
    trace_.reset();
  }
#endif
}

std::string RtlTop::take_error() {
  if (!ctx_->gotError()) return "";
  ctx_->gotError(false);
  return "RTL assertion or $error (see the simulator message above)";
}

bool RtlTop::savable() { return OM_RTL_SAVABLE != 0; }

std::vector<uint8_t> RtlTop::save() {
  std::vector<uint8_t> image;
#if OM_RTL_SAVABLE
  ImageSave os(&image);
  os << cycle_;
  os << *dut_;
  os.close();
#else
  throw std::runtime_error("RtlTop: om_top was Verilated without --savable (code coverage)");
#endif
  return image;
}

void RtlTop::restore(const std::vector<uint8_t>& image) {
#if OM_RTL_SAVABLE
  ImageRestore is(image);
  is >> cycle_;
  is >> *dut_;
  is.close();
  // The image holds the saved model's context settings too: this model's apply again.
  configure_context();
  // The saved pins hold the pixel last driven; eval() repacks the next one whatever it is.
  pixel_packed_ = false;
#else
  (void)image;
  throw std::runtime_error("RtlTop: om_top was Verilated without --savable (code coverage)");
#endif
}

TopTaps RtlTop::taps() const {
  const Vom_top___024root& r = *dut_->rootp;
  TopTaps t;
  t.ds_valid = r.om_top__DOT__ds_valid;
  t.ds_ready = r.om_top__DOT__ds_ready;
  t.ds_px = unpack_pixel(words<PixelBits>(r.om_top__DOT__ds_px));
  t.acc_valid = r.om_top__DOT__acc_valid;
  t.acc_ready = r.om_top__DOT__acc_ready;
  t.acc_op = unpack_op(words<OpBits>(r.om_top__DOT__acc_op));
  t.hz_valid = r.om_top__DOT__hz_valid;
  t.hz_ready = r.om_top__DOT__hz_ready;
  t.hz_op = unpack_op(words<OpBits>(r.om_top__DOT__hz_op));
  t.rd_valid = r.om_top__DOT__rd_valid;
  t.dp_en = r.om_top__DOT__dp_en;
  t.rd_op = unpack_op_dst(words<OpDstBits>(r.om_top__DOT__rd_op));
  t.dp_valid = r.om_top__DOT__dp_valid;
  t.wr_ready = r.om_top__DOT__wr_ready;
  t.dp_addr = r.om_top__DOT__dp_addr;
  t.dp_write = r.om_top__DOT__dp_write;
  for (int i = 0; i < 4; ++i) t.dp_texel.w[i] = r.om_top__DOT__dp_texel[i];
  return t;
}

void RtlTop::tap_words(TopTapWords* w) const {
  const Vom_top___024root& r = *dut_->rootp;
  w->ds_valid = r.om_top__DOT__ds_valid;
  w->ds_ready = r.om_top__DOT__ds_ready;
  w->acc_valid = r.om_top__DOT__acc_valid;
  w->acc_ready = r.om_top__DOT__acc_ready;
  w->hz_valid = r.om_top__DOT__hz_valid;
  w->hz_ready = r.om_top__DOT__hz_ready;
  w->rd_valid = r.om_top__DOT__rd_valid;
  w->dp_en = r.om_top__DOT__dp_en;
  w->dp_valid = r.om_top__DOT__dp_valid;
  w->wr_ready = r.om_top__DOT__wr_ready;
  w->dp_addr = r.om_top__DOT__dp_addr;
  w->dp_write = r.om_top__DOT__dp_write;
  if (w->ds_valid) w->ds_px = words<PixelBits>(r.om_top__DOT__ds_px);
  if (w->acc_valid) w->acc_op = words<OpBits>(r.om_top__DOT__acc_op);
  if (w->hz_valid) w->hz_op = words<OpBits>(r.om_top__DOT__hz_op);
  if (w->rd_valid) w->rd_op = words<OpDstBits>(r.om_top__DOT__rd_op);
  if (w->dp_valid) {
    for (int i = 0; i < 4; ++i) w->dp_texel.w[i] = r.om_top__DOT__dp_texel[i];
  }
}

}  // namespace om::sim

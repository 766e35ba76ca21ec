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
#include "om/gen/top_ports_vl.h"

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
  vl::put_inputs(in, d, in_cache_);
  d.eval();
#if OM_RTL_TRACE
  if (trace_) trace_->fst.dump(10 * cycle_);
#endif
  vl::get_outputs(d, out_);
  return out_;
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
  in_cache_ = {};
#else
  (void)image;
  throw std::runtime_error("RtlTop: om_top was Verilated without --savable (code coverage)");
#endif
}

TopTaps RtlTop::taps() const { return vl::get_taps(*dut_->rootp); }

void RtlTop::tap_words(TopTapWords* w) const { vl::get_tap_words(*dut_->rootp, w); }

}  // namespace om::sim

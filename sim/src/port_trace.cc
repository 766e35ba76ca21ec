// SPDX-License-Identifier: Apache-2.0
#include "om/sim/port_trace.h"

#include <cinttypes>
#include <cstdio>
#include <stdexcept>

namespace om::sim {
namespace {

// Little-endian 32-bit words as one hex number.
template <size_t N>
void put_words(std::FILE* f, const std::array<uint32_t, N>& w) {
  size_t top = N - 1;
  while (top > 0 && w[top] == 0) --top;
  std::fprintf(f, "%" PRIx32, w[top]);
  for (size_t i = top; i-- > 0;) std::fprintf(f, "%08" PRIx32, w[i]);
}

class PortRecorder final : public TappedSide {
 public:
  PortRecorder(std::unique_ptr<Side> side, const std::string& path)
      : side_(std::move(side)), tapped_(dynamic_cast<TappedSide*>(side_.get())) {
    if (tapped_ == nullptr) {
      throw std::invalid_argument("port trace: side '" + side_->name() + "' has no stage taps");
    }
    f_ = std::fopen(path.c_str(), "w");
    if (f_ == nullptr) throw std::runtime_error("port trace: cannot write " + path);
    std::fprintf(
        f_,
        "# omsim ports 2: om_top side %s, %d inputs then %d outputs, then %d depth-stencil "
        "inputs and %d outputs per cycle, hex\n",
        side_->name().c_str(), kPortTraceInputs, kPortTraceOutputs, kPortTraceDsInputs,
        kPortTraceDsOutputs);
  }
  ~PortRecorder() override { std::fclose(f_); }
  PortRecorder(const PortRecorder&) = delete;
  PortRecorder& operator=(const PortRecorder&) = delete;

  std::string name() const override { return side_->name(); }
  const TopOut& eval(const TopIn& in) override {
    const TopOut& out = side_->eval(in);
    write(in, out);
    return out;
  }
  void tick() override { side_->tick(); }
  void trace_open(const std::string& path) override { side_->trace_open(path); }
  void trace_close() override { side_->trace_close(); }
  std::string take_error() override { return side_->take_error(); }
  TopTaps taps() const override { return tapped_->taps(); }
  std::unique_ptr<State> save() override { return side_->save(); }
  void restore(const State& s) override { side_->restore(s); }

 private:
  void write(const TopIn& in, const TopOut& out) {
    std::fprintf(f_, "%x %" PRIx32 " %x %x %x %" PRIx32 " %" PRIx32 " %" PRIx32 " %x ", in.rst_n,
                 in.cfg, in.psel, in.penable, in.pwrite, in.paddr, in.pwdata, in.pstrb,
                 in.in_valid);
    put_words(f_, pack(in.in_data));
    std::fprintf(f_, " %x %x ", in.mem_rd_ready, in.mem_rsp_valid);
    put_words(f_, in.mem_rsp_data.w);
    std::fprintf(f_, " %x %" PRIx32 " %x %x %x %x %" PRIx64 " %x %" PRIx64 " ", in.mem_wr_ready,
                 out.prdata, out.pready, out.pslverr, out.in_ready, out.mem_rd_valid,
                 uint64_t{out.mem_rd_addr}, out.mem_wr_valid, uint64_t{out.mem_wr_addr});
    put_words(f_, out.mem_wr_data.w);
    std::fputc(' ', f_);
    put_words(f_, pack(out.perf));
    std::fprintf(f_, " %x %x ", in.ds_rd_ready, in.ds_rsp_valid);
    put_words(f_, in.ds_rsp_data.w);
    std::fprintf(f_, " %x %x %" PRIx64 " %x %" PRIx64 " ", in.ds_wr_ready, out.ds_rd_valid,
                 uint64_t{out.ds_rd_addr}, out.ds_wr_valid, uint64_t{out.ds_wr_addr});
    put_words(f_, out.ds_wr_data.w);
    std::fputc('\n', f_);
  }

  std::unique_ptr<Side> side_;
  TappedSide* tapped_;
  std::FILE* f_ = nullptr;
};

}  // namespace

std::unique_ptr<Side> make_port_recorder(std::unique_ptr<Side> side, const std::string& path) {
  return std::make_unique<PortRecorder>(std::move(side), path);
}

}  // namespace om::sim

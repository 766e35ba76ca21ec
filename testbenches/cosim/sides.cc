// The sides the harness can build: the Verilated RTL, the cycle model (when om/top.h exists in
// this source tree) and the fault-injecting wrapper (the harness's mutation switch).
#include <memory>
#include <stdexcept>
#include <string>

#include "fst_writer.h"
#include "rtl_top.h"
#include "side.h"

#if __has_include("om/top.h")
#include "om/top.h"
#define OM_COSIM_HAVE_MODEL 1
#else
#define OM_COSIM_HAVE_MODEL 0
#endif

namespace om::cosim {
namespace {

class RtlSide final : public Side {
 public:
  explicit RtlSide(bool trace) : top_(trace) {}
  std::string name() const override { return "rtl"; }
  const TopOut& eval(const TopIn& in) override { return top_.eval(in); }
  void tick() override { top_.tick(); }
  void trace_open(const std::string& path) override { top_.trace_open(path); }
  void trace_close() override { top_.trace_close(); }
  std::string take_error() override { return top_.take_error(); }
  bool has_perf() const override { return RtlTop::has_perf(); }

 private:
  RtlTop top_;
};

#if OM_COSIM_HAVE_MODEL
// The cycle model; its waves use Verilator's hierarchy (TOP.om_top.<port>).
class ModelSide final : public Side {
 public:
  std::string name() const override { return "model"; }
  const TopOut& eval(const TopIn& in) override {
    const TopOut& out = top_.eval(in);
    if (fst_) {
      fst_->time(10 * cycle_);
      ports_->dump(false, in, out);
      last_in_ = in;
      last_out_ = out;
    }
    return out;
  }
  void tick() override {
    top_.tick();
    if (fst_) {
      fst_->time(10 * cycle_ + 5);
      ports_->dump(true, last_in_, last_out_);
    }
    ++cycle_;
  }
  void trace_open(const std::string& path) override {
    trace_close();
    fst_ = std::make_unique<FstWriter>(path);
    fst_->push_scope("TOP");
    fst_->push_scope("om_top");
    ports_ = std::make_unique<PortTracer>(*fst_);
    fst_->pop_scope();
    fst_->pop_scope();
  }
  void trace_close() override {
    ports_.reset();
    fst_.reset();
  }

 private:
  Top top_;
  uint64_t cycle_ = 0;
  std::unique_ptr<FstWriter> fst_;
  std::unique_ptr<PortTracer> ports_;
  TopIn last_in_;
  TopOut last_out_;
};
#endif

// Corrupts the inner side's outputs on purpose (see make_faulty()).
class FaultySide final : public Side {
 public:
  FaultySide(std::unique_ptr<Side> inner, std::string fault)
      : inner_(std::move(inner)), fault_(std::move(fault)) {}
  std::string name() const override { return inner_->name(); }
  const TopOut& eval(const TopIn& in) override {
    out_ = inner_->eval(in);
    in_ = in;
    if (fault_ == "wr_data" && out_.mem_wr_valid && writes_ >= 4) out_.mem_wr_data.w[0] ^= 1u;
    if (fault_ == "rd_addr" && out_.mem_rd_valid && reads_ >= 2) out_.mem_rd_addr ^= 1u;
    if (fault_ == "prdata" && out_.pready && in.penable && !in.pwrite && read_done_ == 2) {
      out_.prdata ^= 1u;
    }
    if (fault_ == "in_ready" && in.in_valid && out_.in_ready && pixels_ == 49 && !dropped_) {
      out_.in_ready = false;
      dropped_ = true;
    }
    return out_;
  }
  void tick() override {
    if (out_.mem_wr_valid && in_.mem_wr_ready) ++writes_;
    if (out_.mem_rd_valid && in_.mem_rd_ready) ++reads_;
    if (out_.pready && in_.psel && in_.penable && !in_.pwrite) ++read_done_;
    if (in_.in_valid && out_.in_ready) ++pixels_;
    inner_->tick();
  }
  void trace_open(const std::string& path) override { inner_->trace_open(path); }
  void trace_close() override { inner_->trace_close(); }
  std::string take_error() override { return inner_->take_error(); }
  bool has_perf() const override { return inner_->has_perf(); }

 private:
  std::unique_ptr<Side> inner_;
  std::string fault_;
  TopIn in_;
  TopOut out_;
  uint64_t writes_ = 0, reads_ = 0, read_done_ = 0, pixels_ = 0;
  bool dropped_ = false;
};

}  // namespace

bool have_model() { return OM_COSIM_HAVE_MODEL != 0; }

std::unique_ptr<Side> make_side(SideKind kind, bool trace_capable) {
  switch (kind) {
    case SideKind::kRtl:
      return std::make_unique<RtlSide>(trace_capable);
    case SideKind::kModel:
#if OM_COSIM_HAVE_MODEL
      return std::make_unique<ModelSide>();
#else
      throw std::invalid_argument(
          "the cycle model (om::Top, cppmodel/include/om/top.h) is not in this build");
#endif
  }
  throw std::invalid_argument("unknown side");
}

const char* fault_names() { return "wr_data, rd_addr, prdata, in_ready"; }

std::unique_ptr<Side> make_faulty(std::unique_ptr<Side> inner, const std::string& fault) {
  if (fault != "wr_data" && fault != "rd_addr" && fault != "prdata" && fault != "in_ready") {
    throw std::invalid_argument("unknown fault '" + fault + "' (known: " + fault_names() + ")");
  }
  return std::make_unique<FaultySide>(std::move(inner), fault);
}

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
#include "sc_bench.h"

#include <verilated.h>
#include <verilated_fst_sc.h>

#include <limits>
#include <stdexcept>

#include "Vom_top_sc.h"

namespace om::sim::systemc {
namespace {

using sc_core::sc_signal;

template <typename T>
void bind_both(sc_core::sc_in<T>& a, sc_core::sc_in<T>& b, sc_signal<T>& s) {
  a(s);
  b(s);
}

}  // namespace

// One side of the netlist as the lockstep sees it.
class ScBench::View final : public Side {
 public:
  View(ScBench& bench, const Outs& outs, std::string name, bool is_rtl)
      : bench_(bench), outs_(outs), name_(std::move(name)), is_rtl_(is_rtl) {}
  std::string name() const override { return name_; }
  const TopOut& eval(const TopIn& in) override {
    bench_.settle(in);
    out_ = outs_.read();
    if (fault_) fault_->apply(in, out_);
    in_ = in;
    return out_;
  }
  void tick() override {
    if (fault_) fault_->edge(in_, out_);
    bench_.rise();
  }
  std::string take_error() override {
    if (!is_rtl_ || !Verilated::threadContextp()->gotError()) return "";
    Verilated::threadContextp()->gotError(false);
    return "RTL assertion or $error at or before this cycle (message above)";
  }

 private:
  ScBench& bench_;
  const Outs& outs_;
  std::string name_;
  bool is_rtl_;
  TopIn in_;
  TopOut out_;
};

ScBench::Outs::Outs(const std::string& side)
    : prdata((side + "_prdata_o").c_str()),
      pready((side + "_pready_o").c_str()),
      pslverr((side + "_pslverr_o").c_str()),
      in_ready((side + "_in_ready_o").c_str()),
      mem_rd_valid((side + "_mem_rd_valid_o").c_str()),
      mem_rd_addr((side + "_mem_rd_addr_o").c_str()),
      mem_wr_valid((side + "_mem_wr_valid_o").c_str()),
      mem_wr_addr((side + "_mem_wr_addr_o").c_str()),
      mem_wr_data((side + "_mem_wr_data_o").c_str()),
      ds_rd_valid((side + "_ds_rd_valid_o").c_str()),
      ds_rd_addr((side + "_ds_rd_addr_o").c_str()),
      ds_wr_valid((side + "_ds_wr_valid_o").c_str()),
      ds_wr_addr((side + "_ds_wr_addr_o").c_str()),
      ds_wr_data((side + "_ds_wr_data_o").c_str()),
      perf((side + "_perf_o").c_str()) {}

TopOut ScBench::Outs::read() const {
  TopOut o;
  o.prdata = prdata.read();
  o.pready = pready.read();
  o.pslverr = pslverr.read();
  o.in_ready = in_ready.read();
  o.mem_rd_valid = mem_rd_valid.read();
  o.mem_rd_addr = mem_rd_addr.read();
  o.mem_wr_valid = mem_wr_valid.read();
  o.mem_wr_addr = mem_wr_addr.read();
  o.mem_wr_data = texel(mem_wr_data.read());
  o.ds_rd_valid = ds_rd_valid.read();
  o.ds_rd_addr = ds_rd_addr.read();
  o.ds_wr_valid = ds_wr_valid.read();
  o.ds_wr_addr = ds_wr_addr.read();
  o.ds_wr_data = texel(ds_wr_data.read());
  o.perf = om::sim::systemc::perf(perf.read());
  return o;
}

ScBench::ScBench(const sc_core::sc_module_name& name, const cosim::Stimulus& st,
                 const BenchOptions& opt)
    : sc_core::sc_module(name),
      clk_("clk_i"),
      rst_n_("rst_ni"),
      cfg_("cfg_i"),
      psel_("psel_i"),
      penable_("penable_i"),
      pwrite_("pwrite_i"),
      paddr_("paddr_i"),
      pwdata_("pwdata_i"),
      pstrb_("pstrb_i"),
      in_valid_("in_valid_i"),
      in_data_("in_data_i"),
      mem_rd_ready_("mem_rd_ready_i"),
      mem_rsp_valid_("mem_rsp_valid_i"),
      mem_rsp_data_("mem_rsp_data_i"),
      mem_wr_ready_("mem_wr_ready_i"),
      ds_rd_ready_("ds_rd_ready_i"),
      ds_rsp_valid_("ds_rsp_valid_i"),
      ds_rsp_data_("ds_rsp_data_i"),
      ds_wr_ready_("ds_wr_ready_i"),
      rtl_out_("rtl"),
      model_out_("model"),
      model_("model"),
      st_(st),
      opt_(opt),
      half_(opt.period / 2.0) {
  const bool waves = !opt_.waves_dir.empty();
  Verilated::threadContextp()->fatalOnError(false);  // the RTL view reports assertion failures
  if (waves) Verilated::traceEverOn(true);
  rtl_ = std::make_unique<Vom_top_sc>("rtl");
  Vom_top_sc& r = *rtl_;
  OmTopModelSc& m = model_;

  bind_both(r.clk_i, m.clk_i, clk_);
  bind_both(r.rst_ni, m.rst_ni, rst_n_);
  bind_both(r.cfg_i, m.cfg_i, cfg_);
  bind_both(r.psel_i, m.psel_i, psel_);
  bind_both(r.penable_i, m.penable_i, penable_);
  bind_both(r.pwrite_i, m.pwrite_i, pwrite_);
  bind_both(r.paddr_i, m.paddr_i, paddr_);
  bind_both(r.pwdata_i, m.pwdata_i, pwdata_);
  bind_both(r.pstrb_i, m.pstrb_i, pstrb_);
  bind_both(r.in_valid_i, m.in_valid_i, in_valid_);
  bind_both(r.in_data_i, m.in_data_i, in_data_);
  bind_both(r.mem_rd_ready_i, m.mem_rd_ready_i, mem_rd_ready_);
  bind_both(r.mem_rsp_valid_i, m.mem_rsp_valid_i, mem_rsp_valid_);
  bind_both(r.mem_rsp_data_i, m.mem_rsp_data_i, mem_rsp_data_);
  bind_both(r.mem_wr_ready_i, m.mem_wr_ready_i, mem_wr_ready_);
  bind_both(r.ds_rd_ready_i, m.ds_rd_ready_i, ds_rd_ready_);
  bind_both(r.ds_rsp_valid_i, m.ds_rsp_valid_i, ds_rsp_valid_);
  bind_both(r.ds_rsp_data_i, m.ds_rsp_data_i, ds_rsp_data_);
  bind_both(r.ds_wr_ready_i, m.ds_wr_ready_i, ds_wr_ready_);
  // The same output binding code for both: their ports have the same names and types.
  const auto bind_outs = [](auto& dut, Outs& o) {
    dut.prdata_o(o.prdata);
    dut.pready_o(o.pready);
    dut.pslverr_o(o.pslverr);
    dut.in_ready_o(o.in_ready);
    dut.mem_rd_valid_o(o.mem_rd_valid);
    dut.mem_rd_addr_o(o.mem_rd_addr);
    dut.mem_wr_valid_o(o.mem_wr_valid);
    dut.mem_wr_addr_o(o.mem_wr_addr);
    dut.mem_wr_data_o(o.mem_wr_data);
    dut.ds_rd_valid_o(o.ds_rd_valid);
    dut.ds_rd_addr_o(o.ds_rd_addr);
    dut.ds_wr_valid_o(o.ds_wr_valid);
    dut.ds_wr_addr_o(o.ds_wr_addr);
    dut.ds_wr_data_o(o.ds_wr_data);
    dut.perf_o(o.perf);
  };
  bind_outs(r, rtl_out_);
  bind_outs(m, model_out_);

  if (waves) {
    vcd_ = sc_core::sc_create_vcd_trace_file((opt_.waves_dir + "/pins").c_str());
    if (vcd_ == nullptr) throw std::runtime_error("cannot write " + opt_.waves_dir + "/pins.vcd");
    const auto tr = [this](const auto& sig) { sc_core::sc_trace(vcd_, sig, sig.name()); };
    tr(clk_), tr(rst_n_), tr(cfg_), tr(psel_), tr(penable_), tr(pwrite_), tr(paddr_);
    tr(pwdata_), tr(pstrb_), tr(in_valid_), tr(in_data_), tr(mem_rd_ready_), tr(mem_rsp_valid_);
    tr(mem_rsp_data_), tr(mem_wr_ready_), tr(ds_rd_ready_), tr(ds_rsp_valid_), tr(ds_rsp_data_);
    tr(ds_wr_ready_);
    for (Outs* o : {&rtl_out_, &model_out_}) {
      tr(o->prdata), tr(o->pready), tr(o->pslverr), tr(o->in_ready), tr(o->mem_rd_valid);
      tr(o->mem_rd_addr), tr(o->mem_wr_valid), tr(o->mem_wr_addr), tr(o->mem_wr_data);
      tr(o->ds_rd_valid), tr(o->ds_rd_addr), tr(o->ds_wr_valid), tr(o->ds_wr_addr);
      tr(o->ds_wr_data), tr(o->perf);
    }
  }
}

ScBench::~ScBench() {
  if (fst_) fst_->close();
  if (vcd_ != nullptr) sc_core::sc_close_vcd_trace_file(vcd_);
}

void ScBench::drive(const TopIn& in) {
  const bool all = !any_driven_;
  const TopIn& l = last_in_;
  if (all || in.rst_n != l.rst_n) rst_n_.write(in.rst_n);
  if (all || in.cfg != l.cfg) cfg_.write(in.cfg);
  if (all || in.psel != l.psel) psel_.write(in.psel);
  if (all || in.penable != l.penable) penable_.write(in.penable);
  if (all || in.pwrite != l.pwrite) pwrite_.write(in.pwrite);
  if (all || in.paddr != l.paddr) paddr_.write(in.paddr);
  if (all || in.pwdata != l.pwdata) pwdata_.write(in.pwdata);
  if (all || in.pstrb != l.pstrb) pstrb_.write(in.pstrb);
  if (all || in.in_valid != l.in_valid) in_valid_.write(in.in_valid);
  if (all || in.in_data != l.in_data) {
    to_bv(pack(in.in_data), pixel_bv_);
    in_data_.write(pixel_bv_);
  }
  if (all || in.mem_rd_ready != l.mem_rd_ready) mem_rd_ready_.write(in.mem_rd_ready);
  if (all || in.mem_rsp_valid != l.mem_rsp_valid) mem_rsp_valid_.write(in.mem_rsp_valid);
  if (all || in.mem_rsp_data != l.mem_rsp_data) {
    to_bv(in.mem_rsp_data, texel_bv_);
    mem_rsp_data_.write(texel_bv_);
  }
  if (all || in.mem_wr_ready != l.mem_wr_ready) mem_wr_ready_.write(in.mem_wr_ready);
  if (all || in.ds_rd_ready != l.ds_rd_ready) ds_rd_ready_.write(in.ds_rd_ready);
  if (all || in.ds_rsp_valid != l.ds_rsp_valid) ds_rsp_valid_.write(in.ds_rsp_valid);
  if (all || in.ds_rsp_data != l.ds_rsp_data) {
    to_bv(in.ds_rsp_data, ds_texel_bv_);
    ds_rsp_data_.write(ds_texel_bv_);
  }
  if (all || in.ds_wr_ready != l.ds_wr_ready) ds_wr_ready_.write(in.ds_wr_ready);
  last_in_ = in;
  any_driven_ = true;
}

void ScBench::settle(const TopIn& in) {
  if (settled_) return;
  drive(in);
  clk_.write(false);
  sc_core::sc_start(half_);
  settled_ = true;
}

void ScBench::rise() {
  if (!settled_) return;
  clk_.write(true);  // both sides commit in the next delta cycle
  sc_core::sc_start(half_);
  settled_ = false;
}

void ScBench::open_waves() {
  fst_ = std::make_unique<VerilatedFstSc>();
  rtl_->trace(fst_.get(), 99);
  const std::string path = opt_.waves_dir + "/rtl.fst";
  fst_->open(path.c_str());
  if (!fst_->isOpen()) throw std::runtime_error("cannot write " + path);
}

cosim::RunResult ScBench::run() {
  sc_core::sc_start(sc_core::SC_ZERO_TIME);   // elaboration
  if (!opt_.waves_dir.empty()) open_waves();  // after elaboration (docs/toolchain.md §4)
  cosim::RunOptions ro;
  ro.env.scoreboard = opt_.scoreboard;
  ro.env.coverage = false;
  ro.time_sides = false;
  ro.fault = opt_.fault;
  cosim::Lockstep ls(st_, ro, std::make_unique<View>(*this, rtl_out_, "rtl", true),
                     std::make_unique<View>(*this, model_out_, "model", false));
  ls.step(std::numeric_limits<uint64_t>::max());
  const cosim::RunResult r = ls.finish();
  if (fst_) fst_->close();
  rtl_->final();
  return r;
}

}  // namespace om::sim::systemc

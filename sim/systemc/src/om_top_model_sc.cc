// SPDX-License-Identifier: Apache-2.0
#include "om/sim/systemc/om_top_model_sc.h"

namespace om::sim::systemc {

OmTopModelSc::OmTopModelSc(const sc_core::sc_module_name& name)
    : sc_core::sc_module(name),
      clk_i("clk_i"),
      rst_ni("rst_ni"),
      cfg_i("cfg_i"),
      psel_i("psel_i"),
      penable_i("penable_i"),
      pwrite_i("pwrite_i"),
      pstrb_i("pstrb_i"),
      pready_o("pready_o"),
      pslverr_o("pslverr_o"),
      in_valid_i("in_valid_i"),
      in_ready_o("in_ready_o"),
      mem_rd_valid_o("mem_rd_valid_o"),
      mem_rd_ready_i("mem_rd_ready_i"),
      mem_rsp_valid_i("mem_rsp_valid_i"),
      mem_wr_valid_o("mem_wr_valid_o"),
      mem_wr_ready_i("mem_wr_ready_i"),
      paddr_i("paddr_i"),
      pwdata_i("pwdata_i"),
      prdata_o("prdata_o"),
      mem_rd_addr_o("mem_rd_addr_o"),
      mem_wr_addr_o("mem_wr_addr_o"),
      in_data_i("in_data_i"),
      mem_rsp_data_i("mem_rsp_data_i"),
      mem_wr_data_o("mem_wr_data_o"),
      ds_rd_valid_o("ds_rd_valid_o"),
      ds_rd_ready_i("ds_rd_ready_i"),
      ds_rd_addr_o("ds_rd_addr_o"),
      ds_rsp_valid_i("ds_rsp_valid_i"),
      ds_rsp_data_i("ds_rsp_data_i"),
      ds_wr_valid_o("ds_wr_valid_o"),
      ds_wr_ready_i("ds_wr_ready_i"),
      ds_wr_addr_o("ds_wr_addr_o"),
      ds_wr_data_o("ds_wr_data_o"),
      perf_o("perf_o") {
  SC_HAS_PROCESS(OmTopModelSc);
  SC_METHOD(eval);
  sensitive << clk_i << rst_ni << cfg_i << psel_i << penable_i << pwrite_i << pstrb_i << in_valid_i
            << mem_rd_ready_i << mem_rsp_valid_i << mem_wr_ready_i << paddr_i << pwdata_i
            << in_data_i << mem_rsp_data_i << ds_rd_ready_i << ds_rsp_valid_i << ds_wr_ready_i
            << ds_rsp_data_i;
}

bool OmTopModelSc::read_inputs() {
  bool changed = first_;
  const auto take = [&changed](auto& field, auto value) {
    if (field != value) {
      field = value;
      changed = true;
    }
  };
  take(in_.rst_n, rst_ni.read());
  take(in_.cfg, cfg_i.read());
  take(in_.psel, psel_i.read());
  take(in_.penable, penable_i.read());
  take(in_.pwrite, pwrite_i.read());
  take(in_.paddr, paddr_i.read());
  take(in_.pwdata, pwdata_i.read());
  take(in_.pstrb, pstrb_i.read());
  take(in_.in_valid, in_valid_i.read());
  take(in_.mem_rd_ready, mem_rd_ready_i.read());
  take(in_.mem_rsp_valid, mem_rsp_valid_i.read());
  take(in_.mem_wr_ready, mem_wr_ready_i.read());
  take(in_.ds_rd_ready, ds_rd_ready_i.read());
  take(in_.ds_rsp_valid, ds_rsp_valid_i.read());
  take(in_.ds_wr_ready, ds_wr_ready_i.read());
  // The wide inputs are converted only in the delta cycle they change in (this method runs in
  // every such delta cycle, being sensitive to them).
  if (first_ || in_data_i.event()) {
    in_.in_data = unpack_pixel(pixel_bits(in_data_i.read()));
    changed = true;
  }
  if (first_ || mem_rsp_data_i.event()) {
    in_.mem_rsp_data = texel(mem_rsp_data_i.read());
    changed = true;
  }
  if (first_ || ds_rsp_data_i.event()) {
    in_.ds_rsp_data = texel(ds_rsp_data_i.read());
    changed = true;
  }
  return changed;
}

void OmTopModelSc::write_outputs(const TopOut& o) {
  const bool all = first_;
  if (all || o.prdata != written_.prdata) prdata_o.write(o.prdata);
  if (all || o.pready != written_.pready) pready_o.write(o.pready);
  if (all || o.pslverr != written_.pslverr) pslverr_o.write(o.pslverr);
  if (all || o.in_ready != written_.in_ready) in_ready_o.write(o.in_ready);
  if (all || o.mem_rd_valid != written_.mem_rd_valid) mem_rd_valid_o.write(o.mem_rd_valid);
  if (all || o.mem_rd_addr != written_.mem_rd_addr) mem_rd_addr_o.write(o.mem_rd_addr);
  if (all || o.mem_wr_valid != written_.mem_wr_valid) mem_wr_valid_o.write(o.mem_wr_valid);
  if (all || o.mem_wr_addr != written_.mem_wr_addr) mem_wr_addr_o.write(o.mem_wr_addr);
  if (all || o.mem_wr_data != written_.mem_wr_data) {
    to_bv(o.mem_wr_data, wr_data_bv_);
    mem_wr_data_o.write(wr_data_bv_);
  }
  if (all || o.ds_rd_valid != written_.ds_rd_valid) ds_rd_valid_o.write(o.ds_rd_valid);
  if (all || o.ds_rd_addr != written_.ds_rd_addr) ds_rd_addr_o.write(o.ds_rd_addr);
  if (all || o.ds_wr_valid != written_.ds_wr_valid) ds_wr_valid_o.write(o.ds_wr_valid);
  if (all || o.ds_wr_addr != written_.ds_wr_addr) ds_wr_addr_o.write(o.ds_wr_addr);
  if (all || o.ds_wr_data != written_.ds_wr_data) {
    to_bv(o.ds_wr_data, ds_wr_data_bv_);
    ds_wr_data_o.write(ds_wr_data_bv_);
  }
  if (all || o.perf != written_.perf) {
    to_bv(o.perf, perf_bv_);
    perf_o.write(perf_bv_);
  }
  written_ = o;
}

void OmTopModelSc::eval() {
  const bool changed = read_inputs();
  if (clk_i.posedge()) {
    // The inputs visible at the edge are the ones the registers sample.
    if (changed || !settled_) top_.eval(in_);
    top_.tick();
    ++cycles_;
    write_outputs(top_.eval(in_));
  } else if (changed || !settled_) {
    write_outputs(top_.eval(in_));
  }
  settled_ = true;
  first_ = false;
}

}  // namespace om::sim::systemc

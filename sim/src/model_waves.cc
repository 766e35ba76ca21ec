// SPDX-License-Identifier: Apache-2.0
#include "om/sim/model_waves.h"

#include <array>

namespace om::sim {
namespace {

enum Reg : size_t {
  kAccDone,
  kInValid,
  kInSkidValid,
  kInData,
  kPxValid,
  kPxData,
  kOpValid,
  kOpData,
  kHzTblValid,
  kHzHead,
  kHzTail,
  kHzValid,
  kHzData,
  kRdCredit,
  kOpFifoWr,
  kOpFifoRd,
  kOpFifoCount,
  kRdReqValid,
  kRdReqData,
  kRspFifoWr,
  kRspFifoRd,
  kRspFifoCount,
  kDpValid,
  kDpTag,
  kDpWrite,
  kDpTexel,
  kWrValid,
  kWrSkidValid,
  kWrData,
  kCfg,
  kNumRegs
};

}  // namespace

ModelWaves::ModelWaves(const std::string& path, const Top& top) : w_(path), top_(top) {
  h_.resize(kNumRegs);
  w_.push_scope("om_top");
  outer_ = std::make_unique<PortTracer>(w_);
  w_.push_scope("om_top");
  inner_ = std::make_unique<PortTracer>(w_);
  w_.push_scope("u_accept");
  h_[kAccDone] = w_.var("done_q", 8);
  w_.push_scope("u_in_reg");
  h_[kInValid] = w_.var("valid_q", 1);
  h_[kInData] = w_.var("data_q", kPixelBits);
  w_.push_scope("g_skid");
  h_[kInSkidValid] = w_.var("skid_valid_q", 1);
  w_.pop_scope();
  w_.pop_scope();
  w_.push_scope("u_px_reg");
  h_[kPxValid] = w_.var("valid_q", 1);
  h_[kPxData] = w_.var("data_q", kPxBits);
  w_.pop_scope();
  w_.push_scope("u_op_reg");
  h_[kOpValid] = w_.var("valid_q", 1);
  h_[kOpData] = w_.var("data_q", kOpBits);
  w_.pop_scope();
  w_.pop_scope();  // u_accept
  w_.push_scope("u_hazard");
  h_[kHzTblValid] = w_.var("tbl_valid_q", 32);
  h_[kHzHead] = w_.var("head_q", 5);
  h_[kHzTail] = w_.var("tail_q", 5);
  w_.push_scope("u_out_reg");
  h_[kHzValid] = w_.var("valid_q", 1);
  h_[kHzData] = w_.var("data_q", kOpBits);
  w_.pop_scope();
  w_.pop_scope();  // u_hazard
  w_.push_scope("u_dest_read");
  h_[kRdCredit] = w_.var("credit_q", 5);
  w_.push_scope("u_op_fifo");
  h_[kOpFifoWr] = w_.var("wr_ptr_q", 4);
  h_[kOpFifoRd] = w_.var("rd_ptr_q", 4);
  h_[kOpFifoCount] = w_.var("count_q", 5);
  w_.pop_scope();
  w_.push_scope("u_rd_req");
  h_[kRdReqValid] = w_.var("valid_q", 1);
  h_[kRdReqData] = w_.var("data_q", 31);
  w_.pop_scope();
  w_.push_scope("u_rsp_fifo");
  h_[kRspFifoWr] = w_.var("wr_ptr_q", 4);
  h_[kRspFifoRd] = w_.var("rd_ptr_q", 4);
  h_[kRspFifoCount] = w_.var("count_q", 5);
  w_.pop_scope();
  w_.pop_scope();  // u_dest_read
  w_.push_scope("u_datapath");
  h_[kDpValid] = w_.var("valid_q", 1);
  h_[kDpTag] = w_.var("tag_q", 31);
  h_[kDpWrite] = w_.var("write_q", 1);
  h_[kDpTexel] = w_.var("texel_q", 128);
  w_.pop_scope();
  w_.push_scope("u_write");
  w_.push_scope("u_out_reg");
  h_[kWrValid] = w_.var("valid_q", 1);
  h_[kWrData] = w_.var("data_q", kWrReqBits);
  w_.push_scope("g_skid");
  h_[kWrSkidValid] = w_.var("skid_valid_q", 1);
  w_.pop_scope();
  w_.pop_scope();
  w_.pop_scope();  // u_write
  w_.push_scope("u_csr");
  h_[kCfg] = w_.var("cfg_q", 3);
  w_.pop_scope();
  w_.pop_scope();  // om_top.om_top
  w_.pop_scope();  // om_top
}

void ModelWaves::regs() {
  const Accept& acc = top_.accept();
  w_.set(h_[kAccDone], 8, acc.regs().done);
  w_.set(h_[kInValid], 1, acc.in_reg().regs().valid);
  w_.set(h_[kInSkidValid], 1, acc.in_reg().regs().skid_valid);
  w_.set_words(h_[kInData], kPixelBits, pack(acc.in_reg().regs().data).data());
  w_.set(h_[kPxValid], 1, acc.px_reg().regs().valid);
  w_.set_words(h_[kPxData], kPxBits, pack(acc.px_reg().regs().data).data());
  w_.set(h_[kOpValid], 1, acc.op_reg().regs().valid);
  w_.set_words(h_[kOpData], kOpBits, pack(acc.op_reg().regs().data).data());
  const Hazard& hz = top_.hazard();
  w_.set(h_[kHzTblValid], 32, hz.regs().tbl_valid);
  w_.set(h_[kHzHead], 5, hz.regs().head);
  w_.set(h_[kHzTail], 5, hz.regs().tail);
  w_.set(h_[kHzValid], 1, hz.out_reg().regs().valid);
  w_.set_words(h_[kHzData], kOpBits, pack(hz.out_reg().regs().data).data());
  const DestRead& rd = top_.dest_read();
  w_.set(h_[kRdCredit], 5, rd.regs().credit);
  w_.set(h_[kOpFifoWr], 4, rd.op_fifo().regs().wr_ptr);
  w_.set(h_[kOpFifoRd], 4, rd.op_fifo().regs().rd_ptr);
  w_.set(h_[kOpFifoCount], 5, rd.op_fifo().regs().count);
  w_.set(h_[kRdReqValid], 1, rd.rd_req().regs().valid);
  w_.set(h_[kRdReqData], 31, rd.rd_req().regs().data);
  w_.set(h_[kRspFifoWr], 4, rd.rsp_fifo().regs().wr_ptr);
  w_.set(h_[kRspFifoRd], 4, rd.rsp_fifo().regs().rd_ptr);
  w_.set(h_[kRspFifoCount], 5, rd.rsp_fifo().regs().count);
  const RtDatapathRegs& dp = top_.datapath().regs();
  w_.set(h_[kDpValid], 1, dp.valid);
  w_.set(h_[kDpTag], 31, dp.tag);
  w_.set(h_[kDpWrite], 1, dp.write);
  w_.set_words(h_[kDpTexel], 128, dp.texel.w.data());
  const Write& wr = top_.write();
  w_.set(h_[kWrValid], 1, wr.out_reg().regs().valid);
  w_.set(h_[kWrSkidValid], 1, wr.out_reg().regs().skid_valid);
  w_.set_words(h_[kWrData], kWrReqBits, pack(wr.out_reg().regs().data).data());
  w_.set(h_[kCfg], 3, top_.csr().regs().cfg_q);
}

void ModelWaves::dump(uint64_t t, bool clk, const TopIn& in, const TopOut& out) {
  w_.time(t);
  outer_->dump(clk, in, out);
  inner_->dump(clk, in, out);
  regs();
}

}  // namespace om::sim

// SPDX-License-Identifier: Apache-2.0
#include "om/sim/model_waves.h"

#include <iterator>

#include "om/top_pkg.h"

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
  kCfgIdx,
  kAccValid,
  kAccReady,
  kHzValidTap,
  kHzReadyTap,
  kRdValidTap,
  kDpEnTap,
  kDpValidTap,
  kWrReadyTap,
  kDpWriteTap,
  kDpTexelTap,
  kNumRegs
};

// om_top's packed-struct wires, and the stages' decoded pipeline-register outputs, traced field by
// field.
enum Wire : size_t {
  kState,
  kCfgInfo,
  kAccOp,
  kHzOp,
  kRdOp,
  kDpAddr,
  kDpDesc,
  kInQ,
  kPxQ,
  kReqQ,
  kNumWires
};

}  // namespace

ModelWaves::ModelWaves(const std::string& path, const Top& top) : w_(path), top_(top), txn_(w_) {
  h_.resize(kNumRegs);
  w_.push_scope("om_top");
  outer_ = std::make_unique<PortTracer>(w_);
  w_.push_scope("om_top");
  inner_ = std::make_unique<PortTracer>(w_);
  // The stage-boundary wires and the decoded state, under their om_top.sv names.
  wires_.resize(kNumWires);
  wires_[kState] = std::make_unique<StructVars>(w_, "state", gen::kStateWave);
  wires_[kCfgInfo] = std::make_unique<StructVars>(w_, "cfg", gen::kCfgInfoWave);
  h_[kCfgIdx] = w_.var("cfg_idx", 3, &gen::kConfigEnum);
  h_[kAccValid] = w_.var("acc_valid", 1);
  h_[kAccReady] = w_.var("acc_ready", 1);
  wires_[kAccOp] = std::make_unique<StructVars>(w_, "acc_op", gen::kOpWave);
  h_[kHzValidTap] = w_.var("hz_valid", 1);
  h_[kHzReadyTap] = w_.var("hz_ready", 1);
  wires_[kHzOp] = std::make_unique<StructVars>(w_, "hz_op", gen::kOpWave);
  h_[kRdValidTap] = w_.var("rd_valid", 1);
  h_[kDpEnTap] = w_.var("dp_en", 1);
  wires_[kRdOp] = std::make_unique<StructVars>(w_, "rd_op", gen::kOpDstWave);
  h_[kDpValidTap] = w_.var("dp_valid", 1);
  h_[kWrReadyTap] = w_.var("wr_ready", 1);
  wires_[kDpAddr] = std::make_unique<StructVars>(w_, "dp_addr", gen::kMemAddrWave);
  h_[kDpWriteTap] = w_.var("dp_write", 1);
  h_[kDpTexelTap] = w_.var("dp_texel", kTexelW);
  wires_[kDpDesc] = std::make_unique<StructVars>(w_, "dp_desc", gen::kRtDescWave);
  w_.push_scope("u_accept");
  h_[kAccDone] = w_.var("done_q", kMaxRts);
  wires_[kInQ] = std::make_unique<StructVars>(w_, "in_q", gen::kPixelWave);
  wires_[kPxQ] = std::make_unique<StructVars>(w_, "px_q", gen::kPxWave);
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
  h_[kHzTblValid] = w_.var("tbl_valid_q", kTblDepth);
  h_[kHzHead] = w_.var("head_q", 5);
  h_[kHzTail] = w_.var("tail_q", 5);
  // The table's addresses: a packed array of mem_addr_t, one struct scope per entry.
  for (int i = 0; i < kTblDepth; ++i) {
    tbl_.push_back(std::make_unique<StructVars>(w_, "tbl_addr_q[" + std::to_string(i) + "]",
                                                gen::kMemAddrWave));
  }
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
  h_[kRdReqData] = w_.var("data_q", kMemAddrBits);
  w_.pop_scope();
  w_.push_scope("u_rsp_fifo");
  h_[kRspFifoWr] = w_.var("wr_ptr_q", 4);
  h_[kRspFifoRd] = w_.var("rd_ptr_q", 4);
  h_[kRspFifoCount] = w_.var("count_q", 5);
  w_.pop_scope();
  w_.pop_scope();  // u_dest_read
  w_.push_scope("u_datapath");
  h_[kDpValid] = w_.var("valid_q", 1);
  h_[kDpTag] = w_.var("tag_q", kMemAddrBits);
  h_[kDpWrite] = w_.var("write_q", 1);
  h_[kDpTexel] = w_.var("texel_q", kTexelW);
  w_.pop_scope();
  w_.push_scope("u_write");
  wires_[kReqQ] = std::make_unique<StructVars>(w_, "req_q", gen::kWrReqWave);
  w_.push_scope("u_out_reg");
  h_[kWrValid] = w_.var("valid_q", 1);
  h_[kWrData] = w_.var("data_q", kWrReqBits);
  w_.push_scope("g_skid");
  h_[kWrSkidValid] = w_.var("skid_valid_q", 1);
  w_.pop_scope();
  w_.pop_scope();
  w_.pop_scope();  // u_write
  w_.push_scope("u_csr");
  h_[kCfg] = w_.var("cfg_q", 3, &gen::kConfigEnum);
  w_.pop_scope();
  w_.pop_scope();  // om_top.om_top
  txn_.declare();
  w_.pop_scope();  // om_top
}

void ModelWaves::wires() {
  const CsrOut& co = top_.csr().out();
  wires_[kState]->set(pack(co.state).data());
  wires_[kCfgInfo]->set(pack(co.cfg_info).data());
  w_.set(h_[kCfgIdx], 3, co.cfg);
  const TopTaps t = top_.taps();
  w_.set(h_[kAccValid], 1, t.acc_valid);
  w_.set(h_[kAccReady], 1, t.acc_ready);
  wires_[kAccOp]->set(pack(t.acc_op).data());
  w_.set(h_[kHzValidTap], 1, t.hz_valid);
  w_.set(h_[kHzReadyTap], 1, t.hz_ready);
  wires_[kHzOp]->set(pack(t.hz_op).data());
  w_.set(h_[kRdValidTap], 1, t.rd_valid);
  w_.set(h_[kDpEnTap], 1, t.dp_en);
  wires_[kRdOp]->set(pack(t.rd_op).data());
  w_.set(h_[kDpValidTap], 1, t.dp_valid);
  w_.set(h_[kWrReadyTap], 1, t.wr_ready);
  wires_[kDpAddr]->set(&t.dp_addr);
  w_.set(h_[kDpWriteTap], 1, t.dp_write);
  w_.set_words(h_[kDpTexelTap], kTexelW, t.dp_texel.w.data());
  // om_top.sv's dp_desc: the descriptor of the slot entering the datapath.
  const uint32_t rt = mem_addr_rt(t.rd_op.op.addr);
  const RtDesc desc = desc_sel(co.state, rt, co.state.rt_bind[rt].format, co.cfg_info.fl_index);
  wires_[kDpDesc]->set(pack(desc).data());
}

void ModelWaves::regs() {
  const Accept& acc = top_.accept();
  w_.set(h_[kAccDone], kMaxRts, acc.regs().done);
  w_.set(h_[kInValid], 1, acc.in_reg().regs().valid);
  w_.set(h_[kInSkidValid], 1, acc.in_reg().regs().skid_valid);
  const PixelBits in_q = pack(acc.in_reg().regs().data);
  w_.set_words(h_[kInData], kPixelBits, in_q.data());
  wires_[kInQ]->set(in_q.data());
  w_.set(h_[kPxValid], 1, acc.px_reg().regs().valid);
  const PxBits px_q = pack(acc.px_reg().regs().data);
  w_.set_words(h_[kPxData], kPxBits, px_q.data());
  wires_[kPxQ]->set(px_q.data());
  w_.set(h_[kOpValid], 1, acc.op_reg().regs().valid);
  w_.set_words(h_[kOpData], kOpBits, pack(acc.op_reg().regs().data).data());
  const Hazard& hz = top_.hazard();
  w_.set(h_[kHzTblValid], kTblDepth, hz.regs().tbl_valid);
  w_.set(h_[kHzHead], 5, hz.regs().head);
  w_.set(h_[kHzTail], 5, hz.regs().tail);
  for (size_t i = 0; i < tbl_.size(); ++i) tbl_[i]->set(&hz.regs().tbl_addr[i]);
  w_.set(h_[kHzValid], 1, hz.out_reg().regs().valid);
  w_.set_words(h_[kHzData], kOpBits, pack(hz.out_reg().regs().data).data());
  const DestRead& rd = top_.dest_read();
  w_.set(h_[kRdCredit], 5, rd.regs().credit);
  w_.set(h_[kOpFifoWr], 4, rd.op_fifo().regs().wr_ptr);
  w_.set(h_[kOpFifoRd], 4, rd.op_fifo().regs().rd_ptr);
  w_.set(h_[kOpFifoCount], 5, rd.op_fifo().regs().count);
  w_.set(h_[kRdReqValid], 1, rd.rd_req().regs().valid);
  w_.set(h_[kRdReqData], kMemAddrBits, rd.rd_req().regs().data);
  w_.set(h_[kRspFifoWr], 4, rd.rsp_fifo().regs().wr_ptr);
  w_.set(h_[kRspFifoRd], 4, rd.rsp_fifo().regs().rd_ptr);
  w_.set(h_[kRspFifoCount], 5, rd.rsp_fifo().regs().count);
  const RtDatapathRegs& dp = top_.datapath().regs();
  w_.set(h_[kDpValid], 1, dp.valid);
  w_.set(h_[kDpTag], kMemAddrBits, dp.tag);
  w_.set(h_[kDpWrite], 1, dp.write);
  w_.set_words(h_[kDpTexel], kTexelW, dp.texel.w.data());
  const Write& wr = top_.write();
  w_.set(h_[kWrValid], 1, wr.out_reg().regs().valid);
  w_.set(h_[kWrSkidValid], 1, wr.out_reg().regs().skid_valid);
  const WrReqBits req_q = pack(wr.out_reg().regs().data);
  w_.set_words(h_[kWrData], kWrReqBits, req_q.data());
  wires_[kReqQ]->set(req_q.data());
  w_.set(h_[kCfg], 3, top_.csr().regs().cfg_q);
}

void ModelWaves::dump(uint64_t t, bool clk, const TopIn& in, const TopOut& out) {
  w_.time(t);
  outer_->dump(clk, in, out);
  inner_->dump(clk, in, out);
  wires();
  regs();
  // Handshakes count once per cycle, at the settle before its clock edge.
  if (!clk) txn_.dump(top_.taps(), top_.csr().out().state);
}

}  // namespace om::sim

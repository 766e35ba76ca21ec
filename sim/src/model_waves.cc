// SPDX-License-Identifier: Apache-2.0
#include "om/sim/model_waves.h"

#include <iterator>

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
  kNumRegs
};

// om_top's decoded state and configuration, and the stages' decoded pipeline-register outputs,
// traced field by field.
enum Wire : size_t { kState, kCfgInfo, kInQ, kPxQ, kReqQ, kNumWires };

// Bits of a pointer into `depth` entries (the RTL's $clog2).
constexpr uint32_t clog2(uint32_t depth) {
  uint32_t n = 0;
  while ((1u << n) < depth) ++n;
  return n;
}

}  // namespace

void ModelWaves::decl(size_t k, const std::string& name, uint32_t width,
                      const gen::WaveEnum* values) {
  v_[k] = {w_.var(name, width, values), width};
}

void ModelWaves::put(size_t k, uint64_t value) { w_.set(v_[k].h, v_[k].width, value); }

void ModelWaves::put_words(size_t k, const uint32_t* words) {
  w_.set_words(v_[k].h, v_[k].width, words);
}

ModelWaves::ModelWaves(const std::string& path, const Top& top) : w_(path), top_(top), txn_(w_) {
  v_.resize(kNumRegs);
  w_.push_scope("om_top");
  outer_ = std::make_unique<PortTracer>(w_);
  w_.push_scope("om_top");
  inner_ = std::make_unique<PortTracer>(w_);
  // The stage-boundary wires and the decoded state, under their om_top.sv names.
  wires_.resize(kNumWires);
  wires_[kState] = std::make_unique<StructVars>(w_, "state", gen::kStateWave);
  wires_[kCfgInfo] = std::make_unique<StructVars>(w_, "cfg", gen::kCfgInfoWave);
  decl(kCfgIdx, "cfg_idx", gen::kConfigEnum.bits, &gen::kConfigEnum);
  taps_ = std::make_unique<SignalVars>(w_, decls(top_waves::kTaps, std::size(top_waves::kTaps)));
  top_wires_ =
      std::make_unique<SignalVars>(w_, decls(top_waves::kWires.data(), top_waves::kWires.size()));
  w_.push_scope("u_accept");
  decl(kAccDone, "done_q", kMaxRts);
  wires_[kInQ] = std::make_unique<StructVars>(w_, "in_q", gen::kPixelWave);
  wires_[kPxQ] = std::make_unique<StructVars>(w_, "px_q", gen::kPxWave);
  w_.push_scope("u_in_reg");
  decl(kInValid, "valid_q", 1);
  decl(kInData, "data_q", kPixelBits);
  w_.push_scope("g_skid");
  decl(kInSkidValid, "skid_valid_q", 1);
  w_.pop_scope();
  w_.pop_scope();
  w_.push_scope("u_px_reg");
  decl(kPxValid, "valid_q", 1);
  decl(kPxData, "data_q", kPxBits);
  w_.pop_scope();
  w_.push_scope("u_op_reg");
  decl(kOpValid, "valid_q", 1);
  decl(kOpData, "data_q", kOpBits);
  w_.pop_scope();
  w_.pop_scope();  // u_accept
  w_.push_scope("u_hazard");
  decl(kHzTblValid, "tbl_valid_q", kTblDepth);
  decl(kHzHead, "head_q", clog2(kTblDepth));
  decl(kHzTail, "tail_q", clog2(kTblDepth));
  // The table's addresses: a packed array of mem_addr_t, one struct scope per entry.
  for (int i = 0; i < kTblDepth; ++i) {
    tbl_.push_back(std::make_unique<StructVars>(w_, "tbl_addr_q[" + std::to_string(i) + "]",
                                                gen::kMemAddrWave));
  }
  w_.push_scope("u_out_reg");
  decl(kHzValid, "valid_q", 1);
  decl(kHzData, "data_q", kOpBits);
  w_.pop_scope();
  w_.pop_scope();  // u_hazard
  w_.push_scope("u_dest_read");
  decl(kRdCredit, "credit_q", clog2(kRspDepth) + 1);
  w_.push_scope("u_op_fifo");
  decl(kOpFifoWr, "wr_ptr_q", clog2(kOpDepth));
  decl(kOpFifoRd, "rd_ptr_q", clog2(kOpDepth));
  decl(kOpFifoCount, "count_q", clog2(kOpDepth) + 1);
  w_.pop_scope();
  w_.push_scope("u_rd_req");
  decl(kRdReqValid, "valid_q", 1);
  decl(kRdReqData, "data_q", kMemAddrBits);
  w_.pop_scope();
  w_.push_scope("u_rsp_fifo");
  decl(kRspFifoWr, "wr_ptr_q", clog2(kRspDepth));
  decl(kRspFifoRd, "rd_ptr_q", clog2(kRspDepth));
  decl(kRspFifoCount, "count_q", clog2(kRspDepth) + 1);
  w_.pop_scope();
  w_.pop_scope();  // u_dest_read
  w_.push_scope("u_datapath");
  decl(kDpValid, "valid_q", 1);
  decl(kDpTag, "tag_q", kMemAddrBits);
  decl(kDpWrite, "write_q", 1);
  decl(kDpTexel, "texel_q", kTexelW);
  w_.pop_scope();
  w_.push_scope("u_write");
  wires_[kReqQ] = std::make_unique<StructVars>(w_, "req_q", gen::kWrReqWave);
  w_.push_scope("u_out_reg");
  decl(kWrValid, "valid_q", 1);
  decl(kWrData, "data_q", kWrReqBits);
  w_.push_scope("g_skid");
  decl(kWrSkidValid, "skid_valid_q", 1);
  w_.pop_scope();
  w_.pop_scope();
  w_.pop_scope();  // u_write
  w_.push_scope("u_csr");
  decl(kCfg, "cfg_q", gen::kConfigEnum.bits, &gen::kConfigEnum);
  w_.pop_scope();
  w_.pop_scope();  // om_top.om_top
  txn_.declare();
  w_.pop_scope();  // om_top
}

void ModelWaves::wires() {
  const CsrOut& co = top_.csr().out();
  wires_[kState]->set(pack(co.state).data());
  wires_[kCfgInfo]->set(pack(co.cfg_info).data());
  put(kCfgIdx, co.cfg);
  top_waves::dump_taps(top_.taps(), *taps_);
  top_waves::dump_wires(top_.wires(), *top_wires_);
}

void ModelWaves::regs() {
  const Accept& acc = top_.accept();
  put(kAccDone, acc.regs().done);
  put(kInValid, acc.in_reg().regs().valid);
  put(kInSkidValid, acc.in_reg().regs().skid_valid);
  const PixelBits in_q = pack(acc.in_reg().regs().data);
  put_words(kInData, in_q.data());
  wires_[kInQ]->set(in_q.data());
  put(kPxValid, acc.px_reg().regs().valid);
  const PxBits px_q = pack(acc.px_reg().regs().data);
  put_words(kPxData, px_q.data());
  wires_[kPxQ]->set(px_q.data());
  put(kOpValid, acc.op_reg().regs().valid);
  put_words(kOpData, pack(acc.op_reg().regs().data).data());
  const Hazard& hz = top_.hazard();
  put(kHzTblValid, hz.regs().tbl_valid);
  put(kHzHead, hz.regs().head);
  put(kHzTail, hz.regs().tail);
  for (size_t i = 0; i < tbl_.size(); ++i) tbl_[i]->set_packed(hz.regs().tbl_addr[i]);
  put(kHzValid, hz.out_reg().regs().valid);
  put_words(kHzData, pack(hz.out_reg().regs().data).data());
  const DestRead& rd = top_.dest_read();
  put(kRdCredit, rd.regs().credit);
  put(kOpFifoWr, rd.op_fifo().regs().wr_ptr);
  put(kOpFifoRd, rd.op_fifo().regs().rd_ptr);
  put(kOpFifoCount, rd.op_fifo().regs().count);
  put(kRdReqValid, rd.rd_req().regs().valid);
  put(kRdReqData, rd.rd_req().regs().data);
  put(kRspFifoWr, rd.rsp_fifo().regs().wr_ptr);
  put(kRspFifoRd, rd.rsp_fifo().regs().rd_ptr);
  put(kRspFifoCount, rd.rsp_fifo().regs().count);
  const RtDatapathRegs& dp = top_.datapath().regs();
  put(kDpValid, dp.valid);
  put(kDpTag, dp.tag);
  put(kDpWrite, dp.write);
  put_words(kDpTexel, dp.texel.w.data());
  const Write& wr = top_.write();
  put(kWrValid, wr.out_reg().regs().valid);
  put(kWrSkidValid, wr.out_reg().regs().skid_valid);
  const WrReqBits req_q = pack(wr.out_reg().regs().data);
  put_words(kWrData, req_q.data());
  wires_[kReqQ]->set(req_q.data());
  put(kCfg, top_.csr().regs().cfg_q);
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

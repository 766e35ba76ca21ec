// SPDX-License-Identifier: Apache-2.0
#include "om/top.h"

#include "om/ref/hw_state.h"

namespace om {

Top::Top() {
  // Power-up: all flops zero (om_dest_read's credit too; reset sets it to RspDepth).
  acc_in_.in_data = &in_.in_data;
  ds_in_.in_data = &in_.in_data;
  ds_in_.ds_rsp_data = &in_.ds_rsp_data;
  const Op* none = &u_accept_.op_reg().out_data();
  hz_in_.in_data = none;
  rd_in_.in_data = none;
  rd_in_.mem_rsp_data = &in_.mem_rsp_data;
  static const ref::Vec4 kZero4{};
  static const ref::Texel kZeroTexel{};
  dp_in_.desc = &slot_[0].desc;
  dp_in_.s = &kZero4;
  dp_in_.s1 = &kZero4;
  dp_in_.k = &blend_factor_;
  dp_in_.dest = &kZeroTexel;
  wr_in_.in_texel = &kZeroTexel;
}

Top::Top(const Top& o) : Top() { *this = o; }

Top& Top::operator=(const Top& o) {
  if (this == &o) return *this;
  csr_ = o.csr_;
  u_depth_ = o.u_depth_;
  u_accept_ = o.u_accept_;
  u_hazard_ = o.u_hazard_;
  u_dest_read_ = o.u_dest_read_;
  u_datapath_ = o.u_datapath_;
  u_write_ = o.u_write_;
  in_ = o.in_;
  csr_in_ = o.csr_in_;
  out_ = o.out_;
  settled_ = false;
  quiet_ = false;
  rd_op_ = nullptr;
  state_dirty_ = o.state_dirty_;
  active_current_ = o.active_current_;
  slot_ = o.slot_;
  gamma_space_ = o.gamma_space_;
  logic_op_enable0_ = o.logic_op_enable0_;
  logic_op0_ = o.logic_op0_;
  blend_factor_ = o.blend_factor_;
  return *this;
}

void Top::reset_stages() {
  u_depth_.reset();
  u_accept_.reset();
  u_hazard_.reset();
  u_dest_read_.reset();
  u_datapath_.reset();
  u_write_.reset();
}

void Top::decode_state(const CsrOut& co) {
  const State& s = co.state;
  const CfgInfo& cfg = co.cfg_info;
  const ref::BlendDesc blend = ref::blend_desc(s);
  u_depth_.set_state(s);
  u_accept_.set_state(s, cfg.max_rts, cfg.fl_index);
  for (uint32_t i = 0; i < kMaxRts; ++i) {
    slot_[i].format = s.rt_bind[i].format;
    slot_[i].desc = desc_sel(s, blend, i, s.rt_bind[i].format, cfg.fl_index);
  }
  gamma_space_ = cfg.fl_index <= 2;  // FL 9_1 .. 9_3: sRGB RTs blend in gamma space
  logic_op_enable0_ = s.rt_desc[0].logic_op_enable;
  logic_op0_ = s.rt_desc[0].logic_op;
  blend_factor_ = s.blend_factor;
}

void Top::settle_ops() {
  // om_write: ready is registered.
  const RtDatapathOut dpo = u_datapath_.comb();
  wr_in_.in_valid = dpo.valid;
  wr_in_.in_addr = dpo.tag;
  wr_in_.in_texel = dpo.texel;
  wr_in_.in_write = dpo.write;
  wr_in_.mem_wr_ready = in_.mem_wr_ready;
  const WriteOut& wo = u_write_.comb(wr_in_);
  const bool dp_en = wo.in_ready || !dpo.valid;
  wr_ready_ = wo.in_ready;

  // om_dest_read, fed by om_hazard's output register.
  const PipeReg<Op, 0>& hz_out = u_hazard_.out_reg();
  rd_in_.in_valid = hz_out.out_valid();
  rd_in_.in_data = &hz_out.out_data();
  rd_in_.out_ready = dp_en;
  rd_in_.mem_rd_ready = in_.mem_rd_ready;
  rd_in_.mem_rsp_valid = in_.mem_rsp_valid;
  const DestReadOut& ro = u_dest_read_.comb(rd_in_);

  // om_hazard, fed by om_accept's output register; its ready is om_accept's out_ready.
  const PipeReg<Op, 0>& acc_out = u_accept_.op_reg();
  hz_in_.in_valid = acc_out.out_valid();
  hz_in_.in_data = &acc_out.out_data();
  hz_in_.out_ready = ro.in_ready;
  hz_in_.retire = wo.retire;
  const HazardOut& ho = u_hazard_.comb(hz_in_);
  acc_in_.out_ready = ho.in_ready;

  // Datapath operands of the op at om_dest_read's output (state muxed by its RT slot); the
  // datapath's stage 1 reads them only with a valid op.
  rd_op_ = ro.out_data;
  dp_in_.en = dp_en;
  dp_in_.valid = ro.out_valid;
  if (ro.out_valid) {
    const OpDst& rd = *ro.out_data;
    const SlotOperands& so = slot_[mem_addr_rt(rd.op.addr)];
    dp_in_.tag = rd.op.addr;
    dp_in_.format = so.format;
    dp_in_.desc = &so.desc;
    dp_in_.logic_op_enable = logic_op_enable0_;
    dp_in_.logic_op = logic_op0_;
    dp_in_.gamma_space = gamma_space_;
    dp_in_.clear = rd.op.clear;
    dp_in_.s = &rd.op.s;
    dp_in_.s1 = &rd.op.s1;
    dp_in_.dest = &rd.dst;
  }

  // Perf strobes (om_csr counts them at the edge; om_accept's are set by eval()).
  CsrIn& ci = csr_in_;
  ci.perf_incr.rt_reads = ro.mem_rd_valid && in_.mem_rd_ready;
  ci.perf_incr.rt_writes = wo.wr;
  ci.perf_incr.hazard_stalls = ho.hazard_stall;
  ci.perf_incr.mem_stalls =
      (ro.mem_rd_valid && !in_.mem_rd_ready) || (wo.mem_wr_valid && !in_.mem_wr_ready);

  TopOut& o = out_;
  o.mem_rd_valid = ro.mem_rd_valid;
  o.mem_rd_addr = ro.mem_rd_addr;
  o.mem_wr_valid = wo.mem_wr_valid;
  o.mem_wr_addr = wo.mem_wr_addr;
  o.mem_wr_data = *wo.mem_wr_data;
}

const TopOut& Top::eval(const TopIn& in) {
  // The pixel (1214 bits) and the read response are copied only when valid: om_accept's input
  // register and om_dest_read's response FIFO read them only then. The strap and the bus go to
  // om_csr only: csr_in_ holds them, in_ does not.
  if (&in != &in_) {
    in_.rst_n = in.rst_n;
    in_.in_valid = in.in_valid;
    if (in.in_valid) in_.in_data = in.in_data;
    in_.mem_rd_ready = in.mem_rd_ready;
    in_.mem_rsp_valid = in.mem_rsp_valid;
    if (in.mem_rsp_valid) in_.mem_rsp_data = in.mem_rsp_data;  // the response FIFO's push only
    in_.mem_wr_ready = in.mem_wr_ready;
    in_.ds_rd_ready = in.ds_rd_ready;
    in_.ds_rsp_valid = in.ds_rsp_valid;
    if (in.ds_rsp_valid) in_.ds_rsp_data = in.ds_rsp_data;
    in_.ds_wr_ready = in.ds_wr_ready;
    CsrIn& ci = csr_in_;
    ci.rst_n = in.rst_n;
    ci.psel = in.psel;
    // om_csr reads the other bus inputs and the strap only in reset, with PSEL, or while it
    // answers a request (misaligned PADDR and PWRITE gate the answer).
    if (!in.rst_n || in.psel || csr_.regs().cpuif_req) {
      ci.cfg = in.cfg;
      ci.penable = in.penable;
      ci.pwrite = in.pwrite;
      ci.paddr = in.paddr;
      ci.pwdata = in.pwdata;
      ci.pstrb = in.pstrb;
    }
  }
  // An idle cycle: quiet after a quiet one (see settle_cycle()), om_csr idle, no hold input set
  // and om_depth's mode current. Every stage's outputs and the wires between them are kept, so
  // only om_csr's outputs (busy_i low) are settled: settle_cycle() would change nothing else.
  // Most cycles of a run are idle.
  if (quiet_ && in_.rst_n && !in_.in_valid && !in_.mem_rsp_valid && !in_.ds_rsp_valid &&
      csr_.idle(csr_in_) && !ds_in_.hold && !acc_in_.hold && (!state_dirty_ || active_current_)) {
    csr_in_.busy = false;
    put_csr_outputs(csr_.comb_idle(false));
    settled_ = true;
    return out_;
  }
  return settle_cycle();
}

const TopOut& Top::settle_cycle() {
  if (!in_.rst_n) reset_stages();  // asynchronous reset acts at once

  // om_csr: busy_i comes from registers only. After a quiet cycle they are all still empty: its
  // tick() loaded none (see below) and eval() again within the cycle changes none.
  const bool busy = !quiet_ && (u_depth_.busy() || u_accept_.busy() || u_hazard_.busy());
  CsrIn& ci = csr_in_;
  ci.busy = busy;
  ci.init_done = true;
  const CsrOut& co = csr_.comb(ci);
  // The decoded state is read only for a pixel offered or in flight, and a program writes many
  // state registers between two pixels: decode once, when the next pixel arrives.
  if (state_dirty_ && (in_.in_valid || busy)) {
    decode_state(co);
    state_dirty_ = false;
  }

  // The pipeline is quiet when no stage holds an op (busy covers them all: om_hazard's table holds
  // every op from its output register until om_write retires it) and neither a pixel nor a read
  // response arrives; every stage's seq is then a no-op. In a quiet cycle after a quiet one,
  // om_write, om_dest_read and om_hazard compute from unchanged registers and inputs what they
  // computed before, so their comb is not called and their outputs, and the wires built from
  // them, are kept; om_accept's too unless its hold input changed.
  const bool quiet = in_.rst_n && !busy && !in_.in_valid && !in_.mem_rsp_valid && !in_.ds_rsp_valid;
  const bool kept = quiet && quiet_;
  if (!kept) settle_ops();
  quiet_ = quiet;

  // om_depth and om_accept: in such a cycle only the hold input can change their outputs. A
  // pending state write stops pixels at om_depth while it is active, else at om_accept.
  // om_depth's mode follows the state at once (the rest of it is decoded lazily above).
  TopOut& o = out_;
  if (state_dirty_ && !active_current_) {
    u_depth_.set_active(Depth::active_in(co.state));
    active_current_ = in_.rst_n;  // while rst_n is low om_csr shows the reset state
  }
  const bool acc_hold = co.state_write_pending && !u_depth_.active();
  if (!kept || ds_in_.hold != co.state_write_pending || acc_in_.hold != acc_hold) {
    ds_in_.hold = co.state_write_pending;
    acc_in_.hold = acc_hold;
    ds_in_.in_valid = in_.in_valid;
    ds_in_.out_ready = u_accept_.in_ready(acc_in_.hold);
    ds_in_.ds_rd_ready = in_.ds_rd_ready;
    ds_in_.ds_rsp_valid = in_.ds_rsp_valid;
    ds_in_.ds_wr_ready = in_.ds_wr_ready;
    const DepthOut& dso = u_depth_.comb(ds_in_);
    acc_in_.in_valid = dso.out_valid;
    acc_in_.in_data = dso.out_data;
    const AcceptOut& ao = u_accept_.comb(acc_in_);
    ci.perf_incr.pixels_in = ao.pixel_in;
    ci.perf_incr.killed = ao.killed;
    o.in_ready = dso.in_ready;
    o.ds_rd_valid = dso.ds_rd_valid;
    o.ds_rd_addr = dso.ds_rd_addr;
    o.ds_wr_valid = dso.ds_wr_valid;
    o.ds_wr_addr = dso.ds_wr_addr;
    o.ds_wr_data = *dso.ds_wr_data;
  }

  put_csr_outputs(co);
  settled_ = true;
  return o;
}

void Top::tick() {
  // The edge of a settled quiet cycle without reset or a request to answer: no stage loads and
  // the state keeps, only om_csr's edge (it counts) remains. Most edges of a run are such.
  if (settled_ && quiet_ && in_.rst_n && !csr_.regs().cpuif_req) {
    settled_ = false;
    csr_.seq(csr_in_);
    return;
  }
  edge();
}

void Top::edge() {
  if (!settled_) eval(in_);
  settled_ = false;
  if (!in_.rst_n) {
    csr_.seq(csr_in_);  // latches the strap
    reset_stages();
    state_dirty_ = true;
    active_current_ = false;
    return;
  }
  // A bus write lands at this edge: state (and so the decoded operands) may change.
  if (csr_.regs().cpuif_req && csr_.regs().cpuif_req_is_wr) {
    state_dirty_ = true;
    active_current_ = false;
  }
  if (!quiet_) {  // every stage's seq is a no-op in a quiet cycle
    u_write_.seq(wr_in_);
    u_datapath_.seq(dp_in_);
    u_dest_read_.seq(rd_in_);
    u_hazard_.seq(hz_in_);
    u_accept_.seq(acc_in_);
    u_depth_.seq(ds_in_);
  }
  csr_.seq(csr_in_);
}

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
#include "om/depth.h"

#include "om/ref/hw_state.h"
#include "om/top_pkg.h"

namespace om {

namespace {
const ref::Texel kZeroTexel{};
}  // namespace

Depth::Depth() {
  hz_in_.in_data = &ds_op_;
  rd_in_.in_data = &u_hazard_.out_reg().out_data();
  wr_in_.in_texel = &texel_;
}

Depth& Depth::operator=(const Depth& o) {
  if (this == &o) return *this;
  u_in_reg_ = o.u_in_reg_;
  u_px_fifo_ = o.u_px_fifo_;
  u_hazard_ = o.u_hazard_;
  u_dest_read_ = o.u_dest_read_;
  u_write_ = o.u_write_;
  u_pass_fifo_ = o.u_pass_fifo_;
  active_ = o.active_;
  kill_ = o.kill_;
  desc_ = o.desc_;
  bind_ = o.bind_;
  out_px_current_ = false;
  return *this;
}

bool Depth::active_in(const State& s) {
  return s.ds_bind.valid && ref::find_ds_format(s.ds_bind.format) != nullptr &&
         (s.depth_enable || s.stencil_enable);
}

void Depth::set_state(const State& s) {
  desc_ = ref::ds_desc(s);
  bind_ = ref::ds_binding(s);
  active_ = active_in(s);
  kill_ = kill_state(s);
}

const DepthOut& Depth::comb_active(const DepthIn& in) {
  DepthOut& o = out_;
  set_ds_payloads();

  // om_write (registered ready), the pass FIFO, then om_dest_read and the test at its output.
  wr_in_.mem_wr_ready = in.ds_wr_ready;
  const WriteOut& wo = u_write_.comb(wr_in_);
  const bool pass_ready = u_pass_fifo_.in_ready();
  const PipeReg<Op, 0>& hz_out = u_hazard_.out_reg();
  rd_in_.in_valid = hz_out.out_valid();
  rd_in_.out_ready = wo.in_ready && pass_ready;
  rd_in_.mem_rd_ready = in.ds_rd_ready;
  rd_in_.mem_rsp_valid = in.ds_rsp_valid;
  rd_in_.mem_rsp_data = in.ds_rsp_valid ? in.ds_rsp_data : &kZeroTexel;
  const DestReadOut& ro = u_dest_read_.comb(rd_in_);
  wr_in_.in_valid = ro.out_valid && pass_ready;
  pass_push_ = ro.out_valid && wo.in_ready;
  if (ro.out_valid) {
    const OpDst& rd = *ro.out_data;
    const ref::DsTexelOut t =
        ref::depth_stencil_texel(desc_, bind_, rd.op.s[0], (rd.op.s[1] & 1u) != 0, rd.dst);
    pass_ = t.sample.pass;
    texel_ = t.texel;
    wr_in_.in_addr = rd.op.addr;
    wr_in_.in_write = t.sample.write_depth || t.sample.write_stencil;
  }

  // om_hazard, fed by the pixel at u_in_reg's output when it takes the test.
  const bool in_q_valid = u_in_reg_.out_valid();
  const bool px_ready = u_px_fifo_.in_ready();
  bool tested = false;
  if (in_q_valid) {
    const Pixel& p = u_in_reg_.out_data();
    tested = p.cmd == Cmd::kDraw && !draw_killed(p, kill_);
    ds_op_.addr = mem_addr(0, p.y, p.x, p.sample);
    ds_op_.need_rd = true;
    ds_op_.s[0] = p.depth;
    ds_op_.s[1] = p.front_face ? 1u : 0u;
    px_in_.tested = tested;
  }
  hz_in_.in_valid = in_q_valid && tested && px_ready;
  hz_in_.out_ready = ro.in_ready;
  hz_in_.retire = wo.retire;
  const HazardOut& ho = u_hazard_.comb(hz_in_);
  in_q_ready_ = px_ready && (!tested || ho.in_ready);

  // Output: the head pixel, once its pass bit is there when it was tested.
  bool out_valid = false;
  if (u_px_fifo_.out_valid()) {
    const DsPx& head = u_px_fifo_.out_data();
    out_valid = !head.tested || u_pass_fifo_.out_valid();
    if (!out_px_current_) {
      out_px_ = head.px;
      out_px_current_ = true;
    }
    // The pass bit, read at the pass FIFO's head however long the pixel waits for it.
    out_px_.coverage = head.px.coverage && !(head.tested && !u_pass_fifo_.out_data());
  }
  px_pop_ = out_valid && in.out_ready;
  o.out_valid = out_valid;
  o.out_data = &out_px_;
  o.in_ready = u_in_reg_.in_ready(false) && !in.hold;
  o.ds_rd_valid = ro.mem_rd_valid;
  o.ds_wr_valid = wo.mem_wr_valid;
  return o;
}

void Depth::seq_active(const DepthIn& in) {
  const bool pop_tested = px_pop_ && u_px_fifo_.out_data().tested;
  u_write_.seq(wr_in_);
  u_pass_fifo_.seq(FifoIn<bool>{pass_push_, &pass_, pop_tested});
  u_dest_read_.seq(rd_in_);
  u_hazard_.seq(hz_in_);
  const bool push = u_in_reg_.out_valid() && in_q_ready_;
  // The head pixel changes when it leaves or one is pushed into the empty FIFO.
  if (px_pop_ || (push && !u_px_fifo_.out_valid())) out_px_current_ = false;
  if (push) px_in_.px = u_in_reg_.out_data();  // the pixel is copied only when it is pushed
  u_px_fifo_.seq(FifoIn<DsPx>{push, &px_in_, px_pop_});
  u_in_reg_.seq(PipeRegIn<Pixel>{in.in_valid && !in.hold, in.in_data, in_q_ready_});
}

void Depth::reset() {
  u_in_reg_.reset();
  u_px_fifo_.reset();
  u_hazard_.reset();
  u_dest_read_.reset();
  u_write_.reset();
  u_pass_fifo_.reset();
  out_px_current_ = false;
}

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
#include "om/accept.h"

#include "om/ref/hw_state.h"
#include "om/ref/pixel.h"

namespace om {

void Accept::set_state(const State& s, uint32_t max_rts, uint32_t fl_index) {
  const bool loe0 = s.rt_desc[0].logic_op_enable;
  dec_.exists = 0;
  dec_.draws = 0;
  const ref::BlendDesc blend = ref::blend_desc(s);
  for (uint32_t i = 0; i < kMaxRts; ++i) {
    const RtBind& b = s.rt_bind[i];
    const FormatInfo* f = fmt_info(b.format);
    const RtDesc d = desc_sel(s, blend, i, b.format, fl_index);
    const uint32_t present = fmt_present(f);
    Slot& sl = dec_.slot[i];
    const bool exists = f != nullptr && i < max_rts;
    const bool draw_ok = ((s.ps_outputs >> i) & 1u) != 0 && (d.write_mask & present) != 0;
    if (exists) dec_.exists |= 1u << i;
    if (exists && draw_ok) dec_.draws |= 1u << i;
    sl.width = b.width;
    sl.height = b.height;
    sl.need_rd =
        f != nullptr && op_needs_read(false, loe0, d.blend_enable, f->cls, d.write_mask, present);
  }
  dec_.kill = kill_state(s);
  intake_fresh_ = false;
}

void Accept::intake(const Pixel& p) {
  const bool is_clear = (static_cast<uint32_t>(p.cmd) & 1u) != 0;
  const uint32_t x = p.x & ((1u << kCoordW) - 1u);  // [CoordW-1:0]
  const uint32_t y = p.y & ((1u << kCoordW) - 1u);
  const bool killed = draw_killed(p, dec_.kill);
  uint32_t slots = 0;
  // A slot gets the op when the pixel survives, the slot exists (and has something to draw for a
  // draw) and the pixel is inside its RT.
  for (uint32_t m = killed ? 0u : (is_clear ? dec_.exists : dec_.draws); m != 0; m &= m - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctz(m));
    const Slot& sl = dec_.slot[i];
    if (x < sl.width && y < sl.height) slots |= 1u << i;
  }
  slots_ = slots;
  killed_ = killed;
  if (slots != 0) {
    px_in_.clear = is_clear;
    px_in_.x = x;
    px_in_.y = y;
    px_in_.sample = p.sample & ((1u << kSampleW) - 1u);
    px_in_.slots = slots;
    px_in_.oc1 = p.oc1;
    px_in_.oc = p.oc;
    if (!is_clear) px_in_.oc[0] = ref::apply_fog(dec_.kill.d3d9, p.fog, p.oc[0]);
  }
  intake_fresh_ = true;
}

const AcceptOut& Accept::comb(const AcceptIn& in) {
  AcceptOut& o = out_;
  const bool in_q_valid = u_in_reg_.out_valid();
  const bool px_valid = u_px_reg_.out_valid();

  o.in_ready = u_in_reg_.in_ready(false) && !in.hold;
  o.pixel_in = in.in_valid && o.in_ready;
  o.out_valid = u_op_reg_.out_valid();
  o.out_data = &u_op_reg_.out_data();
  o.busy = in_q_valid || px_valid || o.out_valid;
  o.killed = false;
  // An empty stage drives only valid low and ready from its registers; seq() reads none of the
  // handshakes below while the stage is empty.
  if (!o.busy) return o;

  // Expansion: the lowest pending slot of the pixel in u_px_reg goes to u_op_reg.
  op_in_ready_ = u_op_reg_.in_ready(in.out_ready);
  rest_ = 0;
  if (px_valid) {
    const Px& px = u_px_reg_.out_data();
    const uint32_t remaining = px.slots & ~regs_.done & 0xFFu;
    sel_ = remaining & (~remaining + 1u);
    rest_ = remaining & ~sel_;
    const uint32_t sel_rt = sel_ == 0 ? 0u : static_cast<uint32_t>(__builtin_ctz(sel_));
    op_in_.addr = mem_addr(sel_rt, px.y, px.x, px.sample);
    op_in_.clear = px.clear;
    op_in_.need_rd = !px.clear && dec_.slot[sel_rt].need_rd;
    op_in_.s = px.clear ? px.oc[0] : px.oc[sel_rt];
    op_in_.s1 = px.oc1;
  }
  px_ready_ = op_in_ready_ && rest_ == 0;
  const bool px_in_ready = u_px_reg_.in_ready(px_ready_);

  // Intake of the pixel at u_in_reg's output: a pixel without ops leaves at once.
  if (in_q_valid) {
    if (!intake_fresh_) intake(u_in_reg_.out_data());
    in_q_ready_ = slots_ == 0 || px_in_ready;
    o.killed = killed_;
  } else {
    in_q_ready_ = true;
  }
  return o;
}

void Accept::edge(const AcceptIn& in) {
  const bool in_q_valid = u_in_reg_.out_valid();
  const bool px_valid = u_px_reg_.out_valid();

  // Downstream first: each register reads its producer's storage before the producer updates.
  u_op_reg_.seq(PipeRegIn<Op>{px_valid, &op_in_, in.out_ready});
  if (px_valid && op_in_ready_) regs_.done = rest_ == 0 ? 0u : (regs_.done | sel_);
  u_px_reg_.seq(PipeRegIn<Px>{in_q_valid && slots_ != 0, &px_in_, px_ready_});
  // u_in_reg's output entry is replaced when it is empty or leaves.
  if (!in_q_valid || in_q_ready_) intake_fresh_ = false;
  u_in_reg_.seq(PipeRegIn<Pixel>{in.in_valid && !in.hold, in.in_data, in_q_ready_});
}

void Accept::reset() {
  u_in_reg_.reset();
  u_px_reg_.reset();
  u_op_reg_.reset();
  regs_ = AcceptRegs{};
  intake_fresh_ = false;
}

}  // namespace om

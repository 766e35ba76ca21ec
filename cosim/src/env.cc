// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/env.h"

#include <cstdio>

#include "om/cosim/cov_sample.h"
#include "om/cosim/stimulus_file.h"
#include "om/gen/csr_storage.h"
#include "om/gen/regs.h"
#include "om/ref/caps.h"

namespace om::cosim {
namespace {

constexpr uint64_t kResetCycles = 4;
constexpr uint16_t kPollGap = 8;

// The depth-stencil memory's draws (any constant other than 0 gives a stream of its own).
constexpr uint64_t kDsTimingSalt = 0x9E3779B97F4A7C15ull;

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", v);
  return buf;
}

}  // namespace

Env::Env(const Stimulus& st, const EnvOptions& opt)
    : st_(st),
      opt_(opt),
      mem_(std::make_unique<PhaseTiming>(st)),
      ds_mem_(std::make_unique<PhaseTiming>(st, kDsTimingSalt)),
      sb_(std::in_place, st.cfg.cfg_index),
      cov_(st.cfg.cfg_index),
      illegal_state_bin_(cov_.id("pixel/illegal_state")),
      reuse_bins_(cov_),
      pixel_bins_(cov_),
      cycle_bins_(cov_),
      bus_bins_(cov_),
      segs_(st) {
  in_.cfg = static_cast<uint32_t>(st.cfg.cfg_index);
  in_.rst_n = false;
  sb_->set_state(sim::bound_state(regs_.decode()));
}

void Env::fail(const std::string& what) {
  if (!failure_.empty()) return;
  failure_ = what;
  failure_cycle_ = cycle_;
  over_ = !failure_.empty();
}

bool Env::report_failure(sim::Failure* f) const {
  const bool sb = failure_.rfind("scoreboard", 0) == 0 || failure_.rfind("counters", 0) == 0;
  f->kind = sb ? "scoreboard" : "testbench";
  f->cycle = failure_cycle_;
  f->message = failure_;
  return true;
}

std::string Env::describe() const {
  const Segment* cur = segs_.current();
  if (cur == nullptr) return "stimulus exhausted";
  const Segment& s = *cur;
  std::string d = "segment " + std::to_string(seg_) + " (" + std::to_string(s.pixels.size()) +
                  " pixels, pixel " + std::to_string(px_) + (s.drain ? ", drain" : "") +
                  (s.illegal ? ", illegal state" : "") + "), bound RTs:";
  for (int i = 0; i < ref::kMaxRts; ++i) {
    const RtBind& b = s.state.rt_bind[i];
    if (b.format == 0) continue;
    const FormatInfo* f = ref::find_format(b.format);
    d += " " + std::to_string(i) + "=" + (f ? f->name : std::to_string(b.format)) + "@" +
         std::to_string(b.width) + "x" + std::to_string(b.height);
  }
  return d;
}

void Env::make_pixel(const PixelRef& p, Pixel* out) const {
  ref::PixelIn px = segs_.current()->palette[p.palette];
  px.clear = p.clear;
  px.sample = p.sample;
  px.coverage = p.coverage;
  px.omask_written = p.omask_written;
  px.omask = p.omask;
  om::make_pixel(p.x, p.y, px, out);
  out->depth = p.depth;
  out->front_face = p.front;
}

const TopIn& Env::drive() {
  in_.rst_n = phase_ != Phase::kReset || cycle_ >= kResetCycles;
  if (phase_ == Phase::kReset) {
    in_.psel = false;
    in_.penable = false;
    in_.in_valid = false;
  } else {
    bus_.drive(in_);
    const Segment* cur = offered_ || !streaming_ ? nullptr : segs_.current();
    if (cur != nullptr && phase_ == Phase::kRun && px_ < cur->pixels.size()) {
      const PixelRef& p = cur->pixels[px_];
      if (!gap_loaded_) {
        gap_left_ = p.gap;
        gap_loaded_ = true;
      }
      if (gap_left_ > 0) {
        --gap_left_;
      } else {
        offered_ = true;
        make_pixel(p, &in_.in_data);
      }
    }
    in_.in_valid = offered_;
  }
  const sim::MemCycle m = mem_.timing(cycle_);
  in_.mem_rd_ready = m.rd_ready;
  in_.mem_wr_ready = m.wr_ready;
  in_.mem_rsp_valid = mem_.rsp_valid(cycle_);
  if (in_.mem_rsp_valid) in_.mem_rsp_data = mem_.rsp_data();
  const sim::MemCycle d = ds_mem_.timing(cycle_);
  in_.ds_rd_ready = d.rd_ready;
  in_.ds_wr_ready = d.wr_ready;
  in_.ds_rsp_valid = ds_mem_.rsp_valid(cycle_);
  if (in_.ds_rsp_valid) in_.ds_rsp_data = ds_mem_.rsp_data();
  return in_;
}

void Env::start_segment() {
  ++seg_started_;
  streaming_ = false;
  px_ = 0;
  offered_ = false;
  gap_loaded_ = false;
  if (!segs_.advance_to(seg_)) return;
  for (const BusOp& op : segs_.current()->program) bus_.push_back(op);
}

void Env::advance_segments() {
  const Segment* cur = segs_.current();
  if (cur == nullptr) return;
  const Segment& s = *cur;
  if (!streaming_ && bus_.idle()) {
    streaming_ = true;
    for (const BusOp& op : s.traffic) bus_.push_back(op);
  }
  if (streaming_ && px_ >= s.pixels.size() && !offered_ && bus_.idle()) {
    ++seg_;
    start_segment();
  }
}

void Env::on_drained() {
  if (opt_.scoreboard) {
    const std::string diff = cosim::diff_images(mem_.image(), sb_->image());
    if (!diff.empty()) {
      fail("scoreboard: render-target memory differs from om::ref before " + describe() + ":\n" +
           diff);
      return;
    }
    const std::string ds_diff = cosim::diff_images(ds_mem_.image(), sb_->ds_image());
    if (!ds_diff.empty()) {
      fail("scoreboard: depth-stencil memory differs from om::ref before " + describe() + ":\n" +
           ds_diff);
      return;
    }
  }
  // Resynchronise: new memory contents for the new bindings, in both memory and scoreboard.
  const Segment& s = *segs_.current();
  mem_.image().clear();
  ds_mem_.image().clear();
  sb_.emplace(st_.cfg.cfg_index);
  if (s.fill) {
    sb_->set_state(sim::bound_state(s.state));
    Mt64 rng(s.fill_seed);  // std::mt19937_64's numbers
    sb_->fill_random(mem_.image(), rng);
    // The depth-stencil area the pixels reach (one past the largest bound target).
    uint32_t w = 1, h = 1;
    for (const RtBind& b : s.state.rt_bind) {
      w = std::max(w, b.width + 1);
      h = std::max(h, b.height + 1);
    }
    sb_->fill_ds_random(ds_mem_.image(), rng, w, h);
  }
  sb_->set_state(sim::bound_state(regs_.decode()));
  sb_state_stale_ = false;
}

// STATUS but its BUSY bit is fixed: INITIALISED set (om_top has nothing to initialise after reset)
// and every other bit zero. Checked here so a side running alone is held to it too.
bool Env::status_ok(uint32_t rdata) {
  const uint32_t want = regs::status::kInitialised.mask();
  if ((rdata & ~regs::status::kBusy.mask()) == want) return true;
  fail("bus: read of STATUS returned " + hex(rdata) +
       ", INITIALISED set and no bit but BUSY beside it (" + hex(want) + " or " +
       hex(want | regs::status::kBusy.mask()) + ") expected");
  return false;
}

void Env::on_bus(const sim::ApbMaster::Done& d) {
  const BusOp& op = d.op;
  if (op.kind != BusOp::Kind::kStatusPoll) last_progress_ = cycle_;
  if (d.err != sim::info(op.kind)->errs) {
    fail(std::string("bus: ") + to_string(op.kind) + (op.write ? " write " : " read ") +
         hex(op.addr) + (d.err ? " ended with PSLVERR" : " ended without PSLVERR"));
    return;
  }
  if (opt_.coverage) sample_bus(cov_, bus_bins_, d, last_hazard_read_);
  switch (op.kind) {
    case BusOp::Kind::kStateWrite:
    case BusOp::Kind::kPartialWrite:
      regs_.write(op.addr, op.data, op.strb);
      sb_state_stale_ =
          true;  // decoded once, before the next pixel: a program writes many registers
      break;
    case BusOp::Kind::kPerfClear:
      exp_ = Counts{};
      port_ = Counts{};
      last_hazard_read_ = 0;
      break;
    case BusOp::Kind::kRead:
      if (sim::StateRegs::is_state_reg(op.addr) && d.rdata != regs_.value(op.addr)) {
        const regs::RegInfo* r = regs::find_reg(op.addr);
        fail(std::string("bus: read of ") + r->name + " returned " + hex(d.rdata) +
             ", the register was written with " + hex(regs_.value(op.addr)));
      }
      // The capability registers are the configuration's (om::ref's caps rules): checked here
      // too, so a side running alone is held to them as well as the lockstep's comparison.
      if (ref::is_cap_register(op.addr)) {
        const uint32_t want = ref::cap_register(kConfigs[st_.cfg.cfg_index], op.addr);
        if (d.rdata != want) {
          fail(std::string("bus: read of ") + regs::find_reg(op.addr)->name + " returned " +
               hex(d.rdata) + ", configuration " + kConfigs[st_.cfg.cfg_index].name + " reports " +
               hex(want));
        }
      }
      if (op.addr == regs::kStatus) status_ok(d.rdata);
      if (op.addr == regs::kPerfHazardStalls) last_hazard_read_ = d.rdata;
      if (phase_ == Phase::kFinal && final_reads_ > 0) {
        if (const regs::PerfCounter* c = regs::find_perf_counter(op.addr)) {
          final_perf_.*(c->member) = d.rdata;
        }
        if (--final_reads_ == 0) final_checks();
      }
      break;
    case BusOp::Kind::kStatusPoll: {
      if (!status_ok(d.rdata)) return;
      const bool busy = regs::status::kBusy.get(d.rdata) != 0;
      if (busy || !mem_.idle() || !ds_mem_.idle()) {
        BusOp again = op;
        again.gap = kPollGap;
        bus_.push_front(again);
      } else if (phase_ == Phase::kFinal) {
        for (const regs::PerfCounter& c : regs::kPerfCounters) {
          BusOp r;
          r.kind = BusOp::Kind::kRead;
          r.addr = static_cast<uint16_t>(c.offset);
          bus_.push_back(r);
        }
        final_reads_ = regs::kNumPerfCounters;
      } else {
        on_drained();
      }
      break;
    }
    default:
      break;
  }
}

void Env::on_pixel(const PixelRef& p) {
  ++pixels_in_;
  ++port_.pixels_in;
  last_progress_ = cycle_;
  const Segment& seg = *segs_.current();
  sim::TbPixel tp;
  tp.x = p.x;
  tp.y = p.y;
  tp.px = seg.palette[p.palette];
  tp.px.clear = p.clear;
  tp.px.sample = p.sample;
  tp.px.coverage = p.coverage;
  tp.px.omask_written = p.omask_written;
  tp.px.omask = p.omask;
  tp.depth = p.depth;
  tp.front_face = p.front;
  if (sb_state_stale_) {
    sb_->set_state(sim::bound_state(regs_.decode()));
    sb_state_stale_ = false;
  }
  if (!opt_.coverage && !opt_.scoreboard) return;
  const ref::PixelState& ps = sb_->ref_state(p.x, p.y);
  // The kill rule and the depth-stencil test of the sample (against the expected buffer before this
  // pixel): sampled for coverage, then applied.
  const Scoreboard::Tested t = sb_->test(tp, ps);
  if (opt_.coverage) {
    sample_reuse(cov_, reuse_bins_, reuse_ring_, p.x, p.y);
    if (seg.illegal) cov_.hit(illegal_state_bin_);
    const bool covered = !tp.px.clear && t.covered;  // ref::pixel_covered, as the bins take it
    sample_pixel(cov_, pixel_bins_, ps, sb_->state(), tp.px, covered, p.x, p.y);
    sample_ms(cov_, ms_pixel_, ps, tp.px, covered, p.x, p.y);
    if (t.ds) {
      const DsSample d{&sb_->ds_desc(), sb_->ds_binding().format, t.ds->sample.outcome, p.front};
      sample_ds(cov_, d);
    }
  }
  // Deliberately illegal states are scoreboarded too: om::ref is total over every register
  // encoding (docs/behaviour.md §11's canonical choices), and the RTL must agree with it there as
  // well.
  if (!opt_.scoreboard) return;
  const cosim::ExpectedCounts before = sb_->counts();
  sb_->apply(tp, ps, t);
  const cosim::ExpectedCounts& after = sb_->counts();
  exp_.pixels_in += after.pixels_in - before.pixels_in;
  exp_.killed += after.killed - before.killed;
  exp_.rt_reads += after.rt_reads - before.rt_reads;
  exp_.rt_writes += after.rt_writes - before.rt_writes;
}

// Inlined into observe(): run every cycle, the call's own cost was a third of it.
[[gnu::always_inline]] inline void Env::sample_cycle(const TopOut& out) {
  const bool rd_stall = out.mem_rd_valid && !in_.mem_rd_ready;
  const bool wr_stall = out.mem_wr_valid && !in_.mem_wr_ready;
  if (rd_stall || wr_stall) ++port_.mem_stalls;
  if (out.mem_wr_valid && in_.mem_wr_ready) ++port_.rt_writes;
  if (out.mem_rd_valid && in_.mem_rd_ready) ++port_.rt_reads;
  if (!opt_.coverage) return;
  CycleSample c;
  c.rd_stall = rd_stall;
  c.wr_stall = wr_stall;
  c.backpressure = in_.in_valid && !out.in_ready;
  c.outstanding = mem_.outstanding();
  c.read_accepted = out.mem_rd_valid && in_.mem_rd_ready && cycle_ <= st_.cfg.cycles;
  if (c.read_accepted) c.latency = mem_.latency(cycle_);
  c.hazard_stalls = out.perf.hazard_stalls;
  c.last_hazard_read = last_hazard_read_;
  cosim::sample_cycle(cov_, cycle_bins_, c);
}

void Env::final_checks() {
  phase_ = Phase::kDone;
  over_ = true;
  if (!opt_.scoreboard) return;
  const std::string diff = cosim::diff_images(mem_.image(), sb_->image());
  if (!diff.empty()) {
    fail("scoreboard: final render-target memory differs from om::ref:\n" + diff);
    return;
  }
  const std::string ds_diff = cosim::diff_images(ds_mem_.image(), sb_->ds_image());
  if (!ds_diff.empty()) {
    fail("scoreboard: final depth-stencil memory differs from om::ref:\n" + ds_diff);
    return;
  }
  struct Check {
    const char* name;
    uint32_t got;
    uint64_t ref;
    uint64_t port;
  };
  const Check checks[] = {
      {"PERF_PIXELS_IN", final_perf_.pixels_in, exp_.pixels_in, port_.pixels_in},
      {"PERF_RT_READS", final_perf_.rt_reads, exp_.rt_reads, port_.rt_reads},
      {"PERF_RT_WRITES", final_perf_.rt_writes, exp_.rt_writes, port_.rt_writes},
      {"PERF_MEM_STALLS", final_perf_.mem_stalls, port_.mem_stalls, port_.mem_stalls},
      {"PERF_KILLED", final_perf_.killed, exp_.killed, exp_.killed},
  };
  // A rule for every counter but PERF_HAZARD_STALLS (timing the reference does not model; the
  // lockstep compares it every cycle): a counter added to the register map needs one here.
  static_assert(sizeof checks / sizeof checks[0] + 1 == regs::kNumPerfCounters,
                "a performance counter has no final scoreboard check");
  for (const Check& c : checks) {
    if (c.got != static_cast<uint32_t>(c.ref) || c.got != static_cast<uint32_t>(c.port)) {
      fail(std::string("counters: ") + c.name + " reads " + std::to_string(c.got) +
           ", om::ref expects " + std::to_string(c.ref) + ", the ports saw " +
           std::to_string(c.port));
      return;
    }
  }
}

void Env::observe(const TopOut& out) {
  if (phase_ == Phase::kReset) {
    if (cycle_ >= kResetCycles) {
      phase_ = Phase::kRun;
      start_segment();
    }
    ++cycle_;
    return;
  }
  sample_cycle(out);
  const bool wr_fire = out.mem_wr_valid && in_.mem_wr_ready;
  const bool rd_fire = out.mem_rd_valid && in_.mem_rd_ready;
  if (wr_fire || rd_fire) last_progress_ = cycle_;
  mem_.commit(cycle_, wr_fire, out.mem_wr_addr, out.mem_wr_data, rd_fire, out.mem_rd_addr,
              in_.mem_rsp_valid);
  const bool ds_wr_fire = out.ds_wr_valid && in_.ds_wr_ready;
  const bool ds_rd_fire = out.ds_rd_valid && in_.ds_rd_ready;
  if (ds_wr_fire || ds_rd_fire) last_progress_ = cycle_;
  ds_mem_.commit(cycle_, ds_wr_fire, out.ds_wr_addr, out.ds_wr_data, ds_rd_fire, out.ds_rd_addr,
                 in_.ds_rsp_valid);
  if (offered_ && out.in_ready) {
    on_pixel(segs_.current()->pixels[px_]);
    offered_ = false;
    gap_loaded_ = false;
    ++px_;
  }
  if (bus_.active()) {  // observe() of an idle master returns false
    sim::ApbMaster::Done d;
    if (bus_.observe(out, &d)) on_bus(d);
  }

  if (phase_ == Phase::kRun) {
    if (cycle_ + 1 >= st_.cfg.cycles) {
      phase_ = Phase::kFinal;
      bus_.clear_queue();
      final_started_ = cycle_;
    } else if (bus_.idle()) {  // advance_segments() changes nothing while the bus is busy
      advance_segments();
    }
  }
  if (phase_ == Phase::kFinal) {
    if (final_reads_ == 0 && !final_polling_ && !offered_ && bus_.idle()) {
      BusOp poll;
      poll.kind = BusOp::Kind::kStatusPoll;
      poll.addr = regs::kStatus;
      bus_.push_back(poll);
      final_polling_ = true;
    }
    if (cycle_ - final_started_ > opt_.drain_limit) {
      fail("final drain: om_top still busy after " + std::to_string(opt_.drain_limit) + " cycles");
    }
  }
  if (cycle_ - last_progress_ > opt_.hang_limit &&
      (offered_ || bus_.active() || !mem_.idle() || !ds_mem_.idle())) {  // work pending
    fail("no progress: no pixel, memory or bus handshake for " + std::to_string(opt_.hang_limit) +
         " cycles (" + describe() + ")");
  }
  ++cycle_;
}

}  // namespace om::cosim

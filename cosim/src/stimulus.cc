// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/stimulus.h"

#include <unistd.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "om/cosim/draw.h"
#include "om/cosim/stim_ds.h"
#include "om/cosim/stim_ms.h"
#include "om/cosim/stim_state.h"
#include "om/gen/csr_storage.h"
#include "om/gen/regs.h"
#include "om/ref/convert.h"
#include "om/sim/regfile.h"

namespace om::cosim {
namespace {

// The state writes (full and partial) of `ops`, in order.
void apply_writes(sim::StateRegs& regs, const std::vector<BusOp>& ops) {
  for (const BusOp& op : ops) {
    if (op.kind == BusOp::Kind::kStateWrite || op.kind == BusOp::Kind::kPartialWrite) {
      regs.write(op.addr, op.data, op.strb);
    }
  }
}

// The state registers after `seg`'s program (`regs` holds them before it) become its state; its
// traffic's state writes follow.
void derive_state(sim::StateRegs& regs, Segment& seg) {
  apply_writes(regs, seg.program);
  seg.state = regs.decode();
  apply_writes(regs, seg.traffic);
}

class Gen {
 public:
  // The generator of segment `index`, which draws from its own seed.
  Gen(const StimConfig& c, const Profile& prof, size_t index)
      : c_(c),
        cfg_(kConfigs[c.cfg_index]),
        prof_(prof),
        rng_(derive_seed(c.seed, kStreamSegment, index)),
        states_(cfg_, prof_, rng_) {}

  // The segment, on top of the state the generator drew for the one before (`prev`, and whether
  // that was illegal: the first segment and any after an illegal one drain).
  Segment next(const State& prev, bool force_drain) { return segment(prev, force_drain); }

  // Every cycle of the run has stimulus: the estimated cycles of the segments so far overshoot the
  // run's. Segment i draws from its own seed, so a longer run only appends segments.
  static double budget(uint64_t cycles) { return 1.5 * static_cast<double>(cycles) + 2000.0; }

  // Rough cycles a segment takes: ops per pixel (bound slots), gaps, bus transfers.
  double estimate(const Segment& seg) const {
    int slots = 0;
    for (int i = 0; i < cfg_.max_rts; ++i) {
      if (seg.state.rt_bind[i].format != 0) ++slots;
    }
    double c = 50.0 + 3.0 * static_cast<double>(seg.program.size());
    for (const PixelRef& p : seg.pixels) c += 1.3 * std::max(1, slots) + p.gap;
    return c;
  }

 private:
  uint32_t pick(uint32_t n) { return draw_range(rng_, 0, n - 1); }
  bool coin(double p) { return draw_coin(rng_, p); }
  uint32_t range(uint32_t lo, uint32_t hi) { return lo + pick(hi - lo + 1); }

  BusOp write_op(uint32_t addr, uint32_t data) { return write_op(addr, data, rng_); }
  static BusOp write_op(uint32_t addr, uint32_t data, Mt64& rng) {
    BusOp op;
    op.kind = BusOp::Kind::kStateWrite;
    op.write = true;
    op.addr = static_cast<uint16_t>(addr);
    op.data = data;
    op.gap = static_cast<uint16_t>(draw_coin(rng, 0.8) ? 0 : 1 + draw_range(rng, 0, 3));
    return op;
  }
  // The depth-stencil registers are written from their own generator (stim_ds.h), after the rest of
  // the program, so the rest of the stimulus is drawn as without them.
  static bool is_ds_reg(uint32_t addr) { return addr >= regs::kDsCtrl && addr <= regs::kDepthMax; }

  // One random transfer of the traffic mix (no state writes that could form an illegal state).
  BusOp traffic_op() {
    BusOp op;
    op.gap = static_cast<uint16_t>(range(0, 400));
    const uint32_t k = pick(100);
    if (k < 30) {  // legal reads: caps, state, status, perf counters
      const regs::RegInfo& r = regs::kRegs[pick(regs::kNumRegs)];
      op.kind = r.access == regs::Access::kW ? BusOp::Kind::kWoRead : BusOp::Kind::kRead;
      op.addr = static_cast<uint16_t>(r.offset);
    } else if (k < 50) {
      op.kind = BusOp::Kind::kRead;
      op.addr = static_cast<uint16_t>(regs::kPerfCounters[pick(regs::kNumPerfCounters)].offset);
    } else if (k < 58) {
      op.kind = BusOp::Kind::kRead;
      op.addr = regs::kStatus;
    } else if (k < 68) {  // write to a read-only register
      const regs::RegInfo* r = nullptr;
      do {
        r = &regs::kRegs[pick(regs::kNumRegs)];
      } while (r->access != regs::Access::kR);
      op.kind = BusOp::Kind::kRoWrite;
      op.write = true;
      op.addr = static_cast<uint16_t>(r->offset);
      op.data = static_cast<uint32_t>(rng_());
    } else if (k < 72) {
      op.kind = BusOp::Kind::kWoRead;
      op.addr = regs::kPerfClear;
    } else if (k < 82) {  // unmapped (inside and outside the state window)
      uint32_t a = 0;
      do {
        a = 4 * pick(regs::kSpace / 4);
      } while (regs::find_reg(a) != nullptr);
      op.write = coin(0.5);
      op.kind = op.write ? BusOp::Kind::kUnmappedWrite : BusOp::Kind::kUnmappedRead;
      op.addr = static_cast<uint16_t>(a);
      op.data = static_cast<uint32_t>(rng_());
    } else if (k < 92) {  // misaligned
      op.write = coin(0.5);
      op.kind = op.write ? BusOp::Kind::kMisalignedWrite : BusOp::Kind::kMisalignedRead;
      op.addr = static_cast<uint16_t>(4 * pick(regs::kSpace / 4) + range(1, 3));
      op.data = static_cast<uint32_t>(rng_());
    } else {  // a state write that keeps the state legal: blend factor, fog colour, sample mask
      op.kind = BusOp::Kind::kStateWrite;
      op.write = true;
      const uint32_t which = pick(3);
      op.addr = static_cast<uint16_t>(which == 0   ? regs::blend_factor_offset(pick(4))
                                      : which == 1 ? regs::fog_color_offset(pick(3))
                                                   : regs::kSampleMask);
      op.data = which == 2 ? (coin(0.8) ? 0xFFFFFFFFu : static_cast<uint32_t>(rng_()))
                           : states_.color(false);
      if (coin(0.3)) {
        op.kind = BusOp::Kind::kPartialWrite;
        op.strb = static_cast<uint8_t>(pick(16));
      }
    }
    return op;
  }

  Segment segment(const State& prev, bool force_drain) {
    Segment seg;
    seg.drain = force_drain || coin(prof_.drain);
    State s = prev;
    bool large = false;
    if (seg.drain) states_.bind(s, c_.rts, &large);
    s = states_.legal(s);
    if (coin(prof_.illegal)) {
      s = states_.make_illegal(s);
      seg.illegal = true;
    }
    seg.fill = !large;
    seg.fill_seed = rng_();
    // The depth-stencil state and the pixels' depths from their own generator (stim_ds.h).
    DsGen ds(cfg_, prof_, seg.fill_seed ^ 0xD5A61266F0C9392Cull);
    ds.state(s);
    // The sample count and each pixel's sample transfers likewise (stim_ms.h).
    MsGen ms(cfg_, prof_, seg.fill_seed ^ 0x6A09E667F3BCC909ull);
    ms.state(s, seg.drain, seg.illegal);
    seg.state = s;
    std::vector<BusOp> ds_ops;

    if (seg.drain) {
      // Drain: poll STATUS, optionally clear the counters, then program everything.
      BusOp poll;
      poll.kind = BusOp::Kind::kStatusPoll;
      poll.addr = regs::kStatus;
      seg.program.push_back(poll);
      if (coin(0.3)) {
        BusOp clr;
        clr.kind = BusOp::Kind::kPerfClear;
        clr.write = true;
        clr.addr = regs::kPerfClear;
        clr.data = 1;
        seg.program.push_back(clr);
      }
      // PS_OUTPUTS.TYPE is random noise for om_validate only; the segment's state keeps none.
      State typed = s;
      const uint32_t types = states_.ps_types();
      for (int i = 0; i < ref::kMaxRts; ++i) typed.ps_output_type[i] = (types >> (2 * i)) & 3u;
      for (const auto& w : sim::StateRegs::encode(typed)) {
        if (is_ds_reg(w.first)) {
          ds_ops.push_back(write_op(w.first, w.second, ds.rng()));
        } else {
          seg.program.push_back(write_op(w.first, w.second));
        }
      }
    } else {
      // Only the registers that change, in random order. The previous segment's pixels are still
      // in flight, so the first write waits while the pipeline is busy.
      const auto old_regs = sim::StateRegs::encode(prev);
      auto new_regs = sim::StateRegs::encode(s);
      std::vector<BusOp> ops;
      for (size_t i = 0; i < new_regs.size(); ++i) {
        if (is_ds_reg(new_regs[i].first)) {
          if (new_regs[i].second != old_regs[i].second || draw_coin(ds.rng(), 0.05)) {
            ds_ops.push_back(write_op(new_regs[i].first, new_regs[i].second, ds.rng()));
          }
          continue;
        }
        if (new_regs[i].first == regs::kPsOutputs) {
          new_regs[i].second = regs::ps_outputs::kType.put(new_regs[i].second, states_.ps_types());
        }
        if (new_regs[i].second != old_regs[i].second || coin(0.05)) {
          ops.push_back(write_op(new_regs[i].first, new_regs[i].second));
        }
      }
      std::shuffle(ops.begin(), ops.end(), rng_);
      std::shuffle(ds_ops.begin(), ds_ops.end(), ds.rng());
      seg.program = std::move(ops);
    }

    // Pixels: a palette of shader outputs, coordinates biased to a few hot addresses.
    bool any_int = false;
    for (const RtBind& b : s.rt_bind) {
      const FormatInfo* f = b.format ? ref::find_format(b.format) : nullptr;
      if (f && (f->cls == FormatClass::UINT || f->cls == FormatClass::SINT)) any_int = true;
    }
    seg.palette.resize(range(16, 64));
    for (ref::PixelIn& p : seg.palette) {
      const bool integer = any_int && coin(0.5);
      for (ref::Vec4& o : p.oc) {
        states_.colors(o.data(), o.size(), integer);
      }
      states_.colors(p.oc1.data(), p.oc1.size(), false);
      // Boundaries of the pixel-kill comparisons: alpha equal to the alpha-test reference (or one
      // ulp either side), and alpha-to-coverage's a + 0.5 = 1.
      if (s.alpha_test_enable && coin(0.3)) {
        const uint32_t r = ref::unorm_to_f32(s.alpha_ref & 0xFFu, 8);
        p.oc[0][3] = r == 0 ? r : r - 1 + pick(3);
      } else if (s.alpha_to_coverage_enable && coin(0.2)) {
        p.oc[0][3] = 0x3EFFFFFFu + pick(3);
      }
      p.fog = coin(0.8) ? ref::f32_bits(draw_float(rng_, -0.25f, 1.25f)) : states_.color(false);
    }
    const uint32_t n = coin(0.25) ? range(1, 40) : coin(0.85) ? range(40, 300) : range(300, 1500);
    uint32_t w = 1, h = 1;
    for (const RtBind& b : s.rt_bind) {
      w = std::max(w, b.width);
      h = std::max(h, b.height);
    }
    w = std::min<uint32_t>(w + 1, 1u << 14);
    h = std::min<uint32_t>(h + 1, 1u << 14);
    std::array<std::pair<uint16_t, uint16_t>, 4> hot{};
    for (auto& a : hot) a = {static_cast<uint16_t>(pick(w)), static_cast<uint16_t>(pick(h))};
    // The loop's coins by threshold (draw.h's Coin): it draws about five per pixel.
    const Coin at_hot(prof_.tiny_areas ? 0.9 : coin(prof_.hot) ? 0.6 : 0.1);
    const Coin clear(coin(0.1) ? 0.3 : 0.02);
    const Coin gap(coin(0.3) ? 0.3 : 0.03);
    const Coin covered(0.95), short_gap(0.9);
    seg.pixels.resize(n);
    for (PixelRef& px : seg.pixels) {
      if (at_hot(rng_)) {
        const auto& a = hot[pick(hot.size())];
        px.x = a.first;
        px.y = a.second;
      } else {
        px.x = static_cast<uint16_t>(pick(w));
        px.y = static_cast<uint16_t>(pick(h));
      }
      px.palette = static_cast<uint8_t>(pick(seg.palette.size()));
      px.clear = clear(rng_);
      px.coverage = covered(rng_);
      px.gap = static_cast<uint8_t>(gap(rng_) ? (short_gap(rng_) ? range(1, 4) : range(5, 60)) : 0);
      px.depth = ds.depth();
      px.front = ds.front();
    }
    ms.palette(seg.palette, s);
    seg.pixels = ms.expand(seg.pixels, s.sample_count, ds);

    // Bus traffic while the pixels stream (default: about one transfer per 150 cycles).
    const uint32_t ntraffic = static_cast<uint32_t>(estimate(seg) * prof_.traffic) + pick(3);
    for (uint32_t i = 0; i < ntraffic; ++i) seg.traffic.push_back(traffic_op());
    seg.program.insert(seg.program.end(), ds_ops.begin(), ds_ops.end());
    return seg;
  }

  StimConfig c_;
  const ConfigInfo& cfg_;
  const Profile& prof_;
  Mt64 rng_;
  StateGen states_;
};

}  // namespace

int config_index(const std::string& name) {
  for (int i = 0; i < kNumConfigs; ++i) {
    if (name == kConfigs[i].name) return i;
  }
  return -1;
}

uint64_t stimulus_bytes(uint64_t cycles) {
  // Measured over every configuration and profile (10^5-cycle runs): at most about 27 bytes of
  // segments and phases per cycle of the run (the 1.5x budget included); twice that for the
  // slack of growing vectors.
  constexpr uint64_t kPerCycle = 60;
  return kPerCycle * cycles + (1u << 20);
}

Stimulus seeded(const StimConfig& cfg) {
  if (cfg.cfg_index < 0 || cfg.cfg_index >= kNumConfigs) {
    throw std::out_of_range("stimulus: configuration index " + std::to_string(cfg.cfg_index));
  }
  if (cfg.rts < 0 || cfg.rts > kConfigs[cfg.cfg_index].max_rts) {
    throw std::out_of_range("stimulus: --rts " + std::to_string(cfg.rts) + " outside 0.." +
                            std::to_string(kConfigs[cfg.cfg_index].max_rts) + " for " +
                            kConfigs[cfg.cfg_index].name);
  }
  if (find_profile(cfg.profile) == nullptr) {
    throw std::invalid_argument("--profile: unknown profile '" + cfg.profile + "' (" +
                                profile_list() + ")");
  }
  Stimulus st;
  st.cfg = cfg;
  st.cfg.seeded = true;
  st.lazy = true;
  return st;
}

Stimulus generate(const StimConfig& cfg) {
  Stimulus lazy = seeded(cfg);
  const uint64_t need = stimulus_bytes(cfg.cycles);
  const uint64_t have = static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) *
                        static_cast<uint64_t>(sysconf(_SC_PAGE_SIZE));
  if (need > have / 4 * 3) {
    throw std::invalid_argument("--cycles " + std::to_string(cfg.cycles) +
                                ": the whole stimulus needs up to " + std::to_string(need >> 20) +
                                " MiB, more than 3/4 of this machine's " +
                                std::to_string(have >> 20) + " MiB");
  }
  Stimulus st;
  st.cfg = lazy.cfg;
  st.mem = generate_memory(cfg.seed, cfg.cycles + 1, *find_profile(cfg.profile));
  SegmentStream segs(lazy);
  for (size_t i = 0; segs.advance_to(i); ++i) {
    st.segments.push_back(*segs.current());
    st.pixels += st.segments.back().pixels.size();
  }
  return st;
}

SegmentStream::SegmentStream(const Stimulus& st)
    : st_(&st), prof_(st.lazy ? find_profile(st.cfg.profile) : nullptr) {
  advance_to(0);
}

bool SegmentStream::advance_to(size_t i) {
  index_ = i;
  if (!st_->lazy) return current() != nullptr;
  const StimConfig& c = st_->cfg;
  while (next_ <= i) {
    if (used_ >= Gen::budget(c.cycles)) {
      cur_.reset();
      return false;
    }
    Gen gen(c, *prof_, next_);
    Segment seg = gen.next(prev_, next_ == 0 || prev_illegal_);
    used_ += gen.estimate(seg);
    prev_ = seg.state;
    prev_illegal_ = seg.illegal;
    derive_state(regs_, seg);  // as derive_states() sets it
    cur_ = std::move(seg);
    ++next_;
  }
  return cur_.has_value();
}

void derive_states(Stimulus& st) {
  sim::StateRegs regs;
  st.pixels = 0;
  for (Segment& seg : st.segments) {
    derive_state(regs, seg);
    st.pixels += seg.pixels.size();
  }
}

}  // namespace om::cosim

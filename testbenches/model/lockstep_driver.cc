// SPDX-License-Identifier: Apache-2.0
#include "lockstep_driver.h"

#include <algorithm>
#include <stdexcept>

#include "om/gen/defs.h"
#include "om/gen/regs.h"
#include "om/ref/fp32.h"

namespace om::tb {
namespace {

constexpr uint32_t kStateLo = 0x200;
constexpr uint32_t kStateHi = 0x300;

bool mapped(uint32_t addr) {
  for (const regs::RegInfo& r : regs::kRegs) {
    if (r.offset == addr) return true;
  }
  return false;
}

}  // namespace

LockstepConfig lockstep_config(int cfg_index, uint64_t seed, uint64_t cycles) {
  if (cfg_index < 0 || cfg_index >= kNumConfigs) {
    throw std::out_of_range("lockstep_config: configuration " + std::to_string(cfg_index));
  }
  LockstepConfig c;
  c.cfg_index = cfg_index;
  c.seed = seed;
  c.cycles = cycles;
  std::mt19937_64 r(seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(cfg_index));
  static constexpr uint32_t kWindows[] = {3, 6, 8, 16};
  static constexpr int kLat[][2] = {{1, 1}, {1, 6}, {4, 24}, {20, 60}};
  static constexpr double kReady[] = {1.0, 0.9, 0.6, 0.3};
  static constexpr double kInP[] = {1.0, 0.8, 0.4};
  c.window = kWindows[r() % 4];
  const auto& lat = kLat[r() % 4];
  c.mem.latency_min = lat[0];
  c.mem.latency_max = lat[1];
  c.mem.rd_ready_p = kReady[r() % 4];
  c.mem.wr_ready_p = kReady[r() % 4];
  c.in_valid_p = kInP[r() % 3];
  c.bus_p = (r() % 2) ? 0.25 : 0.1;
  if (r() % 2 == 0) c.reset_at = cycles / 4 + r() % (cycles / 2 + 1);
  return c;
}

Driver::Driver(const LockstepConfig& cfg)
    : cfg_(cfg),
      rng_(cfg.seed),
      mem_(std::make_unique<sim::RandomTiming>(cfg.mem, cfg.seed * 0xD1B54A32D192ED03ull + 7)),
      ds_mem_(std::make_unique<sim::RandomTiming>(cfg.mem, cfg.seed * 0xD1B54A32D192ED03ull + 8)) {
  // Initial memory image: random texels (all 128 bits) around the pixel window of every slot.
  const uint32_t n = cfg_.window + 4;
  for (uint32_t rt = 0; rt < 8; ++rt) {
    for (uint32_t y = 0; y < n; ++y) {
      for (uint32_t x = 0; x < n; ++x) {
        ref::Texel t;
        for (uint32_t& w : t.w) w = static_cast<uint32_t>(rng_());
        mem_.image().set(mem_addr(rt, y, x, 0), t);
        if (rt == 0) {
          for (uint32_t& w : t.w) w = static_cast<uint32_t>(rng_());
          ds_mem_.image().set(mem_addr(0, y, x, 0), t);
        }
      }
    }
  }
  for (const regs::RegInfo& r : regs::kRegs) {
    if (r.access == regs::Access::kRW) state_regs_.push_back(r.offset);
  }
  const uint32_t fl_bit = 1u << kConfigs[cfg_.cfg_index].fl_index;
  for (int i = 0; i < kNumFormats; ++i) {
    const FormatInfo& f = kFormatInfo[i];
    const uint32_t dxgi = static_cast<uint32_t>(f.format);
    if (f.cls == FormatClass::UINT) uint_formats_.push_back(dxgi);
    if (f.rt_fl_mask & fl_bit) rt_formats_.push_back(dxgi);
    if (f.blend_fl_mask & fl_bit) blend_formats_.push_back(dxgi);
  }
  // Bus: a usable state first, then random traffic with a new whole state now and then. Pixels:
  // at most one per cycle, so the lists cover the run.
  push_program();
  while (apb_.size() < cfg_.cycles / 4 + 64) {
    if (rng_() % 64 == 0) {
      push_program();
    } else {
      apb_.push_back(random_apb());
    }
  }
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (uint64_t i = 0; i < cfg_.cycles + 16; ++i) {
    pixels_.push_back(random_pixel());
    uint32_t gap = 0;
    const double g = u(rng_);
    if (g < 0.005) {
      gap = 40 + static_cast<uint32_t>(rng_() % 200);  // let the pipeline drain now and then
    } else if (g < 0.15) {
      gap = 1 + static_cast<uint32_t>(rng_() % 6);
    }
    while (u(rng_) >= cfg_.in_valid_p) ++gap;
    pixel_gap_.push_back(gap);
  }
  for (const sim::BusOp& op : apb_) bus_.push_back(op);
  in_.cfg = static_cast<uint32_t>(cfg_.cfg_index);
  make_inputs();
}

uint32_t Driver::random_f32() {
  std::uniform_real_distribution<float> d(-0.25f, 1.25f);
  static constexpr uint32_t kSpecial[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0x3F000000u,
                                          0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u,
                                          0x00000001u, 0x807FFFFFu, 0x4F800000u, 0xCF000000u,
                                          0x3EFFFFFFu, 0x3F7FFFFFu, 0xBF800000u, 0x477FE000u};
  const uint32_t k = static_cast<uint32_t>(rng_() % 100);
  if (k < 70) return ref::f32_bits(d(rng_));
  if (k < 80) return kSpecial[rng_() % 16];
  if (k < 90) return static_cast<uint32_t>(rng_() % 300) - 20u;  // small integers, some negative
  return static_cast<uint32_t>(rng_());
}

Pixel Driver::random_pixel() {
  Pixel p;
  const uint32_t k = static_cast<uint32_t>(rng_() % 100);
  if (k < 85) {
    p.x = static_cast<uint32_t>(rng_() % cfg_.window);
    p.y = static_cast<uint32_t>(rng_() % cfg_.window);
  } else if (k < 98) {
    p.x = static_cast<uint32_t>(rng_() % (cfg_.window + 4));
    p.y = static_cast<uint32_t>(rng_() % (cfg_.window + 4));
  } else {
    p.x = static_cast<uint32_t>(rng_() & 0x3FFF);
    p.y = static_cast<uint32_t>(rng_() & 0x3FFF);
  }
  p.cmd = rng_() % 50 == 0 ? Cmd::kClear : Cmd::kDraw;
  p.coverage = rng_() % 12 != 0;
  p.depth = random_f32();
  p.front_face = rng_() % 2 == 0;
  p.fog = random_f32();
  for (uint32_t& c : p.oc1) c = random_f32();
  for (ref::Vec4& o : p.oc) {
    for (uint32_t& c : o) c = random_f32();
  }
  // Any sample of up to 8 (those at or above MS_CTRL's count are dropped), oMask now and then.
  p.sample = static_cast<uint32_t>(rng_() % 8);
  p.omask_written = rng_() % 5 == 0;
  p.omask = rng_() % 2 == 0;
  return p;
}

// A constrained-random value of the state register at `addr`. With `coherent` it belongs to a
// usable draw state of prog_rts_ bound slots (declared outputs, sizes covering the pixel window,
// legal factors and ops; RT 0's logic op with prog_loe_), else any value of the fields, mostly
// legal.
uint32_t Driver::state_value(uint32_t addr, bool coherent) {
  namespace r = om::regs;
  auto pct = [this](uint32_t p) { return rng_() % 100 < p; };
  auto pick = [this](uint32_t n) { return static_cast<uint32_t>(rng_() % n); };
  if (addr >= r::kDsCtrl && addr <= r::kDepthMax) return ds_state_value(addr, coherent);
  if (addr == r::kCtrl) {
    return r::ctrl::kAlphaToCoverageEnable.put(r::ctrl::kIndependentBlendEnable.put(0, pct(50)),
                                               pct(coherent ? 10 : 25));
  }
  if (addr == r::kMsCtrl) return r::ms_ctrl::kSampleCount.put(0, pick(4));
  if (addr == r::kSampleMask) {
    return pct(coherent ? 95 : 80) ? 0xFFFFFFFFu : static_cast<uint32_t>(rng_());
  }
  if (addr == r::kAlphaTest) {
    uint32_t v = r::alpha_test::kEnable.put(0, pct(coherent ? 15 : 30));
    v = r::alpha_test::kFunc.put(v, coherent || pct(90) ? 1 + pick(8) : pick(16));
    return r::alpha_test::kRef.put(v, pick(256));
  }
  if (addr == r::kFog) return r::fog::kEnable.put(0, pct(coherent ? 15 : 30));
  if (addr == r::kPsOutputs) {
    const uint32_t all = (1u << prog_rts_) - 1u;
    const uint32_t declared =
        coherent ? (pct(90) ? all : pick(256)) : (pct(60) ? 0xFFu : pick(256));
    return r::ps_outputs::kType.put(r::ps_outputs::kDeclared.put(0, declared), pick(1u << 16));
  }
  for (uint32_t c = 0; c < 4; ++c) {
    if (addr == r::blend_factor_offset(c)) return random_f32();
  }
  for (uint32_t c = 0; c < 3; ++c) {
    if (addr == r::fog_color_offset(c)) return random_f32();
  }
  for (uint32_t i = 0; i < 8; ++i) {
    if (addr == r::rt_format_offset(i)) {
      if (coherent) {
        if (i >= prog_rts_ && pct(90)) return 0u;
        auto from = [&](const std::vector<uint32_t>& v) {
          return v.empty() ? 0u : v[pick(static_cast<uint32_t>(v.size()))];
        };
        if (prog_loe_ && pct(60)) return from(uint_formats_);
        const uint32_t k = pick(100);
        if (k < 65) return from(blend_formats_);
        if (k < 90) return from(rt_formats_);
        return static_cast<uint32_t>(kFormatInfo[pick(kNumFormats)].format);
      }
      const uint32_t k = pick(100);
      if (k < 85) return static_cast<uint32_t>(kFormatInfo[pick(kNumFormats)].format);
      return k < 93 ? 0u : pick(256);
    }
    if (addr == r::rt_size_offset(i)) {
      auto dim = [&]() {
        const uint32_t k = pick(100);
        if (k < (coherent ? 80u : 40u)) return cfg_.window + pick(3);
        if (k < 92) return 1 + pick(cfg_.window);
        return k < 97 ? pick(1u << 15) : 0u;
      };
      return r::rt_size::kHeight.put(r::rt_size::kWidth.put(0, dim()), dim());
    }
    if (addr == r::rt_blend_offset(i)) {
      const uint32_t legal = coherent ? 97 : 85;
      auto factor = [&]() { return pct(legal) ? 1 + pick(19) : pick(32); };
      auto op = [&]() { return pct(legal) ? 1 + pick(5) : pick(8); };
      uint32_t v = r::rt_blend::kSrcBlend.put(0, factor());
      v = r::rt_blend::kDestBlend.put(v, factor());
      v = r::rt_blend::kBlendOp.put(v, op());
      v = r::rt_blend::kSrcBlendAlpha.put(v, factor());
      v = r::rt_blend::kDestBlendAlpha.put(v, factor());
      v = r::rt_blend::kBlendOpAlpha.put(v, op());
      return r::rt_blend::kBlendEnable.put(v, pct(75));
    }
    if (addr == r::rt_logic_offset(i)) {
      const bool loe = coherent ? (i == 0 ? prog_loe_ : pct(3)) : pct(i == 0 ? 15 : 5);
      uint32_t v = r::rt_logic::kLogicOpEnable.put(0, loe);
      v = r::rt_logic::kLogicOp.put(v, pick(16));
      return r::rt_logic::kWriteMask.put(v, pct(coherent ? 70 : 50) ? 0xFu : pick(16));
    }
  }
  return static_cast<uint32_t>(rng_());
}

// A constrained-random value of a depth-stencil register: a view bound in most coherent states
// (every depth format, read-only flags), comparison functions and stencil ops mostly legal.
uint32_t Driver::ds_state_value(uint32_t addr, bool coherent) {
  namespace r = om::regs;
  auto pct = [this](uint32_t p) { return rng_() % 100 < p; };
  auto pick = [this](uint32_t n) { return static_cast<uint32_t>(rng_() % n); };
  const uint32_t legal = coherent ? 95 : 80;
  auto func = [&]() { return pct(legal) ? 1 + pick(8) : pick(16); };
  if (addr == r::kDsCtrl) {
    uint32_t v = r::ds_ctrl::kDepthEnable.put(0, pct(70));
    v = r::ds_ctrl::kDepthWriteMask.put(v, pct(75));
    v = r::ds_ctrl::kDepthFunc.put(v, func());
    v = r::ds_ctrl::kStencilEnable.put(v, pct(50));
    v = r::ds_ctrl::kStencilReadMask.put(v, pct(60) ? 0xFFu : pick(256));
    return r::ds_ctrl::kStencilWriteMask.put(v, pct(60) ? 0xFFu : pick(256));
  }
  if (addr == r::ds_face_offset(0) || addr == r::ds_face_offset(1)) {
    auto op = [&]() { return pct(legal) ? 1 + pick(8) : pick(16); };
    uint32_t v = r::ds_face::kFailOp.put(0, op());
    v = r::ds_face::kDepthFailOp.put(v, op());
    v = r::ds_face::kPassOp.put(v, op());
    return r::ds_face::kFunc.put(v, func());
  }
  if (addr == r::kDsRef) return pick(256);
  if (addr == r::kDsView) {
    uint32_t v = r::ds_view::kValid.put(0, pct(coherent ? 80 : 50));
    v = r::ds_view::kReadOnlyDepth.put(v, pct(15));
    v = r::ds_view::kReadOnlyStencil.put(v, pct(15));
    const uint32_t fmt =
        pct(legal) ? static_cast<uint32_t>(kDsFormatInfo[pick(kNumDsFormats)].format) : pick(256);
    return r::ds_view::kFormat.put(v, fmt);
  }
  if (addr == r::kDepthMin) return pct(60) ? 0u : random_f32();
  return pct(60) ? 0x3F800000u : random_f32();  // DEPTH_MAX
}

// Every state register once, describing one usable draw state.
void Driver::push_program() {
  prog_rts_ = 1 + static_cast<uint32_t>(rng_() % kConfigs[cfg_.cfg_index].max_rts);
  prog_loe_ = rng_() % 100 < 12;
  for (uint32_t addr : state_regs_) {
    sim::BusOp op;
    op.write = true;
    op.addr = addr;
    op.data = state_value(addr, true);
    op.gap = rng_() % 4 == 0 ? static_cast<uint32_t>(rng_() % 3) : 0u;
    apb_.push_back(op);
  }
}

sim::BusOp Driver::random_apb() {
  sim::BusOp op;
  const uint32_t g = static_cast<uint32_t>(rng_() % 100);
  op.gap = g < 30 ? static_cast<uint32_t>(rng_() % 4)
                  : (g < 85 ? 4 + static_cast<uint32_t>(rng_() % 60)
                            : 64 + static_cast<uint32_t>(rng_() % 600));
  std::uniform_real_distribution<double> u(0.0, 1.0);
  if (u(rng_) < cfg_.bus_p) {
    // State write (held while the pipeline is busy), sometimes with a partial strobe.
    op.write = true;
    op.addr = state_regs_[rng_() % state_regs_.size()];
    op.data = state_value(op.addr, rng_() % 2 == 0);
    if (rng_() % 10 == 0) op.strb = static_cast<uint32_t>(rng_() % 16);
    return op;
  }
  const uint32_t k = static_cast<uint32_t>(rng_() % 100);
  if (k < 70) {  // legal read of any register (caps, state, status, counters)
    uint32_t a;
    do {
      a = regs::kRegs[rng_() % regs::kNumRegs].offset;
    } while (a == regs::kPerfClear);
    op.addr = a;
  } else if (k < 75) {  // PERF_CLEAR
    op.write = true;
    op.addr = regs::kPerfClear;
    op.data = static_cast<uint32_t>(rng_() % 2);
  } else if (k < 80) {  // read of the write-only PERF_CLEAR
    op.addr = regs::kPerfClear;
  } else if (k < 85) {  // write to a read-only register
    uint32_t a;
    do {
      a = regs::kRegs[rng_() % regs::kNumRegs].offset;
    } while (a >= kStateLo && a < kStateHi);
    op.write = a != regs::kPerfClear;
    op.addr = a;
    op.data = static_cast<uint32_t>(rng_());
  } else if (k < 93) {  // unmapped
    uint32_t a;
    do {
      a = static_cast<uint32_t>(rng_() % (regs::kSpace / 4)) * 4;
    } while (mapped(a));
    op.addr = a;
    op.write = rng_() % 2 == 0;
    op.data = static_cast<uint32_t>(rng_());
  } else {  // misaligned, anywhere (also into the state window)
    op.addr = (static_cast<uint32_t>(rng_() % regs::kSpace) & ~3u) | (1 + rng_() % 3);
    op.write = rng_() % 2 == 0;
    op.data = static_cast<uint32_t>(rng_());
  }
  return op;
}

bool Driver::in_reset(uint64_t c) const {
  const uint64_t n = static_cast<uint64_t>(kResetCycles);
  return c < n || (cfg_.reset_at != 0 && c >= cfg_.reset_at && c < cfg_.reset_at + n);
}

void Driver::make_inputs() {
  TopIn& in = in_;
  in.rst_n = !in_reset(cycle_);
  if (!in.rst_n && cycle_ == cfg_.reset_at) {
    // Mid-run reset: the transfer on the bus and the offered pixel are abandoned (both are issued
    // again afterwards); reads in flight are lost, so the memory forgets their responses.
    bus_.abort();
    offered_ = false;
    sim::Memory fresh(std::make_unique<sim::RandomTiming>(cfg_.mem, cfg_.seed ^ 0x5DEECE66Dull));
    fresh.image() = mem_.image();
    mem_ = std::move(fresh);
    sim::Memory ds_fresh(
        std::make_unique<sim::RandomTiming>(cfg_.mem, cfg_.seed ^ 0x5DEECE66Dull ^ 1u));
    ds_fresh.image() = ds_mem_.image();
    ds_mem_ = std::move(ds_fresh);
  }
  // APB master (no transfer starts in reset).
  if (in.rst_n) {
    bus_.drive(in);
  } else {
    in.psel = false;
    in.penable = false;
  }
  // Pixel source.
  if (!offered_ && in.rst_n && pixel_wait_ == 0 && pixel_next_ < pixels_.size()) {
    offered_ = true;
    in.in_data = pixels_[pixel_next_];
  }
  in.in_valid = offered_;
  // Memory.
  in.mem_rd_ready = mem_.rd_ready(cycle_);
  in.mem_wr_ready = mem_.wr_ready(cycle_);
  in.mem_rsp_valid = in.rst_n && mem_.rsp_valid(cycle_);
  if (in.mem_rsp_valid) in.mem_rsp_data = mem_.rsp_data();
  in.ds_rd_ready = ds_mem_.rd_ready(cycle_);
  in.ds_wr_ready = ds_mem_.wr_ready(cycle_);
  in.ds_rsp_valid = in.rst_n && ds_mem_.rsp_valid(cycle_);
  if (in.ds_rsp_valid) in.ds_rsp_data = ds_mem_.rsp_data();
}

void Driver::observe(const TopOut& out) {
  const TopIn& in = in_;
  const bool wr_fire = out.mem_wr_valid && in.mem_wr_ready;
  const bool rd_fire = out.mem_rd_valid && in.mem_rd_ready;
  mem_.commit(cycle_, wr_fire, out.mem_wr_addr, out.mem_wr_data, rd_fire, out.mem_rd_addr,
              in.mem_rsp_valid);
  stats_.writes += wr_fire;
  stats_.reads += rd_fire;
  const bool ds_wr_fire = out.ds_wr_valid && in.ds_wr_ready;
  const bool ds_rd_fire = out.ds_rd_valid && in.ds_rd_ready;
  ds_mem_.commit(cycle_, ds_wr_fire, out.ds_wr_addr, out.ds_wr_data, ds_rd_fire, out.ds_rd_addr,
                 in.ds_rsp_valid);
  stats_.ds_writes += ds_wr_fire;
  stats_.ds_reads += ds_rd_fire;

  if (in.in_valid && out.in_ready) {
    ++stats_.pixels;
    offered_ = false;
    pixel_wait_ = pixel_gap_[++pixel_next_ % pixel_gap_.size()];
  } else if (in.in_valid) {
    ++stats_.in_stalls;
  } else if (pixel_wait_ > 0) {
    --pixel_wait_;
  }

  sim::ApbMaster::Done done;
  if (in.rst_n && bus_.observe(out, &done)) {
    ++stats_.apb;
    stats_.apb_errors += done.err;
    stats_.apb_wait_cycles += done.waited;
  }
  ++cycle_;
  make_inputs();
}

}  // namespace om::tb

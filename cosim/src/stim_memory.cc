// SPDX-License-Identifier: Apache-2.0
// Memory timing of the stimulus: phases drawn from (seed, phase index), and their expansion cycle
// by cycle while a run reaches them.
#include <algorithm>

#include "om/cosim/draw.h"
#include "om/cosim/stim_state.h"
#include "om/cosim/stimulus.h"

namespace om::cosim {

MemPhase memory_phase(uint64_t seed, uint64_t index, uint64_t start, uint64_t cycles,
                      const Profile& prof) {
  Mt64 rng(derive_seed(seed, kStreamMemory, index));
  auto pick = [&rng](uint32_t n) { return draw_range(rng, 0, n - 1); };
  auto range = [&pick](uint32_t lo, uint32_t hi) { return lo + pick(hi - lo + 1); };
  MemPhase p;
  p.kind = MemPhase::Kind::kRandom;
  // The last phase stops at the run's end: a longer run continues it with the same draws.
  p.cycles = std::min<uint64_t>(64u << pick(6), cycles - start);
  uint32_t mode = pick(100);
  int kind = 0;
  for (; kind < 4 && mode >= static_cast<uint32_t>(prof.mem_mix[kind]); ++kind) {
    mode -= prof.mem_mix[kind];
  }
  switch (kind) {
    case 0:  // fast
      p.lat_hi = 2;
      break;
    case 1:  // typical
      p.rd = static_cast<uint16_t>(600 + 4 * pick(100));
      p.wr = static_cast<uint16_t>(600 + 4 * pick(100));
      p.lat_hi = static_cast<uint8_t>(range(1, 8));
      break;
    case 2:  // slow
      p.rd = static_cast<uint16_t>(200 + 4 * pick(100));
      p.wr = static_cast<uint16_t>(200 + 4 * pick(100));
      p.lat_lo = static_cast<uint8_t>(range(2, 6));
      p.lat_hi = static_cast<uint8_t>(range(p.lat_lo, 30));
      break;
    case 3:  // long latency: more reads outstanding than the OM buffers
      p.lat_lo = static_cast<uint8_t>(range(16, 30));
      p.lat_hi = static_cast<uint8_t>(range(p.lat_lo, 60));
      break;
    default:  // a stall burst on reads, writes or both, then normal
      p.kind = MemPhase::Kind::kBurst;
      p.stall = static_cast<uint8_t>(pick(3));
      p.burst = std::min<uint64_t>(p.cycles, range(8, 200));
      p.lat_hi = 4;
      break;
  }
  p.seed = rng();
  return p;
}

std::vector<MemPhase> generate_memory(uint64_t seed, uint64_t cycles, const Profile& prof) {
  std::vector<MemPhase> phases;
  for (uint64_t index = 0, c = 0; c < cycles; ++index) {
    phases.push_back(memory_phase(seed, index, c, cycles, prof));
    c += phases.back().cycles;
  }
  return phases;
}

PhaseTiming::PhaseTiming(const Stimulus& st, uint64_t salt)
    : st_(&st), prof_(st.lazy ? find_profile(st.cfg.profile) : nullptr), salt_(salt) {
  enter(0);
}

void PhaseTiming::enter(size_t phase) {
  phase_ = phase;
  cur_phase_.reset();
  if (!st_->lazy) {
    if (phase_ < st_->mem.size()) cur_phase_ = st_->mem[phase_];
  } else if (start_ < st_->cfg.cycles + 1) {
    // Phases cover the run's cycles and the one after the last, as generate() makes them.
    cur_phase_ = memory_phase(st_->cfg.seed, phase_, start_, st_->cfg.cycles + 1, *prof_);
  }
  if (cur_phase_) rng_.seed(cur_phase_->seed ^ salt_);
}

namespace {

// The cycles of a kRandom phase: each draws its readiness (kRd, kWr: unless always ready) and its
// latency, in this order. One instance per pair, so the loop tests nothing per cycle but the draws.
template <bool kRd, bool kWr>
void draw_random(Mt64& rng, const MemPhase& p, MemCycle* m, size_t n) {
  constexpr size_t kPer = (kRd ? 1 : 0) + (kWr ? 1 : 0) + 1;
  const uint32_t rd = p.rd, wr = p.wr, lat_lo = p.lat_lo, lat_hi = p.lat_hi;
  const uint64_t lat_n = uint64_t{lat_hi} - lat_lo + 1;
  for (size_t j = 0; j < n;) {
    // Straight from the engine's block while each draw needs one output.
    size_t avail = 0;
    const uint64_t* u = rng.ahead(&avail);
    const size_t end = j + std::min(n - j, avail / kPer);
    const size_t j0 = j;
    for (uint32_t a = 0, b = 0, l = 0; j < end; ++j, u += kPer) {
      const uint64_t* w = u;
      if (kRd && !draw_below_from(*w++, 1000, &a)) break;
      if (kWr && !draw_below_from(*w++, 1000, &b)) break;
      if (!draw_below_from(*w, lat_n, &l)) break;
      m[j] = {!kRd || a < rd, !kWr || b < wr, static_cast<uint8_t>(lat_lo + l)};
    }
    rng.take((j - j0) * kPer);
    if (j == n) break;
    // A cycle across the end of the block or with a draw that needs more outputs.
    m[j].rd_ready = !kRd || draw_below(rng, 1000) < rd;
    m[j].wr_ready = !kWr || draw_below(rng, 1000) < wr;
    m[j].latency = static_cast<uint8_t>(draw_range(rng, lat_lo, lat_hi));
    ++j;
  }
}

// The cycles i .. i + n - 1 of a kBurst phase: readiness from the burst, each latency drawn.
void draw_burst(Mt64& rng, const MemPhase& p, uint64_t i, MemCycle* m, size_t n) {
  const uint32_t lat_lo = p.lat_lo, lat_hi = p.lat_hi;
  const uint64_t lat_n = uint64_t{lat_hi} - lat_lo + 1;
  const uint64_t burst = p.burst;
  const bool rd_stall = p.stall != 1, wr_stall = p.stall != 0;
  for (size_t j = 0; j < n;) {
    size_t avail = 0;
    const uint64_t* u = rng.ahead(&avail);
    const size_t end = j + std::min(n - j, avail);
    const size_t j0 = j;
    for (uint32_t l = 0; j < end && draw_below_from(*u, lat_n, &l); ++j, ++u) {
      const bool stalled = i + j < burst;
      m[j] = {!(stalled && rd_stall), !(stalled && wr_stall), static_cast<uint8_t>(lat_lo + l)};
    }
    rng.take(j - j0);
    if (j == n) break;
    const bool stalled = i + j < burst;
    m[j] = {!(stalled && rd_stall), !(stalled && wr_stall),
            static_cast<uint8_t>(draw_range(rng, lat_lo, lat_hi))};
    ++j;
  }
}

}  // namespace

// Straight into the block: the draws keep the engine's position in locals (ahead()), so the
// byte stores, which may alias anything, make the loops reload nothing.
void PhaseTiming::draw(const MemPhase& p, uint64_t i, MemCycle* m, size_t n) {
  switch (p.kind) {
    case MemPhase::Kind::kIdeal:
      std::fill(m, m + n, MemCycle{});
      break;
    case MemPhase::Kind::kCycle:
      std::fill(m, m + n, MemCycle{p.rd != 0, p.wr != 0, p.lat_lo});
      break;
    case MemPhase::Kind::kRandom: {
      const bool rd = p.rd < 1000, wr = p.wr < 1000;
      if (rd && wr) {
        draw_random<true, true>(rng_, p, m, n);
      } else if (rd) {
        draw_random<true, false>(rng_, p, m, n);
      } else if (wr) {
        draw_random<false, true>(rng_, p, m, n);
      } else {
        draw_random<false, false>(rng_, p, m, n);
      }
      break;
    }
    case MemPhase::Kind::kBurst:
      draw_burst(rng_, p, i, m, n);
      break;
  }
}

void PhaseTiming::fill() {
  for (size_t k = 0; k < kBlock;) {
    while (cur_phase_ && drawn_ >= start_ + cur_phase_->cycles) {
      start_ += cur_phase_->cycles;
      enter(phase_ + 1);
    }
    if (!cur_phase_) {  // ideal beyond the last phase
      std::fill(block_.begin() + static_cast<ptrdiff_t>(k), block_.end(), MemCycle{});
      drawn_ += kBlock - k;
      break;
    }
    const MemPhase& p = *cur_phase_;
    const size_t n =
        static_cast<size_t>(std::min<uint64_t>(kBlock - k, start_ + p.cycles - drawn_));
    draw(p, drawn_ - start_, &block_[k], n);
    drawn_ += n;
    k += n;
  }
  next_ += kBlock;
}

}  // namespace om::cosim

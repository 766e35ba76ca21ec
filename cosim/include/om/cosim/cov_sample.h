// SPDX-License-Identifier: Apache-2.0
// Coverage sampling: which bins of Coverage an accepted pixel (its processing, its samples, its
// depth-stencil test, its position's reuse), a cycle of om_top's ports or a completed bus transfer
// exercises, worked out with om::ref's selection rules (not from either simulated side). Env fills
// the inputs; the decisions are here, where a test can feed them known values.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "om/cosim/coverage.h"
#include "om/cosim/scoreboard.h"
#include "om/ref/depth_stencil.h"
#include "om/ref/pixel.h"
#include "om/sim/apb_master.h"
#include "om/sim/bus_op.h"

namespace om::cosim {

/// The ids of the pixel bins sample_pixel() hits by name, looked up once per Coverage (a lookup
/// hashes the name).
struct PixelBins {
  explicit PixelBins(const Coverage& cov);
  Coverage::Id out_of_bounds, clear, killed_coverage, killed_sample_mask, killed_a2c, a2c_at_half,
      killed_alpha_test, alpha_equals_ref, fog, independent_blend, logic_op_non_uint,
      blend_on_integer, dual_source;
  Coverage::Id alpha_func[9];  // by CmpFunc value 1..8 (0: none)
};

/// `ps` is the reference state pixel (x, y) sees (cosim::Scoreboard::ref_state); `state` the state
/// registers (bindings included) it comes from; `bins` were looked up in `cov`; `covered` is
/// ref::pixel_covered(ps, px) (computed once per pixel by the caller, who needs it too).
void sample_pixel(Coverage& cov, const PixelBins& bins, const ref::PixelState& ps,
                  const State& state, const ref::PixelIn& px, bool covered, uint32_t x, uint32_t y);

/// The sample transfers of the pixel at (x, y) seen so far, in order from sample 0.
struct MsPixel {
  uint32_t x = 0;
  uint32_t y = 0;
  uint32_t seen = 0;     // bit s: sample s arrived
  uint32_t covered = 0;  // bit s: the kill rule keeps it (ref::pixel_covered)
};

/// The multisampling bins of one draw transfer, n = 1 << ps.sample_count: alpha-to-coverage's k at
/// a pixel's sample 0 (without oMask), and the class of the pixel's covered samples (none,
/// partial, full) once its samples 0..n-1 arrived in order; `acc` carries them between transfers.
/// Strays (sample >= n) and clears hit nothing. `covered`: ref::pixel_covered(ps, px).
void sample_ms(Coverage& cov, MsPixel& acc, const ref::PixelState& ps, const ref::PixelIn& px,
               bool covered, uint32_t x, uint32_t y);

/// What the depth-stencil bins see of one sample the test ran on (Scoreboard::test gave a
/// result): Env fills it from the scoreboard's state.
struct DsSample {
  const ref::DepthStencilDesc* desc = nullptr;  // the state's (Scoreboard::ds_desc)
  const DsFormatInfo* format = nullptr;         // the bound view's
  ref::DsOutcome outcome = ref::DsOutcome::PASS;
  bool front = true;  // the primitive's face (TbPixel::front_face)
};

/// The depth-stencil bins of a tested sample: the depth function on the view's format (depth test
/// on), and the stencil op the outcome selects on the sample's face, by outcome and face (stencil
/// test on and a format with stencil).
void sample_ds(Coverage& cov, const DsSample& s);

/// The positions of the last kReuseWindow pixels, for the hazard bins' reuse distances (1..15): a
/// fixed window, so memory does not grow with the pixels a run sends.
constexpr uint32_t kReuseWindow = 16;
struct ReuseRing {
  ReuseRing() { key.fill(~0u); }
  // (y << 14 | x) of pixel n at [n % kReuseWindow]; ~0u: none yet.
  std::array<uint32_t, kReuseWindow> key;
  uint32_t next = 0;  // the next pixel's n (wraps at 2^32, a multiple of the window)
};

/// The ids of the reuse-distance bins, looked up once per Coverage (sampled every pixel).
struct ReuseBins {
  explicit ReuseBins(const Coverage& cov);
  Coverage::Id reuse[4];  // distance 1, 2-3, 4-7, 8-15
};

/// The reuse bin of pixel (x, y): the distance back to the last of the window's pixels at the same
/// position (nothing when none is); then records (x, y) in `ring`.
void sample_reuse(Coverage& cov, const ReuseBins& bins, ReuseRing& ring, uint32_t x, uint32_t y);

/// What one cycle of om_top's ports shows the cycle bins (Env::observe fills it before the cycle's
/// handshakes change the memory).
struct CycleSample {
  bool rd_stall = false;          // mem_rd_valid_o && !mem_rd_ready_i
  bool wr_stall = false;          // mem_wr_valid_o && !mem_wr_ready_i
  bool backpressure = false;      // in_valid_i && !in_ready_o
  size_t outstanding = 0;         // reads the memory accepted and has not answered yet
  bool read_accepted = false;     // a read handshake within the stimulus's cycles, with
  uint32_t latency = 0;           // its latency in cycles (>= 1)
  uint32_t hazard_stalls = 0;     // perf_o.hazard_stalls
  uint32_t last_hazard_read = 0;  // PERF_HAZARD_STALLS last read over the bus (0 after PERF_CLEAR)
};

/// The ids of the cycle bins, looked up once per Coverage (they are sampled every cycle).
struct CycleBins {
  explicit CycleBins(const Coverage& cov);
  Coverage::Id mem_rd_and_wr, mem_rd, mem_wr, input_backpressure, reads_outstanding_16;
  Coverage::Id latency[4];  // 1, 2-7, 8-15, 16+
  Coverage::Id hazard_stall_observed;
};

/// The cycle's bins: the memory stall kind (read, write, both), input backpressure, 16 reads
/// outstanding, the latency class of an accepted read, and a hazard stall counted since the
/// counter was last read. Inline: it runs every cycle of a run, most of which hit nothing.
inline void sample_cycle(Coverage& cov, const CycleBins& bins, const CycleSample& c) {
  if (c.rd_stall) cov.hit(c.wr_stall ? bins.mem_rd_and_wr : bins.mem_rd);
  if (c.wr_stall && !c.rd_stall) cov.hit(bins.mem_wr);
  if (c.backpressure) cov.hit(bins.input_backpressure);
  if (c.outstanding >= 16) cov.hit(bins.reads_outstanding_16);
  if (c.read_accepted) {
    const uint32_t l = c.latency;
    cov.hit(bins.latency[l <= 1 ? 0 : l <= 7 ? 1 : l <= 15 ? 2 : 3]);
  }
  if (c.hazard_stalls != c.last_hazard_read && c.hazard_stalls != 0) {
    cov.hit(bins.hazard_stall_observed);
  }
}

/// The bus bins: the error kinds, PERF_CLEAR, partial and state writes, and reads by the register
/// map's region.
enum class BusBin : uint8_t {
  kReadCaps,
  kReadState,
  kReadStatus,
  kReadPerf,
  kWriteState,
  kWritePartialStrobe,
  kPerfClear,
  kErrRoWrite,
  kErrWoRead,
  kErrUnmappedRead,
  kErrUnmappedWrite,
  kErrMisalignedRead,
  kErrMisalignedWrite,
};
constexpr int kNumBusBins = 13;
/// The bin's full name ("bus/read_caps").
const char* bus_bin_name(BusBin b);
/// The bus bin a completed operation hits.
BusBin bus_bin(const sim::BusOp& op);

/// The ids of the bus bins, looked up once per Coverage (a bus transfer ends every few cycles).
struct BusBins {
  explicit BusBins(const Coverage& cov);
  Coverage::Id bin[kNumBusBins];
  Coverage::Id state_write_held;  // a state write the register block held (PREADY low)
  Coverage::Id hazard_stall_observed;
};

/// The bins of a completed bus transfer whose PSLVERR was the expected one: its bus bin, a state
/// register write held in wait states, and a read of PERF_HAZARD_STALLS above `last_hazard_read`
/// (its value at the previous read, 0 after PERF_CLEAR).
void sample_bus(Coverage& cov, const BusBins& bins, const sim::ApbMaster::Done& d,
                uint32_t last_hazard_read);

}  // namespace om::cosim

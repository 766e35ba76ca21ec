// SPDX-License-Identifier: Apache-2.0
// Coverage sampling of one accepted pixel: which bins of Coverage its processing exercises, worked
// out from the state and the pixel with om::ref's selection rules (not from either simulated side).
#pragma once

#include <cstddef>
#include <cstdint>

#include "om/cosim/coverage.h"
#include "om/cosim/scoreboard.h"
#include "om/ref/pixel.h"
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
/// counter was last read.
void sample_cycle(Coverage& cov, const CycleBins& bins, const CycleSample& c);

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
  Coverage::Id of(const sim::BusOp& op) const { return bin[static_cast<int>(bus_bin(op))]; }
  Coverage::Id bin[kNumBusBins];
  Coverage::Id state_write_held;  // a state write the register block held (PREADY low)
};

}  // namespace om::cosim

// SPDX-License-Identifier: Apache-2.0
// The two ways a host reaches the output merger, and nothing else: the register bus (32-bit reads
// and writes of the APB4 register file, docs/registers.md) and the pixel/memory port (the pixel
// stream into the OM, one sample per transfer, and the render-target memory it reads and writes).
// The driver (device.h) uses only these interfaces, so it runs unchanged over every backend
// (backend.h).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "om/gen/sizes.h"
#include "om/ref/convert.h"
#include "om/ref/pixel.h"

namespace om::driver {

/// How a bus transfer ended.
enum class BusStatus : uint8_t {
  kOk,          // PREADY without PSLVERR
  kSlaveError,  // PSLVERR: read-only/unmapped/misaligned address, read of a write-only register
  kTimeout,     // no PREADY within the backend's cycle budget (the OM is held in reset)
};
const char* to_string(BusStatus s);

struct BusResult {
  BusStatus status = BusStatus::kOk;
  uint32_t data = 0;  // read data (reads that end kOk only)
  bool ok() const { return status == BusStatus::kOk; }
};

/// A 32-bit register bus with a 12-bit byte address space (0x000-0xFFF).
class RegisterBus {
 public:
  virtual ~RegisterBus() = default;
  /// One read transfer of the register at byte offset `addr`.
  virtual BusResult read(uint32_t addr) = 0;
  /// One write transfer of all four byte lanes.
  virtual BusResult write(uint32_t addr, uint32_t data) = 0;
};

/// One transfer of the pixel port (pixel_t): one sample of a pixel, or of a clear command when
/// px.clear (oc[0] is the clear colour), at (x, y), 0 <= x, y < 16384 (om_pkg::CoordW = 14 bits).
/// px.sample is the sample it carries; px.coverage, px.omask and z are that sample's raster
/// coverage, oMask bit and binary32 depth (docs/interface.md).
struct SampleTransfer {
  uint32_t x = 0;
  uint32_t y = 0;
  ref::PixelIn px;
  uint32_t z = 0;          // binary32 depth from the rasteriser or oDepth
  bool front_face = true;  // non-triangle primitives count as front-facing
};

/// Pixel::coverage of a pixel whose every sample is covered, whatever the sample count.
inline constexpr uint32_t kAllSamples = 0xFFFFFFFFu;

/// One shaded pixel of a draw as the application gives it to Device::draw: the pixel shader's
/// outputs (px: oc, oc1, fog, omask_written), the rasteriser's coverage mask and per-sample depth,
/// the facing and the oMask. The driver sends it as one SampleTransfer per sample s = 0..n-1 of the
/// bound views' sample count n, in sample order: px.sample = s, px.coverage = px.coverage && bit s
/// of `coverage`, px.omask = bit s of `omask`, z = z[s].
struct Pixel {
  uint32_t x = 0;
  uint32_t y = 0;
  ref::PixelIn px;
  uint32_t coverage = kAllSamples;        // bit s = sample s covered; kAllSamples or below 1 << n
  std::array<uint32_t, kMaxSamples> z{};  // binary32 depth of each sample
  bool front_face = true;
  uint32_t omask = 0xFFFFFFFFu;  // oMask (bit s = sample s), used when px.omask_written
};

/// The depth-stencil buffer of a backend with a depth/stencil stage (CAP_OM.DEPTH_STENCIL): one
/// texel per (x, y, sample) at om_pkg::mem_addr_t (rt 0, y, x, s), depth and stencil in its low 64
/// bits as ref::ds_texel lays them out (docs/interface.md §4.1); a texel never written reads as
/// zero. The stage tests with the state the registers hold (DS_CTRL, DS_FACE, DS_REF, DS_VIEW,
/// DEPTH_MIN, DEPTH_MAX), so the driver programs it like any other state.
class DepthStencilPort {
 public:
  virtual ~DepthStencilPort() = default;
  virtual ref::Texel read_ds_texel(uint32_t x, uint32_t y, uint32_t s) const = 0;
  virtual void write_ds_texel(uint32_t x, uint32_t y, uint32_t s, const ref::Texel& t) = 0;
};

/// The OM's data side: its pixel input stream and the render-target memory behind its memory ports.
/// Memory holds one texel word per (RT slot, x, y, sample) as om_pkg::mem_addr_t addresses it; a
/// word never written reads as zero.
class PixelPort {
 public:
  virtual ~PixelPort() = default;
  /// Sends `transfers` into the pixel stream in order and returns once the OM has finished with all
  /// of them (every memory write done, STATUS.BUSY clear). False when the OM does not drain within
  /// the backend's cycle budget.
  virtual bool submit(const std::vector<SampleTransfer>& transfers) = 0;
  /// Host access to sample `s` of render-target memory (bits above the format's texel width are
  /// stored as given).
  virtual ref::Texel read_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s) const = 0;
  virtual void write_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s,
                           const ref::Texel& t) = 0;
  /// The depth-stencil buffer, or nullptr when the backend has no depth/stencil stage.
  virtual DepthStencilPort* depth_stencil() { return nullptr; }
};

}  // namespace om::driver

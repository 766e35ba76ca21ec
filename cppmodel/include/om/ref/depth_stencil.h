// SPDX-License-Identifier: Apache-2.0
// Depth/stencil and sample coverage arithmetic (docs/depth-stencil.md): the one place these rules
// live. Clock-free and total over every input (out-of-range encodings behave as documented). The
// descriptor structs (DepthStencilOpDesc, DepthStencilDesc, D3d9DepthStencil) are generated from
// defs/structs.toml.
#pragma once

#include <cstddef>
#include <cstdint>

#include "om/gen/defs.h"
#include "om/gen/structs/depth_stencil.h"  // IWYU pragma: export
#include "om/ref/convert.h"

namespace om::ref {

/// The format with this DXGI value, or nullptr when the output merger has no such depth format.
const DsFormatInfo* find_ds_format(uint32_t dxgi);

/// §2 step 1: min(max_depth, max(min_depth, z)) with the D3D min/max rules (a NaN z gives
/// min_depth; inputs flushed). All binary32 bits.
uint32_t depth_clamp(uint32_t z, uint32_t min_depth, uint32_t max_depth);
/// §2 step 2: a clamped z in the depth buffer's precision: UNORM n: z clamped to [0, 1] (NaN -> 0),
/// then exactly round(z x (2^n - 1)) with ties up; binary32: z with a denormal flushed to zero.
uint32_t depth_convert(uint32_t z, const DsFormatInfo& f);
/// `a FUNC b` on two stored depth values: unsigned for UNORM, the D3D float comparison for
/// binary32. A func outside 1..8 never passes.
bool depth_compare(CmpFunc func, uint32_t a, uint32_t b, const DsFormatInfo& f);
/// (ref & read_mask) FUNC (stencil & read_mask), unsigned 8-bit. A func outside 1..8 never passes.
bool stencil_compare(CmpFunc func, uint8_t ref, uint8_t stencil, uint8_t read_mask);
/// The new stencil value of one op (before the write mask). An op outside 1..8 keeps the value.
uint8_t stencil_op(StencilOp op, uint8_t stencil, uint8_t ref);

/// What the depth/stencil unit sees of one sample.
struct DsSampleIn {
  uint32_t z = 0;              // binary32 depth from the rasteriser or oDepth
  bool front_face = true;      // non-triangle primitives count as front-facing
  uint32_t stored_depth = 0;   // the buffer's depth value (format precision)
  uint8_t stored_stencil = 0;  // the buffer's stencil value (0 without stencil bits)
};

/// Which stencil op a sample took (docs/depth-stencil.md §2 step 5).
enum class DsOutcome : uint8_t { STENCIL_FAIL, DEPTH_FAIL, PASS };

struct DsSampleOut {
  bool pass = true;  // stays in the colour coverage
  DsOutcome outcome = DsOutcome::PASS;
  bool write_depth = false;
  uint32_t depth = 0;  // value to store when write_depth
  bool write_stencil = false;
  uint8_t stencil = 0;  // value to store when write_stencil
};

/// The bound depth-stencil view and the state that goes with it at draw time.
struct DsBinding {
  const DsFormatInfo* format =
      nullptr;             // nullptr: no view bound (both tests pass, nothing written)
  uint32_t dsv_flags = 0;  // DsvFlag bits
  uint8_t stencil_ref = 0;
  uint32_t min_depth = 0x00000000;  // viewport MinDepth (binary32)
  uint32_t max_depth = 0x3F800000;  // viewport MaxDepth (binary32)
};

/// A bound depth-stencil view as the DS_VIEW register holds it.
struct DsView {
  bool valid = false;
  uint32_t format = 0;     // DXGI_FORMAT (8 bits)
  uint32_t dsv_flags = 0;  // DsvFlag bits
};

/// A depth-stencil texel of `f` as memory holds it (docs/depth-stencil.md §1, interface.md §4.1):
/// the depth value (UNORM code or binary32 bits) in bits 0..depth_bits-1, the stencil in the 8 bits
/// at stencil_offset (when present), every other bit 0. The stored depth (bits above depth_bits
/// ignored):
uint32_t ds_texel_depth(const Texel& t, const DsFormatInfo& f);
/// The stored stencil of a depth-stencil texel, 0 without stencil bits.
uint8_t ds_texel_stencil(const Texel& t, const DsFormatInfo& f);
/// The texel holding `depth` (bits above depth_bits dropped) and `stencil` (dropped without stencil
/// bits); unused bits 0.
Texel ds_texel(uint32_t depth, uint8_t stencil, const DsFormatInfo& f);

/// docs/depth-stencil.md §2 for one covered sample.
DsSampleOut depth_stencil_sample(const DepthStencilDesc& d, const DsBinding& b,
                                 const DsSampleIn& in);

/// depth_stencil_sample on the texel memory holds for the sample (b.format non-null): the result
/// and the texel to write back when sample.write_depth || sample.write_stencil.
struct DsTexelOut {
  DsSampleOut sample;
  Texel texel;
};
DsTexelOut depth_stencil_texel(const DepthStencilDesc& d, const DsBinding& b, uint32_t z,
                               bool front_face, const Texel& stored);

/// docs/depth-stencil.md §3: alpha-to-coverage mask of `samples` (1, 2, 4 or 8) bits from the
/// binary32 alpha: k = clamp(floor(fp32(fp32(a x n) + 0.5)), 0, n), the lowest k bits; NaN -> 0.
/// Throws std::invalid_argument for samples outside 1..32 (as sample_coverage).
uint32_t a2c_mask(uint32_t alpha, int samples);
/// docs/depth-stencil.md §3: raster coverage & SampleMask & (A2C ? a2c_mask : all) &
/// (oMask written ? oMask : all), in the low `samples` bits. A2C is ignored when oMask is written.
uint32_t sample_coverage(uint32_t raster, uint32_t sample_mask, bool a2c, uint32_t alpha,
                         bool omask_written, uint32_t omask, int samples);

// Batch forms over arrays of n elements (numpy from Python), one state for all of them.

/// Bits of DsBatchOut::flags.
inline constexpr uint8_t kDsPass = 1, kDsWriteDepth = 2, kDsWriteStencil = 4;
/// Outputs of depth_stencil_batch, each an array of n (or nullptr when not wanted).
struct DsBatchOut {
  uint8_t* flags = nullptr;    // kDsPass | kDsWriteDepth | kDsWriteStencil
  uint8_t* outcome = nullptr;  // DsOutcome
  uint32_t* depth = nullptr;   // DsSampleOut::depth
  uint8_t* stencil = nullptr;  // DsSampleOut::stencil
};
/// depth_stencil_sample for sample i of z[i], front_face[i] (nullptr: all front-facing),
/// stored_depth[i], stored_stencil[i] (nullptr: all 0).
void depth_stencil_batch(const DepthStencilDesc& d, const DsBinding& b, size_t n, const uint32_t* z,
                         const uint8_t* front_face, const uint32_t* stored_depth,
                         const uint8_t* stored_stencil, const DsBatchOut& out);
/// out[i] = stencil_op(op, stencil[i], ref).
void stencil_op_batch(StencilOp op, uint8_t ref, size_t n, const uint8_t* stencil, uint8_t* out);
/// out[i] = sample_coverage(raster[i], sample_mask, a2c, alpha[i], omask != nullptr, omask[i],
/// samples); alpha may be nullptr when !a2c.
void sample_coverage_batch(uint32_t sample_mask, bool a2c, int samples, size_t n,
                           const uint32_t* raster, const uint32_t* alpha, const uint32_t* omask,
                           uint32_t* out);

}  // namespace om::ref

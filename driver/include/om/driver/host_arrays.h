// SPDX-License-Identifier: Apache-2.0
// Device calls over whole host arrays, as an application (and the Python bindings) holds its data:
// a draw whose pixels come as arrays of N entries, and Map-like access to every texel of a region
// of a render target or of the depth-stencil buffer. Each is a loop over the per-pixel / per-texel
// calls of device.h (same checks, same HRESULTs), so what it does is exactly what those calls do.
#pragma once

#include <cstddef>
#include <cstdint>

#include "om/driver/device.h"

namespace om::driver {

/// The pixels of a draw as arrays of n entries: x and y; oc = n x outputs x 4 words (o0 ..
/// o[outputs - 1]); and, nullptr for Pixel's default, oc1 (n x 4 words), fog (n binary32),
/// coverage (n masks), z (n x z_samples binary32: z_samples 1 = one depth for every sample),
/// front_face (n) and omask (n; given = the pixel shader writes oMask).
struct PixelArrays {
  size_t n = 0;
  const uint32_t* x = nullptr;
  const uint32_t* y = nullptr;
  const uint32_t* oc = nullptr;
  uint32_t outputs = 1;
  const uint32_t* oc1 = nullptr;
  const uint32_t* fog = nullptr;
  const uint32_t* coverage = nullptr;
  const uint32_t* z = nullptr;
  uint32_t z_samples = 1;
  const bool* front_face = nullptr;
  const uint32_t* omask = nullptr;
};
/// Device::draw of the pixels `p` holds. Throws std::invalid_argument naming the field, nothing
/// drawn, for outputs outside 1..kMaxRts, z_samples outside 1..kMaxSamples (with z) or a missing
/// x, y or oc.
Hresult draw(Device& device, const PixelArrays& p);

/// A host image: width x height pixels of `samples` samples, sample s of (x, y) at index
/// (y * width + x) * samples + s.
struct ImageShape {
  uint32_t width = 0;
  uint32_t height = 0;
  uint32_t samples = 1;
};
/// Device::read_texel / write_texel of every sample of `shape` (from (0, 0)) of bound slot `rt`, in
/// index order, texel i at `texel_bytes` bytes (ref::store_texel / load_texel's layout); the first
/// failing HRESULT (a read stores what it got up to there).
Hresult read_texels(Device& device, uint32_t rt, const ImageShape& shape, size_t texel_bytes,
                    void* image);
Hresult write_texels(Device& device, uint32_t rt, const ImageShape& shape, size_t texel_bytes,
                     const void* image);
/// Device::read_depth_stencil / write_depth_stencil of every sample of `shape` of the bound view.
Hresult read_depth_stencils(Device& device, const ImageShape& shape, uint32_t* depth,
                            uint8_t* stencil);
Hresult write_depth_stencils(Device& device, const ImageShape& shape, const uint32_t* depth,
                             const uint8_t* stencil);

}  // namespace om::driver

// SPDX-License-Identifier: Apache-2.0
#include "om/driver/host_arrays.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "om/ref/batch.h"

namespace om::driver {
namespace {

// texel(x, y, s, i) for every sample of `shape` in index order; the first failing HRESULT.
template <class F>
Hresult each_texel(const ImageShape& shape, F&& texel) {
  for (uint32_t y = 0; y < shape.height; ++y) {
    for (uint32_t x = 0; x < shape.width; ++x) {
      for (uint32_t s = 0; s < shape.samples; ++s) {
        const Hresult hr =
            texel(x, y, s, (static_cast<size_t>(y) * shape.width + x) * shape.samples + s);
        if (failed(hr)) return hr;
      }
    }
  }
  return Hresult::S_OK;
}

}  // namespace

Hresult draw(Device& device, const PixelArrays& p) {
  if (p.outputs < 1 || p.outputs > ref::kMaxRts) {
    throw std::invalid_argument("draw: outputs " + std::to_string(p.outputs) + " outside 1.." +
                                std::to_string(ref::kMaxRts));
  }
  if (p.z != nullptr && (p.z_samples < 1 || p.z_samples > kMaxSamples)) {
    throw std::invalid_argument("draw: z_samples " + std::to_string(p.z_samples) + " outside 1.." +
                                std::to_string(kMaxSamples));
  }
  if (p.n != 0 && (p.x == nullptr || p.y == nullptr || p.oc == nullptr)) {
    throw std::invalid_argument("draw: x, y and oc are required for " + std::to_string(p.n) +
                                " pixels");
  }
  std::vector<Pixel> px(p.n);
  for (size_t i = 0; i < p.n; ++i) {
    Pixel& q = px[i];
    q.x = p.x[i];
    q.y = p.y[i];
    for (uint32_t r = 0; r < p.outputs; ++r) {
      std::copy_n(p.oc + (i * p.outputs + r) * 4, 4, q.px.oc[r].begin());
    }
    if (p.oc1 != nullptr) std::copy_n(p.oc1 + i * 4, 4, q.px.oc1.begin());
    if (p.fog != nullptr) q.px.fog = p.fog[i];
    if (p.coverage != nullptr) q.coverage = p.coverage[i];
    if (p.z != nullptr) {
      for (uint32_t s = 0; s < kMaxSamples; ++s)
        q.z[s] = p.z[i * p.z_samples + (s < p.z_samples ? s : 0)];
    }
    if (p.front_face != nullptr) q.front_face = p.front_face[i];
    if (p.omask != nullptr) {
      q.px.omask_written = true;
      q.omask = p.omask[i];
    }
  }
  return device.draw(px);
}

Hresult read_texels(Device& device, uint32_t rt, const ImageShape& shape, size_t texel_bytes,
                    void* image) {
  return each_texel(shape, [&](uint32_t x, uint32_t y, uint32_t s, size_t i) {
    ref::Texel t;
    const Hresult hr = device.read_texel(rt, x, y, &t, s);
    ref::store_texel(image, i, texel_bytes, t);
    return hr;
  });
}

Hresult write_texels(Device& device, uint32_t rt, const ImageShape& shape, size_t texel_bytes,
                     const void* image) {
  return each_texel(shape, [&](uint32_t x, uint32_t y, uint32_t s, size_t i) {
    return device.write_texel(rt, x, y, ref::load_texel(image, i, texel_bytes), s);
  });
}

Hresult read_depth_stencils(Device& device, const ImageShape& shape, uint32_t* depth,
                            uint8_t* stencil) {
  return each_texel(shape, [&](uint32_t x, uint32_t y, uint32_t s, size_t i) {
    uint32_t st = 0;
    const Hresult hr = device.read_depth_stencil(x, y, &depth[i], &st, s);
    stencil[i] = static_cast<uint8_t>(st);
    return hr;
  });
}

Hresult write_depth_stencils(Device& device, const ImageShape& shape, const uint32_t* depth,
                             const uint8_t* stencil) {
  return each_texel(shape, [&](uint32_t x, uint32_t y, uint32_t s, size_t i) {
    return device.write_depth_stencil(x, y, depth[i], stencil[i], s);
  });
}

}  // namespace om::driver

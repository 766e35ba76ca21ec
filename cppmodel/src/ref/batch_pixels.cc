// SPDX-License-Identifier: Apache-2.0
// The array forms of convert.h and process_pixel() (batch.h): one om::ref call per element over
// contiguous memory images, so every caller (the Python bindings, the driver tests) runs the same
// loop.
#include <cstring>

#include "om/ref/batch.h"

namespace om::ref {

Texel load_texel(const void* image, size_t i, size_t bytes) {
  Texel t;
  std::memcpy(t.w.data(), static_cast<const uint8_t*>(image) + i * bytes, bytes);
  return t;
}

void store_texel(void* image, size_t i, size_t bytes, const Texel& t) {
  std::memcpy(static_cast<uint8_t*>(image) + i * bytes, t.w.data(), bytes);
}

namespace {

Vec4 load4(const uint32_t* words, size_t i) {
  Vec4 v;
  std::memcpy(v.data(), words + 4 * i, sizeof v);
  return v;
}

void store4(uint32_t* words, size_t i, const Vec4& v) {
  std::memcpy(words + 4 * i, v.data(), sizeof v);
}

}  // namespace

void pack_batch(const FormatInfo& f, size_t n, const uint32_t* values, void* texels) {
  const size_t tb = texel_bytes(f);
  for (size_t i = 0; i < n; ++i)
    store_texel(texels, i, tb, raw_to_texel(f, pack(f, load4(values, i))));
}

void unpack_batch(const FormatInfo& f, size_t n, const void* texels, uint32_t* values) {
  const size_t tb = texel_bytes(f);
  for (size_t i = 0; i < n; ++i)
    store4(values, i, unpack(f, texel_to_raw(f, load_texel(texels, i, tb))));
}

void split_batch(const FormatInfo& f, size_t n, const void* texels, uint32_t* fields) {
  const size_t tb = texel_bytes(f);
  for (size_t i = 0; i < n; ++i) store4(fields, i, texel_to_raw(f, load_texel(texels, i, tb)));
}

void join_batch(const FormatInfo& f, size_t n, const uint32_t* fields, void* texels) {
  const size_t tb = texel_bytes(f);
  for (size_t i = 0; i < n; ++i) store_texel(texels, i, tb, raw_to_texel(f, load4(fields, i)));
}

void process_pixels(const PixelState& state, size_t n, const PixelArrays& a) {
  std::array<size_t, kMaxRts> tb{};
  for (int s = 0; s < kMaxRts; ++s) {
    if (state.rt_format[s] != nullptr) tb[s] = texel_bytes(*state.rt_format[s]);
  }
  PixelIn px;
  std::array<Texel, kMaxRts> dest{};
  for (size_t p = 0; p < n; ++p) {
    px.clear = a.clear != nullptr && a.clear[p] != 0;
    px.coverage = a.coverage == nullptr || a.coverage[p] != 0;
    px.fog = a.fog != nullptr ? a.fog[p] : kF32One;
    if (a.oc1 != nullptr) px.oc1 = load4(a.oc1, p);
    for (int s = 0; s < kMaxRts; ++s) {
      if (a.oc[s] != nullptr) px.oc[s] = load4(a.oc[s], p);
      if (a.dest[s] != nullptr) dest[s] = load_texel(a.dest[s], p, tb[s]);
    }
    const PixelOut r = process_pixel(state, px, dest);
    for (int s = 0; s < kMaxRts; ++s) {
      if (a.out[s] != nullptr) store_texel(a.out[s], p, tb[s], r.texel[s]);
      if (a.written != nullptr) a.written[p * kMaxRts + s] = r.write[s] ? 1 : 0;
    }
    if (a.covered != nullptr) a.covered[p] = r.covered ? 1 : 0;
  }
}

}  // namespace om::ref

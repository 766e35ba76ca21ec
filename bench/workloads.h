// SPDX-License-Identifier: Apache-2.0
// The benchmark workloads: pixel arrays for the reference model's batch path and
// the byte accounting every benchmark of bench/ uses. Inputs are generated up front from a fixed
// seed.
//
// Byte accounting per pixel: the source is the PS output o[0] as four 32-bit words (16 bytes:
// binary32 for float and norm formats, uint32 for UINT), the destination is one texel (4 bytes for
// RGBA8, 8 for RGBA16F). A blend reads source and destination and writes the destination: traffic =
// 16 + 2 * texel bytes. The memcpy baseline copies the same working set (16 + texel bytes per
// pixel) to another buffer: traffic = 2 * (16 + texel bytes). Both are reported as bytes_per_second
// of their own traffic, so their ratio is a bandwidth fraction.
#pragma once

#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/state.h"

namespace om::bench {

inline constexpr int64_t kSourceBytes = 16;

struct Workload {
  std::string name;
  const FormatInfo* format = nullptr;
  om::ref::RtBlendDesc desc;
  om::ref::Vec4 k{};
  std::vector<om::ref::Vec4> src;  // one PS output per pixel
  std::vector<uint8_t> dest;       // texel_bytes() per pixel, little-endian
  int64_t texel_bytes() const { return format->texel_bits / 8; }
  int64_t pixels() const { return static_cast<int64_t>(src.size()); }
  /// Bytes a blend of every pixel reads and writes (see the file comment).
  int64_t traffic() const { return pixels() * (kSourceBytes + 2 * texel_bytes()); }
  /// Bytes of the memcpy baseline's copy (source + destination arrays).
  int64_t working_set() const { return pixels() * (kSourceBytes + texel_bytes()); }
};

/// The three workloads: "rgba8_src_alpha" (R8G8B8A8_UNORM, SRC_ALPHA / INV_SRC_ALPHA / ADD for RGB
/// and alpha), "rgba16f_add" (R16G16B16A16_FLOAT, ONE / ONE / ADD), "rgba8_uint_xor"
/// (R8G8B8A8_UINT, logic op XOR). Sources are random in [0, 1] (float formats) or random bytes
/// (UINT); destinations random valid texels.
inline Workload make_workload(const std::string& name, int64_t pixels, uint32_t seed = 7) {
  Workload w;
  w.name = name;
  Format fmt;
  if (name == "rgba8_src_alpha") {
    fmt = Format::R8G8B8A8_UNORM;
    w.desc.blend_enable = true;
    w.desc.src_blend = w.desc.src_blend_alpha = Blend::SRC_ALPHA;
    w.desc.dest_blend = w.desc.dest_blend_alpha = Blend::INV_SRC_ALPHA;
  } else if (name == "rgba16f_add") {
    fmt = Format::R16G16B16A16_FLOAT;
    w.desc.blend_enable = true;
    w.desc.src_blend = w.desc.src_blend_alpha = Blend::ONE;
    w.desc.dest_blend = w.desc.dest_blend_alpha = Blend::ONE;
  } else if (name == "rgba8_uint_xor") {
    fmt = Format::R8G8B8A8_UINT;
    w.desc.logic_op_enable = true;
    w.desc.logic_op = LogicOp::XOR;
  } else {
    throw std::invalid_argument("unknown workload " + name);
  }
  w.format = om::ref::find_format(static_cast<uint32_t>(fmt));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  w.src.resize(static_cast<size_t>(pixels));
  w.dest.resize(static_cast<size_t>(pixels * w.texel_bytes()));
  const bool integer = w.format->cls == FormatClass::UINT;
  for (om::ref::Vec4& s : w.src) {
    for (uint32_t& c : s) c = integer ? rng() & 0xFFu : om::ref::f32_bits(unit(rng));
  }
  for (int64_t i = 0; i < pixels; ++i) {
    om::ref::Vec4 d;
    for (uint32_t& c : d) c = integer ? rng() & 0xFFu : om::ref::f32_bits(unit(rng));
    const om::ref::Texel t = om::ref::raw_to_texel(*w.format, om::ref::pack(*w.format, d));
    std::memcpy(&w.dest[static_cast<size_t>(i * w.texel_bytes())], t.w.data(),
                static_cast<size_t>(w.texel_bytes()));
  }
  return w;
}

inline const char* const kWorkloads[] = {"rgba8_src_alpha", "rgba16f_add", "rgba8_uint_xor"};

}  // namespace om::bench

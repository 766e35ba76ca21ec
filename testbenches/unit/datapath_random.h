// SPDX-License-Identifier: Apache-2.0
// Random inputs of one om_rt_datapath op (shared by the Verilated unit test and the Icarus vector
// generator): mostly valid enum values with some invalid ones, every format plus DXGI values the
// table lacks, values spread over specials, the normalised range, UNORM8 codes and random bits.
#pragma once

#include <cstdint>
#include <random>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/rt_op.h"

namespace om::unit {

/// One op: the reference inputs plus the DXGI value driven on format_i (may be a value the table
/// lacks).
struct DatapathOp {
  ref::RtOpIn in;
  uint32_t dxgi = 0;
};

/// Expected output: formats the table lacks are never written and pass the destination through.
inline ref::RtOpOut expected_output(const DatapathOp& op) {
  if (op.in.format == nullptr) {
    ref::RtOpOut out;
    out.write = false;
    out.texel = op.in.dest;
    return out;
  }
  return ref::rt_op(op.in);
}

inline uint32_t random_float(std::mt19937_64& rng) {
  static const uint32_t kSpecial[] = {0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000,
                                      0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x80400000,
                                      0x477FE000, 0x7F7FFFFF, 0x40000000, 0x3F7FFFFF};
  const uint32_t r = static_cast<uint32_t>(rng());
  switch (r & 7) {
    case 0:
      return kSpecial[(r >> 3) % (sizeof kSpecial / sizeof kSpecial[0])];
    case 1:
      return static_cast<uint32_t>(rng());
    case 2:
      return ref::unorm_to_f32((r >> 3) & 0xFF, 8);
    default: {
      std::uniform_real_distribution<float> d(-0.25f, 1.25f);
      return ref::f32_bits(d(rng));
    }
  }
}

inline uint32_t random_int(std::mt19937_64& rng) {
  const uint32_t r = static_cast<uint32_t>(rng());
  switch (r & 3) {
    case 0:
      return static_cast<uint32_t>(rng());
    case 1:
      return (r >> 2) & 0x3FF;
    case 2:
      return static_cast<uint32_t>(-static_cast<int32_t>((r >> 2) & 0x1FFFF));
    default:
      return random_float(rng);
  }
}

inline Blend random_factor(std::mt19937_64& rng) {
  static const uint32_t kValid[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19};
  const uint32_t r = static_cast<uint32_t>(rng());
  return static_cast<Blend>((r & 7) == 0 ? (r >> 3) % 32 : kValid[(r >> 3) % 17]);
}

inline BlendOp random_op(std::mt19937_64& rng) {
  const uint32_t r = static_cast<uint32_t>(rng());
  return static_cast<BlendOp>((r & 7) == 0 ? (r >> 3) % 8 : 1 + (r >> 3) % 5);
}

inline DatapathOp random_op_for(const FormatInfo* f, uint32_t dxgi, std::mt19937_64& rng) {
  DatapathOp op;
  op.in.format = f;
  op.dxgi = dxgi;
  const uint32_t r = static_cast<uint32_t>(rng());
  ref::RtBlendDesc& d = op.in.desc;
  d.blend_enable = (r & 3) != 0;
  d.src_blend = random_factor(rng);
  d.dest_blend = random_factor(rng);
  d.blend_op = random_op(rng);
  d.src_blend_alpha = random_factor(rng);
  d.dest_blend_alpha = random_factor(rng);
  d.blend_op_alpha = random_op(rng);
  d.logic_op_enable =
      (r >> 2) & 1;  // ignored by the datapath (RT0's logic op comes on its own ports)
  d.logic_op = static_cast<LogicOp>((r >> 3) & 15);
  d.render_target_write_mask = ((r >> 7) & 1) ? 0xF : (r >> 8) & 0xF;
  op.in.logic_op_enable = ((r >> 12) % 8) == 0;
  op.in.logic_op = static_cast<LogicOp>((r >> 15) & 15);
  op.in.gamma_space = ((r >> 19) & 3) == 0;
  op.in.clear = ((r >> 21) % 16) == 0;
  const bool integer = f != nullptr && (f->cls == FormatClass::UINT || f->cls == FormatClass::SINT);
  for (int c = 0; c < 4; ++c) {
    op.in.s[c] = integer && !op.in.clear ? random_int(rng) : random_float(rng);
    op.in.s1[c] = random_float(rng);
    op.in.k[c] = random_float(rng);
    op.in.dest.w[c] = static_cast<uint32_t>(rng());
  }
  return op;
}

/// A random op: one in 50 uses a DXGI value the format table lacks.
inline DatapathOp random_datapath_op(std::mt19937_64& rng) {
  static const uint32_t kUnknown[] = {0, 1, 5, 27, 90, 116, 200, 255};
  const uint32_t r = static_cast<uint32_t>(rng());
  if (r % 50 == 0) return random_op_for(nullptr, kUnknown[(r >> 8) % 8], rng);
  const FormatInfo& f = kFormatInfo[(r >> 8) % kNumFormats];
  return random_op_for(&f, static_cast<uint32_t>(f.format), rng);
}

}  // namespace om::unit

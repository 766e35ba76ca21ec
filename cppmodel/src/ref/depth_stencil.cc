// SPDX-License-Identifier: Apache-2.0
// Depth/stencil and sample coverage (docs/depth-stencil.md §2, §3).
#include "om/ref/depth_stencil.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/pixel.h"

namespace om::ref {

const DsFormatInfo* find_ds_format(uint32_t dxgi) {
  for (const DsFormatInfo& f : kDsFormatInfo) {
    if (static_cast<uint32_t>(f.format) == dxgi) return &f;
  }
  return nullptr;
}

uint32_t depth_clamp(uint32_t z, uint32_t min_depth, uint32_t max_depth) {
  return f32_min(max_depth, f32_max(min_depth, z));
}

uint32_t depth_convert(uint32_t z, const DsFormatInfo& f) {
  if (f.depth_float) return f32_ftz(z);
  // Exact round to nearest (ties up): a binary32 z has 24 significant bits, so z x (2^n - 1) + 1/2
  // is exact in binary64 for n <= 24. The colour path's binary32 steps cannot serve here: at n =
  // 24, 1.0 x (2^24 - 1) + 0.5 rounds to 2^24, one past the largest code.
  const double max_code = static_cast<double>((1u << f.depth_bits) - 1u);
  const double c = static_cast<double>(f32_value(f32_clamp(z, kF32Zero, kF32One)));
  return static_cast<uint32_t>(std::floor(c * max_code + 0.5));
}

namespace {

uint32_t depth_bits_of(uint32_t v, const DsFormatInfo& f) {
  return f.depth_bits >= 32 ? v : v & ((1u << f.depth_bits) - 1u);
}

}  // namespace

uint32_t ds_texel_depth(const Texel& t, const DsFormatInfo& f) { return depth_bits_of(t.w[0], f); }

uint8_t ds_texel_stencil(const Texel& t, const DsFormatInfo& f) {
  if (f.stencil_offset < 0) return 0;
  return static_cast<uint8_t>(t.w[f.stencil_offset / 32] >> (f.stencil_offset % 32));
}

Texel ds_texel(uint32_t depth, uint8_t stencil, const DsFormatInfo& f) {
  Texel t{};
  t.w[0] = depth_bits_of(depth, f);
  if (f.stencil_offset >= 0) {
    uint32_t& w = t.w[f.stencil_offset / 32];
    const int sh = f.stencil_offset % 32;
    w = (w & ~(0xFFu << sh)) | (static_cast<uint32_t>(stencil) << sh);
  }
  return t;
}

namespace {

void check_samples(const char* fn, int samples) {
  if (samples < 1 || samples > 32) {
    throw std::invalid_argument(std::string(fn) + ": samples " + std::to_string(samples) +
                                " is outside 1..32");
  }
}

const DepthStencilOpDesc& face_of(const DepthStencilDesc& d, bool front) {
  return front ? d.front_face : d.back_face;
}

}  // namespace

bool depth_compare(CmpFunc func, uint32_t a, uint32_t b, const DsFormatInfo& f) {
  return f.depth_float ? f32_compare(func, a, b) : apply_cmp(func, a, b);
}

bool stencil_compare(CmpFunc func, uint8_t ref, uint8_t stencil, uint8_t read_mask) {
  return apply_cmp(func, static_cast<uint8_t>(ref & read_mask),
                   static_cast<uint8_t>(stencil & read_mask));
}

uint8_t stencil_op(StencilOp op, uint8_t s, uint8_t ref) {
  switch (op) {
    case StencilOp::KEEP:
      return s;
    case StencilOp::ZERO:
      return 0;
    case StencilOp::REPLACE:
      return ref;
    case StencilOp::INCR_SAT:
      return s == 0xFF ? s : static_cast<uint8_t>(s + 1);
    case StencilOp::DECR_SAT:
      return s == 0 ? s : static_cast<uint8_t>(s - 1);
    case StencilOp::INVERT:
      return static_cast<uint8_t>(~s);
    case StencilOp::INCR:
      return static_cast<uint8_t>(s + 1);
    case StencilOp::DECR:
      return static_cast<uint8_t>(s - 1);
  }
  return s;
}

DsSampleOut depth_stencil_sample(const DepthStencilDesc& d, const DsBinding& b,
                                 const DsSampleIn& in) {
  DsSampleOut out;
  if (b.format == nullptr) return out;  // no view: both tests pass, nothing to write
  const DsFormatInfo& f = *b.format;
  const bool has_stencil = f.stencil_offset >= 0;
  const uint32_t z = depth_convert(depth_clamp(in.z, b.min_depth, b.max_depth), f);
  const bool depth_ok = !d.depth_enable || depth_compare(d.depth_func, z, in.stored_depth, f);
  const bool stencil_on = d.stencil_enable && has_stencil;
  const DepthStencilOpDesc& face = face_of(d, in.front_face);
  const bool stencil_ok = !stencil_on || stencil_compare(face.stencil_func, b.stencil_ref,
                                                         in.stored_stencil, d.stencil_read_mask);
  out.outcome = !stencil_ok ? DsOutcome::STENCIL_FAIL
                : !depth_ok ? DsOutcome::DEPTH_FAIL
                            : DsOutcome::PASS;
  out.pass = out.outcome == DsOutcome::PASS;
  out.write_depth = out.pass && d.depth_enable && d.depth_write_mask == DepthWriteMask::ALL &&
                    (b.dsv_flags & static_cast<uint32_t>(DsvFlag::READ_ONLY_DEPTH)) == 0;
  out.depth = out.write_depth ? z : in.stored_depth;
  out.write_stencil = stencil_on && d.stencil_write_mask != 0 &&
                      (b.dsv_flags & static_cast<uint32_t>(DsvFlag::READ_ONLY_STENCIL)) == 0;
  const StencilOp op = out.outcome == DsOutcome::STENCIL_FAIL ? face.stencil_fail_op
                       : out.outcome == DsOutcome::DEPTH_FAIL ? face.stencil_depth_fail_op
                                                              : face.stencil_pass_op;
  const uint8_t wm = d.stencil_write_mask;
  out.stencil = out.write_stencil
                    ? static_cast<uint8_t>((in.stored_stencil & ~wm) |
                                           (stencil_op(op, in.stored_stencil, b.stencil_ref) & wm))
                    : in.stored_stencil;
  return out;
}

DsTexelOut depth_stencil_texel(const DepthStencilDesc& d, const DsBinding& b, uint32_t z,
                               bool front_face, const Texel& stored) {
  const DsFormatInfo& f = *b.format;
  DsSampleIn in;
  in.z = z;
  in.front_face = front_face;
  in.stored_depth = ds_texel_depth(stored, f);
  in.stored_stencil = ds_texel_stencil(stored, f);
  DsTexelOut out;
  out.sample = depth_stencil_sample(d, b, in);
  out.texel = ds_texel(out.sample.depth, out.sample.stencil, f);  // stored values where not written
  return out;
}

uint32_t a2c_mask(uint32_t alpha, int samples) {
  check_samples("a2c_mask", samples);
  uint32_t m = 0;
  for (int s = 0; s < samples; ++s) {
    if (a2c_covered(alpha, static_cast<uint32_t>(samples), static_cast<uint32_t>(s))) m |= 1u << s;
  }
  return m;
}

uint32_t sample_coverage(uint32_t raster, uint32_t sample_mask, bool a2c, uint32_t alpha,
                         bool omask_written, uint32_t omask, int samples) {
  check_samples("sample_coverage", samples);
  const uint32_t all = samples >= 32 ? ~0u : (1u << samples) - 1u;
  uint32_t c = raster & sample_mask & all;
  if (omask_written) {
    c &= omask;
  } else if (a2c) {
    c &= a2c_mask(alpha, samples);
  }
  return c;
}

void depth_stencil_batch(const DepthStencilDesc& d, const DsBinding& b, size_t n, const uint32_t* z,
                         const uint8_t* front_face, const uint32_t* stored_depth,
                         const uint8_t* stored_stencil, const DsBatchOut& out) {
  for (size_t i = 0; i < n; ++i) {
    DsSampleIn in;
    in.z = z[i];
    in.front_face = front_face == nullptr || front_face[i] != 0;
    in.stored_depth = stored_depth[i];
    in.stored_stencil = stored_stencil == nullptr ? 0 : stored_stencil[i];
    const DsSampleOut o = depth_stencil_sample(d, b, in);
    if (out.flags != nullptr) {
      out.flags[i] =
          static_cast<uint8_t>((o.pass ? kDsPass : 0) | (o.write_depth ? kDsWriteDepth : 0) |
                               (o.write_stencil ? kDsWriteStencil : 0));
    }
    if (out.outcome != nullptr) out.outcome[i] = static_cast<uint8_t>(o.outcome);
    if (out.depth != nullptr) out.depth[i] = o.depth;
    if (out.stencil != nullptr) out.stencil[i] = o.stencil;
  }
}

void stencil_op_batch(StencilOp op, uint8_t ref, size_t n, const uint8_t* stencil, uint8_t* out) {
  for (size_t i = 0; i < n; ++i) out[i] = stencil_op(op, stencil[i], ref);
}

void sample_coverage_batch(uint32_t sample_mask, bool a2c, int samples, size_t n,
                           const uint32_t* raster, const uint32_t* alpha, const uint32_t* omask,
                           uint32_t* out) {
  for (size_t i = 0; i < n; ++i) {
    out[i] = sample_coverage(raster[i], sample_mask, a2c && alpha != nullptr,
                             alpha == nullptr ? 0 : alpha[i], omask != nullptr,
                             omask == nullptr ? 0 : omask[i], samples);
  }
}

}  // namespace om::ref

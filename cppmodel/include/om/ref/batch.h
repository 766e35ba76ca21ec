// SPDX-License-Identifier: Apache-2.0
// Batch entry points: one render target, many pixels (the Python fast path and `make bench`).
//
// blend_batch() gives, for every pixel, exactly the texel rt_op() (rt_op.h) gives, bit for bit,
// whatever kernel runs. Kernels, chosen at run time with __builtin_cpu_supports (names as returned
// by blend_batch_kernel()):
// * "avx512-rgba8", "avx2-rgba8", "sse41-rgba8": R8G8B8A8_UNORM and B8G8R8A8_UNORM with any factors
//   and ops, blend on or off, any write mask. 4 (AVX-512), 2 (AVX2) or 1 (SSE4.1) pixels per
//   vector; D decoded to the correctly rounded i/255; canonical encode (x*255 + 0.5, truncate).
//   AVX-512/AVX2 have dedicated instantiations for SRC_ALPHA/INV_SRC_ALPHA, ONE/INV_SRC_ALPHA and
//   ONE/ONE (ADD in both slots) and for pass-through; other equations use a generic blender.
// * "f16c-rgba16f": R16G16B16A16_FLOAT, blend on, ONE/ONE ADD on RGB and alpha, any write mask
//   (F16C widening, RTZ narrowing).
// * "avx2-uint8x4-logic", "scalar-uint8x4-logic": R8G8B8A8_UINT with a logic op, any op and mask
//   (one bitwise op on whole texel words).
// * "copy": nothing is stored (a write mask without present channels, or a logic op on a non-UINT
//   RT): out = dest.
// * "scalar": everything else, rt_op() per pixel.
// The MXCSR register is not touched: the kernels run in the default environment (RNE, no FTZ/DAZ)
// and reach the flush-to-zero contract by construction (the kernel files argue it step by step).
//
// Measured on the development machine (AMD EPYC with AVX-512, 2 shared cores, in place, 64K pixels
// so the data stays in cache): RGBA8 SRC_ALPHA/INV_SRC_ALPHA 1.57 Gpixel/s with AVX-512 and 1.2
// with AVX2 (31 / 24 GB/s of source + destination input; memcpy of the same 20 bytes per pixel ran
// at 38-49 GB/s), RGBA16F ONE/ONE ADD 1.9 Gpixel/s, RGBA8_UINT XOR 3 Gpixel/s. Out of cache the
// kernels are limited by memory, not arithmetic.
#pragma once

#include <cstddef>
#include <cstdint>

#include "om/gen/defs.h"
#include "om/ref/convert.h"
#include "om/ref/pixel.h"
#include "om/ref/state.h"

namespace om::ref {

/// The state of one RT for a batch (the inputs of rt_op() that do not change per pixel).
struct BatchRt {
  const FormatInfo* format = nullptr;  // bound format (required)
  RtBlendDesc desc;              // this RT's IBE-selected descriptor (blend fields + write mask)
  bool logic_op_enable = false;  // RenderTarget[0].LogicOpEnable
  LogicOp logic_op = LogicOp::NOOP;  // RenderTarget[0].LogicOp
  bool gamma_space = false;          // FL 9_x sRGB gamma-space blending
  Vec4 blend_factor{0x3F800000u, 0x3F800000u, 0x3F800000u, 0x3F800000u};  // K, binary32
};

/// Highest instruction set a batch call may use (generated from defs/enums.toml). AUTO = the best
/// this CPU supports. Requesting more than the CPU has silently falls back (so tests can run every
/// level on any x86-64).
using om::BatchIsa;

/// The rt_op() input of one pixel under `rt`: everything but s, s1, dest and clear.
RtOpIn rt_op_in(const BatchRt& rt);

/// Bytes per texel in the batch arrays: texel_bits / 8 (1, 2, 4, 8 or 16).
size_t texel_bytes(const FormatInfo& f);

/// Process n pixels of one RT.
///   src     4*n uint32: per pixel R, G, B, A of o[i] — binary32 bits for float/norm RTs,
///   uint32/int32 for
///           integer RTs (exactly RtOpIn::s).
///   src1    4*n uint32 (dual-source o1, RtOpIn::s1), or nullptr for all zeros.
///   dest    n texels of texel_bytes(format) bytes each, contiguous, little-endian (the RT memory
///   image). out     n texels, same layout. May be the same pointer as dest (in place); otherwise
///   must not overlap. written n bytes or nullptr: 1 where rt_op() reports write = true, else 0
///   (out then equals dest).
/// No alignment required. Throws std::invalid_argument like rt_op() (null format; a blend factor >=
/// 32 or op
/// >= 8 that the pixels evaluate; a logic op >= 16 on a UINT RT), before writing anything.
void blend_batch(const BatchRt& rt, size_t n, const uint32_t* src, const uint32_t* src1,
                 const void* dest, void* out, uint8_t* written = nullptr,
                 BatchIsa isa = BatchIsa::AUTO);

/// The same contract computed with rt_op() per pixel (the reference the fast kernels are tested
/// against).
void blend_batch_scalar(const BatchRt& rt, size_t n, const uint32_t* src, const uint32_t* src1,
                        const void* dest, void* out, uint8_t* written = nullptr);

/// Name of the kernel blend_batch(rt, ..., isa) runs for this state on this CPU (list above).
const char* blend_batch_kernel(const BatchRt& rt, BatchIsa isa = BatchIsa::AUTO);

/// Texel i of a memory image of `bytes`-byte texels (texel_bytes(format)), little-endian; the
/// words above `bytes` are zero.
Texel load_texel(const void* image, size_t i, size_t bytes);
/// Stores the low `bytes` bytes of `t` as texel i of a memory image.
void store_texel(void* image, size_t i, size_t bytes, const Texel& t);

/// raw_to_texel(f, pack(f, v)) for n pixels: `values` 4*n words (as pack() takes them), `texels` n
/// texels of texel_bytes(f) bytes. Throws like pack().
void pack_batch(const FormatInfo& f, size_t n, const uint32_t* values, void* texels);
/// unpack(f, texel_to_raw(f, t)) for n texels into 4*n words. Throws like unpack().
void unpack_batch(const FormatInfo& f, size_t n, const void* texels, uint32_t* values);
/// texel_to_raw(f, t) for n texels: their component bit fields, 4*n words.
void split_batch(const FormatInfo& f, size_t n, const void* texels, uint32_t* fields);
/// raw_to_texel(f, r) for n pixels of 4 component fields each.
void join_batch(const FormatInfo& f, size_t n, const uint32_t* fields, void* texels);

/// The arrays of process_pixels(), n pixels each. Per RT slot i: oc[i] 4*n words (nullptr: zeros);
/// dest[i] and out[i] n texels of state.rt_format[i] (out[i] may equal dest[i]; both nullptr for
/// an unbound slot). Optional (nullptr): oc1 4*n words (zeros), coverage and clear n bytes, nonzero
/// = true (all covered, no clears), fog n binary32 words (1.0); outputs covered n bytes and
/// written 8*n bytes (slot i of pixel p at 8*p + i), 1 = true.
struct PixelArrays {
  std::array<const uint32_t*, kMaxRts> oc{};
  std::array<const void*, kMaxRts> dest{};
  std::array<void*, kMaxRts> out{};
  const uint32_t* oc1 = nullptr;
  const uint8_t* coverage = nullptr;
  const uint32_t* fog = nullptr;
  const uint8_t* clear = nullptr;
  uint8_t* covered = nullptr;
  uint8_t* written = nullptr;
};

/// process_pixel() for every pixel of the arrays, in order.
void process_pixels(const PixelState& state, size_t n, const PixelArrays& a);

}  // namespace om::ref

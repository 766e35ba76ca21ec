// SPDX-License-Identifier: Apache-2.0
// Batch entry points: kernel selection, the per-pixel reference loop, copies and the UINT8x4 logic
// loop.
#include "om/ref/batch.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include "batch_kernels.h"
#include "om/ref/fp32.h"
#include "om/ref/logic.h"
#include "om/ref/rt_op.h"

#if OM_BATCH_X86
#include <cpuid.h>
#endif

namespace om::ref {
namespace {

enum class Kernel {
  kScalar,
  kCopy,
  kLogicUint8x4,
  kLogicUint8x4Avx2,
  kRgba8Sse41,
  kRgba8Avx2,
  kRgba8Avx512,
  kRgba16fAddF16c
};

struct CpuCaps {
  bool sse41 = false;
  bool avx2 = false;  // AVX2 + FMA, and the RGBA8 kernels' decode verified
  bool f16c = false;
  bool avx512 = false;  // AVX512F + FMA, and the AVX-512 RGBA8 decode verified
  CpuCaps() {
#if OM_BATCH_X86
    __builtin_cpu_init();
    sse41 = __builtin_cpu_supports("sse4.1");
    // __builtin_cpu_supports("avx2") also checks that the OS saves the AVX state.
    const bool avx2_fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    avx2 = avx2_fma && detail::rgba8_avx2_decode_exact();
    avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma") &&
             detail::rgba8_avx512_decode_exact();
    unsigned a, b, c, d;
    f16c = avx2_fma && __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C) != 0;
#endif
  }
};

const CpuCaps& cpu() {
  static const CpuCaps caps;
  return caps;
}

bool is(const FormatInfo& f, Format fmt) { return f.format == fmt; }

bool one_one_add(const RtBlendDesc& d) {
  return d.src_blend == Blend::ONE && d.dest_blend == Blend::ONE && d.blend_op == BlendOp::ADD &&
         d.src_blend_alpha == Blend::ONE && d.dest_blend_alpha == Blend::ONE &&
         d.blend_op_alpha == BlendOp::ADD;
}

Kernel choose(const BatchRt& rt, BatchIsa isa) {
  if (rt.format == nullptr) throw std::invalid_argument("blend_batch: no format bound");
  const FormatInfo& f = *rt.format;
  const bool logic = rt.logic_op_enable;
  if ((logic && !format_logic_capable(f)) ||
      effective_write_mask(f, rt.desc.render_target_write_mask) == 0) {
    return Kernel::kCopy;
  }
  const uint32_t level = static_cast<uint32_t>(isa);
  if (logic && is(f, Format::R8G8B8A8_UINT)) {
    return level >= 2 && cpu().avx2 ? Kernel::kLogicUint8x4Avx2 : Kernel::kLogicUint8x4;
  }
  if (logic) return Kernel::kScalar;
  if (is(f, Format::R8G8B8A8_UNORM) || is(f, Format::B8G8R8A8_UNORM)) {
    if (level >= 3 && cpu().avx512) return Kernel::kRgba8Avx512;
    if (level >= 2 && cpu().avx2) return Kernel::kRgba8Avx2;
    if (level >= 1 && cpu().sse41) return Kernel::kRgba8Sse41;
  }
  if (is(f, Format::R16G16B16A16_FLOAT) && rt.desc.blend_enable && one_one_add(rt.desc) &&
      level >= 2 && cpu().f16c) {
    return Kernel::kRgba16fAddF16c;
  }
  return Kernel::kScalar;
}

void fill_written(uint8_t* written, size_t n, bool value) {
  if (written != nullptr) std::memset(written, value ? 1 : 0, n);
}

// R8G8B8A8_UINT logic op on whole texel words: the low 8 bits of each source channel, one bitwise
// op (the op's truth table as four masks), merge with the kept destination bits. AVX2 for blocks of
// 8, then this loop.
void logic_uint8x4(const BatchRt& rt, size_t n, const uint32_t* src, const uint8_t* dest,
                   uint8_t* out, bool avx2) {
  const LogicOp op = rt.logic_op;
  const detail::LogicTruth t{logic_op_apply(op, 0, 0), logic_op_apply(op, 0, ~0u),
                             logic_op_apply(op, ~0u, 0), logic_op_apply(op, ~0u, ~0u)};
  const uint32_t m = effective_write_mask(*rt.format, rt.desc.render_target_write_mask);
  uint32_t keep = 0;
  for (int ch = 0; ch < 4; ++ch) {
    if (!(m & (1u << ch))) keep |= 0xFFu << (8 * ch);
  }
  const size_t done = avx2 ? detail::uint8x4_logic_avx2(t, keep, n, src, dest, out) : 0;
  for (size_t i = done; i < n; ++i) {
    const uint32_t* s4 = src + 4 * i;
    const uint32_t s = (s4[0] & 0xFFu) | (s4[1] & 0xFFu) << 8 | (s4[2] & 0xFFu) << 16 | s4[3] << 24;
    uint32_t d;
    std::memcpy(&d, dest + 4 * i, 4);
    const uint32_t r = (~s & ~d & t.t00) | (~s & d & t.t01) | (s & ~d & t.t10) | (s & d & t.t11);
    const uint32_t w = (r & ~keep) | (d & keep);
    std::memcpy(out + 4 * i, &w, 4);
  }
}

}  // namespace

size_t texel_bytes(const FormatInfo& f) { return f.texel_bits / 8u; }

RtOpIn rt_op_in(const BatchRt& rt) {
  RtOpIn in;
  in.format = rt.format;
  in.desc = rt.desc;
  in.logic_op_enable = rt.logic_op_enable;
  in.logic_op = rt.logic_op;
  in.gamma_space = rt.gamma_space;
  in.k = rt.blend_factor;
  return in;
}

void blend_batch_scalar(const BatchRt& rt, size_t n, const uint32_t* src, const uint32_t* src1,
                        const void* dest, void* out, uint8_t* written) {
  if (rt.format == nullptr) throw std::invalid_argument("blend_batch: no format bound");
  const size_t tb = texel_bytes(*rt.format);
  const uint8_t* d = static_cast<const uint8_t*>(dest);
  uint8_t* o = static_cast<uint8_t*>(out);
  RtOpIn in = rt_op_in(rt);
  for (size_t i = 0; i < n; ++i) {
    std::memcpy(in.s.data(), src + 4 * i, 16);
    if (src1 != nullptr) std::memcpy(in.s1.data(), src1 + 4 * i, 16);
    in.dest = Texel{};
    std::memcpy(in.dest.w.data(), d + i * tb, tb);
    const RtOpOut r = rt_op(in);
    std::memcpy(o + i * tb, r.texel.w.data(), tb);
    if (written != nullptr) written[i] = r.write ? 1 : 0;
  }
}

void blend_batch(const BatchRt& rt, size_t n, const uint32_t* src, const uint32_t* src1,
                 const void* dest, void* out, uint8_t* written, BatchIsa isa) {
  const Kernel k = choose(rt, isa);
  const uint8_t* d = static_cast<const uint8_t*>(dest);
  uint8_t* o = static_cast<uint8_t*>(out);
  size_t done = 0;
  switch (k) {
    case Kernel::kScalar:
      blend_batch_scalar(rt, n, src, src1, dest, out, written);
      return;
    case Kernel::kCopy:
      if (o != d) std::memmove(o, d, n * texel_bytes(*rt.format));
      fill_written(written, n, false);
      return;
    case Kernel::kLogicUint8x4:
    case Kernel::kLogicUint8x4Avx2:
      logic_uint8x4(rt, n, src, d, o, k == Kernel::kLogicUint8x4Avx2);  // an op >= 16 throws first
      fill_written(written, n, true);
      return;
    case Kernel::kRgba8Sse41:
    case Kernel::kRgba8Avx2:
    case Kernel::kRgba8Avx512: {
      detail::Rgba8Plan plan = detail::make_rgba8_plan(rt);
      if (src1 == nullptr)
        plan.needs_s1 = false;  // the kernels then use S1 = +0, the clamped zeros
      if (k == Kernel::kRgba8Avx512) {
        done = detail::rgba8_avx512(plan, n, src, src1, d, o);
      } else if (k == Kernel::kRgba8Avx2) {
        done = detail::rgba8_avx2(plan, n, src, src1, d, o);
      } else {
        done = detail::rgba8_sse41(plan, n, src, src1, d, o);
      }
      break;
    }
    case Kernel::kRgba16fAddF16c: {
      const uint32_t m = effective_write_mask(*rt.format, rt.desc.render_target_write_mask);
      uint64_t keep = 0;
      for (int ch = 0; ch < 4; ++ch) {
        if (!(m & (1u << ch))) keep |= uint64_t{0xFFFF} << (16 * ch);
      }
      done = detail::rgba16f_add_f16c(keep, n, src, d, o);
      break;
    }
  }
  fill_written(written, done, true);
  const size_t tb = texel_bytes(*rt.format);
  blend_batch_scalar(rt, n - done, src + 4 * done, src1 ? src1 + 4 * done : nullptr, d + done * tb,
                     o + done * tb, written ? written + done : nullptr);
}

const char* blend_batch_kernel(const BatchRt& rt, BatchIsa isa) {
  switch (choose(rt, isa)) {
    case Kernel::kCopy:
      return "copy";
    case Kernel::kLogicUint8x4:
      return "scalar-uint8x4-logic";
    case Kernel::kLogicUint8x4Avx2:
      return "avx2-uint8x4-logic";
    case Kernel::kRgba8Sse41:
      return "sse41-rgba8";
    case Kernel::kRgba8Avx2:
      return "avx2-rgba8";
    case Kernel::kRgba8Avx512:
      return "avx512-rgba8";
    case Kernel::kRgba16fAddF16c:
      return "f16c-rgba16f";
    case Kernel::kScalar:
      break;
  }
  return "scalar";
}

}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// Internal interface between blend_batch()'s dispatcher (batch.cc) and its SIMD kernels. Not
// installed.
#pragma once

#include <cstddef>
#include <cstdint>

#include "om/ref/batch.h"

namespace om::ref::detail {

// The x86 kernels select their ISA with GCC's target pragmas, which clang ignores: other compilers
// (the clang fuzz build) take the portable path.
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__) && !defined(__clang__)
#define OM_BATCH_X86 1
#else
#define OM_BATCH_X86 0
#endif

/// Everything the RGBA8 kernels need, precomputed from a BatchRt (R8G8B8A8_UNORM or
/// B8G8R8A8_UNORM).
struct Rgba8Plan {
  bool blend = false;     // false: pass-through encode of S
  bool swap_rb = false;   // B8G8R8A8: S, S1, K lanes reordered to the memory order B, G, R, A
  bool needs_s1 = false;  // some evaluated factor reads S1
  uint32_t fs_rgb = 2, fd_rgb = 1, fs_a = 2, fd_a = 1;  // D3D11_BLEND, normalised to defined values
  uint32_t op_rgb = 1, op_a = 1;                        // D3D11_BLEND_OP 1..5
  float k[4] = {1, 1, 1, 1};                            // K clamped to [0, 1], memory channel order
  uint32_t keep = 0;  // per-texel bit mask of destination bits kept (write mask complement)
};

/// Build the plan; throws std::invalid_argument like rt_op() for factor >= 32 / op >= 8 that are
/// evaluated.
Rgba8Plan make_rgba8_plan(const BatchRt& rt);

/// True when both slots of the plan use factors fs, fd and op `op`.
inline bool same_equation(const Rgba8Plan& p, uint32_t fs, uint32_t fd, uint32_t op) {
  return p.fs_rgb == fs && p.fd_rgb == fd && p.op_rgb == op && p.fs_a == fs && p.fd_a == fd &&
         p.op_a == op;
}

/// True when the AVX2 kernels' FMA-based i/255 decode equals the IEEE division for all 256 codes on
/// this CPU (the dispatcher checks it once before using them). Requires AVX2 and FMA.
bool rgba8_avx2_decode_exact();

/// The same for the AVX-512 kernels. Requires AVX512F and FMA.
bool rgba8_avx512_decode_exact();

// Each kernel processes a prefix of the n pixels (a multiple of its block) and returns how many it
// did.
size_t rgba8_avx2(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
                  const uint8_t* dest, uint8_t* out);
size_t rgba8_avx512(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
                    const uint8_t* dest, uint8_t* out);
size_t rgba8_sse41(const Rgba8Plan& p, size_t n, const uint32_t* src, const uint32_t* src1,
                   const uint8_t* dest, uint8_t* out);
/// A logic op as its truth table on whole words: result bits for (s, d) = (0,0), (0,1), (1,0),
/// (1,1).
struct LogicTruth {
  uint32_t t00, t01, t10, t11;
};
/// R8G8B8A8_UINT logic op; keep = per-texel bits of dest kept.
size_t uint8x4_logic_avx2(const LogicTruth& t, uint32_t keep, size_t n, const uint32_t* src,
                          const uint8_t* dest, uint8_t* out);
/// R16G16B16A16_FLOAT, ONE/ONE ADD; keep = per-texel bits of dest kept.
size_t rgba16f_add_f16c(uint64_t keep, size_t n, const uint32_t* src, const uint8_t* dest,
                        uint8_t* out);

}  // namespace om::ref::detail

// SPDX-License-Identifier: Apache-2.0
// Whole-pixel processing over the 8 RT slots, clock-free (docs/behaviour.md §1.1, §1.2, §2.6, §5.4,
// §5.5, §5.7, docs/behaviour.md §8; docs/arithmetic.md §10). One sample of one pixel at a time, as
// the hardware's sample-serial pixel port carries it. PixelState, everything a draw sees, is
// generated from defs/structs.toml.
#pragma once

#include <array>
#include <cstdint>

#include "om/gen/defs.h"
#include "om/gen/structs/pixel.h"  // IWYU pragma: export
#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/rt_op.h"
#include "om/ref/state.h"

namespace om::ref {

/// One pixel (or Clear command) from the pixel shader, as in om_pkg's pixel_t.
struct PixelIn {
  // Clear command: oc[0] is the clear colour (binary32), written to every bound RT.
  bool clear = false;
  uint32_t sample = 0;         // the sample this is (0..7); its coverage and depth are the sample's
  bool coverage = true;        // raster coverage of this sample
  bool omask_written = false;  // the pixel shader writes oMask
  bool omask = true;           // this sample's oMask bit (used when omask_written)
  uint32_t fog = kF32One;      // D3D9 fog factor f (binary32; clamped to [0, 1] inside)
  Vec4 oc1{};                  // dual-source output S1 of every RT (docs/behaviour.md §11 #8)
  // o[0..7]: binary32 for float/norm RTs, uint32/int32 for integer RTs.
  std::array<Vec4, kMaxRts> oc{};
};

struct PixelOut {
  bool covered = false;                // final coverage (a Clear: sample_in_count())
  std::array<bool, kMaxRts> write{};   // slot i stored
  std::array<Texel, kMaxRts> texel{};  // new texel of slot i (= dest[i] when not written)
};

/// The descriptor RT slot `rt` uses: IndependentBlendEnable ? RenderTarget[rt] : RenderTarget[0].
/// When RenderTarget[0].LogicOpEnable is set, RenderTarget[0] for every slot (logic op, its enable
/// and write mask come from RT[0], docs/arithmetic.md §7). Throws std::out_of_range for rt outside
/// 0..7.
const RtBlendDesc& select_rt_desc(const BlendDesc& blend, int rt);

/// Alpha-to-coverage of sample s of an n-sample pixel (docs/behaviour.md §8): covered iff s < n and
/// f32_add(f32_mul(a, n), 0.5) >= s + 1 (binary32, f32_compare GREATER_EQUAL), i.e. s < k with the
/// canonical k = clamp(floor(a n + 0.5), 0, n); NaN -> not covered. n = 1: f32_add(a, 0.5) >= 1.0,
/// so a >= 0x3EFFFFFF. Throws std::invalid_argument for n outside 1..32.
bool a2c_covered(uint32_t alpha, uint32_t n, uint32_t s);

/// D3D9 alpha test (docs/behaviour.md §5.4): true (pass) when disabled, else
/// f32_compare(alpha_func, a, unorm_to_f32(alpha_ref & 0xFF, 8)). An alpha_func outside 1..8 never
/// passes (f32_compare's default).
bool alpha_test_pass(const D3d9State& d3d9, uint32_t alpha);

/// D3D9 fog on RGB (docs/behaviour.md §5.5): unchanged when fog is disabled, else with fc =
/// f32_clamp(f, 0, 1): C = f32_add(f32_mul(fc, C), f32_mul(f32_sub(1, fc), Cfog)) for R, G, B; A
/// untouched.
Vec4 apply_fog(const D3d9State& d3d9, uint32_t f, const Vec4& c);

/// D3D9 fog factor from distance d (docs/behaviour.md §5.5, TV48/TV49), computed in double and
/// rounded to binary32, then f32_clamp to [0, 1] (docs/behaviour.md §11 #34): NONE 1.0; LINEAR (end
/// - d) / (end - start); EXP e^(-d*density); EXP2 e^(-(d*density)^2). Inputs are binary32 bits.
/// LINEAR with end == start divides by zero: +-INF clamps to 1 / 0 and NaN (d == end) gives 0.
/// Throws std::invalid_argument for an unknown mode.
uint32_t fog_factor(FogMode mode, uint32_t d, uint32_t start, uint32_t end, uint32_t density);

/// px.sample < n = 1 << state.sample_count: whether the transfer carries a sample of the bound
/// views at all (a clear's only condition). Throws std::invalid_argument when state.sample_count
/// > 3.
bool sample_in_count(const PixelState& state, const PixelIn& px);

/// Coverage of sample px.sample of a draw pixel, n = 1 << state.sample_count: false when
/// px.sample >= n; else raster coverage & SampleMask[sample] & (oMask written ? its bit :
/// (A2C ? a2c_covered(o0.a, n, sample) : 1)) & D3D9 alpha test on o0.a (failure kills the sample in
/// every RT). Throws std::invalid_argument when state.sample_count > 3.
bool pixel_covered(const PixelState& state, const PixelIn& px);

/// Whether process_pixel() writes the sample at all (PixelOut::covered): a clear by
/// sample_in_count(), a draw by pixel_covered().
bool sample_covered(const PixelState& state, const PixelIn& px);

/// Process one sample of a pixel against the current RT contents `dest` (entries of unbound slots
/// are ignored); nothing is written unless sample_in_count().
/// Clear: every bound slot gets clear_texel(format, oc[0]) (blend, masks, coverage ignored).
/// Draw: if covered, every bound slot i with o[i] declared runs rt_op with desc =
/// select_rt_desc(i), RT0's logic op, K, S = o[i] (o[0] after D3D9 fog), S1 = oc1. Everything else
/// is left untouched.
PixelOut process_pixel(const PixelState& state, const PixelIn& px,
                       const std::array<Texel, kMaxRts>& dest);

/// process_pixel() of a sample its caller found covered (sample_covered(), PixelOut::covered set):
/// the render targets' half, for a caller that needs the coverage before the write (a depth-stencil
/// test between them) and would otherwise work it out twice.
PixelOut write_pixel(const PixelState& state, const PixelIn& px,
                     const std::array<Texel, kMaxRts>& dest);

}  // namespace om::ref

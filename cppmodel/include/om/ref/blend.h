// SPDX-License-Identifier: Apache-2.0
// Blending of one render target, clock-free (docs/behaviour.md §2.2, §2.3; docs/arithmetic.md
// §3–§6, §8–§9). Every step (numbered as in docs/arithmetic.md) is a separate function so unit
// tests of the RTL datapath can check one stage at a time:
// * blend_operands: steps 1-2 (unpack D, per-RT input clamp, FL 9_x gamma-space S);
// * blend_factor: step 3, one factor of one channel;
// * blend_channel: step 4, one channel's equation;
// * blend_vec: steps 3-4 for R, G, B (RGB fields) and A (alpha fields);
// * blend_rt: all of it plus the encode of step 5, i.e. the component fields to store before the
//   write mask.
// Values are binary32 bit patterns (fp32.h); only f32_mul/add/sub/min/max/clamp compute, unfused,
// in the order of docs/arithmetic.md. Invalid enum values never throw in the datapath: factors 0,
// 12, 13, 20..31 act as ZERO and ops 0, 6, 7 as ADD (what the 5-/3-bit state registers can latch;
// docs/arithmetic.md §5). Values that do not fit those fields (factor >= 32, op >= 8) throw
// std::invalid_argument.
#pragma once

#include <cstdint>

#include "om/gen/defs.h"
#include "om/ref/convert.h"
#include "om/ref/state.h"

namespace om::ref {

/// True when blending happens for this format class at all: UINT/SINT RTs treat BlendEnable as
/// FALSE (docs/arithmetic.md §7; docs/behaviour.md §11 #7); every other class (FLOAT, UNORM,
/// UNORM_SRGB, SNORM) blends.
bool format_blendable(const FormatInfo& f);

/// The format whose numbers the blender sees: `f` itself, except that with `gamma_space` (FL 9_x
/// emulation, docs/arithmetic.md §9; docs/behaviour.md §11 #37) an *_UNORM_SRGB format is replaced
/// by its plain UNORM twin (same layout), so D reads as i/255 and the result is stored with the
/// plain UNORM encode.
const FormatInfo& blend_space_format(const FormatInfo& f, bool gamma_space);

/// Step 2 for one component of S, S1, K or D on an RT of format `f` (in blend space):
/// UNORM / UNORM_SRGB: f32_clamp(x, 0, 1); SNORM: f32_clamp(x, -1, 1) (NaN -> +0, docs/behaviour.md
/// §11 #33); FLOAT: x unchanged (no clamp, docs/behaviour.md §11 #3; the ops flush denormals
/// themselves). Channels absent from the format get the same range as the present ones (all
/// channels of a format share one class). UINT/SINT: x unchanged (never blended).
uint32_t clamp_input(const FormatInfo& f, uint32_t x);
Vec4 clamp_input(const FormatInfo& f, const Vec4& v);

/// The four operands of the blend equation after steps 1–2, in blend space.
struct BlendOperands {
  Vec4 s{};   // PS output o[i], clamped; with gamma space on an sRGB RT, RGB = unquantised sRGB
              // encode
  Vec4 s1{};  // second (dual-source) output o1, clamped
  Vec4 k{};   // BlendFactor, clamped per RT (TV20)
  Vec4 d{};   // destination texel unpacked (absent R,G,B = 0, absent A = 1.0), clamped
};

/// Steps 1–2. `f` is the RT's bound format (not the blend-space one); `dest` its current texel.
/// Gamma space applies only to *_UNORM_SRGB formats: D via the UNORM twin, S.rgb <-
/// f32_srgb_encode_unquantised of the clamped S.rgb; S.a, S1 and K are used as given (clamped).
/// Throws std::invalid_argument for UINT/SINT.
BlendOperands blend_operands(const FormatInfo& f, bool gamma_space, const Vec4& s, const Vec4& s1,
                             const Vec4& k, const Texel& dest);

/// Step 3: factor `factor` for channel `ch` (0..3 = R, G, B, A). ch 3 uses alpha-slot semantics:
/// SRC_ALPHA_SAT is 1.0 there, f32_min(As, f32_sub(1, Ad)) in R, G, B. *_COLOR factors take the
/// operand's own channel (so, if ever latched in the alpha slot, they act as the matching *_ALPHA
/// factor). INV_x is f32_sub(1.0, x), never clamped (TV21). Invalid values 0, 12, 13, 20..31 give
/// +0 (ZERO).
uint32_t blend_factor(Blend factor, int ch, const BlendOperands& o);

/// Step 4 for one channel: ADD f32_add(ts, td), SUBTRACT f32_sub(ts, td), REV_SUBTRACT f32_sub(td,
/// ts) with ts = f32_mul(S, Fs), td = f32_mul(D, Fd); MIN / MAX = f32_min / f32_max(S, D) on the
/// clamped operands without evaluating the factors. Invalid ops 0, 6, 7 act as ADD.
uint32_t blend_channel(BlendOp op, Blend src, Blend dest, int ch, const BlendOperands& o);

/// Steps 3–4 for all four channels: R, G, B with (src_blend, dest_blend, blend_op), A with the
/// *_alpha fields. The result is unclamped binary32 (step 5's clamp happens in the encode).
Vec4 blend_vec(const RtBlendDesc& desc, const BlendOperands& o);

/// Steps 1–5 of one RT op on the blend path: the component fields (Raw4, as texel_to_raw) that
/// would be stored in every channel, before the write mask. With BlendEnable = FALSE, or a
/// UINT/SINT format, this is the pass-through conversion pack(f, s) (docs/arithmetic.md §6; a
/// float32 RT then copies the bits). Otherwise it is pack(blend_space_format(f, gamma_space),
/// blend_vec(desc, blend_operands(...))). Only desc's blend fields are read (not logic_op_enable or
/// the write mask: see rt_op.h).
Raw4 blend_rt(const FormatInfo& f, const RtBlendDesc& desc, bool gamma_space, const Vec4& s,
              const Vec4& s1, const Vec4& k, const Texel& dest);

}  // namespace om::ref

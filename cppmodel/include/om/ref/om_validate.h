// SPDX-License-Identifier: Apache-2.0
// om_validate (docs/validation.md §7): the output merger's analogue of
// IDirect3DDevice9::ValidateDevice. Given the state the next draw would use and the capabilities
// (decoded from the capability registers, caps.h), it says whether the draw renders correctly in
// one pass and, if not, every reason. Clock-free; the host driver calls it. Its state structs
// (RtBinding, DsvBinding, PsOutput, D3d9Mode, OmState) and its answer ValidateResult are
// generated from defs/structs.toml.
#pragma once

#include <array>
#include <cstdint>

#include "om/gen/defs.h"
#include "om/gen/structs/om_validate.h"  // IWYU pragma: export
#include "om/ref/caps.h"
#include "om/ref/fp32.h"
#include "om/ref/state.h"

namespace om::ref {

// om::ref's names of the enums in om_validate's state (defs/enums.toml).
using ResourceType = om::ResourceType;
using PsOutputType = om::PsOutputType;

/// 1 << r.
constexpr uint32_t reason_bit(ValidateReason r) { return 1u << static_cast<uint32_t>(r); }

/// Runs every check of the docs/validation.md §7 table (reasons bits 0-17), each independently.
/// Terms: a slot is *bound* when rt[i].bound, *active* when also ps_output[i].written (only active
/// slots are blended and written, docs/behaviour.md §1.1 step 3); its descriptor is
/// blend.render_target[IBE ? i : 0]; logic op and dual source come from the slot-0 descriptor
/// (docs/behaviour.md §2.6); MRT = two or more bound slots. Check: fails when ... -> result;
/// passes; offending slot.
///  0: !initialised -> DEVICELOST; 0; -1.
///  1: internal_error; blend not normalised; a descriptor field breaking docs/validation.md §2
///     (BlendEnable with LogicOpEnable, factor, op, LogicOp > 15, mask > 0xF); a bound RT format
///     the OM does not implement; a PS output type or D3D9 write mask outside its range ->
///     DRIVERINTERNALERROR; 0; that slot or -1.
///  2: n bound slots > max (caps.om.max_rts; D3D9 mode: D3DCAPS9.NumSimultaneousRTs), or a slot
///     >= max bound -> TOOMANYOPERATIONS; ceil(n / max); first bound slot >= max.
///  3: bound RTs differ in width, height, array size, sample count, type or cube flag; or the DSV's
///     width, height, array size or sample count differ from the first bound RT's (D3D9 mode: DS
///     smaller than the RT, or another sample count) -> CONFLICTINGRENDERSTATE; 0; first differing
///     slot (-1 for the DSV).
///  4: MRT without independent bit depths (CAP_OM[12]; D3D9 mode: D3DPMISCCAPS_
///     MRTINDEPENDENTBITDEPTHS) and bound formats differ in bits per texel, or are all 16-bit and
///     not one format (docs/behaviour.md §11 #22) -> WRONGTEXTUREFORMAT; 0; first differing slot.
///  5: a bound RT's format lacks RENDER_TARGET, or has sample_count > 1 without
///     MULTISAMPLE_RENDERTARGET and the CAP_MAX_SAMPLES bit; or an active blending slot's format
///     lacks BLENDABLE -> WRONGTEXTUREFORMAT; 0; that slot.
///  6: logic op on and an active slot is not UINT or lacks OUTPUT_MERGER_LOGIC_OP ->
///     WRONGTEXTUREFORMAT; 0; that slot.
///  7: dual source and a slot >= 1 bound -> CONFLICTINGRENDERSTATE; 2; that slot.
///  8: dual source with BlendOp MIN/MAX -> UNSUPPORTEDCOLOROPERATION, else with BlendOpAlpha
///     MIN/MAX -> UNSUPPORTEDALPHAOPERATION; 0; 0.
///  9: an active slot's PS output type differs from its format class (UINT - UINT, SINT - SINT,
///     every other class - FLOAT) -> CONFLICTINGRENDERSTATE; 0; that slot.
/// 10: D3D9 MRT with post-PS processing (a bound slot blending, alpha test, fog, dither, a write
///     mask other than 0xF) and no D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING (slot: second bound),
///     or a bound format without BLENDABLE (= denied by QUERY_POSTPIXELSHADER_BLENDING; that slot)
///     -> CONFLICTINGRENDERSTATE; n.
/// 11: D3D9 MRT without D3DPMISCCAPS_INDEPENDENTWRITEMASKS and the bound slots' masks differ ->
///     CONFLICTINGRENDERSTATE; number of distinct masks; first slot differing from the first.
/// 12: D3D9 MRT with multisample_antialias or a bound sample_count > 1 -> CONFLICTINGRENDERSTATE;
///     0; first multisampled slot, else the second bound.
/// 13: a state the capabilities forbid; sub-checks in this order: A2C without CAP_OM[10];
///     SRC_ALPHA_SAT without CAP_OM[9] or SRC1_* without CAP_OM[8] in an active blending slot;
///     SampleMask 0 at FL <= 9_3; MRT with an sRGB format at FL <= 9_3; separate alpha
///     (uses_separate_alpha) without CAP_OM[7]; active slots with differing equations without
///     CAP_OM[6] (blend-disabled slots take part unless CAP_OM[5]); a bound view that is not
///     TEXTURE2D at FL <= 9_3. The first failing sub-check decides: UNSUPPORTEDALPHAOPERATION for
///     separate alpha and for SRC_ALPHA_SAT/SRC1_* found only in alpha-slot fields, else
///     CONFLICTINGRENDERSTATE; passes = number of distinct equations for the equation sub-check,
///     else 0.
/// 14: D3D9 mode without D3DPMISCCAPS_BLENDOP and an active blending slot with BlendOp or
///     BlendOpAlpha != ADD -> UNSUPPORTEDCOLOROPERATION; 0; that slot.
/// 15: D3D9 mode and an active blending slot's SrcBlend/DestBlend outside SrcBlendCaps/
///     DestBlendCaps -> UNSUPPORTEDCOLORARG, else its SrcBlendAlpha/DestBlendAlpha ->
///     UNSUPPORTEDALPHAARG; 0; that slot. (SRC1_COLOR needs D3DPBLENDCAPS_SRCCOLOR2 0x4000,
///     INV_SRC1_COLOR INVSRCCOLOR2 0x8000; SRC1_ALPHA/INV_SRC1_ALPHA have no D3D9 cap.)
/// 16: a non-cube DSV bound with a bound cube RT while D3D9_OPTIONS1.TextureCubeFaceRenderTarget-
///     WithNonCubeDepthStencilSupported is FALSE -> CONFLICTINGRENDERSTATE; 0; that slot.
/// 17: warnings (result stays S_OK, passes 1): an active slot's write mask asks for a channel its
///     format has but the PS does not write; logic op on and an active UINT slot has channels
///     narrower than value_bits; an active blending slot uses BLEND_FACTOR/INV_BLEND_FACTOR while
///     K is the default (1,1,1,1); dual source without o1 written.
/// Combined: result = code of the first failing check 0..16 (S_OK if none); reasons = every failing
/// bit; rt = slot of the first failing check that names one (the warning's only when no check
/// 0..16 fails); passes = 1 when no check 0..16 fails, else 0 when any failing check has pass
/// count 0, else the largest pass count.
ValidateResult om_validate(const OmState& state, const Caps& caps);

}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// CreateBlendState(1) validation (docs/validation.md §2–§3, choices of docs/behaviour.md §11
// #15-#18, #27-#31), descriptor normalisation (docs/behaviour.md §2.1) and the D3D11.0
// D3D11_BLEND_DESC promotion. Clock-free; no bus, no object table (see blend_state_table.h for
// de-duplication).
#pragma once

#include <array>
#include <cstdint>

#include "om/gen/defs.h"
#include "om/gen/structs/validate.h"  // IWYU pragma: export (DescCheck)
#include "om/ref/caps.h"
#include "om/ref/state.h"

namespace om::ref {

/// The rule of docs/validation.md §2–§3 a descriptor breaks (OK when none), generated from
/// defs/enums.toml with message(), the d3d11sdklayers message name of docs/validation.md §3.
using om::DescRule;

/// docs/validation.md §2 followed by §3, first failure wins, in this order:
///   desc == nullptr; for i < (IBE ? 8 : 1): [if BlendEnable: BLEND_AND_LOGIC, SRC_BLEND,
///   DEST_BLEND, SRC_BLEND_ALPHA, DEST_BLEND_ALPHA, BLEND_OP, BLEND_OP_ALPHA]; [if LogicOpEnable:
///   LOGIC_WITH_IBE, LOGIC_OP_RANGE, LOGIC_OP_CAP]; WRITE_MASK. Then, on normalise(*desc), the FL
///   rules in the enum's order, each scanning RenderTarget[0..7] in slot order (FL_MRT_BLEND /
///   FL_INDEPENDENT_WRITE_MASKS: [0..3] only).
/// `fl` is the device's feature level and `logic_op_cap` D3D11_OPTIONS.OutputMergerLogicOp.
/// Returns S_OK (valid) or E_INVALIDARG; never S_FALSE (that belongs to the object table).
DescCheck check_blend_desc(const BlendDesc* desc, FeatureLevel fl, bool logic_op_cap);

/// Only the per-RenderTarget[] part of docs/validation.md §2 (entries 0 .. (IBE ? 7 : 0)), no
/// feature-level rules: what any descriptor the hardware holds must satisfy.
DescCheck check_blend_desc_fields(const BlendDesc& desc, bool logic_op_cap);

/// check_blend_desc(desc, cfg.fl, cfg.logic_op).hr.
Hresult validate_blend_desc(const BlendDesc* desc, const ConfigInfo& cfg);
/// check_blend_desc(desc, caps.fl, caps.d3d11_options.output_merger_logic_op).hr (caps as read over
/// the bus).
Hresult validate_blend_desc(const BlendDesc* desc, const Caps& caps);

/// docs/behaviour.md §2.1 normalisation (what GetDesc1 reports and the de-duplication key): with
/// IBE=FALSE RenderTarget[1..7] := RenderTarget[0]; an RT with BlendEnable=FALSE gets ONE/ZERO/ADD
/// in all six factor/op fields; LogicOpEnable=FALSE gets LogicOp NOOP. Other fields are unchanged.
/// Idempotent; total (any input, valid or not).
BlendDesc normalise(const BlendDesc& desc);
/// normalise(desc) == desc.
bool is_normalised(const BlendDesc& desc);

bool operator==(const RtBlendDesc& a, const RtBlendDesc& b);
bool operator!=(const RtBlendDesc& a, const RtBlendDesc& b);
bool operator==(const BlendDesc& a, const BlendDesc& b);
bool operator!=(const BlendDesc& a, const BlendDesc& b);

/// D3D11_RENDER_TARGET_BLEND_DESC (D3D11.0: no logic op).
struct RtBlendDesc0 {
  bool blend_enable = false;
  Blend src_blend = Blend::ONE;
  Blend dest_blend = Blend::ZERO;
  BlendOp blend_op = BlendOp::ADD;
  Blend src_blend_alpha = Blend::ONE;
  Blend dest_blend_alpha = Blend::ZERO;
  BlendOp blend_op_alpha = BlendOp::ADD;
  uint32_t render_target_write_mask = 0xF;
};
/// D3D11_BLEND_DESC.
struct BlendDesc0 {
  bool alpha_to_coverage_enable = false;
  bool independent_blend_enable = false;
  std::array<RtBlendDesc0, kMaxRts> render_target{};
};
/// D3D11_BLEND_DESC -> D3D11_BLEND_DESC1 with LogicOpEnable=FALSE, LogicOp=NOOP (docs/behaviour.md
/// §2.1, DXVK PromoteDesc).
BlendDesc promote(const BlendDesc0& desc);

// Helpers shared with om_validate (docs/behaviour.md §2.2, §5.6).
/// Value legal in SrcBlend/DestBlend: {1..11, 14..19} (12, 13 rejected, docs/behaviour.md §11 #27).
bool is_rgb_blend_factor(uint32_t v);
/// Value legal in SrcBlendAlpha/DestBlendAlpha: {1,2,5,6,7,8,11,14,15,18,19}.
bool is_alpha_blend_factor(uint32_t v);
/// SRC1_COLOR, INV_SRC1_COLOR, SRC1_ALPHA, INV_SRC1_ALPHA.
bool is_dual_source_factor(Blend b);
/// True when any of the four factor fields names SRC1_* (docs/behaviour.md §2.6: dual source "on").
bool uses_dual_source(const RtBlendDesc& rt);
/// The alpha-slot factor that a colour-slot factor implies when alpha is not blended separately
/// (docs/behaviour.md §5.6 "D3D11 alpha slot" column): *_COLOR -> *_ALPHA, every other factor
/// itself.
Blend alpha_slot_equivalent(Blend rgb);
/// Separate alpha blend: SrcBlendAlpha, DestBlendAlpha, BlendOpAlpha differ from
/// alpha_slot_equivalent(SrcBlend), alpha_slot_equivalent(DestBlend), BlendOp. False when blending
/// is disabled.
bool uses_separate_alpha(const RtBlendDesc& rt);
/// Same blend equation: BlendEnable and the six factor/op fields equal.
bool same_equation(const RtBlendDesc& a, const RtBlendDesc& b);

}  // namespace om::ref

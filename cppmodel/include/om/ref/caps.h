// SPDX-License-Identifier: Apache-2.0
// Capability register file of the output merger (docs/caps.md §7) and the D3D structures a driver
// decodes from it (docs/caps.md §2–§5). cap_register() is the model side of the RTL register file:
// both compute every value from the same generated tables (om/gen/defs.h: kConfigs, kFormatInfo),
// so the layout here is exactly docs/caps.md §7. The decoders take register values only, so a
// driver that reads the registers over any bus builds the same structures. OmCaps, D3d9Options1,
// D3d11Options, D3dCaps9 and Caps are generated from defs/structs.toml.
#pragma once

#include <cstdint>
#include <functional>

#include "om/gen/defs.h"
#include "om/gen/regs.h"
#include "om/gen/structs/caps.h"  // IWYU pragma: export

namespace om::ref {

// Byte offsets and fields of the read-only capability registers, named from the generated register
// map (rtl/regs/om_csr.rdl, docs/caps.md §7). Every register is 32 bits wide and 4-byte aligned;
// offsets in [0, kCapRegionEnd) that are not listed, or not aligned, are unmapped.
inline constexpr uint32_t kCapIdOffset = regs::kCapId;
inline constexpr uint32_t kCapFlOffset = regs::kCapFl;
inline constexpr uint32_t kCapOmOffset = regs::kCapOm;
inline constexpr uint32_t kCapD3d9Options1Offset = regs::kCapD3d9Options1;
inline constexpr uint32_t kCapD3d9NumRtOffset = regs::kCapD3d9Numrt;
inline constexpr uint32_t kCapD3d9PmiscOffset = regs::kCapD3d9Pmisc;
inline constexpr uint32_t kCapD3d9BlendOffset = regs::kCapD3d9Blend;
inline constexpr uint32_t kCapMaxSamplesOffset = regs::kCapMaxSamples;
inline constexpr uint32_t kCapFmtOffset = regs::cap_fmt_offset(0);  // CAP_FMT[k]: + 4 * k
inline constexpr uint32_t kCapFmtCount = regs::kCapFmtCount;        // k = DXGI_FORMAT 0..115
inline constexpr uint32_t kCapRegionEnd = regs::kCtrl;  // the state window follows the caps

/// CAP_ID[31:16]: "OM".
inline constexpr uint32_t kCapMagic = regs::cap_id::kReset >> regs::cap_id::kMagic.lsb;

// CAP_OM fields (docs/caps.md §7). Bits [3:0] hold the number of RT slots (1..8).
inline constexpr uint32_t kCapOmMaxRtsMask = regs::cap_om::kMaxRts.mask();
inline constexpr uint32_t kCapOmIndependentWriteMasks = regs::cap_om::kIndependentWriteMasks.mask();
inline constexpr uint32_t kCapOmPerRtBlendEnable = regs::cap_om::kPerRtBlendEnable.mask();
inline constexpr uint32_t kCapOmIndependentBlend = regs::cap_om::kIndependentBlend.mask();
inline constexpr uint32_t kCapOmSeparateAlpha = regs::cap_om::kSeparateAlpha.mask();
inline constexpr uint32_t kCapOmDualSource = regs::cap_om::kDualSource.mask();
inline constexpr uint32_t kCapOmSrcAlphaSat = regs::cap_om::kSrcAlphaSat.mask();
inline constexpr uint32_t kCapOmAlphaToCoverage = regs::cap_om::kAlphaToCoverage.mask();
inline constexpr uint32_t kCapOmLogicOp = regs::cap_om::kLogicOp.mask();
inline constexpr uint32_t kCapOmMrtIndependentBitDepths =
    regs::cap_om::kMrtIndependentBitDepths.mask();
inline constexpr uint32_t kCapOmLinearSrgbBlend = regs::cap_om::kLinearSrgbBlend.mask();
inline constexpr uint32_t kCapOmDepthStencil = regs::cap_om::kDepthStencil.mask();
inline constexpr uint32_t kCapOmCubeDepthStencil = regs::cap_om::kCubeDepthStencil.mask();

// CAP_FMT[k] fields (docs/caps.md §7).
inline constexpr uint32_t kCapFmtRenderTarget = regs::cap_fmt::kRenderTarget.mask();
inline constexpr uint32_t kCapFmtBlendable = regs::cap_fmt::kBlendable.mask();
inline constexpr uint32_t kCapFmtLogicOp = regs::cap_fmt::kLogicOp.mask();
inline constexpr uint32_t kCapFmtMultisampleRenderTarget = regs::cap_fmt::kMultisampleRt.mask();

/// True when `offset` addresses a capability register (aligned and listed in docs/caps.md §7).
bool is_cap_register(uint32_t offset);

/// The value of the capability register at byte `offset` for hardware configured as `cfg`:
///  CAP_ID     kCapMagic << 16 | kSpecRevision.
///  CAP_FL     D3D_FEATURE_LEVEL >> 8 (0x91 ... 0xB1).
///  CAP_OM     [3:0] cfg.max_rts; [11] cfg.logic_op; [14] 0 (no named configuration has the
///             optional depth/stencil unit of docs/behaviour.md §9); the other bits are the
///             docs/caps.md §6 row of cfg.fl ("yes" = 1; "no", "n/a" = 0), i.e. set from: [4] 9_3,
///             [5] 10_0, [6] 10_1, [7] 9_2, [8] [9] [10] [12] [13] [15] 10_0.
///  CAP_D3D9_OPTIONS1  cfg.d3d9_options1 (bit i = field i of D3D11_FEATURE_DATA_D3D9_OPTIONS1).
///  CAP_D3D9_NUMRT     cfg.d3d9_num_rts.
///  CAP_D3D9_PMISC     cfg.pmisc.
///  CAP_D3D9_BLEND     cfg.src_blend_caps | cfg.dest_blend_caps << 16.
///  CAP_MAX_SAMPLES    bit k set for every sample count 2^k <= cfg.samples.
///  CAP_FMT[k] for the kFormatInfo entry with DXGI value k (0 when the OM does not implement k):
///             [0] bit cfg.fl_index of rt_fl_mask, [1] bit cfg.fl_index of blend_fl_mask,
///             [2] [0] && class UINT && cfg.logic_op, [3] [0] && cfg.samples > 1.
/// Throws std::out_of_range naming the offset when it is unmapped (the RTL answers PSLVERR), and
/// std::invalid_argument when cfg.fl_index does not match cfg.fl.
uint32_t cap_register(const ConfigInfo& cfg, uint32_t offset);

/// D3D11_FEATURE_DATA_FORMAT_SUPPORT(2).OutFormatSupport(2) for one format (docs/caps.md §5).
struct FormatSupportData {
  uint32_t support = 0;  // D3D11_FORMAT_SUPPORT_ RENDER_TARGET, BLENDABLE, MULTISAMPLE_RENDERTARGET
  uint32_t support2 = 0;  // D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP
};

D3d9Options1 decode_d3d9_options1(uint32_t cap_d3d9_options1);
D3d11Options decode_d3d11_options(uint32_t cap_om);
D3dCaps9 decode_d3dcaps9(uint32_t cap_d3d9_numrt, uint32_t cap_d3d9_pmisc, uint32_t cap_d3d9_blend);
FormatSupportData decode_format_support(uint32_t cap_fmt);
OmCaps decode_cap_om(uint32_t cap_om);
/// CAP_FL -> feature level; throws std::invalid_argument for a code that is not a D3D feature
/// level.
FeatureLevel decode_cap_fl(uint32_t cap_fl);

/// Reads one capability register; a driver passes its bus read here.
using CapReader = std::function<uint32_t(uint32_t offset)>;
/// Read every capability register through `read` and decode them. Throws std::invalid_argument when
/// CAP_ID's magic is not kCapMagic or CAP_FL is not a feature level.
Caps decode_caps(const CapReader& read);
/// decode_caps over cap_register(cfg, ·).
Caps caps_from_config(const ConfigInfo& cfg);

/// Index of `fl` in kFeatureLevels (0 = 9_1 ... 6 = 11_1); throws std::invalid_argument for a bad
/// value.
int feature_level_index(FeatureLevel fl);

}  // namespace om::ref

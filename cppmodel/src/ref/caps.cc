// SPDX-License-Identifier: Apache-2.0
// Capability register values (docs/caps.md §7) and their decoders (docs/caps.md §2–§5).
#include "om/ref/caps.h"

#include <cstdio>
#include <stdexcept>
#include <string>

#include "om/gen/state_codec.h"

namespace om::ref {
namespace {

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%X", v);
  return buf;
}

const FormatInfo* format_by_dxgi(uint32_t dxgi) {
  for (const FormatInfo& f : kFormatInfo) {
    if (static_cast<uint32_t>(f.format) == dxgi) return &f;
  }
  return nullptr;
}

uint32_t cap_om(const ConfigInfo& cfg) {
  // The bits set from a feature level on: om_min_fl of the register description.
  uint32_t v = (cfg.max_rts & kCapOmMaxRtsMask) | regs::cap_fl_bits(kCapOmOffset, cfg.fl_index);
  if (cfg.logic_op) v |= kCapOmLogicOp;
  return v;
}

uint32_t cap_fmt(const ConfigInfo& cfg, uint32_t dxgi) {
  const FormatInfo* f = format_by_dxgi(dxgi);
  if (f == nullptr) return 0;
  uint32_t v = 0;
  if ((f->rt_fl_mask >> cfg.fl_index) & 1u) v |= kCapFmtRenderTarget;
  if ((f->blend_fl_mask >> cfg.fl_index) & 1u) v |= kCapFmtBlendable;
  if ((v & kCapFmtRenderTarget) && f->cls == FormatClass::UINT && cfg.logic_op) v |= kCapFmtLogicOp;
  if ((v & kCapFmtRenderTarget) && cfg.samples > 1) v |= kCapFmtMultisampleRenderTarget;
  return v;
}

}  // namespace

int feature_level_index(FeatureLevel fl) {
  for (int i = 0; i < kNumFeatureLevels; ++i) {
    if (kFeatureLevels[i] == fl) return i;
  }
  throw std::invalid_argument("feature level " + hex(static_cast<uint32_t>(fl)) +
                              " is not a D3D_FEATURE_LEVEL");
}

bool is_cap_register(uint32_t offset) {
  return offset % 4 == 0 && offset < kCapFmtOffset + 4 * kCapFmtCount;
}

uint32_t cap_register(const ConfigInfo& cfg, uint32_t offset) {
  if (cfg.fl_index >= kNumFeatureLevels || kFeatureLevels[cfg.fl_index] != cfg.fl) {
    throw std::invalid_argument(std::string("configuration ") + (cfg.name ? cfg.name : "?") +
                                ": fl_index does not match fl");
  }
  if (!is_cap_register(offset)) {
    throw std::out_of_range("capability register offset " + hex(offset) + " is unmapped");
  }
  switch (offset) {
    case kCapIdOffset:
      return kCapMagic << 16 | (kSpecRevision & 0xFFFFu);
    case kCapFlOffset:
      return static_cast<uint32_t>(cfg.fl) >> 8;
    case kCapOmOffset:
      return cap_om(cfg);
    case kCapD3d9Options1Offset:
      return cfg.d3d9_options1 & 0xFu;
    case kCapD3d9NumRtOffset:
      return cfg.d3d9_num_rts;
    case kCapD3d9PmiscOffset:
      return cfg.pmisc;
    case kCapD3d9BlendOffset:
      return uint32_t{cfg.src_blend_caps} | uint32_t{cfg.dest_blend_caps} << 16;
    case kCapMaxSamplesOffset:
      return (uint32_t{cfg.samples} << 1) - 1u;  // every power of two up to cfg.samples
    default:
      return cap_fmt(cfg, (offset - kCapFmtOffset) / 4);
  }
}

D3d9Options1 decode_d3d9_options1(uint32_t reg) {
  D3d9Options1 o;
  o.full_non_pow2_texture_supported = reg & 1u;
  o.depth_as_texture_with_less_equal_comparison_filter_supported = (reg >> 1) & 1u;
  o.simple_instancing_supported = (reg >> 2) & 1u;
  o.texture_cube_face_render_target_with_non_cube_depth_stencil_supported = (reg >> 3) & 1u;
  return o;
}

D3d11Options decode_d3d11_options(uint32_t cap_om) {
  D3d11Options o;
  o.output_merger_logic_op = (cap_om & kCapOmLogicOp) != 0;
  return o;
}

D3dCaps9 decode_d3dcaps9(uint32_t numrt, uint32_t pmisc, uint32_t blend) {
  D3dCaps9 c;
  c.num_simultaneous_rts = numrt;
  c.primitive_misc_caps = pmisc;
  c.src_blend_caps = blend & 0xFFFFu;
  c.dest_blend_caps = blend >> 16;
  return c;
}

FormatSupportData decode_format_support(uint32_t reg) {
  FormatSupportData d;
  if (reg & kCapFmtRenderTarget) d.support |= static_cast<uint32_t>(FormatSupport::RENDER_TARGET);
  if (reg & kCapFmtBlendable) d.support |= static_cast<uint32_t>(FormatSupport::BLENDABLE);
  if (reg & kCapFmtMultisampleRenderTarget) {
    d.support |= static_cast<uint32_t>(FormatSupport::MULTISAMPLE_RENDERTARGET);
  }
  if (reg & kCapFmtLogicOp)
    d.support2 |= static_cast<uint32_t>(FormatSupport2::OUTPUT_MERGER_LOGIC_OP);
  return d;
}

OmCaps decode_cap_om(uint32_t reg) {
  OmCaps c;
  c.max_rts = reg & kCapOmMaxRtsMask;
  c.independent_write_masks = reg & kCapOmIndependentWriteMasks;
  c.per_rt_blend_enable = reg & kCapOmPerRtBlendEnable;
  c.independent_blend = reg & kCapOmIndependentBlend;
  c.separate_alpha = reg & kCapOmSeparateAlpha;
  c.dual_source = reg & kCapOmDualSource;
  c.src_alpha_sat = reg & kCapOmSrcAlphaSat;
  c.alpha_to_coverage = reg & kCapOmAlphaToCoverage;
  c.logic_op = reg & kCapOmLogicOp;
  c.mrt_independent_bit_depths = reg & kCapOmMrtIndependentBitDepths;
  c.linear_srgb_blend = reg & kCapOmLinearSrgbBlend;
  c.depth_stencil = reg & kCapOmDepthStencil;
  c.cube_depth_stencil = reg & kCapOmCubeDepthStencil;
  return c;
}

FeatureLevel decode_cap_fl(uint32_t reg) {
  const uint32_t fl = (reg & 0xFFu) << 8;
  if ((reg >> 8) != 0 || !is_valid_feature_level(fl)) {
    throw std::invalid_argument("CAP_FL value " + hex(reg) + " is not a feature level code");
  }
  return static_cast<FeatureLevel>(fl);
}

Caps decode_caps(const CapReader& read) {
  Caps c;
  const uint32_t id = read(kCapIdOffset);
  if ((id >> 16) != kCapMagic) {
    throw std::invalid_argument("CAP_ID " + hex(id) + " lacks the magic 0x4F4D");
  }
  c.spec_revision = id & 0xFFFFu;
  c.fl = decode_cap_fl(read(kCapFlOffset));
  const uint32_t om = read(kCapOmOffset);
  c.om = decode_cap_om(om);
  c.d3d11_options = decode_d3d11_options(om);
  c.d3d9_options1 = decode_d3d9_options1(read(kCapD3d9Options1Offset));
  c.d3d9 = decode_d3dcaps9(read(kCapD3d9NumRtOffset), read(kCapD3d9PmiscOffset),
                           read(kCapD3d9BlendOffset));
  c.max_samples = read(kCapMaxSamplesOffset);
  for (uint32_t k = 0; k < kCapFmtCount; ++k) {
    c.fmt[k] = static_cast<uint8_t>(read(kCapFmtOffset + 4 * k) & 0xFu);
  }
  return c;
}

Caps caps_from_config(const ConfigInfo& cfg) {
  return decode_caps([&cfg](uint32_t offset) { return cap_register(cfg, offset); });
}

}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// om_validate (docs/validation.md §7): every check of the table, evaluated independently, then
// combined.
#include "om/ref/om_validate.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "om/ref/validate.h"

namespace om::ref {
namespace {

constexpr int kNumChecks = 18;
constexpr int kWarning = static_cast<int>(ValidateReason::WARNING);

// D3DPBLENDCAPS bits of the D3D9Ex dual-source factors (d3d9caps.h); not in defs since no config
// reports them.
constexpr uint32_t kPBlendSrcColor2 = 0x4000;
constexpr uint32_t kPBlendInvSrcColor2 = 0x8000;

struct Finding {
  bool fail = false;
  Hresult code = Hresult::S_OK;
  uint32_t passes = 0;
  int rt = -1;
};

Finding found(Hresult code, int rt, uint32_t passes = 0) {
  Finding f;
  f.fail = true;
  f.code = code;
  f.rt = rt;
  f.passes = passes;
  return f;
}

const FormatInfo* format_info(Format fmt) {
  for (const FormatInfo& f : kFormatInfo) {
    if (f.format == fmt) return &f;
  }
  return nullptr;
}

bool is_pow2(uint32_t v) { return v != 0 && (v & (v - 1)) == 0; }

uint32_t log2_of(uint32_t v) {
  uint32_t n = 0;
  while (v > 1) {
    v >>= 1;
    ++n;
  }
  return n;
}

uint32_t present_channels(const FormatInfo& f) {
  uint32_t m = 0;
  for (int c = 0; c < 4; ++c) {
    if (f.ch[c].bits != 0) m |= 1u << c;
  }
  return m;
}

PsOutputType output_type_for(FormatClass c) {
  if (c == FormatClass::UINT) return PsOutputType::UINT;
  if (c == FormatClass::SINT) return PsOutputType::SINT;
  return PsOutputType::FLOAT;
}

// D3DPBLENDCAPS bit of a D3D11 factor (by name, docs/behaviour.md §5.6 read backwards); 0 when D3D9
// has none.
uint32_t pblend_cap(Blend b) {
  switch (b) {
    case Blend::ZERO:
      return static_cast<uint32_t>(PBlendCaps::ZERO);
    case Blend::ONE:
      return static_cast<uint32_t>(PBlendCaps::ONE);
    case Blend::SRC_COLOR:
      return static_cast<uint32_t>(PBlendCaps::SRCCOLOR);
    case Blend::INV_SRC_COLOR:
      return static_cast<uint32_t>(PBlendCaps::INVSRCCOLOR);
    case Blend::SRC_ALPHA:
      return static_cast<uint32_t>(PBlendCaps::SRCALPHA);
    case Blend::INV_SRC_ALPHA:
      return static_cast<uint32_t>(PBlendCaps::INVSRCALPHA);
    case Blend::DEST_ALPHA:
      return static_cast<uint32_t>(PBlendCaps::DESTALPHA);
    case Blend::INV_DEST_ALPHA:
      return static_cast<uint32_t>(PBlendCaps::INVDESTALPHA);
    case Blend::DEST_COLOR:
      return static_cast<uint32_t>(PBlendCaps::DESTCOLOR);
    case Blend::INV_DEST_COLOR:
      return static_cast<uint32_t>(PBlendCaps::INVDESTCOLOR);
    case Blend::SRC_ALPHA_SAT:
      return static_cast<uint32_t>(PBlendCaps::SRCALPHASAT);
    case Blend::BLEND_FACTOR:
    case Blend::INV_BLEND_FACTOR:
      return static_cast<uint32_t>(PBlendCaps::BLENDFACTOR);
    case Blend::SRC1_COLOR:
      return kPBlendSrcColor2;
    case Blend::INV_SRC1_COLOR:
      return kPBlendInvSrcColor2;
    default:
      return 0;
  }
}

bool has_cap(uint32_t caps, Blend b) {
  const uint32_t bit = pblend_cap(b);
  return bit != 0 && (caps & bit) != 0;
}

bool is_min_max(BlendOp op) { return op == BlendOp::MIN || op == BlendOp::MAX; }

// Facts derived once from the state and shared by the checks.
struct View {
  const OmState& s;
  const Caps& caps;
  std::vector<int> bound;  // bound slots in slot order
  std::vector<int> active;
  const FormatInfo* fmt[kMaxRts] = {};

  View(const OmState& st, const Caps& c) : s(st), caps(c) {
    for (int i = 0; i < kMaxRts; ++i) {
      if (!s.rt[i].bound) continue;
      bound.push_back(i);
      fmt[i] = format_info(s.rt[i].format);
      if (s.ps_output[i].written) active.push_back(i);
    }
  }
  const RtBlendDesc& desc(int i) const {
    return s.blend.render_target[s.blend.independent_blend_enable ? i : 0];
  }
  uint32_t mask(int i) const {
    if (s.d3d9.enabled) return i < 4 ? s.d3d9.color_write_enable[i] : 0xFu;
    return desc(i).render_target_write_mask;
  }
  uint32_t fmt_bits(int i) const {
    return fmt[i] ? caps.fmt_bits(static_cast<uint32_t>(fmt[i]->format)) : 0u;
  }
  bool mrt() const { return bound.size() >= 2; }
  bool logic_on() const { return desc(0).logic_op_enable; }
  bool dual_on() const { return uses_dual_source(desc(0)); }
  bool fl9() const { return !caps.fl_at_least(FeatureLevel::FL_10_0); }
  bool pmisc(PMiscCaps p) const {
    return (caps.d3d9.primitive_misc_caps & static_cast<uint32_t>(p)) != 0;
  }
};

Finding check_internal(const View& v) {
  const OmState& s = v.s;
  if (s.internal_error) return found(Hresult::D3DERR_DRIVERINTERNALERROR, -1);
  const DescCheck d = check_blend_desc_fields(s.blend, true);
  if (d.hr != Hresult::S_OK) return found(Hresult::D3DERR_DRIVERINTERNALERROR, d.rt);
  for (int i : v.bound) {
    if (v.fmt[i] == nullptr) return found(Hresult::D3DERR_DRIVERINTERNALERROR, i);
  }
  for (int i = 0; i < kMaxRts; ++i) {
    if (static_cast<uint32_t>(s.ps_output[i].type) > 2) {
      return found(Hresult::D3DERR_DRIVERINTERNALERROR, i);
    }
  }
  for (int i = 0; i < 4; ++i) {
    if (s.d3d9.color_write_enable[i] > 0xF) return found(Hresult::D3DERR_DRIVERINTERNALERROR, i);
  }
  if (!is_normalised(s.blend)) return found(Hresult::D3DERR_DRIVERINTERNALERROR, -1);
  return {};
}

Finding check_rt_count(const View& v) {
  const uint32_t max = std::max<uint32_t>(
      1, v.s.d3d9.enabled ? v.caps.d3d9.num_simultaneous_rts : v.caps.om.max_rts);
  const uint32_t n = static_cast<uint32_t>(v.bound.size());
  for (int i : v.bound) {
    if (static_cast<uint32_t>(i) >= max) {
      return found(Hresult::D3DERR_TOOMANYOPERATIONS, i, (n + max - 1) / max);
    }
  }
  return {};
}

Finding check_rt_shapes(const View& v) {
  if (v.bound.empty()) return {};
  const RtBinding& r0 = v.s.rt[v.bound[0]];
  for (int i : v.bound) {
    const RtBinding& r = v.s.rt[i];
    if (r.width != r0.width || r.height != r0.height || r.array_size != r0.array_size ||
        r.sample_count != r0.sample_count || r.type != r0.type || r.cube != r0.cube) {
      return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, i);
    }
  }
  const DsvBinding& d = v.s.dsv;
  if (!d.bound) return {};
  const bool mismatch =
      v.s.d3d9.enabled
          ? (d.width < r0.width || d.height < r0.height || d.sample_count != r0.sample_count)
          : (d.width != r0.width || d.height != r0.height || d.array_size != r0.array_size ||
             d.sample_count != r0.sample_count);
  return mismatch ? found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, -1) : Finding{};
}

Finding check_bit_depths(const View& v) {
  if (!v.mrt()) return {};
  const bool independent = v.s.d3d9.enabled ? v.pmisc(PMiscCaps::MRTINDEPENDENTBITDEPTHS)
                                            : v.caps.om.mrt_independent_bit_depths;
  if (independent) return {};
  const FormatInfo* f0 = v.fmt[v.bound[0]];
  if (f0 == nullptr) return {};
  for (int i : v.bound) {
    const FormatInfo* f = v.fmt[i];
    if (f == nullptr) continue;
    if (f->texel_bits != f0->texel_bits || (f0->texel_bits == 16 && f->format != f0->format)) {
      return found(Hresult::D3DERR_WRONGTEXTUREFORMAT, i);
    }
  }
  return {};
}

Finding check_format_support(const View& v) {
  for (int i : v.bound) {
    if (v.fmt[i] == nullptr) continue;
    const uint32_t bits = v.fmt_bits(i);
    const uint32_t samples = v.s.rt[i].sample_count;
    const bool ms_ok =
        samples == 1 || (is_pow2(samples) && (bits & kCapFmtMultisampleRenderTarget) &&
                         ((v.caps.max_samples >> log2_of(samples)) & 1u));
    const bool active = v.s.ps_output[i].written;
    if (!(bits & kCapFmtRenderTarget) || !ms_ok ||
        (active && v.desc(i).blend_enable && !(bits & kCapFmtBlendable))) {
      return found(Hresult::D3DERR_WRONGTEXTUREFORMAT, i);
    }
  }
  return {};
}

Finding check_logic_formats(const View& v) {
  if (!v.logic_on()) return {};
  for (int i : v.active) {
    if (v.fmt[i] == nullptr) continue;
    if (v.fmt[i]->cls != FormatClass::UINT || !(v.fmt_bits(i) & kCapFmtLogicOp)) {
      return found(Hresult::D3DERR_WRONGTEXTUREFORMAT, i);
    }
  }
  return {};
}

Finding check_dual_source_mrt(const View& v) {
  if (!v.dual_on()) return {};
  for (int i : v.bound) {
    if (i >= 1) return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, i, 2);
  }
  return {};
}

Finding check_dual_source_ops(const View& v) {
  if (!v.dual_on()) return {};
  const RtBlendDesc& d = v.desc(0);
  if (is_min_max(d.blend_op)) return found(Hresult::D3DERR_UNSUPPORTEDCOLOROPERATION, 0);
  if (is_min_max(d.blend_op_alpha)) return found(Hresult::D3DERR_UNSUPPORTEDALPHAOPERATION, 0);
  return {};
}

Finding check_output_types(const View& v) {
  for (int i : v.active) {
    if (v.fmt[i] == nullptr) continue;
    if (v.s.ps_output[i].type != output_type_for(v.fmt[i]->cls)) {
      return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, i);
    }
  }
  return {};
}

Finding check_d3d9_post_ps(const View& v) {
  if (!v.s.d3d9.enabled || !v.mrt()) return {};
  const D3d9Mode& m = v.s.d3d9;
  bool post_ps = m.alpha_test_enable || m.fog_enable || m.dither_enable;
  for (int i : v.bound) post_ps = post_ps || v.desc(i).blend_enable || (v.mask(i) & 0xF) != 0xF;
  if (!post_ps) return {};
  const uint32_t passes = static_cast<uint32_t>(v.bound.size());
  if (!v.pmisc(PMiscCaps::MRTPOSTPIXELSHADERBLENDING)) {
    return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, v.bound[1], passes);
  }
  for (int i : v.bound) {
    if (v.fmt[i] != nullptr && !(v.fmt_bits(i) & kCapFmtBlendable)) {
      return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, i, passes);
    }
  }
  return {};
}

Finding check_d3d9_write_masks(const View& v) {
  if (!v.s.d3d9.enabled || !v.mrt() || v.pmisc(PMiscCaps::INDEPENDENTWRITEMASKS)) return {};
  std::set<uint32_t> masks;
  int first_diff = -1;
  for (int i : v.bound) {
    masks.insert(v.mask(i));
    if (first_diff < 0 && v.mask(i) != v.mask(v.bound[0])) first_diff = i;
  }
  if (masks.size() < 2) return {};
  return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, first_diff,
               static_cast<uint32_t>(masks.size()));
}

Finding check_d3d9_msaa(const View& v) {
  if (!v.s.d3d9.enabled || !v.mrt()) return {};
  for (int i : v.bound) {
    if (v.s.rt[i].sample_count > 1) return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, i);
  }
  if (v.s.d3d9.multisample_antialias) {
    return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, v.bound[1]);
  }
  return {};
}

// Bit 13, one sub-check after another; the first failing one decides code and slot.
Finding check_feature_level(const View& v) {
  const OmCaps& om = v.caps.om;
  const OmState& s = v.s;
  if (s.blend.alpha_to_coverage_enable && !om.alpha_to_coverage) {
    return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, -1);
  }
  auto forbidden = [&om](Blend b) {
    return (b == Blend::SRC_ALPHA_SAT && !om.src_alpha_sat) ||
           (is_dual_source_factor(b) && !om.dual_source);
  };
  for (int i : v.active) {
    const RtBlendDesc& d = v.desc(i);
    if (!d.blend_enable) continue;
    const bool rgb = forbidden(d.src_blend) || forbidden(d.dest_blend);
    const bool alpha = forbidden(d.src_blend_alpha) || forbidden(d.dest_blend_alpha);
    if (rgb) return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, i);
    if (alpha) return found(Hresult::D3DERR_UNSUPPORTEDALPHAOPERATION, i);
  }
  if (v.fl9() && s.sample_mask == 0) return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, -1);
  if (v.fl9() && v.mrt()) {
    for (int i : v.bound) {
      if (v.fmt[i] != nullptr && v.fmt[i]->cls == FormatClass::UNORM_SRGB) {
        return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, i);
      }
    }
  }
  if (!om.separate_alpha) {
    for (int i : v.active) {
      if (uses_separate_alpha(v.desc(i)))
        return found(Hresult::D3DERR_UNSUPPORTEDALPHAOPERATION, i);
    }
  }
  if (!om.independent_blend) {
    using Eq = std::tuple<bool, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>;
    std::set<Eq> eqs;
    int first = -1;
    int first_diff = -1;
    for (int i : v.active) {
      const RtBlendDesc& d = v.desc(i);
      if (!d.blend_enable && om.per_rt_blend_enable) continue;
      eqs.insert(Eq(
          d.blend_enable, static_cast<uint32_t>(d.src_blend), static_cast<uint32_t>(d.dest_blend),
          static_cast<uint32_t>(d.blend_op), static_cast<uint32_t>(d.src_blend_alpha),
          static_cast<uint32_t>(d.dest_blend_alpha), static_cast<uint32_t>(d.blend_op_alpha)));
      if (first < 0) {
        first = i;
      } else if (first_diff < 0 && !same_equation(d, v.desc(first))) {
        first_diff = i;
      }
    }
    if (eqs.size() > 1) {
      return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, first_diff,
                   static_cast<uint32_t>(eqs.size()));
    }
  }
  if (v.fl9()) {
    for (int i : v.bound) {
      if (s.rt[i].type != ResourceType::TEXTURE2D) {
        return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, i);
      }
    }
  }
  return {};
}

Finding check_d3d9_blend_op(const View& v) {
  if (!v.s.d3d9.enabled || v.pmisc(PMiscCaps::BLENDOP)) return {};
  for (int i : v.active) {
    const RtBlendDesc& d = v.desc(i);
    if (d.blend_enable && (d.blend_op != BlendOp::ADD || d.blend_op_alpha != BlendOp::ADD)) {
      return found(Hresult::D3DERR_UNSUPPORTEDCOLOROPERATION, i);
    }
  }
  return {};
}

Finding check_d3d9_blend_caps(const View& v) {
  if (!v.s.d3d9.enabled) return {};
  const D3dCaps9& c = v.caps.d3d9;
  for (int i : v.active) {
    const RtBlendDesc& d = v.desc(i);
    if (!d.blend_enable) continue;
    if (!has_cap(c.src_blend_caps, d.src_blend) || !has_cap(c.dest_blend_caps, d.dest_blend)) {
      return found(Hresult::D3DERR_UNSUPPORTEDCOLORARG, i);
    }
    if (!has_cap(c.src_blend_caps, d.src_blend_alpha) ||
        !has_cap(c.dest_blend_caps, d.dest_blend_alpha)) {
      return found(Hresult::D3DERR_UNSUPPORTEDALPHAARG, i);
    }
  }
  return {};
}

Finding check_cube_face_ds(const View& v) {
  if (!v.s.dsv.bound || v.s.dsv.cube ||
      v.caps.d3d9_options1.texture_cube_face_render_target_with_non_cube_depth_stencil_supported) {
    return {};
  }
  for (int i : v.bound) {
    if (v.s.rt[i].cube) return found(Hresult::D3DERR_CONFLICTINGRENDERSTATE, i);
  }
  return {};
}

Finding check_warnings(const View& v) {
  const OmState& s = v.s;
  for (int i : v.active) {
    if (v.fmt[i] == nullptr) continue;
    if (v.mask(i) & present_channels(*v.fmt[i]) & ~s.ps_output[i].mask & 0xFu) {
      return found(Hresult::S_OK, i, 1);
    }
  }
  if (v.logic_on()) {
    for (int i : v.active) {
      if (v.fmt[i] == nullptr || v.fmt[i]->cls != FormatClass::UINT) continue;  // others: bit 6
      for (const ChannelInfo& ch : v.fmt[i]->ch) {
        if (ch.bits != 0 && ch.bits < s.ps_output[i].value_bits) return found(Hresult::S_OK, i, 1);
      }
    }
  }
  const bool k_default = s.blend_factor[0] == kF32One && s.blend_factor[1] == kF32One &&
                         s.blend_factor[2] == kF32One && s.blend_factor[3] == kF32One;
  if (k_default) {
    for (int i : v.active) {
      const RtBlendDesc& d = v.desc(i);
      for (Blend b : {d.src_blend, d.dest_blend, d.src_blend_alpha, d.dest_blend_alpha}) {
        if (d.blend_enable && (b == Blend::BLEND_FACTOR || b == Blend::INV_BLEND_FACTOR)) {
          return found(Hresult::S_OK, i, 1);
        }
      }
    }
  }
  if (v.dual_on() && !s.ps_output[1].written) return found(Hresult::S_OK, 0, 1);
  return {};
}

}  // namespace

ValidateResult om_validate(const OmState& state, const Caps& caps) {
  const View v(state, caps);
  std::array<Finding, kNumChecks> f;
  if (!state.initialised) f[0] = found(Hresult::D3DERR_DEVICELOST, -1);
  f[1] = check_internal(v);
  f[2] = check_rt_count(v);
  f[3] = check_rt_shapes(v);
  f[4] = check_bit_depths(v);
  f[5] = check_format_support(v);
  f[6] = check_logic_formats(v);
  f[7] = check_dual_source_mrt(v);
  f[8] = check_dual_source_ops(v);
  f[9] = check_output_types(v);
  f[10] = check_d3d9_post_ps(v);
  f[11] = check_d3d9_write_masks(v);
  f[12] = check_d3d9_msaa(v);
  f[13] = check_feature_level(v);
  f[14] = check_d3d9_blend_op(v);
  f[15] = check_d3d9_blend_caps(v);
  f[16] = check_cube_face_ds(v);
  f[17] = check_warnings(v);

  ValidateResult r;
  bool error = false;
  bool zero_pass = false;
  uint32_t max_passes = 1;
  for (int b = 0; b < kNumChecks; ++b) {
    if (!f[b].fail) continue;
    r.reasons |= 1u << b;
    if (b == kWarning) continue;
    if (!error) r.result = f[b].code;
    error = true;
    if (r.rt < 0) r.rt = f[b].rt;
    zero_pass = zero_pass || f[b].passes == 0;
    max_passes = std::max(max_passes, f[b].passes);
  }
  if (!error && f[kWarning].fail) r.rt = f[kWarning].rt;
  r.passes = !error ? 1 : (zero_pass ? 0 : max_passes);
  return r;
}

}  // namespace om::ref

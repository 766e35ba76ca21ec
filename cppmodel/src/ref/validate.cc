// SPDX-License-Identifier: Apache-2.0
// CreateBlendState(1) validation (docs/validation.md §2–§3), normalisation (docs/behaviour.md §2.1)
// and D3D11.0 promotion.
#include "om/ref/validate.h"

namespace om::ref {
namespace {

uint32_t raw(Blend b) { return static_cast<uint32_t>(b); }
uint32_t raw(BlendOp o) { return static_cast<uint32_t>(o); }
uint32_t raw(LogicOp o) { return static_cast<uint32_t>(o); }
uint32_t raw(FeatureLevel f) { return static_cast<uint32_t>(f); }

DescCheck fail(DescRule rule, int rt) {
  DescCheck c;
  c.hr = Hresult::E_INVALIDARG;
  c.rule = rule;
  c.rt = rt;
  return c;
}

// docs/validation.md §2, one RenderTarget[] entry.
DescRule check_rt(const RtBlendDesc& rt, bool ibe, bool logic_op_cap) {
  if (rt.blend_enable) {
    if (rt.logic_op_enable) return DescRule::BLEND_AND_LOGIC;
    if (!is_rgb_blend_factor(raw(rt.src_blend))) return DescRule::SRC_BLEND;
    if (!is_rgb_blend_factor(raw(rt.dest_blend))) return DescRule::DEST_BLEND;
    if (!is_alpha_blend_factor(raw(rt.src_blend_alpha))) return DescRule::SRC_BLEND_ALPHA;
    if (!is_alpha_blend_factor(raw(rt.dest_blend_alpha))) return DescRule::DEST_BLEND_ALPHA;
    if (!is_valid_blend_op(raw(rt.blend_op))) return DescRule::BLEND_OP;
    if (!is_valid_blend_op(raw(rt.blend_op_alpha))) return DescRule::BLEND_OP_ALPHA;
  }
  if (rt.logic_op_enable) {
    if (ibe) return DescRule::LOGIC_WITH_IBE;
    if (raw(rt.logic_op) > 15) return DescRule::LOGIC_OP_RANGE;
    if (!logic_op_cap) return DescRule::LOGIC_OP_CAP;
  }
  if (rt.render_target_write_mask > 0xF) return DescRule::WRITE_MASK;
  return DescRule::OK;
}

bool uses_factor(const RtBlendDesc& rt, Blend b) {
  return rt.blend_enable && (rt.src_blend == b || rt.dest_blend == b || rt.src_blend_alpha == b ||
                             rt.dest_blend_alpha == b);
}

// docs/validation.md §3 on the normalised descriptor `n`.
DescCheck check_feature_level(const BlendDesc& n, FeatureLevel fl) {
  const bool fl9 = raw(fl) <= raw(FeatureLevel::FL_9_3);
  const auto& rt = n.render_target;
  if (fl9 && n.alpha_to_coverage_enable) return fail(DescRule::FL_ALPHA_TO_COVERAGE, -1);
  if (fl9) {
    for (int i = 1; i < 4; ++i) {
      if (rt[i].blend_enable != rt[0].blend_enable) return fail(DescRule::FL_MRT_BLEND, i);
    }
  }
  if (fl == FeatureLevel::FL_9_2) {
    for (int i = 1; i < 4; ++i) {
      if (rt[i].render_target_write_mask != rt[0].render_target_write_mask) {
        return fail(DescRule::FL_INDEPENDENT_WRITE_MASKS, i);
      }
    }
  }
  if (fl9) {
    for (int i = 0; i < kMaxRts; ++i) {
      if (uses_factor(rt[i], Blend::SRC_ALPHA_SAT)) return fail(DescRule::FL_SRC_ALPHA_SAT, i);
    }
    for (int i = 0; i < kMaxRts; ++i) {
      if (uses_dual_source(rt[i])) return fail(DescRule::FL_DUAL_SOURCE, i);
    }
  }
  if (fl == FeatureLevel::FL_9_1) {
    for (int i = 0; i < kMaxRts; ++i) {
      if (uses_separate_alpha(rt[i])) return fail(DescRule::FL_SEPARATE_ALPHA, i);
    }
  }
  if (raw(fl) <= raw(FeatureLevel::FL_10_0)) {
    int first = -1;
    for (int i = 0; i < kMaxRts; ++i) {
      if (!rt[i].blend_enable) continue;
      if (first < 0) {
        first = i;
      } else if (!same_equation(rt[i], rt[first])) {
        return fail(DescRule::FL_INDEPENDENT_BLEND, i);
      }
    }
  }
  if (fl9) {
    for (int i = 0; i < kMaxRts; ++i) {
      if (rt[i].logic_op_enable) return fail(DescRule::FL_LOGIC_OP, i);
    }
  }
  return DescCheck{};
}

}  // namespace

bool is_rgb_blend_factor(uint32_t v) { return is_valid_blend(v); }

bool is_alpha_blend_factor(uint32_t v) {
  switch (static_cast<Blend>(v)) {
    case Blend::ZERO:
    case Blend::ONE:
    case Blend::SRC_ALPHA:
    case Blend::INV_SRC_ALPHA:
    case Blend::DEST_ALPHA:
    case Blend::INV_DEST_ALPHA:
    case Blend::SRC_ALPHA_SAT:
    case Blend::BLEND_FACTOR:
    case Blend::INV_BLEND_FACTOR:
    case Blend::SRC1_ALPHA:
    case Blend::INV_SRC1_ALPHA:
      return true;
    default:
      return false;
  }
}

bool is_dual_source_factor(Blend b) {
  return b == Blend::SRC1_COLOR || b == Blend::INV_SRC1_COLOR || b == Blend::SRC1_ALPHA ||
         b == Blend::INV_SRC1_ALPHA;
}

bool uses_dual_source(const RtBlendDesc& rt) {
  return rt.blend_enable &&
         (is_dual_source_factor(rt.src_blend) || is_dual_source_factor(rt.dest_blend) ||
          is_dual_source_factor(rt.src_blend_alpha) || is_dual_source_factor(rt.dest_blend_alpha));
}

Blend alpha_slot_equivalent(Blend rgb) {
  switch (rgb) {
    case Blend::SRC_COLOR:
      return Blend::SRC_ALPHA;
    case Blend::INV_SRC_COLOR:
      return Blend::INV_SRC_ALPHA;
    case Blend::DEST_COLOR:
      return Blend::DEST_ALPHA;
    case Blend::INV_DEST_COLOR:
      return Blend::INV_DEST_ALPHA;
    case Blend::SRC1_COLOR:
      return Blend::SRC1_ALPHA;
    case Blend::INV_SRC1_COLOR:
      return Blend::INV_SRC1_ALPHA;
    default:
      return rgb;
  }
}

bool uses_separate_alpha(const RtBlendDesc& rt) {
  return rt.blend_enable && (rt.src_blend_alpha != alpha_slot_equivalent(rt.src_blend) ||
                             rt.dest_blend_alpha != alpha_slot_equivalent(rt.dest_blend) ||
                             rt.blend_op_alpha != rt.blend_op);
}

bool same_equation(const RtBlendDesc& a, const RtBlendDesc& b) {
  return a.blend_enable == b.blend_enable && a.src_blend == b.src_blend &&
         a.dest_blend == b.dest_blend && a.blend_op == b.blend_op &&
         a.src_blend_alpha == b.src_blend_alpha && a.dest_blend_alpha == b.dest_blend_alpha &&
         a.blend_op_alpha == b.blend_op_alpha;
}

DescCheck check_blend_desc_fields(const BlendDesc& desc, bool logic_op_cap) {
  const int n = desc.independent_blend_enable ? kMaxRts : 1;
  for (int i = 0; i < n; ++i) {
    const DescRule r = check_rt(desc.render_target[i], desc.independent_blend_enable, logic_op_cap);
    if (r != DescRule::OK) return fail(r, i);
  }
  return DescCheck{};
}

DescCheck check_blend_desc(const BlendDesc* desc, FeatureLevel fl, bool logic_op_cap) {
  if (desc == nullptr) return fail(DescRule::NULL_DESC, -1);
  const DescCheck fields = check_blend_desc_fields(*desc, logic_op_cap);
  if (fields.hr != Hresult::S_OK) return fields;
  return check_feature_level(normalise(*desc), fl);
}

Hresult validate_blend_desc(const BlendDesc* desc, const ConfigInfo& cfg) {
  return check_blend_desc(desc, cfg.fl, cfg.logic_op).hr;
}

Hresult validate_blend_desc(const BlendDesc* desc, const Caps& caps) {
  return check_blend_desc(desc, caps.fl, caps.d3d11_options.output_merger_logic_op).hr;
}

BlendDesc normalise(const BlendDesc& desc) {
  BlendDesc n = desc;
  for (int i = 0; i < kMaxRts; ++i) {
    RtBlendDesc& rt = n.render_target[i];
    if (!desc.independent_blend_enable) rt = desc.render_target[0];
    if (!rt.blend_enable) {
      rt.src_blend = Blend::ONE;
      rt.dest_blend = Blend::ZERO;
      rt.blend_op = BlendOp::ADD;
      rt.src_blend_alpha = Blend::ONE;
      rt.dest_blend_alpha = Blend::ZERO;
      rt.blend_op_alpha = BlendOp::ADD;
    }
    if (!rt.logic_op_enable) rt.logic_op = LogicOp::NOOP;
  }
  return n;
}

bool is_normalised(const BlendDesc& desc) { return normalise(desc) == desc; }

bool operator==(const RtBlendDesc& a, const RtBlendDesc& b) {
  return same_equation(a, b) && a.logic_op_enable == b.logic_op_enable &&
         a.logic_op == b.logic_op && a.render_target_write_mask == b.render_target_write_mask;
}
bool operator!=(const RtBlendDesc& a, const RtBlendDesc& b) { return !(a == b); }

bool operator==(const BlendDesc& a, const BlendDesc& b) {
  return a.alpha_to_coverage_enable == b.alpha_to_coverage_enable &&
         a.independent_blend_enable == b.independent_blend_enable &&
         a.render_target == b.render_target;
}
bool operator!=(const BlendDesc& a, const BlendDesc& b) { return !(a == b); }

BlendDesc promote(const BlendDesc0& d) {
  BlendDesc n;
  n.alpha_to_coverage_enable = d.alpha_to_coverage_enable;
  n.independent_blend_enable = d.independent_blend_enable;
  for (int i = 0; i < kMaxRts; ++i) {
    const RtBlendDesc0& s = d.render_target[i];
    RtBlendDesc& t = n.render_target[i];
    t.blend_enable = s.blend_enable;
    t.logic_op_enable = false;
    t.src_blend = s.src_blend;
    t.dest_blend = s.dest_blend;
    t.blend_op = s.blend_op;
    t.src_blend_alpha = s.src_blend_alpha;
    t.dest_blend_alpha = s.dest_blend_alpha;
    t.blend_op_alpha = s.blend_op_alpha;
    t.logic_op = LogicOp::NOOP;
    t.render_target_write_mask = s.render_target_write_mask;
  }
  return n;
}

}  // namespace om::ref

// SPDX-License-Identifier: Apache-2.0
// Render-target and depth-stencil views (CreateRenderTargetView, CreateDepthStencilView): the
// create-time rules of a view's format, shape and sample count against the capability registers
// (docs/driver.md §Views). OMSetRenderTargets applies the same rules to every view it binds.
#include <string>

#include "device_shadow.h"
#include "om/ref/caps.h"

namespace om::driver {
namespace {

constexpr uint32_t kDsvFlagMask = static_cast<uint32_t>(DsvFlag::READ_ONLY_DEPTH) |
                                  static_cast<uint32_t>(DsvFlag::READ_ONLY_STENCIL);

std::string size_text(uint32_t w, uint32_t h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

bool valid_resource_type(ref::ResourceType t, bool cube) {
  switch (t) {
    case ref::ResourceType::BUFFER:
    case ref::ResourceType::TEXTURE1D:
    case ref::ResourceType::TEXTURE3D:
      return !cube;
    case ref::ResourceType::TEXTURE2D:
      return true;
  }
  return false;
}

// A sample count n > 1 needs CAP_MAX_SAMPLES bit log2(n) and, for a render-target format, its
// CAP_FMT MULTISAMPLE_RT bit (`fmt_bits` < 0: a depth format, which has no CAP_FMT entry).
std::string samples_problem(uint32_t n, const ref::Caps& caps, int fmt_bits,
                            const std::string& format) {
  if (n == 1) return "";
  const bool pow2 = n != 0 && (n & (n - 1)) == 0;
  uint32_t log2 = 0;
  while (pow2 && (1u << log2) < n) ++log2;
  if (!pow2 || log2 >= 32 || ((caps.max_samples >> log2) & 1u) == 0) {
    return "sample count " + std::to_string(n) + " of " + format +
           " is not supported by this device (CAP_MAX_SAMPLES " + hex(caps.max_samples) + ")";
  }
  if (fmt_bits >= 0 &&
      (static_cast<uint32_t>(fmt_bits) & ref::kCapFmtMultisampleRenderTarget) == 0) {
    return "sample count " + std::to_string(n) + ": format " + format +
           " has no D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET on this device";
  }
  return "";
}

constexpr const char* kNull = "null description";

// A Create*View's result: *view = *desc when it succeeded with an out pointer.
template <class V>
Hresult copied(Hresult hr, const V* desc, V* view) {
  if (hr == Hresult::S_OK) *view = *desc;
  return hr;
}

}  // namespace

std::string rtv_problem(const RenderTargetView& v, const ref::Caps& caps) {
  const uint32_t dxgi = static_cast<uint32_t>(v.format);
  const FormatInfo* f = ref::find_format(dxgi);
  const std::string name = f != nullptr ? f->name : std::to_string(dxgi);
  const uint32_t bits = caps.fmt_bits(dxgi);
  if ((bits & ref::kCapFmtRenderTarget) == 0) {
    return "format " + name + " has no D3D11_FORMAT_SUPPORT_RENDER_TARGET on this device";
  }
  const uint32_t max_size = max_texture_size(caps.fl);
  if (v.width == 0 || v.height == 0 || v.width > max_size || v.height > max_size) {
    return "size " + size_text(v.width, v.height) + " outside 1.." + std::to_string(max_size);
  }
  if (v.array_size == 0 || v.sample_count == 0) return "array size and sample count must be >= 1";
  if (!valid_resource_type(v.type, v.cube)) return "invalid resource type";
  return samples_problem(v.sample_count, caps, static_cast<int>(bits), name);
}

std::string dsv_problem(const DepthStencilView& v, const ref::Caps& caps) {
  const uint32_t dxgi = static_cast<uint32_t>(v.format);
  const DsFormatInfo* f = ref::find_ds_format(dxgi);
  if (f == nullptr) return "format " + std::to_string(dxgi) + " is not a depth-stencil format";
  const FeatureLevel fl = caps.fl;
  const int fl_index = ref::feature_level_index(fl);
  if ((f->ds_fl_mask & (1u << fl_index)) == 0) {
    return std::string("format ") + f->name +
           " is not a depth-stencil format at this feature level";
  }
  if ((v.flags & ~kDsvFlagMask) != 0) {
    return "flags 0x" + std::to_string(v.flags) + " outside D3D11_DSV_FLAG (READ_ONLY_DEPTH | " +
           "READ_ONLY_STENCIL)";
  }
  if (v.flags != 0 && static_cast<uint32_t>(fl) < static_cast<uint32_t>(FeatureLevel::FL_11_0)) {
    return "read-only depth-stencil views need feature level 11_0";
  }
  if ((v.flags & static_cast<uint32_t>(DsvFlag::READ_ONLY_STENCIL)) != 0 && f->stencil_offset < 0) {
    return std::string("READ_ONLY_STENCIL on ") + f->name + ", which has no stencil";
  }
  const uint32_t max_size = max_texture_size(fl);
  if (v.width == 0 || v.height == 0 || v.width > max_size || v.height > max_size) {
    return "size " + size_text(v.width, v.height) + " outside 1.." + std::to_string(max_size);
  }
  if (v.array_size == 0 || v.sample_count == 0) return "array size and sample count must be >= 1";
  const bool texture =
      v.type == ref::ResourceType::TEXTURE1D || v.type == ref::ResourceType::TEXTURE2D;
  if (!texture || (v.cube && v.type != ref::ResourceType::TEXTURE2D)) {
    return "resource type " + std::to_string(static_cast<uint32_t>(v.type)) +
           (v.cube ? " (cube)" : "") + " is not a Texture1D/Texture2D";
  }
  return samples_problem(v.sample_count, caps, -1, f->name);
}

Hresult Device::view_created(const char* fn, const std::string& why, const void* out) {
  if (!why.empty()) return fail(Hresult::E_INVALIDARG, std::string(fn) + ": " + why);
  last_error_.clear();
  return out != nullptr ? Hresult::S_OK : Hresult::S_FALSE;
}

Hresult Device::create_render_target_view(const RenderTargetView* desc, RenderTargetView* view) {
  const char* fn = "create_render_target_view";
  return copied(view_created(fn, desc ? rtv_problem(*desc, caps_) : kNull, view), desc, view);
}

Hresult Device::create_depth_stencil_view(const DepthStencilView* desc, DepthStencilView* view) {
  const char* fn = "create_depth_stencil_view";
  return copied(view_created(fn, desc ? dsv_problem(*desc, caps_) : kNull, view), desc, view);
}

uint32_t Device::view_samples(const Shadow& s) {
  for (int i = 0; i < ref::kMaxRts; ++i) {
    if (s.bound[i]) return s.views[i].sample_count;
  }
  return s.dsv_bound ? s.dsv.sample_count : 1u;
}

Hresult Device::check_samples(const char* what, uint32_t* n) {
  const Shadow& s = *shadow_;
  *n = view_samples(s);
  const auto differs = [&](const std::string& view, uint32_t count) {
    return fail(Hresult::E_INVALIDARG, std::string(what) + ": " + view + " has " +
                                           std::to_string(count) + " samples, the first bound " +
                                           "view " + std::to_string(*n) +
                                           " (every bound view: one sample count)");
  };
  for (int i = 0; i < ref::kMaxRts; ++i) {
    if (s.bound[i] && s.views[i].sample_count != *n) {
      return differs("slot " + std::to_string(i), s.views[i].sample_count);
    }
  }
  if (s.dsv_bound && s.dsv.sample_count != *n) {
    return differs("the depth-stencil view", s.dsv.sample_count);
  }
  return Hresult::S_OK;
}

}  // namespace om::driver

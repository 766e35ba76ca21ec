// SPDX-License-Identifier: Apache-2.0
// OMSetDepthStencilState, ClearDepthStencilView and the depth/stencil stage of
// a draw (docs/depth-stencil.md §7): the state is programmed into the depth/stencil registers with
// the rest of the state (Device::hw_state); the buffer is the backend's (DepthStencilPort).
#include <string>
#include <utility>

#include "device_shadow.h"
#include "om/ref/caps.h"
#include "om/ref/fp32.h"

namespace om::driver {
namespace {

constexpr uint32_t kClearFlagMask =
    static_cast<uint32_t>(ClearFlag::DEPTH) | static_cast<uint32_t>(ClearFlag::STENCIL);

std::string size_text(uint32_t w, uint32_t h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

}  // namespace

Hresult Device::set_depth_stencil_state(DepthStencilState state, uint32_t stencil_ref) {
  if (state != 0 && !ds_table_.is_live(state)) {
    return fail(Hresult::E_INVALIDARG, "set_depth_stencil_state: depth-stencil state " +
                                           std::to_string(state) + " is not live");
  }
  Shadow next = *shadow_;
  next.ds_state = state;
  next.stencil_ref = stencil_ref & 0xFFu;
  const DepthStencilState previous = shadow_->ds_state;
  const Hresult hr = commit(next);
  if (failed(hr)) return hr;
  if (state != 0) ds_table_.add_ref(state);
  if (previous != 0) ds_table_.release(previous);
  return hr;
}

Hresult Device::set_depth_range(uint32_t min_depth, uint32_t max_depth) {
  // Binary32 in [0, 1]: +0 up to 1.0, or -0; everything else (negatives, above 1, NaN) is out.
  const auto in_range = [](uint32_t v) { return v <= ref::kF32One || v == 0x80000000u; };
  if (!in_range(min_depth) || !in_range(max_depth)) {
    return fail(Hresult::E_INVALIDARG, "set_depth_range: MinDepth " + hex(min_depth) +
                                           " / MaxDepth " + hex(max_depth) +
                                           " (binary32) outside [0, 1]");
  }
  // MinDepth <= MaxDepth (D3D11.3 §15.6.1). Both are in [0, 1], so their magnitudes order them as
  // floats do (-0 is +0).
  if ((min_depth & 0x7FFFFFFFu) > (max_depth & 0x7FFFFFFFu)) {
    return fail(Hresult::E_INVALIDARG, "set_depth_range: MinDepth " + hex(min_depth) +
                                           " greater than MaxDepth " + hex(max_depth) +
                                           " (binary32)");
  }
  Shadow next = *shadow_;
  next.min_depth = min_depth;
  next.max_depth = max_depth;
  return commit(next);
}

Hresult Device::set_d3d9_depth_stencil(const ref::D3d9DepthStencil& states) {
  const char* fn = "set_d3d9_depth_stencil";
  if (!shadow_->d3d9_mode) {
    return fail(Hresult::E_INVALIDARG, std::string(fn) +
                                           ": the D3D9 depth/stencil render states "
                                           "are D3D9-mode states");
  }
  const auto bad_func = [&](const char* name, CmpFunc f) {
    return fail(Hresult::E_INVALIDARG, std::string(fn) + ": " + name + " " +
                                           std::to_string(static_cast<uint32_t>(f)) +
                                           " is not a D3DCMPFUNC (1..8)");
  };
  const auto bad_op = [&](const char* name, StencilOp o) {
    return fail(Hresult::E_INVALIDARG, std::string(fn) + ": " + name + " " +
                                           std::to_string(static_cast<uint32_t>(o)) +
                                           " is not a D3DSTENCILOP (1..8)");
  };
  if (!is_valid_cmp_func(static_cast<uint32_t>(states.z_func)))
    return bad_func("ZFUNC", states.z_func);
  const std::pair<const char*, const ref::DepthStencilOpDesc*> faces[] = {
      {"", &states.stencil}, {"CCW_", &states.ccw_stencil}};
  for (const auto& [prefix, f] : faces) {
    const std::string p(prefix);
    if (!is_valid_cmp_func(static_cast<uint32_t>(f->stencil_func))) {
      return bad_func((p + "STENCILFUNC").c_str(), f->stencil_func);
    }
    const std::pair<const char*, StencilOp> ops[] = {{"STENCILFAIL", f->stencil_fail_op},
                                                     {"STENCILZFAIL", f->stencil_depth_fail_op},
                                                     {"STENCILPASS", f->stencil_pass_op}};
    for (const auto& [name, op] : ops) {
      if (!is_valid_stencil_op(static_cast<uint32_t>(op))) return bad_op((p + name).c_str(), op);
    }
  }
  Shadow next = *shadow_;
  next.d3d9_ds = states;
  return commit(next);
}

ref::DepthStencilDesc Device::effective_depth_stencil(const Shadow& s) const {
  if (s.d3d9_mode) return ref::d3d9_depth_stencil_desc(s.d3d9_ds);
  return s.ds_state != 0 ? ds_table_.desc(s.ds_state) : ref::normalise(ref::DepthStencilDesc{});
}

Hresult Device::check_depth_stencil_stage(const Shadow& s, const char* what) {
  if (!s.dsv_bound) return Hresult::S_OK;
  const ref::DepthStencilDesc d = effective_depth_stencil(s);
  if (!d.depth_enable && !d.stencil_enable) return Hresult::S_OK;
  if (!caps_.om.depth_stencil || pixels_->depth_stencil() == nullptr) {
    return fail(Hresult::E_INVALIDARG,
                std::string(what) +
                    ": the depth-stencil state tests depth or stencil on the bound view, but this "
                    "output merger has no depth/stencil stage (CAP_OM.DEPTH_STENCIL = 0)");
  }
  // docs/validation.md §7 check 3: the buffer must cover the targets (D3D9: at least as large).
  for (int i = 0; i < ref::kMaxRts; ++i) {
    if (!s.bound[i]) continue;
    const RenderTargetView& v = s.views[i];
    const bool covers = s.d3d9_mode ? s.dsv.width >= v.width && s.dsv.height >= v.height
                                    : s.dsv.width == v.width && s.dsv.height == v.height;
    if (!covers) {  // the sample counts are check_samples'
      return fail(Hresult::E_INVALIDARG,
                  std::string(what) + ": depth-stencil view " +
                      size_text(s.dsv.width, s.dsv.height) + " does not match slot " +
                      std::to_string(i) + "'s " + size_text(v.width, v.height) +
                      (s.d3d9_mode ? " (D3D9: at least as large)" : " (D3D11: the same size)"));
    }
    break;
  }
  return Hresult::S_OK;
}

Hresult Device::ds_port(const char* what, DepthStencilPort** port) {
  *port = pixels_ != nullptr ? pixels_->depth_stencil() : nullptr;
  if (!shadow_->dsv_bound) {
    return fail(Hresult::E_INVALIDARG, std::string(what) + ": no depth-stencil view bound");
  }
  if (!caps_.om.depth_stencil || *port == nullptr) {
    return fail(Hresult::E_INVALIDARG,
                std::string(what) +
                    ": this output merger has no depth/stencil stage (CAP_OM.DEPTH_STENCIL = 0)");
  }
  return Hresult::S_OK;
}

Hresult Device::ds_texel(const char* what, uint32_t x, uint32_t y, uint32_t sample,
                         DepthStencilPort** port) {
  const Hresult hr = ds_port(what, port);
  if (failed(hr)) return hr;
  const DepthStencilView& v = shadow_->dsv;
  if (x >= v.width || y >= v.height || sample >= v.sample_count) {
    return fail(Hresult::E_INVALIDARG, std::string(what) + ": (x, y, sample) (" +
                                           std::to_string(x) + ", " + std::to_string(y) + ", " +
                                           std::to_string(sample) +
                                           ") outside the depth-stencil view");
  }
  return Hresult::S_OK;
}

Hresult Device::clear_depth_stencil_view(uint32_t flags, uint32_t depth, uint32_t stencil) {
  const char* fn = "clear_depth_stencil_view";
  if (flags == 0 || (flags & ~kClearFlagMask) != 0) {
    return fail(Hresult::E_INVALIDARG, std::string(fn) + ": ClearFlags " + std::to_string(flags) +
                                           " is not a non-empty set of DEPTH (1) | STENCIL (2)");
  }
  if (stencil > 0xFF) {
    return fail(Hresult::E_INVALIDARG,
                std::string(fn) + ": stencil " + std::to_string(stencil) + " outside 0..255");
  }
  DepthStencilPort* port = nullptr;
  Hresult hr = ds_port(fn, &port);
  if (failed(hr)) return hr;
  hr = check_ready(fn);
  if (failed(hr)) return hr;
  const DepthStencilView& v = shadow_->dsv;
  const DsFormatInfo& f = *ref::find_ds_format(static_cast<uint32_t>(v.format));
  // D3D clamps the clear depth to [0, 1] (a NaN clamps to 0 by the min/max rules) and clears the
  // whole view, whatever the read-only flags, viewport or scissor say. The hardware has no
  // depth/stencil clear command, so the driver writes the buffer directly; the OM is idle between
  // submits, so no depth/stencil access of it is in flight.
  const uint32_t code = ref::depth_convert(ref::depth_clamp(depth, 0, ref::kF32One), f);
  const bool clear_depth = (flags & static_cast<uint32_t>(ClearFlag::DEPTH)) != 0;
  const bool clear_stencil = (flags & static_cast<uint32_t>(ClearFlag::STENCIL)) != 0;
  for (uint32_t y = 0; y < v.height; ++y) {
    for (uint32_t x = 0; x < v.width; ++x) {
      for (uint32_t i = 0; i < v.sample_count; ++i) {
        const ref::Texel old = port->read_ds_texel(x, y, i);
        const uint32_t d = clear_depth ? code : ref::ds_texel_depth(old, f);
        const uint8_t s =
            clear_stencil ? static_cast<uint8_t>(stencil) : ref::ds_texel_stencil(old, f);
        port->write_ds_texel(x, y, i, ref::ds_texel(d, s, f));
      }
    }
  }
  return ok();
}

Hresult Device::read_depth_stencil(uint32_t x, uint32_t y, uint32_t* depth, uint32_t* stencil,
                                   uint32_t sample) {
  const char* fn = "read_depth_stencil";
  if (depth == nullptr || stencil == nullptr) {
    return fail(Hresult::E_INVALIDARG, std::string(fn) + ": null output");
  }
  DepthStencilPort* port = nullptr;
  const Hresult hr = ds_texel(fn, x, y, sample, &port);
  if (failed(hr)) return hr;
  const DsFormatInfo& f = *ref::find_ds_format(static_cast<uint32_t>(shadow_->dsv.format));
  const ref::Texel t = port->read_ds_texel(x, y, sample);
  *depth = ref::ds_texel_depth(t, f);
  *stencil = ref::ds_texel_stencil(t, f);
  return ok();
}

Hresult Device::write_depth_stencil(uint32_t x, uint32_t y, uint32_t depth, uint32_t stencil,
                                    uint32_t sample) {
  const char* fn = "write_depth_stencil";
  DepthStencilPort* port = nullptr;
  const Hresult hr = ds_texel(fn, x, y, sample, &port);
  if (failed(hr)) return hr;
  const DsFormatInfo& f = *ref::find_ds_format(static_cast<uint32_t>(shadow_->dsv.format));
  const bool has_stencil = f.stencil_offset >= 0;
  if ((f.depth_bits < 32 && (depth >> f.depth_bits) != 0) || stencil > (has_stencil ? 0xFFu : 0u)) {
    return fail(Hresult::E_INVALIDARG, std::string(fn) + ": depth " + std::to_string(depth) +
                                           " / stencil " + std::to_string(stencil) +
                                           " does not fit " + f.name);
  }
  port->write_ds_texel(x, y, sample, ref::ds_texel(depth, static_cast<uint8_t>(stencil), f));
  return ok();
}

}  // namespace om::driver

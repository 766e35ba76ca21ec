// SPDX-License-Identifier: Apache-2.0
// Device creation, blend-state objects and the state-setting calls: each validates its arguments,
// builds the next API-level state, and commit() programs the registers that change.
#include "om/driver/device.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "device_shadow.h"
#include "om/gen/regs.h"

namespace om::driver {
namespace {

// Bus failure inside decode_caps (its reader cannot return an error).
struct CapReadError {
  BusResult result;
  uint32_t offset;
};

}  // namespace

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%X", v);
  return buf;
}

uint32_t max_texture_size(FeatureLevel fl) {
  switch (fl) {
    case FeatureLevel::FL_9_1:
    case FeatureLevel::FL_9_2:
      return 2048;
    case FeatureLevel::FL_9_3:
      return 4096;
    case FeatureLevel::FL_10_0:
    case FeatureLevel::FL_10_1:
      return 8192;
    case FeatureLevel::FL_11_0:
    case FeatureLevel::FL_11_1:
      return 16384;
  }
  return 0;
}

bool is_fl9(FeatureLevel fl) {
  return static_cast<uint32_t>(fl) < static_cast<uint32_t>(FeatureLevel::FL_10_0);
}

Device::Device(RegisterBus* bus, PixelPort* pixels, const ref::Caps& caps)
    : bus_(bus), pixels_(pixels), caps_(caps), table_(caps), shadow_(std::make_unique<Shadow>()) {}

Device::~Device() = default;

Hresult Device::create(RegisterBus* bus, PixelPort* pixels, std::unique_ptr<Device>* device) {
  if (bus == nullptr || device == nullptr) return Hresult::E_INVALIDARG;
  ref::Caps caps;
  try {
    caps = ref::decode_caps([bus](uint32_t offset) {
      const BusResult r = bus->read(offset);
      if (!r.ok()) throw CapReadError{r, offset};
      return r.data;
    });
  } catch (const CapReadError& e) {
    return e.result.status == BusStatus::kTimeout ? Hresult::D3DERR_DEVICELOST
                                                  : Hresult::D3DERR_DRIVERINTERNALERROR;
  } catch (const std::invalid_argument&) {
    return Hresult::D3DERR_DRIVERINTERNALERROR;  // no OM magic or no feature level in CAP_FL
  }
  std::unique_ptr<Device> d(new Device(bus, pixels, caps));
  // Program every state register once so that the shadow and the hardware agree.
  const RegImage image = encode(d->hw_state(*d->shadow_));
  for (const auto& [offset, value] : image) {
    const BusResult r = bus->write(offset, value);
    if (!r.ok()) {
      return r.status == BusStatus::kTimeout ? Hresult::D3DERR_DEVICELOST
                                             : Hresult::D3DERR_DRIVERINTERNALERROR;
    }
    d->programmed_[offset] = value;
  }
  *device = std::move(d);
  return Hresult::S_OK;
}

Hresult Device::fail(Hresult hr, const std::string& why) const {
  last_error_ = why;
  return hr;
}

Hresult Device::ok() {
  last_error_.clear();
  return Hresult::S_OK;
}

Hresult Device::bus_failure(const BusResult& r, const char* what, uint32_t offset) {
  if (r.status == BusStatus::kTimeout) {
    lost_ = true;
    return fail(Hresult::D3DERR_DEVICELOST,
                std::string(what) + ": the OM does not answer (register " + hex(offset) + ")");
  }
  return fail(Hresult::D3DERR_DRIVERINTERNALERROR,
              std::string(what) + ": bus error at register " + hex(offset));
}

Hresult Device::read_reg(uint32_t offset, uint32_t* value) {
  const BusResult r = bus_->read(offset);
  if (!r.ok()) return bus_failure(r, "register read", offset);
  *value = r.data;
  return Hresult::S_OK;
}

Hresult Device::check_ready(const char* what) {
  if (lost_) return fail(Hresult::D3DERR_DEVICELOST, std::string(what) + ": device lost; reset()");
  uint32_t status = 0;
  const Hresult hr = read_reg(regs::kStatus, &status);
  if (failed(hr)) return hr;
  if (regs::status::kInitialised.get(status) == 0) {
    return fail(Hresult::D3DERR_DEVICELOST, std::string(what) + ": STATUS.INITIALISED is 0");
  }
  return Hresult::S_OK;
}

State Device::hw_state(const Shadow& s) const {
  State h;
  const ref::BlendDesc n =
      s.blend != ref::kNullBlendState ? table_.desc(s.blend) : ref::normalise(ref::BlendDesc{});
  ref::BlendDesc blend = n;
  if (s.d3d9_mode) {
    // One D3D9 equation, per-RT COLORWRITEENABLEn: independent masks need the hardware's
    // per-slot descriptors, each a copy of the equation with its own mask.
    std::array<uint32_t, ref::kMaxRts> mask{};
    for (int i = 0; i < ref::kMaxRts; ++i) mask[i] = s.color_write_enable[i < 4 ? i : 0];
    const bool same =
        std::all_of(mask.begin(), mask.end(), [&](uint32_t m) { return m == mask[0]; });
    blend.independent_blend_enable = n.independent_blend_enable || !same;
    for (int i = 0; i < ref::kMaxRts; ++i) {
      blend.render_target[i] = n.render_target[n.independent_blend_enable ? i : 0];
      blend.render_target[i].render_target_write_mask = mask[i];
    }
  }
  ref::set_blend_desc(h, blend);
  h.blend_factor = s.blend_factor;
  h.sample_mask = s.sample_mask;
  // MS_CTRL.SAMPLE_COUNT: log2 of the views' count (validated as a supported power of two).
  for (uint32_t n = view_samples(s); n > 1; n >>= 1) ++h.sample_count;
  ref::D3d9State d3d9 = s.d3d9;
  d3d9.alpha_test_enable = s.d3d9_mode && s.d3d9.alpha_test_enable;
  d3d9.fog_enable = s.d3d9_mode && s.d3d9.fog_enable;
  ref::set_d3d9_state(h, d3d9);
  for (int i = 0; i < ref::kMaxRts; ++i) {
    if (s.ps[i].written) h.ps_outputs |= 1u << i;
    h.ps_output_type[i] = static_cast<uint32_t>(s.ps[i].type);
    if (s.bound[i]) {
      h.rt_bind[i].format = static_cast<uint32_t>(s.views[i].format);
      h.rt_bind[i].width = s.views[i].width;
      h.rt_bind[i].height = s.views[i].height;
    }
  }
  // The depth/stencil stage's registers (DS_CTRL, DS_FACE, DS_REF, DS_VIEW, DEPTH_MIN/MAX).
  ref::set_ds_desc(h, effective_depth_stencil(s));
  ref::DsView view;
  view.valid = s.dsv_bound;
  view.format = s.dsv_bound ? static_cast<uint32_t>(s.dsv.format) : 0u;
  view.dsv_flags = s.dsv_bound ? s.dsv.flags : 0u;
  ref::set_ds_view(h, view);
  h.stencil_ref = static_cast<uint8_t>(s.d3d9_mode ? s.d3d9_ds.stencil_ref : s.stencil_ref);
  h.min_depth = s.min_depth;
  h.max_depth = s.max_depth;
  return h;
}

Hresult Device::commit(const Shadow& next) {
  if (lost_) return fail(Hresult::D3DERR_DEVICELOST, "device lost; call reset()");
  const RegImage image = encode(hw_state(next));
  for (const auto& [offset, value] : image) {
    const auto it = programmed_.find(offset);
    if (it != programmed_.end() && it->second == value) continue;
    const BusResult r = bus_->write(offset, value);
    if (!r.ok()) return bus_failure(r, "register write", offset);
    programmed_[offset] = value;
  }
  *shadow_ = next;
  ++state_version_;
  return ok();
}

// -- Blend-state objects -------------------------------------------------------------------------

Hresult Device::create_blend_state1(const ref::BlendDesc* desc, BlendState* state) {
  const ref::CreateBlendStateResult r = table_.create(desc, state != nullptr);
  if (r.hr == Hresult::E_INVALIDARG) {
    std::string why = std::string("create_blend_state1: ") + message(r.rule);
    if (r.rt >= 0) why += " (RenderTarget[" + std::to_string(r.rt) + "])";
    return fail(r.hr, why);
  }
  if (r.hr == Hresult::D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS) {
    return fail(r.hr, "create_blend_state1: 4096 unique blend-state objects are live");
  }
  if (failed(r.hr)) return fail(r.hr, "create_blend_state1 failed");
  if (state != nullptr) *state = r.handle;
  last_error_.clear();
  return r.hr;
}

Hresult Device::create_blend_state(const ref::BlendDesc0* desc, BlendState* state) {
  if (desc == nullptr) return fail(Hresult::E_INVALIDARG, "create_blend_state: null description");
  const ref::BlendDesc d1 = ref::promote(*desc);
  return create_blend_state1(&d1, state);
}

Hresult Device::add_ref(BlendState state, uint32_t* count) {
  if (!table_.is_live(state)) {
    return fail(Hresult::E_INVALIDARG,
                "add_ref: blend state " + std::to_string(state) + " is not live");
  }
  const uint32_t n = table_.add_ref(state);
  if (count != nullptr) *count = n;
  return ok();
}

Hresult Device::release(BlendState state, uint32_t* count) {
  if (!table_.is_live(state)) {
    return fail(Hresult::E_INVALIDARG,
                "release: blend state " + std::to_string(state) + " is not live");
  }
  const uint32_t n = table_.release(state);
  if (count != nullptr) *count = n;
  return ok();
}

Hresult Device::get_desc1(BlendState state, ref::BlendDesc* desc) const {
  if (desc == nullptr) return fail(Hresult::E_INVALIDARG, "get_desc1: null description");
  if (!table_.is_live(state)) {
    return fail(Hresult::E_INVALIDARG,
                "get_desc1: blend state " + std::to_string(state) + " is not live");
  }
  *desc = table_.desc(state);
  last_error_.clear();
  return Hresult::S_OK;
}

// -- State ---------------------------------------------------------------------------------------

Hresult Device::set_blend_state(BlendState state, const std::array<uint32_t, 4>* blend_factor,
                                uint32_t sample_mask) {
  if (state != ref::kNullBlendState && !table_.is_live(state)) {
    return fail(Hresult::E_INVALIDARG,
                "set_blend_state: blend state " + std::to_string(state) + " is not live");
  }
  if (sample_mask == 0 && is_fl9(caps_.fl)) {
    return fail(Hresult::E_INVALIDARG,
                "set_blend_state: SampleMask must not be 0 at feature level 9_x "
                "(SETBLENDSTATE_SAMPLE_MASK_CANNOT_BE_ZERO)");
  }
  if (shadow_->d3d9_mode && state != ref::kNullBlendState &&
      table_.desc(state).render_target[0].logic_op_enable) {
    return fail(Hresult::E_INVALIDARG, "set_blend_state: D3D9 mode has no logic ops");
  }
  Shadow next = *shadow_;
  next.blend = state;
  next.blend_factor =
      blend_factor != nullptr
          ? *blend_factor
          : std::array<uint32_t, 4>{{ref::kF32One, ref::kF32One, ref::kF32One, ref::kF32One}};
  next.sample_mask = sample_mask;
  const BlendState previous = shadow_->blend;
  const Hresult hr = commit(next);
  if (failed(hr)) return hr;
  // OMSetBlendState keeps a reference to the bound object (docs/behaviour.md §2.8).
  if (state != ref::kNullBlendState) table_.add_ref(state);
  if (previous != ref::kNullBlendState) table_.release(previous);
  return hr;
}

Hresult Device::set_render_targets(uint32_t num_views, const RenderTargetView* views,
                                   const DepthStencilView* dsv) {
  const char* fn = "set_render_targets";
  if (num_views > static_cast<uint32_t>(ref::kMaxRts)) {
    return fail(Hresult::E_INVALIDARG, std::string(fn) + ": " + std::to_string(num_views) +
                                           " views (D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT is 8)");
  }
  if (num_views > 0 && views == nullptr) {
    return fail(Hresult::E_INVALIDARG, std::string(fn) + ": null view array");
  }
  Shadow next = *shadow_;
  int first = -1;
  for (uint32_t i = 0; i < static_cast<uint32_t>(ref::kMaxRts); ++i) {
    next.bound[i] = false;
    next.views[i] = RenderTargetView{};
    if (i >= num_views || views[i].format == kNoView) continue;
    const RenderTargetView& v = views[i];
    const std::string slot = std::string(fn) + ": slot " + std::to_string(i) + ": ";
    const std::string why = rtv_problem(v, caps_);
    if (!why.empty()) return fail(Hresult::E_INVALIDARG, slot + why);
    if (first >= 0 && (v.width != views[first].width || v.height != views[first].height)) {
      return fail(Hresult::E_INVALIDARG,
                  slot + "size " + std::to_string(v.width) + "x" + std::to_string(v.height) +
                      " differs from slot " + std::to_string(first) + "'s " +
                      std::to_string(views[first].width) + "x" +
                      std::to_string(views[first].height) + " (all bound views: one size)");
    }
    if (first < 0) first = static_cast<int>(i);
    next.bound[i] = true;
    next.views[i] = v;
  }
  next.dsv_bound = dsv != nullptr;
  next.dsv = dsv != nullptr ? *dsv : DepthStencilView{};
  if (dsv != nullptr) {
    const std::string why = dsv_problem(*dsv, caps_);
    if (!why.empty()) {
      return fail(Hresult::E_INVALIDARG, std::string(fn) + ": depth-stencil view: " + why);
    }
  }
  return commit(next);
}

Hresult Device::set_ps_outputs(const std::array<PsOutputDesc, ref::kMaxRts>& outputs) {
  for (int i = 0; i < ref::kMaxRts; ++i) {
    const PsOutputDesc& o = outputs[i];
    const std::string where = "set_ps_outputs: o" + std::to_string(i) + ": ";
    if (static_cast<uint32_t>(o.type) > static_cast<uint32_t>(ref::PsOutputType::SINT)) {
      return fail(Hresult::E_INVALIDARG,
                  where + "component type " + std::to_string(static_cast<uint32_t>(o.type)));
    }
    if (o.mask > 0xF) return fail(Hresult::E_INVALIDARG, where + "written mask > 0xF");
    if (o.value_bits == 0 || o.value_bits > 32) {
      return fail(Hresult::E_INVALIDARG, where + "value bits outside 1..32");
    }
  }
  Shadow next = *shadow_;
  next.ps = outputs;
  return commit(next);
}

Hresult Device::set_d3d9_mode(bool enable) {
  if (enable && shadow_->blend != ref::kNullBlendState &&
      table_.desc(shadow_->blend).render_target[0].logic_op_enable) {
    return fail(Hresult::E_INVALIDARG, "set_d3d9_mode: a logic-op blend state is bound");
  }
  Shadow next = *shadow_;
  next.d3d9_mode = enable;
  return commit(next);
}

Hresult Device::set_alpha_test(bool enable, CmpFunc func, uint32_t alpha_ref) {
  if (!shadow_->d3d9_mode) {
    return fail(Hresult::E_INVALIDARG, "set_alpha_test: alpha test is a D3D9-mode state");
  }
  if (!is_valid_cmp_func(static_cast<uint32_t>(func))) {
    return fail(Hresult::E_INVALIDARG, "set_alpha_test: ALPHAFUNC " +
                                           std::to_string(static_cast<uint32_t>(func)) +
                                           " is not a D3DCMPFUNC (1..8)");
  }
  if (alpha_ref > 0xFF) {
    return fail(Hresult::E_INVALIDARG,
                "set_alpha_test: ALPHAREF " + std::to_string(alpha_ref) + " outside 0..255");
  }
  Shadow next = *shadow_;
  next.d3d9.alpha_test_enable = enable;
  next.d3d9.alpha_func = func;
  next.d3d9.alpha_ref = alpha_ref;
  return commit(next);
}

Hresult Device::set_fog(bool enable, const std::array<uint32_t, 3>& color) {
  if (!shadow_->d3d9_mode) return fail(Hresult::E_INVALIDARG, "set_fog: fog is a D3D9-mode state");
  Shadow next = *shadow_;
  next.d3d9.fog_enable = enable;
  next.d3d9.fog_color = color;
  return commit(next);
}

Hresult Device::set_color_write_enable(uint32_t index, uint32_t mask) {
  if (!shadow_->d3d9_mode) {
    return fail(Hresult::E_INVALIDARG,
                "set_color_write_enable: COLORWRITEENABLEn is a D3D9-mode state");
  }
  if (index > 3) {
    return fail(Hresult::E_INVALIDARG, "set_color_write_enable: index " + std::to_string(index) +
                                           " (D3DRS_COLORWRITEENABLE..3)");
  }
  if (mask > 0xF) {
    return fail(Hresult::E_INVALIDARG, "set_color_write_enable: mask " + hex(mask) + " > 0xF");
  }
  Shadow next = *shadow_;
  next.color_write_enable[index] = mask;
  return commit(next);
}

Hresult Device::reset() {
  const BusResult r = bus_->read(regs::kStatus);
  if (!r.ok()) return bus_failure(r, "reset", regs::kStatus);
  lost_ = false;
  programmed_.clear();  // rewrite every register: the hardware may have been reset
  const BlendState previous = shadow_->blend;
  const DepthStencilState previous_ds = shadow_->ds_state;
  const Hresult hr = commit(Shadow{});
  if (failed(hr)) return hr;
  if (previous != ref::kNullBlendState) table_.release(previous);
  if (previous_ds != 0) ds_table_.release(previous_ds);
  return hr;
}

}  // namespace om::driver

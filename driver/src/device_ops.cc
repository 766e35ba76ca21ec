// SPDX-License-Identifier: Apache-2.0
// Capability queries, commands (clear, draw, texel access), validation and performance counters.
#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include "device_shadow.h"
#include "om/driver/device.h"
#include "om/gen/csr_storage.h"
#include "om/gen/regs.h"
#include "om/gen/sizes.h"

namespace om::driver {
namespace {

constexpr uint32_t kCoordLimit = 1u << kCoordW;
// Pixels handed to the backend at a time, so a clear or draw of any legal size needs bounded memory
// and each submit() drains within a backend's per-call budget.
constexpr size_t kSubmitChunk = 4096;

template <typename T>
T* as(void* data, uint32_t size) {
  return data != nullptr && size == sizeof(T) ? static_cast<T*>(data) : nullptr;
}

Bool b(bool v) { return v ? 1u : 0u; }

// Bits of a 128-bit texel above `bits`.
bool has_bits_above(const ref::Texel& t, int bits) {
  for (int w = 0; w < 4; ++w) {
    const int lo = 32 * w;
    const uint32_t keep = bits >= lo + 32 ? ~0u : bits <= lo ? 0u : (1u << (bits - lo)) - 1u;
    if ((t.w[w] & ~keep) != 0) return true;
  }
  return false;
}

std::string reason_names(uint32_t reasons) {
  std::string s;
  for (uint32_t bit = 0; bit < 32; ++bit) {
    if (((reasons >> bit) & 1u) == 0) continue;
    const char* n = to_string(static_cast<ValidateReason>(bit));
    if (!s.empty()) s += ", ";
    s += n != nullptr ? n : std::to_string(bit);
  }
  return s;
}

}  // namespace

// -- Capabilities --------------------------------------------------------------------------------

Hresult Device::check_feature_support(Feature feature, void* data, uint32_t size) {
  const auto bad_size = [&](const char* name) {
    return fail(Hresult::E_INVALIDARG, std::string("check_feature_support(") + name +
                                           "): null data or size " + std::to_string(size) +
                                           " is not the structure's");
  };
  uint32_t reg = 0;
  Hresult hr = Hresult::S_OK;
  switch (feature) {
    case Feature::FORMAT_SUPPORT:
    case Feature::FORMAT_SUPPORT2: {
      const bool two = feature == Feature::FORMAT_SUPPORT2;
      uint32_t* in = nullptr;
      uint32_t* out = nullptr;
      if (two) {
        auto* d = as<FeatureDataFormatSupport2>(data, size);
        if (d == nullptr) return bad_size("FORMAT_SUPPORT2");
        in = &d->in_format;
        out = &d->out_format_support2;
      } else {
        auto* d = as<FeatureDataFormatSupport>(data, size);
        if (d == nullptr) return bad_size("FORMAT_SUPPORT");
        in = &d->in_format;
        out = &d->out_format_support;
      }
      if (*in >= ref::kCapFmtCount) {
        return fail(Hresult::E_INVALIDARG, "check_feature_support: InFormat " +
                                               std::to_string(*in) + " is not a DXGI_FORMAT < 116");
      }
      hr = read_reg(regs::cap_fmt_offset(*in), &reg);
      if (failed(hr)) return hr;
      const ref::FormatSupportData fs = ref::decode_format_support(reg);
      *out = two ? fs.support2 : fs.support;
      return ok();
    }
    case Feature::D3D11_OPTIONS: {
      auto* d = as<FeatureDataD3d11Options>(data, size);
      if (d == nullptr) return bad_size("D3D11_OPTIONS");
      hr = read_reg(regs::kCapOm, &reg);
      if (failed(hr)) return hr;
      *d = FeatureDataD3d11Options{};
      d->output_merger_logic_op = b(ref::decode_d3d11_options(reg).output_merger_logic_op);
      return ok();
    }
    case Feature::D3D9_OPTIONS:
    case Feature::D3D9_SHADOW_SUPPORT:
    case Feature::D3D9_SIMPLE_INSTANCING_SUPPORT:
    case Feature::D3D9_OPTIONS1: {
      void* out = nullptr;
      switch (feature) {
        case Feature::D3D9_OPTIONS:
          out = as<FeatureDataD3d9Options>(data, size);
          break;
        case Feature::D3D9_SHADOW_SUPPORT:
          out = as<FeatureDataD3d9ShadowSupport>(data, size);
          break;
        case Feature::D3D9_SIMPLE_INSTANCING_SUPPORT:
          out = as<FeatureDataD3d9SimpleInstancingSupport>(data, size);
          break;
        default:
          out = as<FeatureDataD3d9Options1>(data, size);
          break;
      }
      if (out == nullptr) return bad_size("D3D9_*");
      hr = read_reg(regs::kCapD3d9Options1, &reg);
      if (failed(hr)) return hr;
      const ref::D3d9Options1 o = ref::decode_d3d9_options1(reg);
      switch (feature) {
        case Feature::D3D9_OPTIONS:
          static_cast<FeatureDataD3d9Options*>(out)->full_non_pow2_texture_support =
              b(o.full_non_pow2_texture_supported);
          break;
        case Feature::D3D9_SHADOW_SUPPORT:
          static_cast<FeatureDataD3d9ShadowSupport*>(out)
              ->supports_depth_as_texture_with_less_equal_comparison_filter =
              b(o.depth_as_texture_with_less_equal_comparison_filter_supported);
          break;
        case Feature::D3D9_SIMPLE_INSTANCING_SUPPORT:
          static_cast<FeatureDataD3d9SimpleInstancingSupport*>(out)->simple_instancing_supported =
              b(o.simple_instancing_supported);
          break;
        default: {
          auto* d = static_cast<FeatureDataD3d9Options1*>(out);
          d->full_non_pow2_texture_supported = b(o.full_non_pow2_texture_supported);
          d->depth_as_texture_with_less_equal_comparison_filter_supported =
              b(o.depth_as_texture_with_less_equal_comparison_filter_supported);
          d->simple_instancing_supported = b(o.simple_instancing_supported);
          d->texture_cube_face_render_target_with_non_cube_depth_stencil_supported =
              b(o.texture_cube_face_render_target_with_non_cube_depth_stencil_supported);
          break;
        }
      }
      return ok();
    }
  }
  return fail(Hresult::E_INVALIDARG, "check_feature_support: unknown feature " +
                                         std::to_string(static_cast<uint32_t>(feature)));
}

Hresult Device::get_device_caps9(D3dCaps9* caps) {
  if (caps == nullptr) return fail(Hresult::E_INVALIDARG, "get_device_caps9: null caps");
  uint32_t numrt = 0, pmisc = 0, blend = 0;
  Hresult hr = read_reg(regs::kCapD3d9Numrt, &numrt);
  if (!failed(hr)) hr = read_reg(regs::kCapD3d9Pmisc, &pmisc);
  if (!failed(hr)) hr = read_reg(regs::kCapD3d9Blend, &blend);
  if (failed(hr)) return hr;
  *caps = ref::decode_d3dcaps9(numrt, pmisc, blend);
  return ok();
}

// -- Commands ------------------------------------------------------------------------------------

Hresult Device::clear(const std::array<uint32_t, 4>& color, const std::vector<Rect>& rects) {
  if (pixels_ == nullptr) return fail(Hresult::E_INVALIDARG, "clear: backend has no pixel port");
  for (const Rect& r : rects) {
    if (r.left > r.right || r.top > r.bottom) {
      return fail(Hresult::E_INVALIDARG, "clear: rect with left > right or top > bottom");
    }
  }
  uint32_t n = 1;
  Hresult hr = check_samples("clear", &n);
  if (failed(hr)) return hr;
  hr = check_ready("clear");
  if (failed(hr)) return hr;
  const Shadow& s = *shadow_;
  int slot = -1;
  for (int i = 0; i < ref::kMaxRts && slot < 0; ++i) {
    if (s.bound[i]) slot = i;
  }
  if (slot < 0) return ok();  // nothing bound
  const uint32_t w = s.views[slot].width;
  const uint32_t h = s.views[slot].height;
  std::vector<Rect> area = rects;
  if (area.empty()) area.push_back(Rect{0, 0, w, h});
  // Streamed in bounded chunks: a whole 16384² clear as one transfer list would take tens of GB.
  std::vector<SampleTransfer> chunk;
  chunk.reserve(kSubmitChunk);
  SampleTransfer t;
  t.px.clear = true;
  t.px.oc[0] = color;
  for (const Rect& r : area) {
    for (uint32_t y = r.top; y < std::min(r.bottom, h); ++y) {
      for (uint32_t x = r.left; x < std::min(r.right, w); ++x) {
        t.x = x;
        t.y = y;
        for (t.px.sample = 0; t.px.sample < n; ++t.px.sample) chunk.push_back(t);
        if (chunk.size() < kSubmitChunk) continue;
        hr = submit_chunk(&chunk, "clear");
        if (failed(hr)) return hr;
      }
    }
  }
  return submit_chunk(&chunk, "clear");
}

Hresult Device::submit_chunk(std::vector<SampleTransfer>* chunk, const char* what) {
  if (chunk->empty()) return ok();
  std::string why = "the OM did not drain";
  bool drained = false;
  try {
    drained = pixels_->submit(*chunk);
  } catch (const std::exception& e) {  // a simulated backend's watchdog or an RTL assertion
    why = e.what();
  }
  chunk->clear();
  if (drained) return ok();
  lost_ = true;
  return fail(Hresult::D3DERR_DEVICELOST, std::string(what) + ": " + why + "; device lost");
}

Hresult Device::draw(const std::vector<Pixel>& pixels) {
  if (pixels_ == nullptr) return fail(Hresult::E_INVALIDARG, "draw: backend has no pixel port");
  uint32_t n = 1;
  Hresult hr = check_samples("draw", &n);
  if (failed(hr)) return hr;
  for (size_t i = 0; i < pixels.size(); ++i) {
    const Pixel& p = pixels[i];
    const std::string which = "draw: pixel " + std::to_string(i);
    if (p.x >= kCoordLimit || p.y >= kCoordLimit) {
      return fail(Hresult::E_INVALIDARG, which + " at (" + std::to_string(p.x) + ", " +
                                             std::to_string(p.y) + ") outside 0..16383");
    }
    if (p.px.clear) return fail(Hresult::E_INVALIDARG, which + " is a clear command (use clear())");
    if (p.coverage != kAllSamples && (p.coverage >> n) != 0) {
      return fail(Hresult::E_INVALIDARG, which + ": coverage mask " + hex(p.coverage) +
                                             " has bits at or above the sample count " +
                                             std::to_string(n));
    }
  }
  hr = check_depth_stencil_stage(*shadow_, "draw");
  if (failed(hr)) return hr;
  hr = check_ready("draw");
  if (failed(hr)) return hr;
  std::vector<SampleTransfer> chunk;
  chunk.reserve(kSubmitChunk);
  for (const Pixel& p : pixels) {
    SampleTransfer t{p.x, p.y, p.px, 0, p.front_face};
    for (uint32_t s = 0; s < n; ++s) {
      t.px.sample = s;
      t.px.coverage = p.px.coverage && ((p.coverage >> s) & 1u) != 0;
      t.px.omask = ((p.omask >> s) & 1u) != 0;
      t.z = p.z[s];
      chunk.push_back(t);
    }
    if (chunk.size() < kSubmitChunk) continue;
    hr = submit_chunk(&chunk, "draw");
    if (failed(hr)) return hr;
  }
  return submit_chunk(&chunk, "draw");
}

Hresult Device::rt_texel(const char* what, uint32_t rt, uint32_t x, uint32_t y, uint32_t sample) {
  if (pixels_ == nullptr) return fail(Hresult::E_INVALIDARG, std::string(what) + ": no pixel port");
  if (rt >= static_cast<uint32_t>(ref::kMaxRts) || !shadow_->bound[rt]) {
    return fail(Hresult::E_INVALIDARG,
                std::string(what) + ": slot " + std::to_string(rt) + " not bound");
  }
  const RenderTargetView& v = shadow_->views[rt];
  if (x >= v.width || y >= v.height || sample >= v.sample_count) {
    return fail(Hresult::E_INVALIDARG, std::string(what) + ": (x, y, sample) (" +
                                           std::to_string(x) + ", " + std::to_string(y) + ", " +
                                           std::to_string(sample) + ") outside the view");
  }
  return Hresult::S_OK;
}

Hresult Device::read_texel(uint32_t rt, uint32_t x, uint32_t y, ref::Texel* texel,
                           uint32_t sample) {
  if (texel == nullptr) return fail(Hresult::E_INVALIDARG, "read_texel: null texel");
  const Hresult hr = rt_texel("read_texel", rt, x, y, sample);
  if (failed(hr)) return hr;
  *texel = pixels_->read_texel(rt, x, y, sample);
  return ok();
}

Hresult Device::write_texel(uint32_t rt, uint32_t x, uint32_t y, const ref::Texel& texel,
                            uint32_t sample) {
  const Hresult hr = rt_texel("write_texel", rt, x, y, sample);
  if (failed(hr)) return hr;
  const FormatInfo* f = ref::find_format(static_cast<uint32_t>(shadow_->views[rt].format));
  if (f == nullptr || has_bits_above(texel, f->texel_bits)) {
    return fail(Hresult::E_INVALIDARG, "write_texel: bits above the format's texel width");
  }
  pixels_->write_texel(rt, x, y, sample, texel);
  return ok();
}

// -- Validation ----------------------------------------------------------------------------------

ref::OmState Device::om_state(const State& hw, bool initialised, bool internal_error) const {
  const Shadow& s = *shadow_;
  ref::OmState st;
  st.initialised = initialised;
  st.internal_error = internal_error;
  st.blend = ref::blend_desc(hw);
  st.blend_factor = hw.blend_factor;
  st.sample_mask = hw.sample_mask;
  for (int i = 0; i < ref::kMaxRts; ++i) {
    ref::RtBinding& b = st.rt[i];
    b.bound = hw.rt_bind[i].format != 0;
    b.format = static_cast<Format>(hw.rt_bind[i].format);
    b.width = hw.rt_bind[i].width;
    b.height = hw.rt_bind[i].height;
    if (s.bound[i]) {  // the view's shape is not in the registers
      b.array_size = s.views[i].array_size;
      b.sample_count = s.views[i].sample_count;
      b.type = s.views[i].type;
      b.cube = s.views[i].cube;
    }
    ref::PsOutput& o = st.ps_output[i];
    o.written = ((hw.ps_outputs >> i) & 1u) != 0;
    o.type = static_cast<ref::PsOutputType>(hw.ps_output_type[i]);
    o.mask = s.ps[i].mask;
    o.value_bits = s.ps[i].value_bits;
  }
  if (s.dsv_bound) {
    st.dsv.bound = true;
    st.dsv.width = s.dsv.width;
    st.dsv.height = s.dsv.height;
    st.dsv.array_size = s.dsv.array_size;
    st.dsv.sample_count = s.dsv.sample_count;
    st.dsv.type = s.dsv.type;
    st.dsv.cube = s.dsv.cube;
  }
  st.d3d9.enabled = s.d3d9_mode;
  st.d3d9.alpha_test_enable = hw.alpha_test_enable;
  st.d3d9.fog_enable = hw.fog_enable;
  for (int i = 0; i < 4; ++i) {
    st.d3d9.color_write_enable[i] =
        st.blend.render_target[st.blend.independent_blend_enable ? i : 0].render_target_write_mask;
  }
  return st;
}

ValidateOutcome Device::validate() {
  ValidateOutcome v;
  v.state_version = state_version_;
  const auto lost = [&](Hresult hr) {
    v.passes = 0;
    v.result = hr;
    v.reasons = ref::reason_bit(hr == Hresult::D3DERR_DEVICELOST ? ValidateReason::NOT_INITIALISED
                                                                 : ValidateReason::INTERNAL_ERROR);
    v.rt = -1;
    return v;
  };
  if (lost_) {
    fail(Hresult::D3DERR_DEVICELOST, "validate: device lost; call reset()");
    return lost(Hresult::D3DERR_DEVICELOST);
  }
  uint32_t status = 0;
  Hresult hr = read_reg(regs::kStatus, &status);
  if (failed(hr)) return lost(hr);
  RegImage readback;
  for (uint32_t offset : state_register_offsets()) {
    uint32_t value = 0;
    hr = read_reg(offset, &value);
    if (failed(hr)) return lost(hr);
    readback[offset] = value;
  }
  const bool initialised = regs::status::kInitialised.get(status) != 0;
  const bool internal_error = readback != programmed_;
  const ref::ValidateResult r =
      ref::om_validate(om_state(decode(readback), initialised, internal_error), caps_);
  v.passes = r.passes;
  v.result = r.result;
  v.reasons = r.reasons;
  v.rt = r.rt;
  if (r.result != Hresult::S_OK) {
    fail(r.result,
         std::string("validate: ") + to_string(r.result) + " (" + reason_names(r.reasons) + ")");
  } else {
    last_error_.clear();
  }
  return v;
}

// -- Performance counters ------------------------------------------------------------------------

Hresult Device::read_perf_counters(PerfCounters* c) {
  if (c == nullptr) return fail(Hresult::E_INVALIDARG, "read_perf_counters: null counters");
  PerfCounters n;
  for (const regs::PerfCounter& pc : regs::kPerfCounters) {
    const Hresult hr = read_reg(pc.offset, &(n.*pc.count));
    if (failed(hr)) return hr;
  }
  *c = n;
  return ok();
}

Hresult Device::clear_perf_counters() {
  const BusResult r = bus_->write(regs::kPerfClear, regs::perf_clear::kClear.put(0, 1));
  if (!r.ok()) return bus_failure(r, "clear_perf_counters", regs::kPerfClear);
  return ok();
}

}  // namespace om::driver

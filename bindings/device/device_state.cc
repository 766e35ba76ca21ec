// SPDX-License-Identifier: Apache-2.0
// Capability queries, blend-state objects and the output-merger state calls of omsim._device.
// Structs travel as the tuples of their omsim dataclasses (device_structs.h).
#include <pybind11/stl.h>

#include <array>
#include <optional>
#include <vector>

#include "device_handle.h"
#include "device_structs.h"

namespace omsim_device {
namespace {

using om::driver::Device;
using om::driver::Feature;

template <class T>
py::tuple query(Device& d, Feature f, T data = {}) {
  const om::Hresult hr = d.check_feature_support(f, &data, sizeof(T));
  return py::make_tuple(hr_value(hr), omsim_py::cast(data));
}

// CheckFeatureSupport with the structure of `feature`: (hr, its members as its dataclass's tuple).
py::tuple check_feature_support(DeviceHandle& h, uint32_t feature, uint32_t in_format) {
  Lock lock(h.mu);
  Device& d = h.dev();
  switch (static_cast<Feature>(feature)) {
    case Feature::FORMAT_SUPPORT: {
      om::driver::FeatureDataFormatSupport s{in_format, 0};
      const om::Hresult hr = d.check_feature_support(Feature::FORMAT_SUPPORT, &s, sizeof s);
      return py::make_tuple(hr_value(hr), py::make_tuple(s.in_format, s.out_format_support));
    }
    case Feature::FORMAT_SUPPORT2: {
      om::driver::FeatureDataFormatSupport2 s{in_format, 0};
      const om::Hresult hr = d.check_feature_support(Feature::FORMAT_SUPPORT2, &s, sizeof s);
      return py::make_tuple(hr_value(hr), py::make_tuple(s.in_format, s.out_format_support2));
    }
    case Feature::D3D11_OPTIONS:
      return query<om::driver::FeatureDataD3d11Options>(d, Feature::D3D11_OPTIONS);
    case Feature::D3D9_OPTIONS:
      return query<om::driver::FeatureDataD3d9Options>(d, Feature::D3D9_OPTIONS);
    case Feature::D3D9_SHADOW_SUPPORT:
      return query<om::driver::FeatureDataD3d9ShadowSupport>(d, Feature::D3D9_SHADOW_SUPPORT);
    case Feature::D3D9_SIMPLE_INSTANCING_SUPPORT:
      return query<om::driver::FeatureDataD3d9SimpleInstancingSupport>(
          d, Feature::D3D9_SIMPLE_INSTANCING_SUPPORT);
    case Feature::D3D9_OPTIONS1:
      return query<om::driver::FeatureDataD3d9Options1>(d, Feature::D3D9_OPTIONS1);
  }
  // Not a feature this device answers: the driver says so (E_INVALIDARG).
  uint32_t scratch = 0;
  const om::Hresult hr =
      d.check_feature_support(static_cast<Feature>(feature), &scratch, sizeof scratch);
  return py::make_tuple(hr_value(hr), py::tuple());
}

}  // namespace

void bind_state(DeviceClass& cls) {
  cls.def("caps", locked(&Device::caps),
          "om::ref::Caps decoded from the capability registers at create().")
      .def_property_readonly(
          "feature_level",
          [](DeviceHandle& h) {
            Lock lock(h.mu);
            return static_cast<uint32_t>(h.dev().feature_level());
          },
          "D3D_FEATURE_LEVEL value read from CAP_FL.")
      .def("check_feature_support", &check_feature_support, py::arg("feature"),
           py::arg("in_format") = 0u, "CheckFeatureSupport: (hr, the structure's members).")
      .def("get_device_caps9", filling(&Device::get_device_caps9),
           "IDirect3DDevice9::GetDeviceCaps: (hr, D3dCaps9 or None).")
      .def("create_blend_state1", creating(&Device::create_blend_state1, om::ref::kNullBlendState),
           py::arg("desc"), py::arg("want_object"),
           "CreateBlendState1: (hr, handle); desc None = NULL, want_object False = ppBlendState "
           "NULL.")
      .def("add_ref", filling(&Device::add_ref), py::arg("handle"),
           "IUnknown::AddRef: (hr, new reference count).")
      .def("release", filling(&Device::release), py::arg("handle"),
           "IUnknown::Release: (hr, remaining reference count).")
      .def("get_desc1", filling(&Device::get_desc1), py::arg("handle"),
           "ID3D11BlendState1::GetDesc1: (hr, normalised description or None).")
      .def_property_readonly("live_blend_states", locked(&Device::live_blend_states),
                             "Unique live blend-state objects.")
      .def(
          "set_blend_state",
          [](DeviceHandle& h, uint32_t handle, const std::optional<om::ref::Vec4>& k,
             uint32_t sample_mask) {
            Lock lock(h.mu);
            return hr_value(h.dev().set_blend_state(handle, k ? &*k : nullptr, sample_mask));
          },
          py::arg("handle"), py::arg("blend_factor"), py::arg("sample_mask"),
          "OMSetBlendState: handle 0 = default state; blend_factor None = NULL (binary32 words).")
      .def(
          "set_render_targets",
          [](DeviceHandle& h, const std::vector<std::optional<om::driver::RenderTargetView>>& views,
             const std::optional<om::driver::DepthStencilView>& dsv) {
            std::vector<om::driver::RenderTargetView> v(views.size());
            for (size_t i = 0; i < views.size(); ++i) {
              if (views[i]) {
                v[i] = *views[i];
              } else {
                v[i].format = om::driver::kNoView;
              }
            }
            Lock lock(h.mu);
            return hr_value(h.dev().set_render_targets(static_cast<uint32_t>(v.size()), v.data(),
                                                       dsv ? &*dsv : nullptr));
          },
          py::arg("views"), py::arg("dsv"),
          "OMSetRenderTargets(len(views), views, dsv); None = empty.")
      .def("set_ps_outputs", locked(&Device::set_ps_outputs), py::arg("outputs"),
           "The PS output signature: 8 PsOutput tuples (None = not declared).")
      .def("set_d3d9_mode", locked(&Device::set_d3d9_mode), py::arg("enable"),
           "Select the D3D9 personality.")
      .def(
          "set_alpha_test",
          [](DeviceHandle& h, bool enable, uint32_t func, uint32_t alpha_ref) {
            Lock lock(h.mu);
            return hr_value(
                h.dev().set_alpha_test(enable, static_cast<om::CmpFunc>(func), alpha_ref));
          },
          py::arg("enable"), py::arg("func"), py::arg("alpha_ref"),
          "D3DRS_ALPHATESTENABLE / ALPHAFUNC / ALPHAREF.")
      .def("set_fog", locked(&Device::set_fog), py::arg("enable"), py::arg("color"),
           "D3DRS_FOGENABLE / FOGCOLOR (binary32 R, G, B).")
      .def("set_color_write_enable", locked(&Device::set_color_write_enable), py::arg("index"),
           py::arg("mask"), "D3DRS_COLORWRITEENABLE{,1,2,3}.");
}

}  // namespace omsim_device

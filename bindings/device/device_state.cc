// SPDX-License-Identifier: Apache-2.0
// Capability queries, blend-state objects and the output-merger state calls of omsim._device.
// Structs travel as the tuples of their omsim dataclasses (om/gen/py_driver_structs.h).
#include <pybind11/stl.h>

#include <optional>
#include <type_traits>
#include <vector>

#include "device_handle.h"
#include "om/gen/py_driver_structs.h"

namespace omsim_device {
namespace {

/// A FORMAT_SUPPORT(2) structure: it takes a DXGI value in.
template <class T, class = void>
struct TakesFormat : std::false_type {};
template <class T>
struct TakesFormat<T, std::void_t<decltype(T::in_format)>> : std::true_type {};

}  // namespace

using om::driver::Device;

void bind_state(DeviceClass& cls) {
  // CheckFeatureSupport, a method per structure of defs/structs.toml: (hr, its members).
  omsim_py::each_feature([&cls]([[maybe_unused]] auto sample, om::driver::Feature f,
                                const char* name) {
    using T = decltype(sample);
    const auto query = [f](DeviceHandle& h, [[maybe_unused]] uint32_t in_format) {
      Lock lock(h.mu);
      T data{};
      if constexpr (TakesFormat<T>::value) data.in_format = in_format;
      const om::Hresult hr = h.dev().check_feature_support(f, &data, sizeof data);
      return py::make_tuple(hr_value(hr), omsim_py::cast(data));
    };
    if constexpr (TakesFormat<T>::value) {
      cls.def(name, query, py::arg("in_format"), "CheckFeatureSupport: (hr, (in_format, bits)).");
    } else {
      cls.def(
          name, [query](DeviceHandle& h) { return query(h, 0); },
          "CheckFeatureSupport: (hr, the structure's members).");
    }
  });
  cls.def("caps", locked(&Device::caps),
          "om::ref::Caps decoded from the capability registers at create().")
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
      .def("set_blend_state", locked(&Device::set_blend_state), py::arg("handle"),
           py::arg("blend_factor"), py::arg("sample_mask"),
           "OMSetBlendState: handle 0 = default state; blend_factor None = NULL (binary32 words).")
      .def(
          "set_render_targets",
          [](DeviceHandle& h, const std::vector<om::driver::RenderTargetView>& views,
             const std::optional<om::driver::DepthStencilView>& dsv) {
            Lock lock(h.mu);
            return hr_value(h.dev().set_render_targets(static_cast<uint32_t>(views.size()),
                                                       views.data(), dsv ? &*dsv : nullptr));
          },
          py::arg("views"), py::arg("dsv"),
          "OMSetRenderTargets(len(views), views, dsv); format 0 = an empty slot, dsv None = none.")
      .def("set_ps_outputs", locked(&Device::set_ps_outputs), py::arg("outputs"),
           "The PS output signature: 8 PsOutput tuples (None = not declared).")
      .def("set_d3d9_mode", locked(&Device::set_d3d9_mode), py::arg("enable"),
           "Select the D3D9 personality.")
      .def("set_alpha_test", locked(&Device::set_alpha_test), py::arg("enable"), py::arg("func"),
           py::arg("alpha_ref"), "D3DRS_ALPHATESTENABLE / ALPHAFUNC / ALPHAREF.")
      .def("set_fog", locked(&Device::set_fog), py::arg("enable"), py::arg("color"),
           "D3DRS_FOGENABLE / FOGCOLOR (binary32 R, G, B).")
      .def("set_color_write_enable", locked(&Device::set_color_write_enable), py::arg("index"),
           py::arg("mask"), "D3DRS_COLORWRITEENABLE{,1,2,3}.");
}

}  // namespace omsim_device

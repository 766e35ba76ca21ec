// SPDX-License-Identifier: Apache-2.0
// Depth-stencil-state objects of omsim._device (docs/depth-stencil.md §4).
#include <pybind11/stl.h>

#include <optional>

#include "device_handle.h"
#include "device_structs.h"

namespace omsim_device {

void bind_depth_stencil_states(DeviceClass& cls) {
  using om::driver::Device;
  using om::ref::DepthStencilDesc;
  cls.def(
         "create_depth_stencil_state",
         [](DeviceHandle& h, const std::optional<DepthStencilDesc>& desc, bool want_object) {
           Lock lock(h.mu);
           om::driver::DepthStencilState s = 0;
           const om::Hresult hr = h.dev().create_depth_stencil_state(desc ? &*desc : nullptr,
                                                                     want_object ? &s : nullptr);
           return py::make_tuple(hr_value(hr), s);
         },
         py::arg("desc"), py::arg("want_object"),
         "CreateDepthStencilState: (hr, handle); desc None = NULL, want_object False = no object.")
      .def(
          "add_ref_depth_stencil_state",
          [](DeviceHandle& h, uint32_t handle) {
            return with_out<uint32_t>(h, [handle](Device& d, uint32_t* n) {
              return d.add_ref_depth_stencil_state(handle, n);
            });
          },
          py::arg("handle"), "AddRef: (hr, new reference count).")
      .def(
          "release_depth_stencil_state",
          [](DeviceHandle& h, uint32_t handle) {
            return with_out<uint32_t>(h, [handle](Device& d, uint32_t* n) {
              return d.release_depth_stencil_state(handle, n);
            });
          },
          py::arg("handle"), "Release: (hr, remaining reference count).")
      .def(
          "get_depth_stencil_desc",
          [](DeviceHandle& h, uint32_t handle) {
            return with_out<DepthStencilDesc>(h, [handle](Device& d, DepthStencilDesc* o) {
              return d.get_depth_stencil_desc(handle, o);
            });
          },
          py::arg("handle"), "GetDesc: (hr, normalised description or None).")
      .def_property_readonly("live_depth_stencil_states",
                             locked(&Device::live_depth_stencil_states),
                             "Unique live depth-stencil-state objects.");
}

}  // namespace omsim_device

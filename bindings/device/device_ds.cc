// SPDX-License-Identifier: Apache-2.0
// Depth-stencil-state objects, the views (render-target and depth-stencil), OMSetDepthStencilState,
// ClearDepthStencilView and the depth-stencil buffer of omsim._device (docs/depth-stencil.md §4,
// §7).
#include <pybind11/stl.h>

#include <optional>
#include <utility>

#include "common.h"
#include "device_handle.h"
#include "om/gen/py_driver_structs.h"

namespace omsim_device {

namespace {

using omsim_py::Dtype;

// The depth (uint32) and stencil (uint8) arrays of a whole view of n samples, checked: two (H, W)
// arrays for n = 1, (H, W, n) for n > 1.
std::pair<py::array, py::array> ds_images(const py::handle& depth, const py::handle& stencil,
                                          uint32_t n, bool writeable) {
  py::array z = omsim_py::checked(depth, "depth", {Dtype::kU32}, writeable);
  py::array s = omsim_py::checked(stencil, "stencil", {Dtype::kU8}, writeable);
  const py::ssize_t axes = n > 1 ? 3 : 2;
  bool same = z.ndim() == axes && s.ndim() == axes && (n == 1 || z.shape(2) == n);
  for (py::ssize_t k = 0; same && k < axes; ++k) same = z.shape(k) == s.shape(k);
  if (!same) {
    throw py::value_error(std::string("depth, stencil: expected two ") +
                          (n > 1 ? "(H, W, " + std::to_string(n) + ")" : "(H, W)") +
                          " arrays of one shape");
  }
  return {z, s};
}

uint32_t read_depth_stencil(DeviceHandle& h, uint32_t n, const py::handle& depth,
                            const py::handle& stencil) {
  auto [z, s] = ds_images(depth, stencil, n, true);
  auto* zs = static_cast<uint32_t*>(z.mutable_data());
  auto* ss = static_cast<uint8_t*>(s.mutable_data());
  py::gil_scoped_release nogil;
  Lock lock(h.mu);
  return hr_value(om::driver::read_depth_stencils(h.dev(), image_shape(z, n), zs, ss));
}

uint32_t write_depth_stencil(DeviceHandle& h, uint32_t n, const py::handle& depth,
                             const py::handle& stencil) {
  const auto [z, s] = ds_images(depth, stencil, n, false);
  const auto* zs = static_cast<const uint32_t*>(z.data());
  const auto* ss = static_cast<const uint8_t*>(s.data());
  py::gil_scoped_release nogil;
  Lock lock(h.mu);
  return hr_value(om::driver::write_depth_stencils(h.dev(), image_shape(z, n), zs, ss));
}

}  // namespace

void bind_depth_stencil_states(DeviceClass& cls) {
  using om::driver::Device;
  cls.def("create_depth_stencil_state",
          creating(&Device::create_depth_stencil_state, om::driver::DepthStencilState{0}),
          py::arg("desc"), py::arg("want_object"),
          "CreateDepthStencilState: (hr, handle); desc None = NULL, want_object False = no object.")
      .def("add_ref_depth_stencil_state", filling(&Device::add_ref_depth_stencil_state),
           py::arg("handle"), "AddRef: (hr, new reference count).")
      .def("release_depth_stencil_state", filling(&Device::release_depth_stencil_state),
           py::arg("handle"), "Release: (hr, remaining reference count).")
      .def("get_depth_stencil_desc", filling(&Device::get_depth_stencil_desc), py::arg("handle"),
           "GetDesc: (hr, normalised description or None).")
      .def_property_readonly("live_depth_stencil_states",
                             locked(&Device::live_depth_stencil_states),
                             "Unique live depth-stencil-state objects.")
      .def("create_render_target_view", filling(&Device::create_render_target_view),
           py::arg("desc"), "CreateRenderTargetView: (hr, view or None).")
      .def("create_depth_stencil_view", filling(&Device::create_depth_stencil_view),
           py::arg("desc"), "CreateDepthStencilView: (hr, view or None).")
      .def("set_depth_stencil_state", locked(&Device::set_depth_stencil_state), py::arg("handle"),
           py::arg("stencil_ref"), "OMSetDepthStencilState: handle 0 = the default state.")
      .def("set_depth_range", locked(&Device::set_depth_range), py::arg("min_depth"),
           py::arg("max_depth"), "Viewport MinDepth / MaxDepth (binary32 bits).")
      .def("set_d3d9_depth_stencil", locked(&Device::set_d3d9_depth_stencil), py::arg("states"),
           "The D3D9 depth/stencil render states (D3d9DepthStencil tuple).")
      .def("clear_depth_stencil_view", locked<true>(&Device::clear_depth_stencil_view),
           py::arg("flags"), py::arg("depth"), py::arg("stencil"),
           "ClearDepthStencilView on the bound view: ClearFlag bits, binary32 depth, stencil.")
      .def("read_depth_stencil", &read_depth_stencil, py::arg("samples"), py::arg("depth"),
           py::arg("stencil"),
           "The bound view's depth values into depth ((H, W) uint32; (H, W, n) for n > 1 samples) "
           "and stencil (uint8, the same shape): hr.")
      .def("write_depth_stencil", &write_depth_stencil, py::arg("samples"), py::arg("depth"),
           py::arg("stencil"),
           "(H, W) or (H, W, n) uint32 depth values and uint8 stencil into the bound view: hr.");
}

}  // namespace omsim_device

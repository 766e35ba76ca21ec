// SPDX-License-Identifier: Apache-2.0
// omsim._device: the pybind11 adapter over the host driver (om::driver::Device) and its backends
// ("model", and "rtl" when the Verilated om_top is built in). The typed Python API is
// bindings/python/omsim/device.py; _device.pyi is the stub of this module. Values are plain: D3D
// codes and enums as ints, binary32 as bit patterns, arrays as numpy.
#include <pybind11/stl.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common.h"
#include "device_handle.h"
#include "om/gen/py_driver_structs.h"

namespace omsim_device {
namespace {

py::list backends() {
  om::driver::register_builtin_backends();
  py::list out;
  for (const std::string& n : om::driver::backend_names()) {
    out.append(py::make_tuple(n, om::driver::backend_description(n)));
  }
  return out;
}

// D3D11CreateDevice: (hr, device or None). The backend's own argument errors (unknown name,
// configuration index, waves on a backend that cannot trace) are Python exceptions.
py::tuple create_device(const std::string& backend, int config, uint64_t seed,
                        const std::string& waves) {
  om::driver::register_builtin_backends();
  om::driver::BackendOptions o;
  o.config = config;
  o.seed = seed;
  o.waves = waves;
  std::unique_ptr<om::driver::Backend> be = om::driver::make_backend(backend, o);
  std::unique_ptr<om::driver::Device> dev;
  const om::Hresult hr = om::driver::Device::create(&be->bus(), be->pixels(), &dev);
  if (om::driver::failed(hr)) return py::make_tuple(hr_value(hr), py::none());
  auto h = std::make_unique<DeviceHandle>(std::move(be), std::move(dev), backend);
  return py::make_tuple(hr_value(hr), py::cast(std::move(h)));
}

}  // namespace
}  // namespace omsim_device

PYBIND11_MODULE(_device, m) {
  namespace py = pybind11;
  using omsim_device::DeviceHandle;
  using omsim_device::Lock;
  m.doc() =
      "omsim._device: the host driver (om::driver::Device) over the model / RTL backends.\n\n"
      "Use omsim.device; this module takes raw D3D values and 32-bit words and returns HRESULTs.";
  omsim_py::register_argument_errors();
  namespace d = om::driver;
  omsim_py::export_fields<
      om::ref::RtBlendDesc, om::ref::BlendDesc, om::ref::OmCaps, om::ref::D3d9Options1,
      om::ref::D3dCaps9, om::ref::Caps, d::RenderTargetView, d::DepthStencilView, om::ref::PsOutput,
      d::PerfCounters, d::FeatureDataD3d11Options, d::FeatureDataD3d9Options,
      d::FeatureDataD3d9ShadowSupport, d::FeatureDataD3d9SimpleInstancingSupport,
      d::FeatureDataD3d9Options1, om::ref::D3d9DepthStencil>(m);
  m.def("backends", &omsim_device::backends,
        "The registered backends of this build as (name, description) pairs, sorted by name.");
  m.def("create_device", &omsim_device::create_device, py::arg("backend"), py::arg("config"),
        py::arg("seed"), py::arg("waves"),
        "D3D11CreateDevice on a new backend: (hr, Device or None). config is an index into the "
        "configuration table; waves an FST path or \"\" (only backends that trace accept one).");

  omsim_device::DeviceClass cls(m, "Device",
                                "An om::driver::Device and its backend. Methods return HRESULTs "
                                "as ints (and their out values in a tuple).");
  cls.def_property_readonly("backend", &DeviceHandle::name, "Name of the backend.")
      .def_property_readonly("closed", &DeviceHandle::closed, "True after close().")
      .def(
          "close",
          [](DeviceHandle& h) {
            py::gil_scoped_release nogil;
            Lock lock(h.mu);
            h.close();
          },
          "Destroy the device and its backend now (an rtl backend closes its waves file).")
      .def_property_readonly("last_error", omsim_device::locked(&om::driver::Device::last_error),
                             "What the last failing driver call complained about.")
      .def_property_readonly("cycles", omsim_device::locked(&om::driver::Backend::cycles),
                             "Clock cycles the backend has simulated.")
      .def_property_readonly("state_version",
                             omsim_device::locked(&om::driver::Device::state_version),
                             "Moves with every successful state-setting call.");
  omsim_device::bind_state(cls);
  omsim_device::bind_commands(cls);
  omsim_device::bind_depth_stencil_states(cls);
}

// SPDX-License-Identifier: Apache-2.0
// Commands of omsim._device: clear, draw, render-target texel access, validate, perf counters,
// reset and the backend's reset and raw bus controls. Arrays are checked here (common.h: type,
// shape, layout; messages name the argument) and copied into or out of the driver's structures;
// the GIL is released while the backend simulates.
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "common.h"
#include "device_handle.h"
#include "om/gen/py_driver_structs.h"
#include "om/ref/batch.h"

namespace omsim_device {
namespace {

using om::driver::Device;

using omsim_py::Dtype;
using Shape = std::vector<py::ssize_t>;

Shape shape_of(const py::array& a) { return Shape(a.shape(), a.shape() + a.ndim()); }

/// ValueError "<name>: expected shape <shape><why>, got <a's shape>" unless `a` has `shape`.
void require_shape(const py::array& a, const char* name, const Shape& shape, const char* why = "") {
  if (shape_of(a) != shape) {
    throw py::value_error(std::string(name) + ": expected shape " + omsim_py::shape_str(shape) +
                          why + ", got " + omsim_py::shape_str(shape_of(a)));
  }
}

/// An optional (N, ...) array of 32-bit words or bools, checked: its data, or nullptr for None.
template <class T>
const T* optional_words(const py::handle& obj, const char* name,
                        std::initializer_list<Dtype> dtypes, const Shape& shape) {
  if (obj.is_none()) return nullptr;
  const py::array a = omsim_py::checked(obj, name, dtypes);
  require_shape(a, name, shape);
  return static_cast<const T*>(a.data());
}

// A draw of the pixels in the checked arrays (the pointers live as long as the call's arguments).
uint32_t draw(DeviceHandle& h, const py::handle& xo, const py::handle& yo, const py::handle& oco,
              const py::handle& oc1o, const py::handle& fogo, const py::handle& covo,
              const py::handle& zo, const py::handle& faceo, const py::handle& omasko) {
  const py::array x = omsim_py::checked(xo, "x", {Dtype::kU32});
  if (x.ndim() != 1)
    throw py::value_error("x: expected shape (N,), got " + omsim_py::shape_str(shape_of(x)));
  const py::ssize_t n = x.shape(0);
  const std::string ns = std::to_string(n);
  const py::array y = omsim_py::checked(yo, "y", {Dtype::kU32});
  require_shape(y, "y", {n}, " like x");
  const py::array oc = omsim_py::checked(oco, "oc", {Dtype::kF32, Dtype::kU32, Dtype::kI32});
  const py::ssize_t k = oc.ndim() == 3 ? oc.shape(1) : 0;
  if (oc.ndim() != 3 || oc.shape(0) != n || k < 1 || k > om::ref::kMaxRts || oc.shape(2) != 4) {
    throw py::value_error("oc: expected shape (" + ns + ", k, 4) with 1 <= k <= 8, got " +
                          omsim_py::shape_str(shape_of(oc)));
  }
  om::driver::PixelArrays px;
  px.n = static_cast<size_t>(n);
  px.x = static_cast<const uint32_t*>(x.data());
  px.y = static_cast<const uint32_t*>(y.data());
  px.oc = static_cast<const uint32_t*>(oc.data());
  px.outputs = static_cast<uint32_t>(k);
  px.oc1 = optional_words<uint32_t>(oc1o, "oc1", {Dtype::kF32, Dtype::kU32, Dtype::kI32}, {n, 4});
  px.fog = optional_words<uint32_t>(fogo, "fog", {Dtype::kF32, Dtype::kU32}, {n});
  px.coverage = optional_words<uint32_t>(covo, "coverage", {Dtype::kU32}, {n});
  // z: (N,) one depth for every sample, or (N, m) one per sample, 1 <= m <= MaxSamples.
  if (!zo.is_none()) {
    const py::array za = omsim_py::checked(zo, "z", {Dtype::kF32, Dtype::kU32});
    const py::ssize_t m = za.ndim() == 2 ? za.shape(1) : 1;
    if (za.ndim() < 1 || za.ndim() > 2 || za.shape(0) != n || m < 1 || m > om::kMaxSamples) {
      throw py::value_error("z: expected shape (" + ns + ",) or (" + ns +
                            ", n) with 1 <= n <= " + std::to_string(om::kMaxSamples) + ", got " +
                            omsim_py::shape_str(shape_of(za)));
    }
    px.z = static_cast<const uint32_t*>(za.data());
    px.z_samples = static_cast<uint32_t>(m);
  }
  px.omask = optional_words<uint32_t>(omasko, "omask", {Dtype::kU32}, {n});
  px.front_face = optional_words<bool>(faceo, "front_face", {Dtype::kBool}, {n});
  py::gil_scoped_release nogil;
  Lock lock(h.mu);
  return hr_value(om::driver::draw(h.dev(), px));
}

// An (H, W) texel image of `f` with n samples per texel: (H, W) for n = 1, (H, W, n) for n > 1,
// uint8/16/32/64 by texel size; 128-bit texels add an axis of 4 uint32.
py::array image(const py::handle& obj, const char* name, const om::FormatInfo& f, uint32_t n,
                bool writeable) {
  const size_t bytes = om::ref::texel_bytes(f);
  py::array a = omsim_py::checked(obj, name, {omsim_py::texel_dtype(f)}, writeable);
  const py::ssize_t axes = 2 + (n > 1 ? 1 : 0);
  if (a.ndim() != axes + (bytes == 16 ? 1 : 0) || (n > 1 && a.shape(2) != n) ||
      (bytes == 16 && a.shape(axes) != 4)) {
    throw py::value_error(std::string(name) + ": expected shape (H, W" +
                          (n > 1 ? ", " + std::to_string(n) : "") + (bytes == 16 ? ", 4" : "") +
                          ") for " + f.name + " x" + std::to_string(n) + ", got " +
                          omsim_py::shape_str(shape_of(a)));
  }
  return a;
}

uint32_t read_rt(DeviceHandle& h, uint32_t rt, uint32_t format, uint32_t n, const py::handle& out) {
  const om::FormatInfo& f = omsim_py::format_of(format, "format");
  py::array a = image(out, "out", f, n, true);
  void* dst = a.mutable_data();
  py::gil_scoped_release nogil;
  Lock lock(h.mu);
  return hr_value(
      om::driver::read_texels(h.dev(), rt, image_shape(a, n), om::ref::texel_bytes(f), dst));
}

uint32_t write_rt(DeviceHandle& h, uint32_t rt, uint32_t format, uint32_t n,
                  const py::handle& img) {
  const om::FormatInfo& f = omsim_py::format_of(format, "format");
  const py::array a = image(img, "image", f, n, false);
  py::gil_scoped_release nogil;
  Lock lock(h.mu);
  return hr_value(
      om::driver::write_texels(h.dev(), rt, image_shape(a, n), om::ref::texel_bytes(f), a.data()));
}

}  // namespace

void bind_commands(DeviceClass& cls) {
  cls.def("clear", locked<true>(&Device::clear), py::arg("color"), py::arg("rects"),
          "IDirect3DDevice9::Clear(D3DCLEAR_TARGET): binary32 colour, (left, top, right, bottom) "
          "rects.")
      .def(
          "draw", &draw, py::arg("x"), py::arg("y"), py::arg("oc"), py::arg("oc1"), py::arg("fog"),
          py::arg("coverage"), py::arg("z"), py::arg("front_face"), py::arg("omask"),
          "Pixels through the OM in order, one transfer per sample: x, y (N,) uint32; oc (N, k, 4) "
          "words; oc1 (N, 4), fog (N,), coverage (N,) uint32 mask, z (N,) or (N, n) binary32 "
          "depth, front_face (N,) bool, omask (N,) uint32 (given: the PS writes oMask) or None.")
      .def("read_rt", &read_rt, py::arg("rt"), py::arg("format"), py::arg("samples"),
           py::arg("out"),
           "Every sample of bound slot rt into out ((H, W) texels of the DXGI format, (H, W, n) "
           "for n > 1 samples): hr.")
      .def("write_rt", &write_rt, py::arg("rt"), py::arg("format"), py::arg("samples"),
           py::arg("image"), "An (H, W) or (H, W, n) texel array into bound slot rt: hr.")
      .def("validate", locked<true>(&Device::validate),
           "ValidateDevice: (passes, result, reasons, rt, state_version).")
      .def("read_perf_counters", filling(&Device::read_perf_counters),
           "PERF_*: (hr, PerfCounters or None).")
      .def("clear_perf_counters", locked(&Device::clear_perf_counters), "Write PERF_CLEAR.")
      .def("reset", locked<true>(&Device::reset), "IDirect3DDevice9::Reset.")
      .def("hold_reset", locked(&om::driver::Backend::hold_reset), py::arg("asserted"),
           "Assert (True) or release (False) the OM's reset in the backend.")
      .def(
          "bus_read",
          [](DeviceHandle& h, uint32_t addr) {
            if (addr > 0xFFF) throw py::value_error("addr: outside the 12-bit register space");
            Lock lock(h.mu);
            const om::driver::BusResult r = h.backend().bus().read(addr);
            return py::make_tuple(static_cast<int>(r.status), r.data);
          },
          py::arg("addr"), "One raw read transfer: (status 0 ok / 1 PSLVERR / 2 timeout, data).")
      .def(
          "bus_write",
          [](DeviceHandle& h, uint32_t addr, uint32_t data) {
            if (addr > 0xFFF) throw py::value_error("addr: outside the 12-bit register space");
            Lock lock(h.mu);
            return static_cast<int>(h.backend().bus().write(addr, data).status);
          },
          py::arg("addr"), py::arg("data"),
          "One raw write transfer: status 0 ok / 1 PSLVERR / 2 timeout.");
}

}  // namespace omsim_device

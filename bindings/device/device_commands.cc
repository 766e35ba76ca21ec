// SPDX-License-Identifier: Apache-2.0
// Commands of omsim._device: clear, draw, render-target texel access, validate, perf counters,
// reset and the backend's reset and raw bus controls. Arrays are checked here (common.h: type,
// shape, layout; messages name the argument) and copied into or out of the driver's structures;
// the GIL is released while the backend simulates.
#include <pybind11/stl.h>

#include <array>
#include <string>
#include <vector>

#include "common.h"
#include "device_handle.h"
#include "device_structs.h"
#include "om/ref/batch.h"

namespace omsim_device {
namespace {

using omsim_py::Dtype;
using Shape = std::vector<py::ssize_t>;

Shape shape_of(const py::array& a) { return Shape(a.shape(), a.shape() + a.ndim()); }

void require_shape(const py::array& a, const char* name, const Shape& shape,
                   const std::string& expected) {
  if (shape_of(a) != shape) {
    throw py::value_error(std::string(name) + ": expected shape " + expected + ", got " +
                          omsim_py::shape_str(shape_of(a)));
  }
}

/// An optional (N, ...) array of 32-bit words or bools, checked: its data, or nullptr for None.
template <class T>
const T* optional_words(const py::handle& obj, const char* name,
                        std::initializer_list<Dtype> dtypes, const Shape& shape,
                        const std::string& expected) {
  if (obj.is_none()) return nullptr;
  const py::array a = omsim_py::checked(obj, name, dtypes);
  require_shape(a, name, shape, expected);
  return static_cast<const T*>(a.data());
}

// The pixels of a draw from the checked arrays (the pointers live as long as the call's arguments).
std::vector<om::driver::Pixel> pixels(const py::handle& xo, const py::handle& yo,
                                      const py::handle& oco, const py::handle& oc1o,
                                      const py::handle& fogo, const py::handle& covo,
                                      const py::handle& zo, const py::handle& faceo,
                                      const py::handle& omasko) {
  const py::array x = omsim_py::checked(xo, "x", {Dtype::kU32});
  if (x.ndim() != 1)
    throw py::value_error("x: expected shape (N,), got " + omsim_py::shape_str(shape_of(x)));
  const py::ssize_t n = x.shape(0);
  const std::string ns = std::to_string(n);
  const py::array y = omsim_py::checked(yo, "y", {Dtype::kU32});
  require_shape(y, "y", {n}, "(" + ns + ",) like x");
  const py::array oc = omsim_py::checked(oco, "oc", {Dtype::kF32, Dtype::kU32, Dtype::kI32});
  const py::ssize_t k = oc.ndim() == 3 ? oc.shape(1) : 0;
  if (oc.ndim() != 3 || oc.shape(0) != n || k < 1 || k > om::ref::kMaxRts || oc.shape(2) != 4) {
    throw py::value_error("oc: expected shape (" + ns + ", k, 4) with 1 <= k <= 8, got " +
                          omsim_py::shape_str(shape_of(oc)));
  }
  const auto* oc1 = optional_words<uint32_t>(oc1o, "oc1", {Dtype::kF32, Dtype::kU32, Dtype::kI32},
                                             {n, 4}, "(" + ns + ", 4)");
  const auto* fog =
      optional_words<uint32_t>(fogo, "fog", {Dtype::kF32, Dtype::kU32}, {n}, "(" + ns + ",)");
  const auto* cov = optional_words<uint32_t>(covo, "coverage", {Dtype::kU32}, {n}, "(" + ns + ",)");
  // z: (N,) one depth for every sample, or (N, m) one per sample, 1 <= m <= MaxSamples.
  const uint32_t* z = nullptr;
  py::ssize_t m = 1;
  if (!zo.is_none()) {
    const py::array za = omsim_py::checked(zo, "z", {Dtype::kF32, Dtype::kU32});
    m = za.ndim() == 2 ? za.shape(1) : 1;
    if (za.ndim() < 1 || za.ndim() > 2 || za.shape(0) != n || m < 1 || m > om::kMaxSamples) {
      throw py::value_error("z: expected shape (" + ns + ",) or (" + ns +
                            ", n) with 1 <= n <= " + std::to_string(om::kMaxSamples) + ", got " +
                            omsim_py::shape_str(shape_of(za)));
    }
    z = static_cast<const uint32_t*>(za.data());
  }
  const auto* omask =
      optional_words<uint32_t>(omasko, "omask", {Dtype::kU32}, {n}, "(" + ns + ",)");
  const auto* face =
      optional_words<bool>(faceo, "front_face", {Dtype::kBool}, {n}, "(" + ns + ",)");
  const auto* xs = static_cast<const uint32_t*>(x.data());
  const auto* ys = static_cast<const uint32_t*>(y.data());
  const auto* ocs = static_cast<const uint32_t*>(oc.data());
  py::gil_scoped_release nogil;
  std::vector<om::driver::Pixel> px(static_cast<size_t>(n));
  for (py::ssize_t i = 0; i < n; ++i) {
    om::driver::Pixel& p = px[i];
    p.x = xs[i];
    p.y = ys[i];
    for (py::ssize_t r = 0; r < k; ++r) std::copy_n(ocs + (i * k + r) * 4, 4, p.px.oc[r].begin());
    if (oc1 != nullptr) std::copy_n(oc1 + i * 4, 4, p.px.oc1.begin());
    if (fog != nullptr) p.px.fog = fog[i];
    if (cov != nullptr) p.coverage = cov[i];
    if (z != nullptr) {
      for (py::ssize_t s = 0; s < om::kMaxSamples; ++s) p.z[s] = z[i * m + (s < m ? s : 0)];
    }
    if (face != nullptr) p.front_face = face[i];
    if (omask != nullptr) {
      p.px.omask_written = true;
      p.omask = omask[i];
    }
  }
  return px;
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
  const size_t bytes = om::ref::texel_bytes(f);
  return each_texel(h, a, n,
                    [&](om::driver::Device& d, uint32_t x, uint32_t y, uint32_t s, size_t i) {
                      om::ref::Texel t;
                      const om::Hresult hr = d.read_texel(rt, x, y, &t, s);
                      om::ref::store_texel(dst, i, bytes, t);
                      return hr;
                    });
}

uint32_t write_rt(DeviceHandle& h, uint32_t rt, uint32_t format, uint32_t n,
                  const py::handle& img) {
  const om::FormatInfo& f = omsim_py::format_of(format, "format");
  const py::array a = image(img, "image", f, n, false);
  const void* src = a.data();
  const size_t bytes = om::ref::texel_bytes(f);
  return each_texel(h, a, n,
                    [&](om::driver::Device& d, uint32_t x, uint32_t y, uint32_t s, size_t i) {
                      return d.write_texel(rt, x, y, om::ref::load_texel(src, i, bytes), s);
                    });
}

}  // namespace

void bind_commands(DeviceClass& cls) {
  cls.def(
         "clear",
         [](DeviceHandle& h, const om::ref::Vec4& color,
            const std::vector<std::array<uint32_t, 4>>& rects) {
           std::vector<om::driver::Rect> r;
           for (const auto& t : rects) r.push_back(om::driver::Rect{t[0], t[1], t[2], t[3]});
           py::gil_scoped_release nogil;
           Lock lock(h.mu);
           return hr_value(h.dev().clear(color, r));
         },
         py::arg("color"), py::arg("rects"),
         "IDirect3DDevice9::Clear(D3DCLEAR_TARGET): binary32 colour, (left, top, right, bottom) "
         "rects.")
      .def(
          "draw",
          [](DeviceHandle& h, const py::handle& x, const py::handle& y, const py::handle& oc,
             const py::handle& oc1, const py::handle& fog, const py::handle& coverage,
             const py::handle& z, const py::handle& front_face, const py::handle& omask) {
            const std::vector<om::driver::Pixel> px =
                pixels(x, y, oc, oc1, fog, coverage, z, front_face, omask);
            py::gil_scoped_release nogil;
            Lock lock(h.mu);
            return hr_value(h.dev().draw(px));
          },
          py::arg("x"), py::arg("y"), py::arg("oc"), py::arg("oc1"), py::arg("fog"),
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
      .def(
          "validate",
          [](DeviceHandle& h) {
            py::gil_scoped_release nogil;
            Lock lock(h.mu);
            const om::driver::ValidateOutcome v = h.dev().validate();
            return std::make_tuple(v.passes, hr_value(v.result), v.reasons, v.rt, v.state_version);
          },
          "ValidateDevice: (passes, result, reasons, rt, state_version).")
      .def("read_perf_counters", filling(&om::driver::Device::read_perf_counters),
           "PERF_*: (hr, PerfCounters or None).")
      .def("clear_perf_counters", locked(&om::driver::Device::clear_perf_counters),
           "Write PERF_CLEAR.")
      .def(
          "reset",
          [](DeviceHandle& h) {
            py::gil_scoped_release nogil;
            Lock lock(h.mu);
            return hr_value(h.dev().reset());
          },
          "IDirect3DDevice9::Reset.")
      .def(
          "hold_reset",
          [](DeviceHandle& h, bool asserted) {
            Lock lock(h.mu);
            h.backend().hold_reset(asserted);
          },
          py::arg("asserted"), "Assert (True) or release (False) the OM's reset in the backend.")
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

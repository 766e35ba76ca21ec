// SPDX-License-Identifier: Apache-2.0
// Commands of omsim._device: clear, draw, render-target texel access, validate, perf counters,
// reset and the backend's reset / init-done / raw bus controls. Arrays are checked here (type,
// shape, layout; messages name the argument) and copied into or out of the driver's structures;
// the GIL is released while the backend simulates.
#include <pybind11/stl.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "device_handle.h"
#include "om/ref/convert.h"

namespace omsim_device {
namespace {

using om::driver::Pixel;

std::string dtype_str(const py::array& a) { return py::str(a.dtype()).cast<std::string>(); }

bool native_order(const py::array& a) {
  const char foreign = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? '<' : '>';
  return a.dtype().byteorder() != foreign;
}

py::array as_array(const py::handle& obj, const std::string& name) {
  if (!py::isinstance<py::array>(obj)) {
    throw py::type_error(name + ": expected a numpy.ndarray, got " +
                         py::str(py::type::of(obj).attr("__name__")).cast<std::string>());
  }
  py::array a = py::reinterpret_borrow<py::array>(obj);
  if ((a.flags() & py::array::c_style) == 0) {
    throw py::value_error(name + ": array must be C-contiguous (numpy.ascontiguousarray)");
  }
  return a;
}

/// Elements of `kinds` ("fui", "u", "b", ...) and `itemsize` bytes in native byte order.
void require_dtype(const py::array& a, const std::string& name, const char* kinds,
                   py::ssize_t itemsize, const char* expected) {
  const char k = a.dtype().kind();
  if (std::strchr(kinds, k) == nullptr || a.itemsize() != itemsize || !native_order(a)) {
    throw py::type_error(name + ": expected dtype " + expected + ", got " + dtype_str(a));
  }
}

std::string shape_str(const py::array& a) {
  std::string s = "(";
  for (py::ssize_t i = 0; i < a.ndim(); ++i) {
    s += (i ? ", " : "") + std::to_string(a.shape(i));
  }
  return s + (a.ndim() == 1 ? ",)" : ")");
}

void require_shape(const py::array& a, const std::string& name,
                   const std::vector<py::ssize_t>& shape, const std::string& expected) {
  bool ok = a.ndim() == static_cast<py::ssize_t>(shape.size());
  for (size_t i = 0; ok && i < shape.size(); ++i) ok = a.shape(i) == shape[i];
  if (!ok) throw py::value_error(name + ": expected shape " + expected + ", got " + shape_str(a));
}

const char* kWords = "float32, uint32 or int32 (32-bit words)";

// The arrays of a draw, checked (with the GIL held). The pointers stay valid while the call's
// arguments hold the arrays.
struct DrawArrays {
  py::ssize_t n = 0;
  py::ssize_t k = 0;  // outputs o0..o[k-1] per pixel
  const uint32_t* x = nullptr;
  const uint32_t* y = nullptr;
  const uint32_t* oc = nullptr;
  const uint32_t* oc1 = nullptr;   // optional
  const uint32_t* fog = nullptr;   // optional
  const bool* coverage = nullptr;  // optional
};

DrawArrays check_draw(const py::handle& xo, const py::handle& yo, const py::handle& oco,
                      const py::handle& oc1o, const py::handle& fogo, const py::handle& covo) {
  const py::array x = as_array(xo, "x");
  require_dtype(x, "x", "u", 4, "uint32");
  if (x.ndim() != 1) throw py::value_error("x: expected shape (N,), got " + shape_str(x));
  const py::ssize_t n = x.shape(0);
  const std::string ns = std::to_string(n);
  const py::array y = as_array(yo, "y");
  require_dtype(y, "y", "u", 4, "uint32");
  require_shape(y, "y", {n}, "(" + ns + ",) like x");
  const py::array oc = as_array(oco, "oc");
  require_dtype(oc, "oc", "fui", 4, kWords);
  if (oc.ndim() != 3 || oc.shape(0) != n || oc.shape(1) < 1 || oc.shape(1) > om::ref::kMaxRts ||
      oc.shape(2) != 4) {
    throw py::value_error("oc: expected shape (" + ns + ", k, 4) with 1 <= k <= 8, got " +
                          shape_str(oc));
  }
  const py::ssize_t k = oc.shape(1);
  const uint32_t* oc1 = nullptr;
  if (!oc1o.is_none()) {
    const py::array a = as_array(oc1o, "oc1");
    require_dtype(a, "oc1", "fui", 4, kWords);
    require_shape(a, "oc1", {n, 4}, "(" + ns + ", 4)");
    oc1 = static_cast<const uint32_t*>(a.data());
  }
  const uint32_t* fog = nullptr;
  if (!fogo.is_none()) {
    const py::array a = as_array(fogo, "fog");
    require_dtype(a, "fog", "fu", 4, "float32 or uint32 (binary32 bits)");
    require_shape(a, "fog", {n}, "(" + ns + ",)");
    fog = static_cast<const uint32_t*>(a.data());
  }
  const bool* cov = nullptr;
  if (!covo.is_none()) {
    const py::array a = as_array(covo, "coverage");
    require_dtype(a, "coverage", "b", 1, "bool");
    require_shape(a, "coverage", {n}, "(" + ns + ",)");
    cov = static_cast<const bool*>(a.data());
  }
  DrawArrays d;
  d.n = n;
  d.k = k;
  d.x = static_cast<const uint32_t*>(x.data());
  d.y = static_cast<const uint32_t*>(y.data());
  d.oc = static_cast<const uint32_t*>(oc.data());
  d.oc1 = oc1;
  d.fog = fog;
  d.coverage = cov;
  return d;
}

// The pixels of a draw, copied out of the checked arrays (no Python calls: runs without the GIL).
std::vector<Pixel> pixels_from(const DrawArrays& d) {
  std::vector<Pixel> px(static_cast<size_t>(d.n));
  for (py::ssize_t i = 0; i < d.n; ++i) {
    Pixel& p = px[i];
    p.x = d.x[i];
    p.y = d.y[i];
    for (py::ssize_t r = 0; r < d.k; ++r) {
      for (int c = 0; c < 4; ++c) p.px.oc[r][c] = d.oc[(i * d.k + r) * 4 + c];
    }
    if (d.oc1 != nullptr) {
      for (int c = 0; c < 4; ++c) p.px.oc1[c] = d.oc1[i * 4 + c];
    }
    if (d.fog != nullptr) p.px.fog = d.fog[i];
    if (d.coverage != nullptr) p.px.coverage = d.coverage[i];
  }
  return px;
}

// An (H, W) texel image of `format` (uint8/16/32/64 by texel size; (H, W, 4) uint32 for 128-bit
// texels). Returns the format's texel size in bytes.
int check_image(const py::array& a, const std::string& name, const om::FormatInfo& f) {
  const int bytes = f.texel_bits / 8;
  const bool wide = bytes == 16;
  const std::string want = wide ? "uint32" : "uint" + std::to_string(8 * bytes);
  require_dtype(a, name, "u", wide ? 4 : bytes, want.c_str());
  if (a.ndim() != (wide ? 3 : 2) || (wide && a.shape(2) != 4)) {
    throw py::value_error(name + ": expected shape (H, W" + (wide ? ", 4" : "") + ") for " +
                          f.name + ", got " + shape_str(a));
  }
  return bytes;
}

const om::FormatInfo& format_of(uint32_t dxgi) {
  const om::FormatInfo* f = om::ref::find_format(dxgi);
  if (f == nullptr) {
    throw py::value_error("format: DXGI value " + std::to_string(dxgi) +
                          " is not a format the output merger implements");
  }
  return *f;
}

void store(const om::ref::Texel& t, int bytes, uint8_t* dst) {
  if (bytes == 16) {
    std::memcpy(dst, t.w.data(), 16);
  } else if (bytes == 8) {
    const uint64_t v = t.w[0] | static_cast<uint64_t>(t.w[1]) << 32;
    std::memcpy(dst, &v, 8);
  } else if (bytes == 4) {
    std::memcpy(dst, &t.w[0], 4);
  } else if (bytes == 2) {
    const auto v = static_cast<uint16_t>(t.w[0]);
    std::memcpy(dst, &v, 2);
  } else {
    *dst = static_cast<uint8_t>(t.w[0]);
  }
}

om::ref::Texel load(int bytes, const uint8_t* src) {
  om::ref::Texel t{};
  if (bytes == 16) {
    std::memcpy(t.w.data(), src, 16);
  } else if (bytes == 8) {
    uint64_t v = 0;
    std::memcpy(&v, src, 8);
    t.w[0] = static_cast<uint32_t>(v);
    t.w[1] = static_cast<uint32_t>(v >> 32);
  } else if (bytes == 4) {
    std::memcpy(&t.w[0], src, 4);
  } else if (bytes == 2) {
    uint16_t v = 0;
    std::memcpy(&v, src, 2);
    t.w[0] = v;
  } else {
    t.w[0] = *src;
  }
  return t;
}

uint32_t read_rt(DeviceHandle& h, uint32_t rt, uint32_t format, const py::handle& out) {
  const om::FormatInfo& f = format_of(format);
  py::array a = as_array(out, "out");
  if (!a.writeable()) throw py::value_error("out: array is read-only");
  const int bytes = check_image(a, "out", f);
  const auto hgt = static_cast<uint32_t>(a.shape(0));
  const auto wid = static_cast<uint32_t>(a.shape(1));
  auto* dst = static_cast<uint8_t*>(a.mutable_data());
  py::gil_scoped_release nogil;
  Lock lock(h.mu);
  om::driver::Device& d = h.dev();
  for (uint32_t y = 0; y < hgt; ++y) {
    for (uint32_t x = 0; x < wid; ++x) {
      om::ref::Texel t;
      const om::Hresult hr = d.read_texel(rt, x, y, &t);
      if (om::driver::failed(hr)) return hr_value(hr);
      store(t, bytes, dst + (static_cast<size_t>(y) * wid + x) * bytes);
    }
  }
  return hr_value(om::Hresult::S_OK);
}

uint32_t write_rt(DeviceHandle& h, uint32_t rt, uint32_t format, const py::handle& image) {
  const om::FormatInfo& f = format_of(format);
  const py::array a = as_array(image, "image");
  const int bytes = check_image(a, "image", f);
  const auto hgt = static_cast<uint32_t>(a.shape(0));
  const auto wid = static_cast<uint32_t>(a.shape(1));
  const auto* src = static_cast<const uint8_t*>(a.data());
  py::gil_scoped_release nogil;
  Lock lock(h.mu);
  om::driver::Device& d = h.dev();
  for (uint32_t y = 0; y < hgt; ++y) {
    for (uint32_t x = 0; x < wid; ++x) {
      const om::Hresult hr =
          d.write_texel(rt, x, y, load(bytes, src + (static_cast<size_t>(y) * wid + x) * bytes));
      if (om::driver::failed(hr)) return hr_value(hr);
    }
  }
  return hr_value(om::Hresult::S_OK);
}

void bind_draw(DeviceClass& cls) {
  cls.def(
         "clear",
         [](DeviceHandle& h, const std::array<uint32_t, 4>& color,
            const std::vector<std::array<uint32_t, 4>>& rects) {
           std::vector<om::driver::Rect> r;
           for (const auto& t : rects) r.push_back(om::driver::Rect{t[0], t[1], t[2], t[3]});
           py::gil_scoped_release nogil;
           Lock lock(h.mu);
           return hr_value(h.dev().clear(color, r));
         },
         py::arg("color"), py::arg("rects"),
         "IDirect3DDevice9::Clear(D3DCLEAR_TARGET): color as 4 binary32 words, rects as "
         "(left, top, right, bottom) (empty: the whole target).")
      .def(
          "draw",
          [](DeviceHandle& h, const py::handle& x, const py::handle& y, const py::handle& oc,
             const py::handle& oc1, const py::handle& fog, const py::handle& coverage) {
            const DrawArrays arrays = check_draw(x, y, oc, oc1, fog, coverage);
            py::gil_scoped_release nogil;
            const std::vector<Pixel> px = pixels_from(arrays);
            Lock lock(h.mu);
            return hr_value(h.dev().draw(px));
          },
          py::arg("x"), py::arg("y"), py::arg("oc"), py::arg("oc1"), py::arg("fog"),
          py::arg("coverage"),
          "Send pixels through the OM in order: x, y (N,) uint32; oc (N, k, 4) 32-bit words "
          "(o0..o[k-1]); oc1 (N, 4) or None; fog (N,) binary32 or None (1.0); coverage (N,) bool "
          "or None (covered).")
      .def("read_rt", &read_rt, py::arg("rt"), py::arg("format"), py::arg("out"),
           "Read every texel of bound slot rt into out ((H, W) texel array of the DXGI format); "
           "returns the first failing read's hr or S_OK.")
      .def("write_rt", &write_rt, py::arg("rt"), py::arg("format"), py::arg("image"),
           "Write an (H, W) texel array into bound slot rt; returns hr.");
}

void bind_misc(DeviceClass& cls) {
  cls.def(
         "validate",
         [](DeviceHandle& h) {
           py::gil_scoped_release nogil;
           Lock lock(h.mu);
           const om::driver::ValidateOutcome v = h.dev().validate();
           return std::make_tuple(v.passes, hr_value(v.result), v.reasons, v.rt, v.state_version);
         },
         "ValidateDevice (docs/validation.md §7): (passes, result, reasons, rt, state_version).")
      .def(
          "read_perf_counters",
          [](DeviceHandle& h) {
            Lock lock(h.mu);
            om::driver::PerfCounters c;
            const om::Hresult hr = h.dev().read_perf_counters(&c);
            return py::make_tuple(
                hr_value(hr), py::make_tuple(c.pixels_in, c.rt_reads, c.rt_writes, c.hazard_stalls,
                                             c.mem_stalls, c.killed));
          },
          "PERF_*: (hr, (pixels_in, rt_reads, rt_writes, hazard_stalls, mem_stalls, killed)).")
      .def(
          "clear_perf_counters",
          [](DeviceHandle& h) {
            Lock lock(h.mu);
            return hr_value(h.dev().clear_perf_counters());
          },
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
          py::arg("addr"),
          "One raw read transfer behind the driver's back: (status 0 ok / 1 PSLVERR / 2 "
          "timeout, data).")
      .def(
          "bus_write",
          [](DeviceHandle& h, uint32_t addr, uint32_t data) {
            if (addr > 0xFFF) throw py::value_error("addr: outside the 12-bit register space");
            Lock lock(h.mu);
            return static_cast<int>(h.backend().bus().write(addr, data).status);
          },
          py::arg("addr"), py::arg("data"),
          "One raw write transfer behind the driver's back: status 0 ok / 1 PSLVERR / 2 timeout.");
}

}  // namespace

void bind_commands(DeviceClass& cls) {
  bind_draw(cls);
  bind_misc(cls);
}

}  // namespace omsim_device

// SPDX-License-Identifier: Apache-2.0
// Shared parts of the omsim._device extension: the Python-visible device object (a backend and
// the om::driver::Device created over it, behind one mutex) and the bind_* entry points of each
// file. The adapter only converts values and copies arrays: every decision is the driver's.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "om/driver/backend.h"
#include "om/driver/device.h"

namespace omsim_device {

namespace py = pybind11;

/// One D3D device over one backend. Every call takes `mu`: calls that run the simulation (draw,
/// clear, texel loops, validate) release the GIL first, so two Python threads may share a device
/// and never run the driver at the same time. `mu` is recursive: building a Python result while
/// holding it may run a finaliser that calls the same device on the same thread. close() destroys
/// the device and the backend (an "rtl" backend then finishes its waves file); later calls raise
/// ValueError.
class DeviceHandle {
 public:
  DeviceHandle(std::unique_ptr<om::driver::Backend> backend,
               std::unique_ptr<om::driver::Device> device, std::string backend_name)
      : backend_(std::move(backend)), device_(std::move(device)), name_(std::move(backend_name)) {}

  /// The device; ValueError after close(). Call with `mu` held.
  om::driver::Device& dev() {
    if (!device_) throw py::value_error("device is closed");
    return *device_;
  }
  om::driver::Backend& backend() {
    if (!backend_) throw py::value_error("device is closed");
    return *backend_;
  }
  bool closed() const { return !device_; }
  const std::string& name() const { return name_; }
  void close() {
    device_.reset();
    backend_.reset();
  }

  std::recursive_mutex mu;

 private:
  std::unique_ptr<om::driver::Backend> backend_;
  std::unique_ptr<om::driver::Device> device_;
  std::string name_;
};

using DeviceClass = py::class_<DeviceHandle>;
using Lock = std::lock_guard<std::recursive_mutex>;

/// HRESULT as the plain unsigned value Python receives.
inline uint32_t hr_value(om::Hresult hr) { return static_cast<uint32_t>(hr); }

/// The binding of a driver call: under the device's lock (the GIL held), HRESULTs as ints.
template <class R, class... A>
auto locked(R (om::driver::Device::*fn)(A...)) {
  return [fn](DeviceHandle& h, A... a) {
    Lock lock(h.mu);
    if constexpr (std::is_same_v<R, om::Hresult>) {
      return hr_value((h.dev().*fn)(a...));
    } else {
      return (h.dev().*fn)(a...);
    }
  };
}
template <class R>
auto locked(R (om::driver::Device::*fn)() const) {
  return [fn](DeviceHandle& h) {
    Lock lock(h.mu);
    return (h.dev().*fn)();
  };
}

/// (hr, the out value) of a driver call that fills one.
template <class T, class F>
py::tuple with_out(DeviceHandle& h, F&& call) {
  Lock lock(h.mu);
  T out{};
  const om::Hresult hr = call(h.dev(), &out);
  return py::make_tuple(hr_value(hr),
                        om::driver::failed(hr) ? py::object(py::none()) : py::cast(out));
}

/// The binding of a driver call `fn(in, &out)`: (hr, out or None on failure). A pointer `in` is
/// a struct Python passes as its tuple.
template <class A, class T, class Fn>
auto filling_call(Fn fn) {
  using Arg = std::conditional_t<std::is_pointer_v<A>, const std::remove_pointer_t<A>&, A>;
  return [fn](DeviceHandle& h, Arg a) {
    return with_out<T>(h, [&a, fn](om::driver::Device& d, T* o) {
      if constexpr (std::is_pointer_v<A>) {
        return (d.*fn)(&a, o);
      } else {
        return (d.*fn)(a, o);
      }
    });
  };
}
template <class A, class T>
auto filling(om::Hresult (om::driver::Device::*fn)(A, T*)) {
  return filling_call<A, T>(fn);
}
template <class A, class T>
auto filling(om::Hresult (om::driver::Device::*fn)(A, T*) const) {
  return filling_call<A, T>(fn);
}
/// The binding of a driver call `fn(&out)`: (hr, out or None on failure).
template <class T>
auto filling(om::Hresult (om::driver::Device::*fn)(T*)) {
  return [fn](DeviceHandle& h) {
    return with_out<T>(h, [fn](om::driver::Device& d, T* o) { return (d.*fn)(o); });
  };
}

/// The binding of a Create*State call: (hr, handle) of `fn(desc or NULL, want_object ? &handle :
/// NULL)`, the handle `none` unless created.
template <class D, class S>
auto creating(om::Hresult (om::driver::Device::*fn)(const D*, S*), S none) {
  return [fn, none](DeviceHandle& h, const std::optional<D>& desc, bool want_object) {
    Lock lock(h.mu);
    S s = none;
    const om::Hresult hr = (h.dev().*fn)(desc ? &*desc : nullptr, want_object ? &s : nullptr);
    return py::make_tuple(hr_value(hr), s);
  };
}

/// Every sample s < n of every (x, y) of the (H, W, ...) array `a` through
/// `texel(device, x, y, s, i)` (a driver read or write of texel i = (y * W + x) * n + s), in
/// order, with the GIL released; the first failing HRESULT.
template <class F>
uint32_t each_texel(DeviceHandle& h, const py::array& a, uint32_t n, F&& texel) {
  const auto hgt = static_cast<uint32_t>(a.shape(0));
  const auto wid = static_cast<uint32_t>(a.shape(1));
  py::gil_scoped_release nogil;
  Lock lock(h.mu);
  for (uint32_t y = 0; y < hgt; ++y) {
    for (uint32_t x = 0; x < wid; ++x) {
      for (uint32_t s = 0; s < n; ++s) {
        const om::Hresult hr = texel(h.dev(), x, y, s, (static_cast<size_t>(y) * wid + x) * n + s);
        if (om::driver::failed(hr)) return hr_value(hr);
      }
    }
  }
  return hr_value(om::Hresult::S_OK);
}

/// Module parts, one per file.
void bind_state(DeviceClass& cls);     // device_state.cc: caps, blend states, OM state setters
void bind_commands(DeviceClass& cls);  // device_commands.cc: clear, draw, texels, validate, misc
void bind_depth_stencil_states(DeviceClass& cls);  // device_ds.cc: depth-stencil-state objects

}  // namespace omsim_device

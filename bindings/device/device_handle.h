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
#include "om/driver/host_arrays.h"

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

/// How Python passes a driver parameter of type A: an enum as its integer, a `const T*` as a T or
/// None (NULL), anything else as is; get() gives the driver's value back.
template <class A, class = void>
struct PyArg {
  using type = A;
  static A get(A a) { return a; }
};
template <class A>
struct PyArg<A, std::enable_if_t<std::is_enum_v<A>>> {
  using type = std::underlying_type_t<A>;
  static A get(type v) { return static_cast<A>(v); }
};
template <class T>
struct PyArg<const T*> {
  using type = const std::optional<T>&;
  static const T* get(type v) { return v ? &*v : nullptr; }
};

/// The driver (Device) or backend (Backend) a member function of C is called on.
template <class C>
C& target(DeviceHandle& h) {
  if constexpr (std::is_same_v<C, om::driver::Backend>) {
    return h.backend();
  } else {
    return h.dev();
  }
}

/// A Device or Backend member function's binding, const or not: under the device's lock (with
/// kNoGil, the GIL released: calls that run the simulation), HRESULTs as ints.
template <bool kNoGil, class F>
struct Locked;
template <bool kNoGil, class R, class C, class... A>
struct Locked<kNoGil, R (C::*)(A...)> {
  template <class F>
  static auto bind(F fn) {
    return [fn](DeviceHandle& h, typename PyArg<A>::type... a) {
      std::optional<py::gil_scoped_release> nogil;
      if constexpr (kNoGil) nogil.emplace();
      Lock lock(h.mu);
      if constexpr (std::is_same_v<R, om::Hresult>) {
        return hr_value((target<C>(h).*fn)(PyArg<A>::get(a)...));
      } else {
        return (target<C>(h).*fn)(PyArg<A>::get(a)...);
      }
    };
  }
};
template <bool kNoGil, class R, class C, class... A>
struct Locked<kNoGil, R (C::*)(A...) const> : Locked<kNoGil, R (C::*)(A...)> {};
template <bool kNoGil = false, class F>
auto locked(F fn) {
  return Locked<kNoGil, F>::bind(fn);
}

/// (hr, out), out None when hr failed.
template <class T>
py::tuple with_out(om::Hresult hr, const T& out) {
  return py::make_tuple(hr_value(hr),
                        om::driver::failed(hr) ? py::object(py::none()) : py::cast(out));
}

/// The binding of a driver call `fn(in, &out)` (const or not) or `fn(&out)`: (hr, out or None on
/// failure).
template <class A, class T, class F>
auto filling_call(F fn) {
  return [fn](DeviceHandle& h, typename PyArg<A>::type a) {
    Lock lock(h.mu);
    T out{};
    return with_out((h.dev().*fn)(PyArg<A>::get(a), &out), out);
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
template <class T>
auto filling(om::Hresult (om::driver::Device::*fn)(T*)) {
  return [fn](DeviceHandle& h) {
    Lock lock(h.mu);
    T out{};
    return with_out((h.dev().*fn)(&out), out);
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

/// The host image (om/driver/host_arrays.h) of an (H, W, ...) array of n samples per pixel.
inline om::driver::ImageShape image_shape(const py::array& a, uint32_t n) {
  return {static_cast<uint32_t>(a.shape(1)), static_cast<uint32_t>(a.shape(0)), n};
}

/// Module parts, one per file.
void bind_state(DeviceClass& cls);     // device_state.cc: caps, blend states, OM state setters
void bind_commands(DeviceClass& cls);  // device_commands.cc: clear, draw, texels, validate, misc
void bind_depth_stencil_states(DeviceClass& cls);  // device_ds.cc: depth-stencil-state objects

}  // namespace omsim_device

// SPDX-License-Identifier: Apache-2.0
// C++ structs <-> the tuples the omsim dataclasses exchange with the extension modules (shared by
// omsim._core, _device and _cosim). A dataclass's to_core() gives its fields in declaration order
// -- bools, ints for enums and words, binary32 bits for floats, DXGI values for formats, tuples for
// nested structs and arrays, None for an empty optional entry -- and from_core() takes the same
// tuple back. PyStruct<S>, generated from defs/structs.toml (om/gen/py_*structs.h), converts S
// field by field with load() and cast() below; the caster at the end converts every S a binding
// takes or returns. Each module exports the field names as FIELDS and the members' offsets as
// FIELD_OFFSETS, so a test checks that the dataclass, the conversion and the C++ struct agree.
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "om/gen/defs.h"
#include "om/ref/convert.h"

namespace omsim_py {

namespace py = pybind11;

/// Specialised per struct (generated): kName (its dataclass; none for a one-field struct Python
/// holds as that field), kNoun (what an array of them holds, for messages), kOptional (None is an
/// empty struct), load() (unless a member is C++ only), cast(), names() and offsets() (for
/// export_fields).
template <class S>
struct PyStruct;

template <class T, class = void>
struct HasConv : std::false_type {};
template <class T>
struct HasConv<T, std::void_t<decltype(&PyStruct<T>::cast)>> : std::true_type {};
template <class T, class = void>
struct HasName : std::false_type {};
template <class T>
struct HasName<T, std::void_t<decltype(PyStruct<T>::kName)>> : std::true_type {};
template <class T>
struct IsArray : std::false_type {};
template <class T, size_t N>
struct IsArray<std::array<T, N>> : std::true_type {};

/// Where in the argument a value sits ("BlendDesc.render_target[3].src_blend"), spelled out only
/// for a message: loading a struct builds no strings.
struct Where {
  const Where* parent = nullptr;
  const char* name = nullptr;
  long index = -1;
  std::string str() const {
    std::string s = parent != nullptr ? parent->str() : "";
    if (name != nullptr) s += (parent != nullptr ? "." : "") + std::string(name);
    if (index >= 0) s += "[" + std::to_string(index) + "]";
    return s;
  }
};

[[noreturn]] inline void fail(const Where& w, const std::string& why) {
  throw py::value_error(w.str() + ": " + why);
}

/// The name of `v`'s type, for messages ("expected an int, got str"; arrays.cc).
std::string type_name(const py::handle& v);

/// A Python int (or an object with __index__; bool only when `bits` is 1) that fits in `bits`
/// unsigned bits; TypeError / ValueError naming `what` otherwise (arrays.cc). bits <= 64.
uint64_t uint_arg(const py::handle& v, const std::string& what, int bits);

/// The format with this DXGI value; ValueError "<name>: DXGI value .. is not a format the output
/// merger implements" otherwise (arrays.cc).
const om::FormatInfo& format_of(uint32_t dxgi, const char* name);

/// uint_arg for an unsigned member type (a plain int that fits takes the fast path).
template <class T>
T integer(const py::handle& h, const Where& w) {
  static_assert(std::is_unsigned_v<T>, "struct members Python sets are unsigned");
  constexpr int bits = std::numeric_limits<T>::digits;
  if (PyLong_CheckExact(h.ptr())) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (overflow == 0 && v >= 0 &&
        static_cast<unsigned long long>(v) <= std::numeric_limits<T>::max())
      return static_cast<T>(v);
  }
  return static_cast<T>(uint_arg(h, w.str(), bits));
}

/// `h` as a tuple or list of exactly n entries; ValueError naming it and `noun` otherwise.
inline py::sequence entries(const py::handle& h, const Where& w, size_t n, const char* noun) {
  if (!py::isinstance<py::tuple>(h) && !py::isinstance<py::list>(h)) {
    fail(w, std::string("expected a tuple of ") + std::to_string(n) + " " + noun + ", got " +
                type_name(h));
  }
  const py::sequence s = py::reinterpret_borrow<py::sequence>(h);
  if (py::len(s) != n) {
    fail(w, "expected " + std::to_string(n) + " " + noun + ", got " + std::to_string(py::len(s)));
  }
  return s;
}

/// A feature-level index member (0 = 9_1 ...) that Python holds as its D3D_FEATURE_LEVEL value.
inline void load_feature_level(const py::handle& h, int& out, const Where& w) {
  const auto fl = integer<uint32_t>(h, w);
  const auto* end = om::kFeatureLevels + om::kNumFeatureLevels;
  const auto* it = std::find(om::kFeatureLevels, end, static_cast<om::FeatureLevel>(fl));
  if (it == end) fail(w, std::to_string(fl) + " is not a D3D_FEATURE_LEVEL value");
  out = static_cast<int>(it - om::kFeatureLevels);
}

template <class T>
void load(const py::handle& h, T& out, const Where& w) {
  if constexpr (HasConv<T>::value) {
    PyStruct<T>::load(h, out, w);
  } else if constexpr (IsArray<T>::value) {
    using E = typename T::value_type;
    const char* noun = "values";
    if constexpr (HasConv<E>::value) noun = PyStruct<E>::kNoun;
    const py::sequence s = entries(h, w, out.size(), noun);
    for (size_t i = 0; i < out.size(); ++i)
      load(s[i], out[i], Where{&w, nullptr, static_cast<long>(i)});
  } else if constexpr (std::is_same_v<T, const om::FormatInfo*>) {
    out = h.is_none() ? nullptr : &format_of(integer<uint32_t>(h, w), w.str().c_str());
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!py::isinstance<py::str>(h)) fail(w, "expected a str, got " + type_name(h));
    out = h.cast<std::string>();
  } else if constexpr (std::is_same_v<T, bool>) {
    const int truth = PyObject_IsTrue(h.ptr());
    if (truth < 0) throw py::error_already_set();
    out = truth == 1;
  } else if constexpr (std::is_enum_v<T>) {
    out = static_cast<T>(integer<std::underlying_type_t<T>>(h, w));
  } else {
    out = integer<T>(h, w);
  }
}

template <class T>
py::object cast(const T& v) {
  if constexpr (HasConv<T>::value) {
    return PyStruct<T>::cast(v);
  } else if constexpr (IsArray<T>::value) {
    py::tuple t(v.size());
    for (size_t i = 0; i < v.size(); ++i) t[i] = cast(v[i]);
    return std::move(t);
  } else if constexpr (std::is_same_v<T, const om::FormatInfo*>) {
    if (v == nullptr) return py::none();
    return py::int_(static_cast<uint32_t>(v->format));
  } else if constexpr (std::is_same_v<T, bool>) {
    return py::bool_(v);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return py::str(v);
  } else if constexpr (std::is_enum_v<T>) {
    return py::int_(static_cast<std::underlying_type_t<T>>(v));
  } else {
    return py::int_(v);
  }
}

/// The byte offset of member `m` of `s` (PyStruct<S>::offsets()).
template <class S, class M>
py::int_ offset(const S& s, const M& m) {
  return py::int_(reinterpret_cast<const char*>(&m) - reinterpret_cast<const char*>(&s));
}

/// Exports the conversions of S... as FIELDS, {kName: (field names)}, the names a test checks
/// against the dataclasses, and FIELD_OFFSETS, [(kName, (byte offset of each field's member))],
/// which a test checks are increasing: the C++ struct declares its members in the dataclass's field
/// order.
template <class... S>
void export_fields(py::module_& m) {
  py::dict names;
  py::list offsets;
  ((names[PyStruct<S>::kName] = PyStruct<S>::names(),
    offsets.append(py::make_tuple(PyStruct<S>::kName, PyStruct<S>::offsets()))),
   ...);
  m.attr("FIELDS") = names;
  m.attr("FIELD_OFFSETS") = offsets;
}

}  // namespace omsim_py

namespace pybind11::detail {
/// Converts every struct with a named PyStruct to and from its tuple (None only for a kOptional
/// struct), wherever pybind11 meets one: the PyStruct must be visible where the struct is bound.
template <class S>
struct type_caster<S, std::enable_if_t<omsim_py::HasName<S>::value>> {
  PYBIND11_TYPE_CASTER(S, const_name("tuple"));
  bool load(handle src, bool) {
    if (src.is_none() && !omsim_py::PyStruct<S>::kOptional) return false;
    omsim_py::load(src, value, omsim_py::Where{nullptr, omsim_py::PyStruct<S>::kName});
    return true;
  }
  static handle cast(const S& s, return_value_policy, handle) {
    return omsim_py::cast(s).release();
  }
};
}  // namespace pybind11::detail

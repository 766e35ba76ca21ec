// SPDX-License-Identifier: Apache-2.0
// C++ structs <-> the tuples the omsim dataclasses exchange with the extension modules, through one
// field table per struct (shared by omsim._core, _device and _cosim). A dataclass's to_core() gives
// its fields in declaration order -- bools, ints for enums and words, binary32 bits for floats,
// DXGI values for formats, tuples for nested structs and arrays, None for an empty optional entry
// -- and from_core() takes the same tuple back. Table<S> lists S's members in that order under the
// dataclass's field names; the caster at the end converts every S a binding takes or returns. Each
// module exports the names as FIELDS and the members' offsets as FIELD_OFFSETS, so a test checks
// that the dataclass, the table and the C++ struct agree.
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>

#include "om/gen/defs.h"
#include "om/ref/convert.h"

namespace omsim_py {

namespace py = pybind11;

/// A feature-level index member (0 = 9_1 ...) that Python holds as its D3D_FEATURE_LEVEL value.
struct FeatureLevelIndex {};

/// One member of S under its dataclass field name; Conv names a conversion other than the member
/// type's own (FeatureLevelIndex).
template <class S, class M, class Conv = void>
struct Field {
  const char* name;
  M S::*member;
};
template <class Conv = void, class S, class M>
constexpr Field<S, M, Conv> field(const char* name, M S::*member) {
  return {name, member};
}

/// Specialised per struct: kName (its dataclass), kFields (a tuple of field()), and optionally
/// kNoun (what an array of them holds, for messages), kPresent (the bool member that None leaves
/// false and a tuple sets true) or kFlat (a one-field struct that Python holds as that field).
template <class S>
struct Table;

template <class T, class = void>
struct HasTable : std::false_type {};
template <class T>
struct HasTable<T, std::void_t<decltype(Table<T>::kFields)>> : std::true_type {};
template <class T, class = void>
struct HasName : std::false_type {};
template <class T>
struct HasName<T, std::void_t<decltype(Table<T>::kName)>> : std::true_type {};
template <class T, class = void>
struct HasPresent : std::false_type {};
template <class T>
struct HasPresent<T, std::void_t<decltype(Table<T>::kPresent)>> : std::true_type {};
template <class T, class = void>
struct HasNoun : std::false_type {};
template <class T>
struct HasNoun<T, std::void_t<decltype(Table<T>::kNoun)>> : std::true_type {};
template <class T, class = void>
struct IsFlat : std::false_type {};
template <class T>
struct IsFlat<T, std::void_t<decltype(Table<T>::kFlat)>> : std::true_type {};
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

/// The name of `v`'s type, for messages (arrays.cc).
std::string type_name(const py::handle& v);

/// A Python int (or an object with __index__; bool only when `bits` is 1) that fits in `bits`
/// unsigned bits; TypeError / ValueError naming `what` otherwise (arrays.cc). bits <= 64.
uint64_t uint_arg(const py::handle& v, const std::string& what, int bits);

/// uint_arg for an unsigned member type (a plain int that fits takes the fast path).
template <class T>
T integer(const py::handle& h, const Where& w) {
  static_assert(std::is_unsigned_v<T>, "struct members Python sets are unsigned");
  constexpr int bits = std::numeric_limits<T>::digits;
  if (PyLong_CheckExact(h.ptr())) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (overflow == 0 && v >= 0 && (bits >= 63 || (v >> bits) == 0)) return static_cast<T>(v);
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

template <class T>
void load(const py::handle& h, T& out, const Where& w);

template <class S, class M, class Conv>
void load_field(const py::handle& h, S& s, const Field<S, M, Conv>& f, const Where& parent) {
  const Where w{&parent, f.name};
  if constexpr (std::is_same_v<Conv, FeatureLevelIndex>) {
    const auto fl = integer<uint32_t>(h, w);
    const auto* end = om::kFeatureLevels + om::kNumFeatureLevels;
    const auto* it = std::find(om::kFeatureLevels, end, static_cast<om::FeatureLevel>(fl));
    if (it == end) fail(w, std::to_string(fl) + " is not a D3D_FEATURE_LEVEL value");
    s.*f.member = static_cast<M>(it - om::kFeatureLevels);
  } else {
    load(h, s.*f.member, w);
  }
}

template <class T>
void load(const py::handle& h, T& out, const Where& w) {
  if constexpr (IsFlat<T>::value) {
    load(h, out.*std::get<0>(Table<T>::kFields).member, w);
  } else if constexpr (HasTable<T>::value) {
    if constexpr (HasPresent<T>::value) {
      out = T{};
      if (h.is_none()) return;
    }
    constexpr size_t n = std::tuple_size_v<std::decay_t<decltype(Table<T>::kFields)>>;
    const py::sequence s = entries(h, w, n, "fields");
    size_t i = 0;
    std::apply([&](const auto&... f) { (load_field(s[i++], out, f, w), ...); }, Table<T>::kFields);
    if constexpr (HasPresent<T>::value) out.*Table<T>::kPresent = true;
  } else if constexpr (IsArray<T>::value) {
    using E = typename T::value_type;
    const char* noun = "values";
    if constexpr (HasNoun<E>::value) noun = Table<E>::kNoun;
    const py::sequence s = entries(h, w, out.size(), noun);
    for (size_t i = 0; i < out.size(); ++i)
      load(s[i], out[i], Where{&w, nullptr, static_cast<long>(i)});
  } else if constexpr (std::is_same_v<T, const om::FormatInfo*>) {
    out = h.is_none() ? nullptr : om::ref::find_format(integer<uint32_t>(h, w));
    if (!h.is_none() && out == nullptr) {
      fail(w, "DXGI value " + py::str(h).cast<std::string>() +
                  " is not a format the output merger implements");
    }
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
  if constexpr (IsFlat<T>::value) {
    return cast(v.*std::get<0>(Table<T>::kFields).member);
  } else if constexpr (HasTable<T>::value) {
    if constexpr (HasPresent<T>::value) {
      if (!(v.*Table<T>::kPresent)) return py::none();
    }
    return std::apply([&](const auto&... f) { return py::make_tuple(cast(v.*f.member)...); },
                      Table<T>::kFields);
  } else if constexpr (IsArray<T>::value) {
    py::tuple t(v.size());
    for (size_t i = 0; i < v.size(); ++i) t[i] = cast(v[i]);
    return std::move(t);
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

/// Exports the tables of S... as FIELDS, {kName: (field names)}, the names a test checks against
/// the dataclasses, and FIELD_OFFSETS, [(kName, (byte offset of each field's member))], which a
/// test checks are increasing: the C++ struct declares its members in the dataclass's field order.
template <class... S>
void export_fields(py::module_& m) {
  py::dict names;
  py::list offsets;
  auto add = [&](auto table, const auto& sample) {
    using Tbl = decltype(table);
    py::list n, o;
    const auto* base = reinterpret_cast<const char*>(&sample);
    std::apply(
        [&](const auto&... f) {
          (n.append(f.name), ...);
          (o.append(reinterpret_cast<const char*>(&(sample.*f.member)) - base), ...);
        },
        Tbl::kFields);
    names[Tbl::kName] = py::tuple(n);
    offsets.append(py::make_tuple(Tbl::kName, py::tuple(o)));
  };
  (add(Table<S>{}, S{}), ...);
  m.attr("FIELDS") = names;
  m.attr("FIELD_OFFSETS") = offsets;
}

}  // namespace omsim_py

namespace pybind11::detail {
/// Converts every struct with a named Table to and from its tuple (None only for a kPresent
/// struct), wherever pybind11 meets one: the Table must be visible where the struct is bound.
template <class S>
struct type_caster<S, std::enable_if_t<omsim_py::HasName<S>::value>> {
  PYBIND11_TYPE_CASTER(S, const_name("tuple"));
  bool load(handle src, bool) {
    if (src.is_none() && !omsim_py::HasPresent<S>::value) return false;
    omsim_py::load(src, value, omsim_py::Where{nullptr, omsim_py::Table<S>::kName});
    return true;
  }
  static handle cast(const S& s, return_value_policy, handle) {
    return omsim_py::cast(s).release();
  }
};
}  // namespace pybind11::detail

// SPDX-License-Identifier: Apache-2.0
// Shared adapters of the omsim._core extension: numpy array checks with messages that name the
// argument, texel <-> Python int, and the bind_* entry points of each binding file. Nothing here
// computes anything of the output merger; every number comes from om::ref.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "om/gen/defs.h"
#include "om/ref/convert.h"
#include "om/ref/state.h"

namespace omsim_py {

namespace py = pybind11;

/// Element types the adapters accept (native byte order only).
enum class Dtype { kBool, kU8, kU16, kU32, kU64, kI32, kF32 };

const char* dtype_name(Dtype d);
/// True when `a` holds elements of exactly this type in native byte order.
bool has_dtype(const py::array& a, Dtype d);

/// `obj` as an ndarray; TypeError "<name>: expected a numpy.ndarray, got <type>" otherwise.
py::array as_array(const py::handle& obj, const char* name);
/// The first of `allowed` that `a` has; TypeError naming the argument, the allowed dtypes and the
/// actual one otherwise (`why`, when given, is appended: e.g. "R8_UINT is an integer format").
Dtype require_dtype(const py::array& a, const char* name, std::initializer_list<Dtype> allowed,
                    const char* why = nullptr);
/// ValueError unless `a` is C-contiguous (and, with `writeable`, writeable).
void require_layout(const py::array& a, const char* name, bool writeable);

/// Leading shape of an array whose last `trailing` dimensions are fixed (0 = none), e.g. (H, W)
/// of an (H, W, 4) value array. ValueError when the trailing dimensions differ.
std::vector<py::ssize_t> leading_shape(const py::array& a, const char* name,
                                       std::initializer_list<py::ssize_t> trailing);
/// ValueError "<name>: shape (..) does not match <other> (..)<hint>" unless `lead` equals `expect`.
void require_leading(const std::vector<py::ssize_t>& lead, const std::vector<py::ssize_t>& expect,
                     const char* name, const char* other, const std::string& hint = "");
size_t element_count(const std::vector<py::ssize_t>& lead);
/// "(2, 3)" for messages.
std::string shape_str(const std::vector<py::ssize_t>& shape);

// Note: these hold the checked array from their first initialiser on; a default-constructed
// py::array would allocate an empty NumPy array (a measurable share of a small batch call).

/// A render-target memory image checked against a format: texels of texel_bytes(format) bytes,
/// dtype uint8/uint16/uint32/uint64 by texel size, or uint32 with a trailing dimension of 4 for
/// 128-bit texels.
struct TexelArray {
  py::array array;
  std::vector<py::ssize_t> lead;  // shape without the 128-bit word dimension
  size_t n = 0;
  std::string hint;  // for shape messages of 128-bit formats (their extra word dimension)
  const void* data() const { return array.data(); }
  void* mutable_data() { return array.mutable_data(); }
};
TexelArray texel_array(const py::handle& obj, const char* name, const om::FormatInfo& f,
                       bool writeable);
/// Description of the texel array a format takes, for messages ("uint32 of shape (...)").
std::string texel_layout(const om::FormatInfo& f);

/// A (..., 4) array of per-channel 32-bit values (binary32 bits, uint32 or int32) for a format
/// class: FLOAT/UNORM/UNORM_SRGB/SNORM take float32 (or uint32 holding binary32 bits); UINT and
/// SINT take uint32 or int32.
struct ValueArray {
  py::array array;
  std::vector<py::ssize_t> lead;
  size_t n = 0;
  const uint32_t* data() const { return static_cast<const uint32_t*>(array.data()); }
};
ValueArray value_array(const py::handle& obj, const char* name, const om::FormatInfo& f);
/// Any (..., 4) array of 32-bit elements (float32, uint32 or int32), read as raw words.
ValueArray word4_array(const py::handle& obj, const char* name);

/// ValueError when [a, a + a_bytes) and [b, b + b_bytes) overlap, unless `allow_same` and a == b.
void require_disjoint(const void* a, size_t a_bytes, const char* a_name, const void* b,
                      size_t b_bytes, const char* b_name, bool allow_same);

/// A texel as a Python int (bit i = texel bit i).
py::int_ texel_to_int(const om::ref::Texel& t, const om::FormatInfo& f);
/// A Python int as a texel; TypeError for a non-int, ValueError when negative or wider than the
/// format's texel.
om::ref::Texel texel_from_int(const py::handle& v, const char* name, const om::FormatInfo& f);

/// Four 32-bit words from a Python sequence of ints; ValueError when the length is not 4 or a
/// value is outside [0, 2^32).
om::ref::Vec4 vec4_from_seq(const py::handle& seq, const char* name);
py::tuple vec4_to_tuple(const om::ref::Vec4& v);

/// The 8 entries of a per-RT-slot sequence (one per slot, cast to T); ValueError naming `name` when
/// `seq` is not a sequence of exactly 8.
template <class T>
std::array<T, om::ref::kMaxRts> eight(const py::handle& seq, const char* name) {
  if (!py::isinstance<py::sequence>(seq) || py::len(seq) != om::ref::kMaxRts) {
    throw py::value_error(std::string(name) +
                          ": expected a sequence of 8 entries (one per RT slot)");
  }
  std::array<T, om::ref::kMaxRts> out{};
  const py::sequence s = py::reinterpret_borrow<py::sequence>(seq);
  for (int i = 0; i < om::ref::kMaxRts; ++i) out[i] = s[i].cast<T>();
  return out;
}

/// A per-RT-slot array as a Python list.
template <class T>
py::list list_of(const std::array<T, om::ref::kMaxRts>& a) {
  py::list l;
  for (const T& x : a) l.append(py::cast(x));
  return l;
}

/// Module parts, one per binding file.
void bind_formats(py::module_& m);
void bind_state(py::module_& m);
void bind_pixel(py::module_& m);
void bind_batch(py::module_& m);
void bind_validate(py::module_& m);
void bind_bench(py::module_& m);

}  // namespace omsim_py

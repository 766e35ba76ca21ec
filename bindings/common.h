// SPDX-License-Identifier: Apache-2.0
// Shared adapters of the extension modules: numpy array checks whose messages name the argument,
// texels <-> Python ints, and the bind_* entry points of omsim._core's files. Nothing here computes
// anything of the output merger; every number comes from om::ref.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "om/gen/defs.h"
#include "om/ref/convert.h"
#include "pystruct.h"  // the scalar checks (uint_arg, format_of, type_name) it shares

namespace omsim_py {

namespace py = pybind11;

/// Element types the adapters accept (native byte order only).
enum class Dtype { kBool, kU8, kU16, kU32, kU64, kI32, kF32 };

/// `obj` as a C-contiguous ndarray (writeable, with `writeable`) of one of the `allowed` dtypes;
/// TypeError / ValueError naming the argument, what was expected and what it got otherwise.
py::array checked(const py::handle& obj, const char* name, std::initializer_list<Dtype> allowed,
                  bool writeable = false);

/// Leading shape of an array whose last `trailing` dimensions are fixed (0 = none), e.g. (H, W)
/// of an (H, W, 4) value array. ValueError when the trailing dimensions differ.
std::vector<py::ssize_t> leading_shape(const py::array& a, const char* name,
                                       std::initializer_list<py::ssize_t> trailing);
/// ValueError "<name>: pixel shape (..) does not match <other> (..)<hint>" unless `lead` equals
/// `expect`.
void require_leading(const std::vector<py::ssize_t>& lead, const std::vector<py::ssize_t>& expect,
                     const char* name, const char* other, const std::string& hint = "");
size_t element_count(const std::vector<py::ssize_t>& lead);
/// "(2, 3)" for messages.
std::string shape_str(const std::vector<py::ssize_t>& shape);

/// A checked array and its pixel shape (without trailing fixed dimensions). It holds the array from
/// its first initialiser on: a default-constructed py::array would allocate an empty NumPy array (a
/// measurable share of a small batch call).
struct Pixels {
  py::array array;
  std::vector<py::ssize_t> lead;
  size_t n = 0;
  std::string hint;  // for shape messages of 128-bit texels (their extra word dimension)
  const void* data() const { return array.data(); }
  void* mutable_data() { return array.mutable_data(); }
  const uint32_t* words() const { return static_cast<const uint32_t*>(array.data()); }
  size_t bytes() const { return static_cast<size_t>(array.nbytes()); }
};
/// The dtype of `f`'s texels: uint8/uint16/uint32/uint64 by texel size, uint32 words for 128 bits.
Dtype texel_dtype(const om::FormatInfo& f);
/// The dtype of `f`'s values: uint32 (UINT), int32 (SINT) or float32.
Dtype value_dtype(const om::FormatInfo& f);
/// A new (uninitialised) array of this dtype and shape (and a trailing dimension `last`, when not
/// 0): where a batch call writes when the caller passes no output array.
py::array new_array(Dtype d, std::vector<py::ssize_t> shape, py::ssize_t last = 0);
/// A render-target memory image of format `f`: texels of texel_bytes(f) bytes, dtype
/// uint8/uint16/uint32/uint64 by texel size, or uint32 with a trailing dimension of 4 for 128-bit
/// texels.
Pixels texel_array(const py::handle& obj, const char* name, const om::FormatInfo& f,
                   bool writeable);
/// A (..., 4) array of per-channel 32-bit values for `f`'s class: float/norm formats take float32
/// (or uint32 holding binary32 bits), UINT and SINT take uint32 or int32. Without `f`: any of them.
Pixels value_array(const py::handle& obj, const char* name, const om::FormatInfo* f,
                   bool writeable = false);

/// ValueError when the memory of `a` overlaps that of `b`, unless `allow_same` and they are the
/// same buffer.
void require_disjoint(const Pixels& a, const char* a_name, const Pixels& b, const char* b_name,
                      bool allow_same = false);

/// operator.index(v) for a `v` that PyIndex_Check accepts; the Python error of an __index__ that
/// raises propagates (never a NULL int).
py::int_ index_of(const py::handle& v);

/// A texel as a Python int (bit i = texel bit i).
py::int_ texel_to_int(const om::ref::Texel& t);
/// A Python int as a texel; TypeError for a non-int, ValueError when negative or wider than
/// `bits` (the format's texel_bits).
om::ref::Texel texel_from_int(const py::handle& v, const char* name, int bits, const char* format);

/// om::ref, the driver and the harness report a bad argument as std::invalid_argument (pybind11
/// makes it ValueError) or std::out_of_range: both are argument errors, not sequence indexing, so
/// this makes both ValueError in the module being built.
void register_argument_errors();

/// A NULL pointer for None: how om::ref's create and check calls take an optional descriptor.
template <class T>
const T* ptr(const std::optional<T>& d) {
  return d ? &*d : nullptr;
}

/// The reference-count methods every om::ref state-object table has.
template <class Table>
void bind_object_refs(py::class_<Table>& c) {
  c.def("add_ref", &Table::add_ref, py::arg("handle"), "AddRef: the new count.")
      .def("release", &Table::release, py::arg("handle"), "Release: the remaining count.")
      .def("desc", &Table::desc, py::arg("handle"), "GetDesc: the normalised descriptor.")
      .def("ref_count", &Table::ref_count, py::arg("handle"), "Reference count.")
      .def("is_live", &Table::is_live, py::arg("handle"), "True for a live handle.")
      .def("live_count", &Table::live_count, "Unique live objects.");
}

/// omsim._core's parts, one per file.
void bind_formats(py::module_& m);
void bind_pixel(py::module_& m);
void bind_batch(py::module_& m);
void bind_validate(py::module_& m);
void bind_depth(py::module_& m);
void bind_bench(py::module_& m);

}  // namespace omsim_py

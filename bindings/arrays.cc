// SPDX-License-Identifier: Apache-2.0
// Array and texel adapters of the extension modules (see common.h): type, shape, layout and
// overlap checks that turn bad input into TypeError / ValueError naming the argument.
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>

#include "common.h"
#include "om/ref/batch.h"
#include "pystruct.h"

namespace omsim_py {
namespace {

[[noreturn]] void type_error(const std::string& msg) { throw py::type_error(msg); }
[[noreturn]] void value_error(const std::string& msg) { throw py::value_error(msg); }

struct DtypeInfo {
  const char* name;
  int num;
};
const DtypeInfo kDtypes[] = {
    {"bool", py::dtype::num_of<bool>()},       {"uint8", py::dtype::num_of<uint8_t>()},
    {"uint16", py::dtype::num_of<uint16_t>()}, {"uint32", py::dtype::num_of<uint32_t>()},
    {"uint64", py::dtype::num_of<uint64_t>()}, {"int32", py::dtype::num_of<int32_t>()},
    {"float32", py::dtype::num_of<float>()},
};

const DtypeInfo& info(Dtype d) { return kDtypes[static_cast<int>(d)]; }

// Type number and byte order straight from the descriptor: PyArray_EquivTypes (what
// array_t::check_ uses) goes through NumPy 2's casting machinery and made every batch call a
// microsecond slower.
bool has_dtype(const py::array& a, Dtype d) {
  const py::dtype dt = a.dtype();
  const char foreign = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? '<' : '>';
  return dt.byteorder() != foreign && dt.normalized_num() == info(d).num;
}

/// `obj` as an ndarray; TypeError "<name>: expected a numpy.ndarray, got <type>" otherwise.
py::array as_array(const py::handle& obj, const char* name) {
  if (!py::isinstance<py::array>(obj)) {
    type_error(std::string(name) + ": expected a numpy.ndarray, got " + type_name(obj) +
               " (use numpy.asarray(..., dtype=...))");
  }
  return py::reinterpret_borrow<py::array>(obj);
}

/// The first of `allowed` that `a` has; TypeError naming the argument, the allowed dtypes and the
/// actual one otherwise (`why`, when given, is appended: e.g. "R8G8B8A8_UINT is an integer
/// format").
Dtype require_dtype(const py::array& a, const char* name, std::initializer_list<Dtype> allowed,
                    const char* why = nullptr) {
  std::string expected;
  size_t i = 0;
  for (Dtype d : allowed) {
    if (has_dtype(a, d)) return d;
    if (i > 0) expected += (i + 1 == allowed.size()) ? " or " : ", ";
    expected += info(d).name;
    ++i;
  }
  std::string msg = std::string(name) + ": expected dtype " + expected +
                    " (native byte order), got " + py::str(a.dtype()).cast<std::string>();
  if (why != nullptr) msg += std::string(" (") + why + ")";
  type_error(msg);
}

/// ValueError unless `a` is C-contiguous (and, with `writeable`, writeable).
void require_layout(const py::array& a, const char* name, bool writeable) {
  if ((a.flags() & py::array::c_style) == 0) {
    value_error(std::string(name) +
                ": array must be C-contiguous (pass numpy.ascontiguousarray(...); the API never "
                "copies silently)");
  }
  if (writeable && !a.writeable()) value_error(std::string(name) + ": array is read-only");
}

}  // namespace

py::array checked(const py::handle& obj, const char* name, std::initializer_list<Dtype> allowed,
                  bool writeable) {
  py::array a = as_array(obj, name);
  require_dtype(a, name, allowed);
  require_layout(a, name, writeable);
  return a;
}

std::string shape_str(const std::vector<py::ssize_t>& shape) {
  std::ostringstream s;
  s << "(";
  for (size_t i = 0; i < shape.size(); ++i) s << (i ? ", " : "") << shape[i];
  s << (shape.size() == 1 ? ",)" : ")");
  return s.str();
}

std::vector<py::ssize_t> leading_shape(const py::array& a, const char* name,
                                       std::initializer_list<py::ssize_t> trailing) {
  const auto nt = static_cast<py::ssize_t>(trailing.size());
  std::vector<py::ssize_t> shape(a.shape(), a.shape() + a.ndim());
  bool ok = a.ndim() >= nt;
  for (py::ssize_t k = a.ndim() - nt; ok && k < a.ndim(); ++k) {
    ok = shape[static_cast<size_t>(k)] == trailing.begin()[k - (a.ndim() - nt)];
  }
  if (!ok) {
    std::string w = shape_str(std::vector<py::ssize_t>(trailing));
    w = "(..., " + (trailing.size() == 1 ? std::to_string(*trailing.begin()) + ")" : w.substr(1));
    value_error(std::string(name) + ": expected shape " + w + ", got " + shape_str(shape));
  }
  shape.resize(static_cast<size_t>(a.ndim() - nt));
  return shape;
}

void require_leading(const std::vector<py::ssize_t>& lead, const std::vector<py::ssize_t>& expect,
                     const char* name, const char* other, const std::string& hint) {
  if (lead != expect) {
    value_error(std::string(name) + ": pixel shape " + shape_str(lead) + " does not match " +
                other + " " + shape_str(expect) + hint);
  }
}

size_t element_count(const std::vector<py::ssize_t>& lead) {
  size_t n = 1;
  for (py::ssize_t d : lead) n *= static_cast<size_t>(d);
  return n;
}

Dtype texel_dtype(const om::FormatInfo& f) {
  const size_t bytes = om::ref::texel_bytes(f);
  return bytes == 1   ? Dtype::kU8
         : bytes == 2 ? Dtype::kU16
         : bytes == 8 ? Dtype::kU64
                      : Dtype::kU32;
}

Dtype value_dtype(const om::FormatInfo& f) {
  return f.cls == om::FormatClass::UINT   ? Dtype::kU32
         : f.cls == om::FormatClass::SINT ? Dtype::kI32
                                          : Dtype::kF32;
}

py::array new_array(Dtype d, std::vector<py::ssize_t> shape, py::ssize_t last) {
  if (last != 0) shape.push_back(last);
  return py::array(py::dtype(info(d).name), shape);
}

Pixels texel_array(const py::handle& obj, const char* name, const om::FormatInfo& f,
                   bool writeable) {
  Pixels t{as_array(obj, name), {}, 0, {}};
  const size_t tb = om::ref::texel_bytes(f);
  const Dtype want = texel_dtype(f);
  if (!has_dtype(t.array, want)) {
    type_error(std::string(name) + ": " + f.name + " texels are " + std::to_string(f.texel_bits) +
               "-bit: expected dtype " + info(want).name +
               (tb == 16 ? " of shape (..., 4) (128-bit texels as four little-endian words)"
                         : " of shape (...)") +
               ", got " + py::str(t.array.dtype()).cast<std::string>());
  }
  require_layout(t.array, name, writeable);
  if (tb == 16) t.hint = std::string(" (") + f.name + " texels are (..., 4) uint32 words)";
  t.lead = tb == 16 ? leading_shape(t.array, name, {4}) : leading_shape(t.array, name, {});
  t.n = element_count(t.lead);
  return t;
}

Pixels value_array(const py::handle& obj, const char* name, const om::FormatInfo* f,
                   bool writeable) {
  Pixels v{as_array(obj, name), {}, 0, {}};
  if (f == nullptr) {
    require_dtype(v.array, name, {Dtype::kF32, Dtype::kU32, Dtype::kI32});
  } else if (value_dtype(*f) != Dtype::kF32) {
    const std::string why = std::string(f->name) + " is an integer format";
    require_dtype(v.array, name, {Dtype::kU32, Dtype::kI32}, why.c_str());
  } else {
    const std::string why =
        std::string(f->name) + " takes float values; uint32 means raw binary32 bit patterns";
    require_dtype(v.array, name, {Dtype::kF32, Dtype::kU32}, why.c_str());
  }
  require_layout(v.array, name, writeable);
  v.lead = leading_shape(v.array, name, {4});
  v.n = element_count(v.lead);
  return v;
}

void require_disjoint(const Pixels& a, const char* a_name, const Pixels& b, const char* b_name,
                      bool allow_same) {
  if (a.bytes() == 0 || b.bytes() == 0) return;
  const auto pa = reinterpret_cast<uintptr_t>(a.data());
  const auto pb = reinterpret_cast<uintptr_t>(b.data());
  if (allow_same && pa == pb && a.bytes() == b.bytes()) return;
  if (pa < pb + b.bytes() && pb < pa + a.bytes()) {
    value_error(std::string(a_name) + ": memory overlaps " + b_name +
                (allow_same ? " (only the very same array is allowed, for in-place use)" : ""));
  }
}

std::string type_name(const py::handle& v) {
  return py::str(py::type::of(v).attr("__name__")).cast<std::string>();
}

py::int_ index_of(const py::handle& v) {
  PyObject* i = PyNumber_Index(v.ptr());
  if (i == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::int_>(i);
}

uint64_t uint_arg(const py::handle& v, const std::string& what, int bits) {
  if (PyBool_Check(v.ptr()) && bits != 1) type_error(what + ": expected an int, got bool");
  if (PyFloat_Check(v.ptr()) || !PyIndex_Check(v.ptr())) {
    type_error(what + ": expected an int, got " + type_name(v));
  }
  const py::int_ i = index_of(v);
  if (PyObject_RichCompareBool(i.ptr(), py::int_(0).ptr(), Py_LT) == 1 ||
      i.attr("bit_length")().cast<int>() > bits) {
    value_error(what + ": " + py::str(i).cast<std::string>() + " does not fit in " +
                std::to_string(bits) + (bits == 1 ? " bit" : " bits"));
  }
  return i.cast<uint64_t>();
}

const om::FormatInfo& format_of(uint32_t dxgi, const char* name) {
  const om::FormatInfo* f = om::ref::find_format(dxgi);
  if (f == nullptr) {
    value_error(std::string(name) + ": DXGI value " + std::to_string(dxgi) +
                " is not a format the output merger implements");
  }
  return *f;
}

void register_argument_errors() {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const std::out_of_range& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
}

py::int_ texel_to_int(const om::ref::Texel& t) {
  const py::bytes raw(reinterpret_cast<const char*>(t.w.data()), sizeof t.w);
  return py::int_(py::type::of(py::int_(0)).attr("from_bytes")(raw, "little"));
}

om::ref::Texel texel_from_int(const py::handle& v, const char* name, int bits, const char* format) {
  if (PyFloat_Check(v.ptr()) || !PyIndex_Check(v.ptr())) {
    type_error(std::string(name) + ": expected an int texel, got " + type_name(v));
  }
  const py::int_ i = index_of(v);
  if (PyObject_RichCompareBool(i.ptr(), py::int_(0).ptr(), Py_LT) == 1 ||
      i.attr("bit_length")().cast<int>() > bits) {
    const std::string where =
        format != nullptr ? std::string(" the ") + std::to_string(bits) + "-bit texels of " + format
                          : " in " + std::to_string(bits) + " bits";
    value_error(std::string(name) + ": texel " +
                py::module_::import("builtins").attr("hex")(i).cast<std::string>() +
                " does not fit" + where);
  }
  const std::string s = py::bytes(i.attr("to_bytes")(16, "little"));
  om::ref::Texel t;
  std::copy(s.begin(), s.end(), reinterpret_cast<char*>(t.w.data()));
  return t;
}

}  // namespace omsim_py

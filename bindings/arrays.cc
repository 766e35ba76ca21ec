// SPDX-License-Identifier: Apache-2.0
// Array and value adapters of the extension (see common.h): type, shape, layout and overlap checks
// that turn bad input into TypeError / ValueError naming the argument.
#include <cstring>
#include <sstream>
#include <string>

#include "common.h"
#include "om/ref/batch.h"

namespace omsim_py {
namespace {

[[noreturn]] void type_error(const std::string& msg) { throw py::type_error(msg); }
[[noreturn]] void value_error(const std::string& msg) { throw py::value_error(msg); }

std::string actual_dtype(const py::array& a) { return py::str(a.dtype()).cast<std::string>(); }

bool is_float_class(const om::FormatInfo& f) {
  return f.cls != om::FormatClass::UINT && f.cls != om::FormatClass::SINT;
}

}  // namespace

const char* dtype_name(Dtype d) {
  switch (d) {
    case Dtype::kBool:
      return "bool";
    case Dtype::kU8:
      return "uint8";
    case Dtype::kU16:
      return "uint16";
    case Dtype::kU32:
      return "uint32";
    case Dtype::kU64:
      return "uint64";
    case Dtype::kI32:
      return "int32";
    case Dtype::kF32:
      return "float32";
  }
  return "?";
}

bool has_dtype(const py::array& a, Dtype d) {
  // Type number and byte order straight from the descriptor: PyArray_EquivTypes (what
  // array_t::check_ uses) goes through NumPy 2's casting machinery and made every batch call a
  // microsecond slower.
  const py::dtype dt = a.dtype();
  const char order = dt.byteorder();
  const char foreign = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? '<' : '>';
  if (order == foreign) return false;
  const int num = dt.normalized_num();
  switch (d) {
    case Dtype::kBool:
      return num == py::dtype::num_of<bool>();
    case Dtype::kU8:
      return num == py::dtype::num_of<uint8_t>();
    case Dtype::kU16:
      return num == py::dtype::num_of<uint16_t>();
    case Dtype::kU32:
      return num == py::dtype::num_of<uint32_t>();
    case Dtype::kU64:
      return num == py::dtype::num_of<uint64_t>();
    case Dtype::kI32:
      return num == py::dtype::num_of<int32_t>();
    case Dtype::kF32:
      return num == py::dtype::num_of<float>();
  }
  return false;
}

py::array as_array(const py::handle& obj, const char* name) {
  if (!py::isinstance<py::array>(obj)) {
    type_error(std::string(name) + ": expected a numpy.ndarray, got " +
               py::str(py::type::of(obj).attr("__name__")).cast<std::string>() +
               " (use numpy.asarray(..., dtype=...))");
  }
  return py::reinterpret_borrow<py::array>(obj);
}

Dtype require_dtype(const py::array& a, const char* name, std::initializer_list<Dtype> allowed,
                    const char* why) {
  for (Dtype d : allowed) {
    if (has_dtype(a, d)) return d;
  }
  std::string expected;
  size_t i = 0;
  for (Dtype d : allowed) {
    if (i > 0) expected += (i + 1 == allowed.size()) ? " or " : ", ";
    expected += dtype_name(d);
    ++i;
  }
  std::string msg = std::string(name) + ": expected dtype " + expected +
                    " (native byte order), got " + actual_dtype(a);
  if (why != nullptr) msg += std::string(" (") + why + ")";
  type_error(msg);
}

void require_layout(const py::array& a, const char* name, bool writeable) {
  if ((a.flags() & py::array::c_style) == 0) {
    value_error(std::string(name) +
                ": array must be C-contiguous (pass numpy.ascontiguousarray(...); the API never "
                "copies silently)");
  }
  if (writeable && !a.writeable()) value_error(std::string(name) + ": array is read-only");
}

std::string shape_str(const std::vector<py::ssize_t>& shape) {
  std::ostringstream s;
  s << "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    s << (i ? ", " : "") << shape[i];
  }
  s << (shape.size() == 1 ? ",)" : ")");
  return s.str();
}

std::vector<py::ssize_t> leading_shape(const py::array& a, const char* name,
                                       std::initializer_list<py::ssize_t> trailing) {
  const py::ssize_t nd = a.ndim();
  const py::ssize_t nt = static_cast<py::ssize_t>(trailing.size());
  std::vector<py::ssize_t> shape(a.shape(), a.shape() + nd);
  bool ok = nd >= nt;
  if (ok) {
    py::ssize_t k = nd - nt;
    for (py::ssize_t t : trailing) ok = ok && shape[static_cast<size_t>(k++)] == t;
  }
  if (!ok) {
    std::vector<py::ssize_t> want(trailing);
    std::string w = shape_str(want);
    w = "(..., " + w.substr(1);
    if (want.size() == 1) w = "(..., " + std::to_string(want[0]) + ")";
    value_error(std::string(name) + ": expected shape " + w + ", got " + shape_str(shape));
  }
  shape.resize(static_cast<size_t>(nd - nt));
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

std::string texel_layout(const om::FormatInfo& f) {
  switch (om::ref::texel_bytes(f)) {
    case 1:
      return "uint8 of shape (...)";
    case 2:
      return "uint16 of shape (...)";
    case 4:
      return "uint32 of shape (...)";
    case 8:
      return "uint64 of shape (...)";
    default:
      return "uint32 of shape (..., 4) (128-bit texels as four little-endian words)";
  }
}

TexelArray texel_array(const py::handle& obj, const char* name, const om::FormatInfo& f,
                       bool writeable) {
  TexelArray t{as_array(obj, name), {}, 0, {}};  // (py::array() would allocate an empty array)
  const size_t tb = om::ref::texel_bytes(f);
  const Dtype want = tb == 1   ? Dtype::kU8
                     : tb == 2 ? Dtype::kU16
                     : tb == 8 ? Dtype::kU64
                               : Dtype::kU32;
  if (!has_dtype(t.array, want)) {
    type_error(std::string(name) + ": " + f.name + " texels are " + std::to_string(f.texel_bits) +
               "-bit: expected dtype " + texel_layout(f) + ", got " + actual_dtype(t.array));
  }
  require_layout(t.array, name, writeable);
  if (tb == 16) {
    t.hint = std::string(" (") + f.name + " texels are (..., 4) uint32 words)";
    t.lead = leading_shape(t.array, name, {4});
  } else {
    t.lead = leading_shape(t.array, name, {});
  }
  t.n = element_count(t.lead);
  return t;
}

ValueArray value_array(const py::handle& obj, const char* name, const om::FormatInfo& f) {
  ValueArray v{as_array(obj, name), {}, 0};
  if (is_float_class(f)) {
    const std::string why =
        std::string(f.name) + " takes float values; uint32 means raw binary32 bit patterns";
    require_dtype(v.array, name, {Dtype::kF32, Dtype::kU32}, why.c_str());
  } else {
    const std::string why = std::string(f.name) + " is an integer format";
    require_dtype(v.array, name, {Dtype::kU32, Dtype::kI32}, why.c_str());
  }
  require_layout(v.array, name, false);
  v.lead = leading_shape(v.array, name, {4});
  v.n = element_count(v.lead);
  return v;
}

ValueArray word4_array(const py::handle& obj, const char* name) {
  ValueArray v{as_array(obj, name), {}, 0};
  require_dtype(v.array, name, {Dtype::kF32, Dtype::kU32, Dtype::kI32});
  require_layout(v.array, name, false);
  v.lead = leading_shape(v.array, name, {4});
  v.n = element_count(v.lead);
  return v;
}

void require_disjoint(const void* a, size_t a_bytes, const char* a_name, const void* b,
                      size_t b_bytes, const char* b_name, bool allow_same) {
  if (a_bytes == 0 || b_bytes == 0) return;
  const auto pa = reinterpret_cast<uintptr_t>(a);
  const auto pb = reinterpret_cast<uintptr_t>(b);
  if (allow_same && pa == pb && a_bytes == b_bytes) return;
  if (pa < pb + b_bytes && pb < pa + a_bytes) {
    value_error(std::string(a_name) + ": memory overlaps " + b_name +
                (allow_same
                     ? std::string(" (only the very same array is allowed, for in-place use)")
                     : std::string()));
  }
}

py::int_ texel_to_int(const om::ref::Texel& t, const om::FormatInfo& f) {
  char bytes[16] = {};
  for (int w = 0; w < 4; ++w) {
    for (int b = 0; b < 4; ++b) bytes[4 * w + b] = static_cast<char>((t.w[w] >> (8 * b)) & 0xFFu);
  }
  const py::bytes raw(bytes, om::ref::texel_bytes(f));
  return py::int_(py::type::of(py::int_(0)).attr("from_bytes")(raw, "little"));
}

om::ref::Texel texel_from_int(const py::handle& v, const char* name, const om::FormatInfo& f) {
  if (!py::isinstance<py::int_>(v)) {
    type_error(std::string(name) + ": expected an int texel, got " +
               py::str(py::type::of(v).attr("__name__")).cast<std::string>());
  }
  const py::int_ i = py::reinterpret_borrow<py::int_>(v);
  const int bits = py::cast<int>(i.attr("bit_length")());
  if (PyObject_RichCompareBool(i.ptr(), py::int_(0).ptr(), Py_LT) == 1 || bits > f.texel_bits) {
    value_error(std::string(name) + ": texel " +
                py::str(py::module_::import("builtins").attr("hex")(i)).cast<std::string>() +
                " does not fit the " + std::to_string(f.texel_bits) + "-bit texels of " + f.name);
  }
  const py::bytes raw = i.attr("to_bytes")(16, "little");
  const std::string s = raw;
  om::ref::Texel t;
  for (int w = 0; w < 4; ++w) {
    for (int b = 0; b < 4; ++b) {
      t.w[w] |= static_cast<uint32_t>(static_cast<unsigned char>(s[4 * w + b])) << (8 * b);
    }
  }
  return t;
}

om::ref::Vec4 vec4_from_seq(const py::handle& seq, const char* name) {
  if (!py::isinstance<py::sequence>(seq) || py::len(seq) != 4) {
    value_error(std::string(name) + ": expected a sequence of 4 uint32 words (R, G, B, A)");
  }
  om::ref::Vec4 v{};
  const py::sequence s = py::reinterpret_borrow<py::sequence>(seq);
  for (size_t c = 0; c < 4; ++c) {
    const py::object x = s[c];
    int overflow = 0;
    const long long ll =
        py::isinstance<py::int_>(x) ? PyLong_AsLongLongAndOverflow(x.ptr(), &overflow) : -1;
    if (!py::isinstance<py::int_>(x) || overflow != 0 || ll < 0 || ll > 0xFFFFFFFFll) {
      value_error(std::string(name) + "[" + std::to_string(c) +
                  "]: expected an int in [0, 2**32) (a 32-bit word), got " +
                  py::repr(x).cast<std::string>());
    }
    v[c] = static_cast<uint32_t>(ll);
  }
  return v;
}

py::tuple vec4_to_tuple(const om::ref::Vec4& v) { return py::make_tuple(v[0], v[1], v[2], v[3]); }

}  // namespace omsim_py

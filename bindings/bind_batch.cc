// SPDX-License-Identifier: Apache-2.0
// Array entry points: blend_batch (batch.h) as is, and per-element maps of convert.h and
// process_pixel (pixel.h), which have no batch form in om::ref yet. Each loop only copies words
// between numpy buffers and one om::ref call; the GIL is released around every loop over pixels.
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "common.h"
#include "om/ref/batch.h"
#include "om/ref/convert.h"
#include "om/ref/pixel.h"

namespace omsim_py {
namespace {

using om::ref::kMaxRts;
using om::ref::Texel;
using om::ref::Vec4;

/// Below this many pixels the GIL stays held (releasing costs more than the work).
constexpr size_t kReleaseGilFrom = 2048;

/// om::ref::BatchIsa by name, in value order (kAuto last: the static_assert notices a new level).
struct IsaName {
  om::ref::BatchIsa isa;
  const char* name;
};
constexpr IsaName kIsaNames[] = {
    {om::ref::BatchIsa::kScalar, "SCALAR"}, {om::ref::BatchIsa::kSse41, "SSE41"},
    {om::ref::BatchIsa::kAvx2, "AVX2"},     {om::ref::BatchIsa::kAvx512, "AVX512"},
    {om::ref::BatchIsa::kAuto, "AUTO"},
};
static_assert(static_cast<size_t>(om::ref::BatchIsa::kAuto) + 1 == std::size(kIsaNames),
              "om::ref::BatchIsa changed: update kIsaNames");

om::ref::BatchIsa batch_isa(uint32_t isa) {
  if (isa >= std::size(kIsaNames) || static_cast<uint32_t>(kIsaNames[isa].isa) != isa) {
    std::string names;
    for (const IsaName& n : kIsaNames) {
      names +=
          (names.empty() ? "" : ", ") + std::to_string(static_cast<uint32_t>(n.isa)) + " " + n.name;
    }
    throw py::value_error("isa: expected one of " + names + ", got " + std::to_string(isa));
  }
  return static_cast<om::ref::BatchIsa>(isa);
}

const om::FormatInfo& require_format(const om::FormatInfo* f, const char* name) {
  if (f == nullptr) throw py::value_error(std::string(name) + ": no format (None)");
  return *f;
}

Texel load_texel(const void* base, size_t i, size_t tb) {
  Texel t;
  std::memcpy(t.w.data(), static_cast<const uint8_t*>(base) + i * tb, tb);
  return t;
}

void store_texel(void* base, size_t i, size_t tb, const Texel& t) {
  std::memcpy(static_cast<uint8_t*>(base) + i * tb, t.w.data(), tb);
}

size_t nbytes(const py::array& a) { return static_cast<size_t>(a.nbytes()); }

/// A writeable (..., 4) array of 32-bit words (float32, uint32 or int32) for unpack/split output.
ValueArray word4_out(const py::handle& obj, const char* name) {
  ValueArray v{as_array(obj, name), {}, 0};
  require_dtype(v.array, name, {Dtype::kF32, Dtype::kU32, Dtype::kI32});
  require_layout(v.array, name, true);
  v.lead = leading_shape(v.array, name, {4});
  v.n = element_count(v.lead);
  return v;
}

/// An optional per-pixel array of shape `lead` (+ `trailing`) with one of `allowed` dtypes.
std::optional<py::array> per_pixel(const py::object& obj, const char* name,
                                   std::initializer_list<Dtype> allowed,
                                   const std::vector<py::ssize_t>& lead,
                                   std::initializer_list<py::ssize_t> trailing, bool writeable) {
  if (obj.is_none()) return std::nullopt;
  py::array a = as_array(obj, name);
  require_dtype(a, name, allowed);
  require_layout(a, name, writeable);
  require_leading(leading_shape(a, name, trailing), lead, name, "the pixels");
  return a;
}

template <class T>
const T* ptr(const std::optional<py::array>& a) {
  return a ? static_cast<const T*>(a->data()) : nullptr;
}

void blend_batch_py(const om::ref::BatchRt& rt, const py::object& src, const py::object& dest,
                    const py::object& out, const py::object& src1, const py::object& written,
                    uint32_t isa) {
  const om::FormatInfo& f = require_format(rt.format, "rt.format");
  const om::ref::BatchIsa isa_e = batch_isa(isa);
  const ValueArray s = value_array(src, "src", f);
  const TexelArray d = texel_array(dest, "dest", f, false);
  TexelArray o = texel_array(out, "out", f, true);
  require_leading(d.lead, s.lead, "dest", "src", d.hint);
  require_leading(o.lead, s.lead, "out", "src", o.hint);
  std::optional<ValueArray> s1;
  if (!src1.is_none()) {
    s1 = value_array(src1, "src1", f);
    require_leading(s1->lead, s.lead, "src1", "src");
  }
  std::optional<py::array> w =
      per_pixel(written, "written", {Dtype::kBool, Dtype::kU8}, s.lead, {}, true);
  require_disjoint(o.data(), nbytes(o.array), "out", d.data(), nbytes(d.array), "dest", true);
  require_disjoint(o.data(), nbytes(o.array), "out", s.data(), nbytes(s.array), "src", false);
  if (s1) {
    require_disjoint(o.data(), nbytes(o.array), "out", s1->data(), nbytes(s1->array), "src1",
                     false);
  }
  if (w) {
    for (const py::array* other :
         std::initializer_list<const py::array*>{&o.array, &d.array, &s.array}) {
      require_disjoint(w->data(), nbytes(*w), "written", other->data(), nbytes(*other),
                       "another argument", false);
    }
  }
  const uint32_t* s1p = s1 ? s1->data() : nullptr;
  uint8_t* wp = w ? static_cast<uint8_t*>(w->mutable_data()) : nullptr;
  if (s.n >= kReleaseGilFrom) {
    py::gil_scoped_release release;
    om::ref::blend_batch(rt, s.n, s.data(), s1p, d.data(), o.mutable_data(), wp, isa_e);
  } else {
    om::ref::blend_batch(rt, s.n, s.data(), s1p, d.data(), o.mutable_data(), wp, isa_e);
  }
}

void pack_py(const om::FormatInfo* fp, const py::object& values, const py::object& out) {
  const om::FormatInfo& f = require_format(fp, "format");
  const ValueArray v = value_array(values, "values", f);
  TexelArray o = texel_array(out, "out", f, true);
  require_leading(o.lead, v.lead, "out", "values", o.hint);
  require_disjoint(o.data(), nbytes(o.array), "out", v.data(), nbytes(v.array), "values", false);
  const size_t tb = om::ref::texel_bytes(f);
  const uint32_t* in = v.data();
  void* dst = o.mutable_data();
  py::gil_scoped_release release;
  for (size_t i = 0; i < v.n; ++i) {
    Vec4 x;
    std::memcpy(x.data(), in + 4 * i, 16);
    store_texel(dst, i, tb, om::ref::raw_to_texel(f, om::ref::pack(f, x)));
  }
}

/// unpack (raw -> blender domain) or split (raw fields only) over every texel.
void unpack_py(const om::FormatInfo* fp, const py::object& texels, const py::object& out,
               bool fields_only) {
  const om::FormatInfo& f = require_format(fp, "format");
  const TexelArray t = texel_array(texels, "texels", f, false);
  ValueArray o = word4_out(out, "out");
  require_leading(o.lead, t.lead, "out", "texels");
  require_disjoint(o.array.data(), nbytes(o.array), "out", t.data(), nbytes(t.array), "texels",
                   false);
  const size_t tb = om::ref::texel_bytes(f);
  const void* src = t.data();
  auto* dst = static_cast<uint32_t*>(o.array.mutable_data());
  py::gil_scoped_release release;
  for (size_t i = 0; i < t.n; ++i) {
    const om::ref::Raw4 raw = om::ref::texel_to_raw(f, load_texel(src, i, tb));
    const Vec4 v = fields_only ? raw : om::ref::unpack(f, raw);
    std::memcpy(dst + 4 * i, v.data(), 16);
  }
}

void join_py(const om::FormatInfo* fp, const py::object& fields, const py::object& out) {
  const om::FormatInfo& f = require_format(fp, "format");
  const ValueArray v = word4_array(fields, "fields");
  TexelArray o = texel_array(out, "out", f, true);
  require_leading(o.lead, v.lead, "out", "fields", o.hint);
  require_disjoint(o.data(), nbytes(o.array), "out", v.data(), nbytes(v.array), "fields", false);
  const size_t tb = om::ref::texel_bytes(f);
  const uint32_t* in = v.data();
  void* dst = o.mutable_data();
  py::gil_scoped_release release;
  for (size_t i = 0; i < v.n; ++i) {
    om::ref::Raw4 r;
    std::memcpy(r.data(), in + 4 * i, 16);
    store_texel(dst, i, tb, om::ref::raw_to_texel(f, r));
  }
}

struct SlotArrays {
  std::array<const uint32_t*, kMaxRts> oc{};
  std::array<const void*, kMaxRts> dest{};
  std::array<void*, kMaxRts> out{};
  std::array<size_t, kMaxRts> tb{};
};

std::array<py::object, kMaxRts> eight_objects(const py::object& seq, const char* name) {
  if (!py::isinstance<py::sequence>(seq) || py::len(seq) != kMaxRts) {
    throw py::value_error(std::string(name) +
                          ": expected a sequence of 8 entries (array or None per RT slot)");
  }
  std::array<py::object, kMaxRts> a;
  const py::sequence s = py::reinterpret_borrow<py::sequence>(seq);
  for (int i = 0; i < kMaxRts; ++i) a[i] = s[i];
  return a;
}

void process_pixels_py(const om::ref::PixelState& state, const py::object& oc_seq,
                       const py::object& dest_seq, const py::object& out_seq, const py::object& oc1,
                       const py::object& coverage, const py::object& fog, const py::object& clear,
                       const py::object& covered, const py::object& written) {
  const auto oc = eight_objects(oc_seq, "oc");
  const auto dest = eight_objects(dest_seq, "dest");
  const auto out = eight_objects(out_seq, "out");
  // The pixel shape comes from the first array given: oc[0..7], then dest[0..7].
  std::optional<std::vector<py::ssize_t>> lead;
  std::vector<py::array> inputs;  // everything an output must not overlap
  SlotArrays slot;
  auto match = [&lead](const std::vector<py::ssize_t>& l, const char* name,
                       const std::string& hint = "") {
    if (!lead) {
      lead = l;
    } else {
      require_leading(l, *lead, name, "the other arrays", hint);
    }
  };
  std::vector<std::string> oc_names, dest_names, out_names;
  for (int i = 0; i < kMaxRts; ++i) {
    oc_names.push_back("oc[" + std::to_string(i) + "]");
    dest_names.push_back("dest[" + std::to_string(i) + "]");
    out_names.push_back("out[" + std::to_string(i) + "]");
  }
  for (int i = 0; i < kMaxRts; ++i) {
    const om::FormatInfo* f = state.rt_format[i];
    const bool declared = (state.ps_outputs >> i) & 1u;
    if (oc[i].is_none()) {
      if (f != nullptr && declared) {
        throw py::value_error(oc_names[i] + ": RT " + std::to_string(i) +
                              " is bound and ps_outputs declares o" + std::to_string(i) +
                              ", so its values are required");
      }
      continue;
    }
    const ValueArray v = f != nullptr ? value_array(oc[i], oc_names[i].c_str(), *f)
                                      : word4_array(oc[i], oc_names[i].c_str());
    match(v.lead, oc_names[i].c_str());
    slot.oc[i] = v.data();
    inputs.push_back(v.array);
  }
  std::array<std::optional<TexelArray>, kMaxRts> d, o;
  for (int i = 0; i < kMaxRts; ++i) {
    const om::FormatInfo* f = state.rt_format[i];
    if (f == nullptr) {
      if (!dest[i].is_none() || !out[i].is_none()) {
        throw py::value_error(dest_names[i] + ": RT slot " + std::to_string(i) +
                              " is unbound (rt_format None): pass None for dest and out");
      }
      continue;
    }
    if (dest[i].is_none() || out[i].is_none()) {
      throw py::value_error((dest[i].is_none() ? dest_names[i] : out_names[i]) + ": RT slot " +
                            std::to_string(i) + " is bound to " + f->name +
                            ": its texel array is required");
    }
    d[i] = texel_array(dest[i], dest_names[i].c_str(), *f, false);
    o[i] = texel_array(out[i], out_names[i].c_str(), *f, true);
    match(d[i]->lead, dest_names[i].c_str(), d[i]->hint);
    match(o[i]->lead, out_names[i].c_str(), o[i]->hint);
    slot.dest[i] = d[i]->data();
    slot.out[i] = o[i]->mutable_data();
    slot.tb[i] = om::ref::texel_bytes(*f);
  }
  if (!lead) throw py::value_error("oc, dest: no array given, so the pixel count is unknown");
  const auto px1 =
      per_pixel(oc1, "oc1", {Dtype::kF32, Dtype::kU32, Dtype::kI32}, *lead, {4}, false);
  const auto cov = per_pixel(coverage, "coverage", {Dtype::kBool, Dtype::kU8}, *lead, {}, false);
  const auto fg = per_pixel(fog, "fog", {Dtype::kF32, Dtype::kU32}, *lead, {}, false);
  const auto clr = per_pixel(clear, "clear", {Dtype::kBool, Dtype::kU8}, *lead, {}, false);
  auto cvd = per_pixel(covered, "covered", {Dtype::kBool, Dtype::kU8}, *lead, {}, true);
  auto wr = per_pixel(written, "written", {Dtype::kBool, Dtype::kU8}, *lead, {kMaxRts}, true);
  for (const auto* a : {&px1, &cov, &fg, &clr}) {
    if (*a) inputs.push_back(**a);
  }
  // Outputs: out[i] may be dest[i] itself (in place); nothing else may overlap.
  std::vector<std::pair<py::array, std::string>> outputs;
  for (int i = 0; i < kMaxRts; ++i) {
    if (o[i]) outputs.emplace_back(o[i]->array, out_names[i]);
  }
  if (cvd) outputs.emplace_back(*cvd, "covered");
  if (wr) outputs.emplace_back(*wr, "written");
  for (size_t a = 0; a < outputs.size(); ++a) {
    const py::array& x = outputs[a].first;
    for (const py::array& in : inputs) {
      require_disjoint(x.data(), nbytes(x), outputs[a].second.c_str(), in.data(), nbytes(in),
                       "an input array", false);
    }
    for (int i = 0; i < kMaxRts; ++i) {
      if (!d[i]) continue;
      const bool own = outputs[a].second == out_names[i];
      require_disjoint(x.data(), nbytes(x), outputs[a].second.c_str(), d[i]->data(),
                       nbytes(d[i]->array), dest_names[i].c_str(), own);
    }
    for (size_t b = a + 1; b < outputs.size(); ++b) {
      const py::array& y = outputs[b].first;
      require_disjoint(x.data(), nbytes(x), outputs[a].second.c_str(), y.data(), nbytes(y),
                       outputs[b].second.c_str(), false);
    }
  }

  const size_t n = element_count(*lead);
  const uint32_t* oc1p = px1 ? static_cast<const uint32_t*>(px1->data()) : nullptr;
  const uint8_t* covp = ptr<uint8_t>(cov);
  const uint32_t* fogp = ptr<uint32_t>(fg);
  const uint8_t* clrp = ptr<uint8_t>(clr);
  uint8_t* cvdp = cvd ? static_cast<uint8_t*>(cvd->mutable_data()) : nullptr;
  uint8_t* wrp = wr ? static_cast<uint8_t*>(wr->mutable_data()) : nullptr;
  const om::ref::PixelState st = state;
  py::gil_scoped_release release;
  om::ref::PixelIn px;
  std::array<Texel, kMaxRts> dt{};
  for (size_t p = 0; p < n; ++p) {
    px.clear = clrp != nullptr && clrp[p] != 0;
    px.coverage = covp == nullptr || covp[p] != 0;
    px.fog = fogp != nullptr ? fogp[p] : om::ref::kF32One;
    if (oc1p != nullptr) std::memcpy(px.oc1.data(), oc1p + 4 * p, 16);
    for (int i = 0; i < kMaxRts; ++i) {
      if (slot.oc[i] != nullptr) std::memcpy(px.oc[i].data(), slot.oc[i] + 4 * p, 16);
      if (slot.dest[i] != nullptr) dt[i] = load_texel(slot.dest[i], p, slot.tb[i]);
    }
    const om::ref::PixelOut r = om::ref::process_pixel(st, px, dt);
    for (int i = 0; i < kMaxRts; ++i) {
      if (slot.out[i] != nullptr) store_texel(slot.out[i], p, slot.tb[i], r.texel[i]);
      if (wrp != nullptr) wrp[p * kMaxRts + i] = r.write[i] ? 1 : 0;
    }
    if (cvdp != nullptr) cvdp[p] = r.covered ? 1 : 0;
  }
}

}  // namespace

void bind_batch(py::module_& m) {
  py::list isas;
  for (const IsaName& n : kIsaNames)
    isas.append(py::make_tuple(n.name, static_cast<uint32_t>(n.isa)));
  m.attr("BATCH_ISAS") = isas;
  m.def(
      "blend_batch", &blend_batch_py, py::arg("rt"), py::arg("src"), py::arg("dest"),
      py::arg("out"), py::arg("src1") = py::none(), py::arg("written") = py::none(),
      py::arg("isa") = static_cast<uint32_t>(om::ref::BatchIsa::kAuto),
      "om::ref::blend_batch: every pixel as rt_op() gives it, bit for bit.\n\n"
      "src, src1: (..., 4) float32 (or uint32 binary32 bits) for float/norm formats, uint32 or\n"
      "int32 for integer formats. dest, out: texel arrays of rt.format (out may be dest itself).\n"
      "written: optional bool/uint8 array of the pixel shape, set to the per-pixel write flag.\n"
      "isa: highest instruction set (a BATCH_ISAS value; the last is auto). Zero-copy; releases\n"
      "the GIL for large batches.");
  m.def(
      "blend_batch_kernel",
      [](const om::ref::BatchRt& rt, uint32_t isa) {
        require_format(rt.format, "rt.format");
        return std::string(om::ref::blend_batch_kernel(rt, batch_isa(isa)));
      },
      py::arg("rt"), py::arg("isa") = static_cast<uint32_t>(om::ref::BatchIsa::kAuto),
      "Name of the kernel blend_batch runs for this state on this CPU.");
  m.def("pack", &pack_py, py::arg("format"), py::arg("values"), py::arg("out"),
        "Encode (..., 4) values (binary32 for float/norm formats, uint32/int32 for integer\n"
        "formats) into texels of `format`: raw_to_texel(format, pack(format, v)) per pixel.");
  m.def(
      "unpack",
      [](const om::FormatInfo* f, const py::object& texels, const py::object& out) {
        unpack_py(f, texels, out, false);
      },
      py::arg("format"), py::arg("texels"), py::arg("out"),
      "Read texels back to the blender's domain: unpack(format, texel_to_raw(format, t)) into a\n"
      "(..., 4) 32-bit array (binary32 bits, or integers for UINT/SINT formats).");
  m.def(
      "split",
      [](const om::FormatInfo* f, const py::object& texels, const py::object& out) {
        unpack_py(f, texels, out, true);
      },
      py::arg("format"), py::arg("texels"), py::arg("out"),
      "The component bit fields R, G, B, A of every texel (texel_to_raw), into (..., 4) uint32.");
  m.def("join", &join_py, py::arg("format"), py::arg("fields"), py::arg("out"),
        "Assemble texels from (..., 4) component bit fields (raw_to_texel: masked, X = ones).");
  m.def("process_pixels", &process_pixels_py, py::arg("state"), py::arg("oc"), py::arg("dest"),
        py::arg("out"), py::arg("oc1") = py::none(), py::arg("coverage") = py::none(),
        py::arg("fog") = py::none(), py::arg("clear") = py::none(), py::arg("covered") = py::none(),
        py::arg("written") = py::none(),
        "process_pixel() for every pixel. oc, dest, out: 8 entries each (array or None per RT\n"
        "slot); oc[i]: (..., 4) values, dest[i]/out[i]: texel arrays of state.rt_format[i]\n"
        "(out[i] may be dest[i]). oc1: (..., 4); coverage, clear: bool; fog: float32 factor;\n"
        "covered: bool output (...); written: bool output (..., 8).");
}

}  // namespace omsim_py

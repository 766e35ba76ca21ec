// SPDX-License-Identifier: Apache-2.0
// Array entry points over batch.h: blend_batch, the format conversions and process_pixels. Each
// checks its arrays (dtype, shape, layout, overlap; messages name the argument), makes the output
// arrays the caller left out, and hands the buffers to one om::ref call, zero-copy, with the GIL
// released for batches worth it.
#include <pybind11/stl.h>

#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "common.h"
#include "om/gen/py_structs.h"
#include "om/ref/batch.h"

namespace omsim_py {
namespace {

using om::ref::kMaxRts;

/// Below this many pixels the GIL stays held (releasing costs more than the work).
constexpr size_t kReleaseGilFrom = 2048;

constexpr auto kAutoIsa = static_cast<uint32_t>(om::BatchIsa::AUTO);

om::ref::BatchIsa batch_isa(uint32_t isa) {
  if (!om::is_valid_batch_isa(isa)) {
    std::string names;
    for (const om::BatchIsa i : om::kAllBatchIsa) {
      names += std::string(names.empty() ? "" : ", ") + std::to_string(static_cast<uint32_t>(i)) +
               " " + to_string(i);
    }
    throw py::value_error("isa: expected one of " + names + ", got " + std::to_string(isa));
  }
  return static_cast<om::ref::BatchIsa>(isa);
}

const om::FormatInfo& rt_format(const om::ref::BatchRt& rt) {
  if (rt.format == nullptr) throw py::value_error("rt.format: no format (None)");
  return *rt.format;
}

/// Runs `f` without the GIL when the batch is large enough to be worth it.
template <class F>
void run(size_t n, F&& f) {
  if (n < kReleaseGilFrom) return f();
  py::gil_scoped_release release;
  f();
}

/// An optional per-pixel array of the pixel shape `lead` (+ `trailing`) with one of `allowed`
/// dtypes.
std::optional<Pixels> per_pixel(const py::object& obj, const char* name,
                                std::initializer_list<Dtype> allowed,
                                const std::vector<py::ssize_t>& lead,
                                std::initializer_list<py::ssize_t> trailing, bool writeable) {
  if (obj.is_none()) return std::nullopt;
  Pixels p{checked(obj, name, allowed, writeable), {}, 0, {}};
  require_leading(leading_shape(p.array, name, trailing), lead, name, "the pixels");
  return p;
}

/// A new array of the shape and dtype of the checked texel array `t`.
py::object new_like(const Pixels& t) {
  const py::array& a = t.array;
  return py::array(a.dtype(), std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()));
}

py::array blend_batch_py(const om::ref::BatchRt& rt, const py::object& src, const py::object& dest,
                         const py::object& out, const py::object& src1, const py::object& written,
                         uint32_t isa) {
  const om::FormatInfo& f = rt_format(rt);
  const om::ref::BatchIsa level = batch_isa(isa);
  const Pixels s = value_array(src, "src", &f);
  const Pixels d = texel_array(dest, "dest", f, false);
  Pixels o = texel_array(out.is_none() ? new_like(d) : out, "out", f, true);
  require_leading(d.lead, s.lead, "dest", "src", d.hint);
  require_leading(o.lead, s.lead, "out", "src", o.hint);
  std::optional<Pixels> s1;
  if (!src1.is_none()) {
    s1 = value_array(src1, "src1", &f);
    require_leading(s1->lead, s.lead, "src1", "src");
    require_disjoint(o, "out", *s1, "src1");
  }
  std::optional<Pixels> w =
      per_pixel(written, "written", {Dtype::kBool, Dtype::kU8}, s.lead, {}, true);
  require_disjoint(o, "out", d, "dest", true);
  require_disjoint(o, "out", s, "src");
  for (const Pixels* other : std::initializer_list<const Pixels*>{&o, &d, &s}) {
    if (w) require_disjoint(*w, "written", *other, "another argument");
  }
  const uint32_t* s1p = s1 ? s1->words() : nullptr;
  auto* wp = w ? static_cast<uint8_t*>(w->mutable_data()) : nullptr;
  void* op = o.mutable_data();
  run(s.n, [&] { om::ref::blend_batch(rt, s.n, s.words(), s1p, d.data(), op, wp, level); });
  return o.array;
}

/// pack / join (values or bit fields -> texels) and unpack / split (texels -> values or bit
/// fields), one binding each, with their checks; out None: new texels or values of the input's
/// pixel shape.
struct Conversion {
  const char* name;
  const char* in;  // the input argument
  bool fields;     // join's input, split's output: bit fields (any words), not values
  void (*to)(const om::FormatInfo&, size_t, const uint32_t*, void*);    // or from
  void (*from)(const om::FormatInfo&, size_t, const void*, uint32_t*);  // or to
  const char* what;                                                     // for the docstring
};
const Conversion kConversions[] = {
    {"pack", "values", false, om::ref::pack_batch, nullptr, "values -> texels"},
    {"join", "fields", true, om::ref::join_batch, nullptr, "bit fields -> texels"},
    {"unpack", "texels", false, nullptr, om::ref::unpack_batch, "texels -> values"},
    {"split", "texels", true, nullptr, om::ref::split_batch, "texels -> bit fields"},
};

py::array to_texels(const Conversion& c, uint32_t format, const py::object& in,
                    const py::object& out) {
  const om::FormatInfo& f = format_of(format, "format");
  const Pixels v = value_array(in, c.in, c.fields ? nullptr : &f);
  const py::ssize_t words = om::ref::texel_bytes(f) == 16 ? 4 : 0;
  Pixels o = texel_array(out.is_none() ? py::object(new_array(texel_dtype(f), v.lead, words)) : out,
                         "out", f, true);
  require_leading(o.lead, v.lead, "out", c.in, o.hint);
  require_disjoint(o, "out", v, c.in);
  void* op = o.mutable_data();
  run(v.n, [&] { c.to(f, v.n, v.words(), op); });
  return o.array;
}

py::array from_texels(const Conversion& c, uint32_t format, const py::object& texels,
                      const py::object& out) {
  const om::FormatInfo& f = format_of(format, "format");
  const Pixels t = texel_array(texels, "texels", f, false);
  const Dtype dt = c.fields ? Dtype::kU32 : value_dtype(f);
  Pixels o =
      value_array(out.is_none() ? py::object(new_array(dt, t.lead, 4)) : out, "out", nullptr, true);
  require_leading(o.lead, t.lead, "out", "texels");
  require_disjoint(o, "out", t, "texels");
  auto* op = static_cast<uint32_t*>(o.mutable_data());
  run(t.n, [&] { c.from(f, t.n, t.data(), op); });
  return o.array;
}

std::string slot_name(const char* what, int i) {
  return std::string(what) + "[" + std::to_string(i) + "]";
}

/// process_pixels with its checks: (the out array of every bound slot, None for unbound; covered;
/// written). out None: new arrays like dest.
py::tuple process_pixels_py(om::ref::PixelState state, const std::array<py::object, kMaxRts>& oc,
                            const std::array<py::object, kMaxRts>& dest,
                            const std::optional<std::array<py::object, kMaxRts>>& out,
                            const py::object& oc1, const py::object& coverage,
                            const py::object& fog, const py::object& clear) {
  // The pixel shape comes from the first array given: oc[0..7], then dest[0..7].
  std::optional<std::vector<py::ssize_t>> lead;
  auto match = [&lead](const Pixels& p, const std::string& name) {
    if (!lead) lead = p.lead;
    require_leading(p.lead, *lead, name.c_str(), "the other arrays", p.hint);
  };
  std::vector<std::pair<Pixels, std::string>> inputs, outputs;
  py::tuple texels(kMaxRts);
  om::ref::PixelArrays a;
  state.ps_outputs = 0;
  for (int i = 0; i < kMaxRts; ++i) {
    const om::FormatInfo* f = state.rt_format[i];
    if (oc[i].is_none()) continue;
    state.ps_outputs |= 1u << i;
    inputs.emplace_back(value_array(oc[i], slot_name("oc", i).c_str(), f), slot_name("oc", i));
    match(inputs.back().first, inputs.back().second);
    a.oc[i] = inputs.back().first.words();
  }
  for (int i = 0; i < kMaxRts; ++i) {
    const om::FormatInfo* f = state.rt_format[i];
    const std::string dn = slot_name("dest", i), on = slot_name("out", i);
    const bool no_out = out && (*out)[i].is_none();
    texels[i] = py::none();
    if (f == nullptr) {
      if (!dest[i].is_none() || (out && !no_out)) {
        throw py::value_error(dn + ": RT slot " + std::to_string(i) +
                              " is unbound (rt_format None): pass None for dest and out");
      }
      continue;
    }
    if (dest[i].is_none() || no_out) {
      throw py::value_error((dest[i].is_none() ? dn : on) + ": RT slot " + std::to_string(i) +
                            " is bound to " + f->name + ": its texel array is required");
    }
    inputs.emplace_back(texel_array(dest[i], dn.c_str(), *f, false), dn);
    match(inputs.back().first, dn);
    const Pixels& d = inputs.back().first;
    outputs.emplace_back(texel_array(out ? (*out)[i] : new_like(d), on.c_str(), *f, true), on);
    match(outputs.back().first, on);
    a.dest[i] = d.data();
    a.out[i] = outputs.back().first.mutable_data();
    texels[i] = outputs.back().first.array;
  }
  if (!lead) throw py::value_error("oc, dest: no array given, so the pixel count is unknown");
  // The optional per-pixel inputs: their data, or nullptr when not given.
  auto extra = [&](const py::object& obj, const char* name, std::initializer_list<Dtype> dtypes,
                   std::initializer_list<py::ssize_t> trailing) -> const void* {
    const std::optional<Pixels> p = per_pixel(obj, name, dtypes, *lead, trailing, false);
    if (p) inputs.emplace_back(*p, name);
    return p ? p->data() : nullptr;
  };
  const auto bool_or_u8 = {Dtype::kBool, Dtype::kU8};
  a.oc1 =
      static_cast<const uint32_t*>(extra(oc1, "oc1", {Dtype::kF32, Dtype::kU32, Dtype::kI32}, {4}));
  a.coverage = static_cast<const uint8_t*>(extra(coverage, "coverage", bool_or_u8, {}));
  a.fog = static_cast<const uint32_t*>(extra(fog, "fog", {Dtype::kF32, Dtype::kU32}, {}));
  a.clear = static_cast<const uint8_t*>(extra(clear, "clear", bool_or_u8, {}));
  // Outputs: out[i] may be dest[i] itself (in place); nothing else may overlap.
  for (size_t x = 0; x < outputs.size(); ++x) {
    const auto& [o, oname] = outputs[x];
    for (const auto& [i, iname] : inputs) {
      const bool own = iname.rfind("dest[", 0) == 0 && iname.substr(4) == oname.substr(3);
      require_disjoint(o, oname.c_str(), i,
                       iname.rfind("dest[", 0) == 0 ? iname.c_str() : "an input array", own);
    }
    for (size_t y = x + 1; y < outputs.size(); ++y) {
      require_disjoint(o, oname.c_str(), outputs[y].first, outputs[y].second.c_str());
    }
  }
  py::array covered = new_array(Dtype::kBool, *lead),
            written = new_array(Dtype::kBool, *lead, kMaxRts);
  a.covered = static_cast<uint8_t*>(covered.mutable_data());
  a.written = static_cast<uint8_t*>(written.mutable_data());
  const size_t n = element_count(*lead);
  {
    py::gil_scoped_release release;
    om::ref::process_pixels(state, n, a);
  }
  return py::make_tuple(texels, covered, written);
}

}  // namespace

void bind_batch(py::module_& m) {
  py::class_<om::ref::BatchRt>(m, "BatchRt",
                               "The per-call state of one RT for blend_batch (batch.h).")
      .def(py::init([](std::optional<uint32_t> format, const om::ref::RtBlendDesc& desc,
                       bool logic_op_enable, uint32_t logic_op, bool gamma_space,
                       const om::ref::Vec4& blend_factor) {
             om::ref::BatchRt r;
             r.format = format ? &format_of(*format, "format") : nullptr;
             r.desc = desc;
             r.logic_op_enable = logic_op_enable;
             r.logic_op = static_cast<om::LogicOp>(logic_op);
             r.gamma_space = gamma_space;
             r.blend_factor = blend_factor;
             return r;
           }),
           py::arg("format"), py::arg("desc"), py::arg("logic_op_enable") = false,
           py::arg("logic_op") = 4, py::arg("gamma_space") = false,
           py::arg("blend_factor") = om::ref::BatchRt{}.blend_factor,
           "format: a DXGI value (None: unset); desc: RtBlendDesc.to_core(); K as binary32 words.");
  m.def("blend_batch", &blend_batch_py, py::arg("rt"), py::arg("src"), py::arg("dest"),
        py::arg("out"), py::arg("src1") = py::none(), py::arg("written") = py::none(),
        py::arg("isa") = kAutoIsa,
        "om::ref::blend_batch over numpy arrays (see omsim.blend): out (None: a new array).");
  m.def(
      "blend_batch_kernel",
      [](const om::ref::BatchRt& rt, uint32_t isa) {
        rt_format(rt);
        return std::string(om::ref::blend_batch_kernel(rt, batch_isa(isa)));
      },
      py::arg("rt"), py::arg("isa") = kAutoIsa, "Name of the kernel blend_batch runs for rt here.");
  for (const Conversion& c : kConversions) {
    m.def(
        c.name,
        [&c](uint32_t f, const py::object& in, const py::object& out) {
          return c.to != nullptr ? to_texels(c, f, in, out) : from_texels(c, f, in, out);
        },
        py::arg("format"), py::arg(c.in), py::arg("out"),
        (std::string(c.name) + "_batch: " + c.what + " (out).").c_str());
  }
  m.def("process_pixels", &process_pixels_py, py::arg("state"), py::arg("oc"), py::arg("dest"),
        py::arg("out"), py::arg("oc1"), py::arg("coverage"), py::arg("fog"), py::arg("clear"),
        "om::ref::process_pixels over numpy arrays (see omsim.process_pixels): (out, covered, "
        "written); out None: new texel arrays.");
}

}  // namespace omsim_py

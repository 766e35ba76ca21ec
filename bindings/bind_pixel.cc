// SPDX-License-Identifier: Apache-2.0
// Per-pixel entry points of rt_op.h, logic.h and pixel.h: one RT op, one whole pixel, and the D3D9
// post-PS helpers. Texels are Python ints (bit i = texel bit i); values are 32-bit words.
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "common.h"
#include "om/gen/py_structs.h"
#include "om/ref/batch.h"
#include "om/ref/logic.h"

namespace omsim_py {
namespace {

using om::ref::kMaxRts;
using om::ref::Vec4;

py::tuple rt_op_py(const om::ref::BatchRt& rt, const Vec4& s, const py::handle& dest,
                   const Vec4& s1, bool clear) {
  if (rt.format == nullptr) throw py::value_error("rt.format: no format (None)");
  om::ref::RtOpIn in = om::ref::rt_op_in(rt);
  in.clear = clear;
  in.s = s;
  in.s1 = s1;
  in.dest = texel_from_int(dest, "dest", rt.format->texel_bits, rt.format->name);
  const om::ref::RtOpOut r = om::ref::rt_op(in);
  return py::make_tuple(r.write, texel_to_int(r.texel));
}

py::tuple process_pixel_py(om::ref::PixelState state,
                           const std::array<std::optional<Vec4>, kMaxRts>& oc,
                           const std::array<py::object, kMaxRts>& dest, const Vec4& oc1,
                           bool coverage, uint32_t fog, bool clear) {
  om::ref::PixelIn px;
  px.clear = clear;
  px.coverage = coverage;
  px.fog = fog;
  px.oc1 = oc1;
  state.ps_outputs = 0;
  std::array<om::ref::Texel, kMaxRts> d{};
  for (int i = 0; i < kMaxRts; ++i) {
    if (oc[i]) {
      px.oc[i] = *oc[i];
      state.ps_outputs |= 1u << i;
    }
    const om::FormatInfo* f = state.rt_format[i];
    if (f == nullptr) continue;
    const std::string name = "dest[" + std::to_string(i) + "]";
    if (dest[i].is_none()) {
      throw py::value_error(name + ": RT slot " + std::to_string(i) +
                            " is bound, so its texel is required");
    }
    d[i] = texel_from_int(dest[i], name.c_str(), f->texel_bits, f->name);
  }
  const om::ref::PixelOut r = om::ref::process_pixel(state, px, d);
  py::tuple texel(kMaxRts);
  for (int i = 0; i < kMaxRts; ++i) {
    texel[i] = state.rt_format[i] != nullptr ? py::object(texel_to_int(r.texel[i])) : py::none();
  }
  return py::make_tuple(r.covered, r.write, texel);
}

}  // namespace

void bind_pixel(py::module_& m) {
  m.def("rt_op", &rt_op_py, py::arg("rt"), py::arg("s"), py::arg("dest"), py::arg("s1"),
        py::arg("clear"), "One RT op (rt_op.h) of the state rt: (write, new texel).");
  m.def("process_pixel", &process_pixel_py, py::arg("state"), py::arg("oc"), py::arg("dest"),
        py::arg("oc1"), py::arg("coverage"), py::arg("fog"), py::arg("clear"),
        "One pixel over the 8 RT slots (pixel.h): (covered, write[8], texel[8]); oc[i] None = o[i] "
        "not declared.");
  m.def(
      "logic_op_apply",
      [](uint32_t op, uint32_t s, uint32_t d) {
        return om::ref::logic_op_apply(static_cast<om::LogicOp>(op), s, d);
      },
      py::arg("op"), py::arg("s"), py::arg("d"), "The D3D11_LOGIC_OP table on 32-bit words.");
  m.def("select_rt_desc", &om::ref::select_rt_desc, py::arg("blend"), py::arg("rt"),
        "The descriptor RT slot `rt` uses (IndependentBlendEnable / logic-op rules).");
  m.def("a2c_covered", &om::ref::a2c_covered, py::arg("alpha"), py::arg("n") = 1, py::arg("s") = 0,
        "Alpha-to-coverage of sample s of an n-sample pixel from a binary32 alpha.");
  m.def("alpha_test_pass", &om::ref::alpha_test_pass, py::arg("d3d9"), py::arg("alpha"),
        "D3D9 alpha test of a binary32 oC0.a.");
  m.def("apply_fog", &om::ref::apply_fog, py::arg("d3d9"), py::arg("f"), py::arg("c"),
        "D3D9 fog on the RGB of 4 binary32 words.");
  m.def(
      "fog_factor",
      [](uint32_t mode, uint32_t d, uint32_t start, uint32_t end, uint32_t density) {
        return om::ref::fog_factor(static_cast<om::FogMode>(mode), d, start, end, density);
      },
      py::arg("mode"), py::arg("d"), py::arg("start"), py::arg("end"), py::arg("density"),
      "D3D9 fog factor (binary32) at distance d.");
  m.def(
      "clear_texel",
      [](uint32_t format, const Vec4& colour) {
        return texel_to_int(om::ref::clear_texel(format_of(format, "format"), colour));
      },
      py::arg("format"), py::arg("colour"), "The texel a Clear of a binary32 colour writes.");
}

}  // namespace omsim_py

// SPDX-License-Identifier: Apache-2.0
// Per-pixel entry points of rt_op.h, logic.h and pixel.h: one RT op, one whole pixel, and the D3D9
// post-PS helpers. Texels are Python ints (bit i = texel bit i); values are 32-bit words.
#include <string>

#include "common.h"
#include "om/ref/logic.h"
#include "om/ref/pixel.h"
#include "om/ref/rt_op.h"

namespace omsim_py {
namespace {

using om::ref::kMaxRts;

const om::FormatInfo& require_format(const om::FormatInfo* f, const char* name) {
  if (f == nullptr) throw py::value_error(std::string(name) + ": no format (None)");
  return *f;
}

void require_enum(bool valid, const char* name, uint32_t v, const char* what) {
  if (!valid) {
    throw py::value_error(std::string(name) + ": " + std::to_string(v) + " is not a " + what +
                          " value");
  }
}

py::tuple rt_op_py(const om::FormatInfo* fp, const om::ref::RtBlendDesc& desc, const py::object& s,
                   const py::object& dest, const py::object& s1, const py::object& k,
                   bool logic_op_enable, uint32_t logic_op, bool gamma_space, bool clear) {
  const om::FormatInfo& f = require_format(fp, "format");
  om::ref::RtOpIn in;
  in.format = &f;
  in.desc = desc;
  in.logic_op_enable = logic_op_enable;
  in.logic_op = static_cast<om::LogicOp>(logic_op);
  in.gamma_space = gamma_space;
  in.clear = clear;
  in.s = vec4_from_seq(s, "s");
  in.s1 = vec4_from_seq(s1, "s1");
  in.k = vec4_from_seq(k, "k");
  in.dest = texel_from_int(dest, "dest", f);
  const om::ref::RtOpOut r = om::ref::rt_op(in);
  return py::make_tuple(r.write, texel_to_int(r.texel, f));
}

py::tuple process_pixel_py(const om::ref::PixelState& state, const py::object& oc,
                           const py::object& dest, const py::object& oc1, bool coverage,
                           uint32_t fog, bool clear) {
  if (!py::isinstance<py::sequence>(oc) || py::len(oc) != kMaxRts ||
      !py::isinstance<py::sequence>(dest) || py::len(dest) != kMaxRts) {
    throw py::value_error("oc, dest: expected 8 entries each (one per RT slot; None allowed)");
  }
  const py::sequence ocs = py::reinterpret_borrow<py::sequence>(oc);
  const py::sequence ds = py::reinterpret_borrow<py::sequence>(dest);
  om::ref::PixelIn px;
  px.clear = clear;
  px.coverage = coverage;
  px.fog = fog;
  px.oc1 = vec4_from_seq(oc1, "oc1");
  std::array<om::ref::Texel, kMaxRts> d{};
  for (int i = 0; i < kMaxRts; ++i) {
    const std::string oi = "oc[" + std::to_string(i) + "]";
    const std::string di = "dest[" + std::to_string(i) + "]";
    const py::object o = ocs[i];
    if (!o.is_none()) px.oc[i] = vec4_from_seq(o, oi.c_str());
    const py::object t = ds[i];
    const om::FormatInfo* f = state.rt_format[i];
    if (f != nullptr) {
      if (t.is_none())
        throw py::value_error(di + ": RT slot " + std::to_string(i) +
                              " is bound, so its texel is required");
      d[i] = texel_from_int(t, di.c_str(), *f);
    }
  }
  const om::ref::PixelOut r = om::ref::process_pixel(state, px, d);
  py::tuple write(kMaxRts), texel(kMaxRts);
  for (int i = 0; i < kMaxRts; ++i) {
    write[i] = py::bool_(r.write[i]);
    texel[i] = state.rt_format[i] != nullptr
                   ? py::object(texel_to_int(r.texel[i], *state.rt_format[i]))
                   : py::object(py::none());
  }
  return py::make_tuple(r.covered, write, texel);
}

}  // namespace

void bind_pixel(py::module_& m) {
  const py::tuple ones = py::make_tuple(0x3F800000u, 0x3F800000u, 0x3F800000u, 0x3F800000u);
  const py::tuple zeros = py::make_tuple(0u, 0u, 0u, 0u);
  m.def("rt_op", &rt_op_py, py::arg("format"), py::arg("desc"), py::arg("s"), py::arg("dest"),
        py::arg("s1") = zeros, py::arg("k") = ones, py::arg("logic_op_enable") = false,
        py::arg("logic_op") = 4, py::arg("gamma_space") = false, py::arg("clear") = false,
        "One RT op (rt_op.h): returns (write, new texel). s, s1, k: 4 words each; dest: the\n"
        "current texel as an int.");
  m.def("process_pixel", &process_pixel_py, py::arg("state"), py::arg("oc"), py::arg("dest"),
        py::arg("oc1") = zeros, py::arg("coverage") = true, py::arg("fog") = 0x3F800000u,
        py::arg("clear") = false,
        "One pixel over the 8 RT slots (pixel.h): returns (covered, write[8], texel[8]).\n"
        "oc: 8 entries of 4 words or None (zeros); dest: 8 texels (int, None for unbound\n"
        "slots); fog: binary32 fog factor.");
  m.def(
      "logic_op_apply",
      [](uint32_t op, uint32_t s, uint32_t d) {
        require_enum(om::is_valid_logic_op(op), "op", op, "D3D11_LOGIC_OP");
        return om::ref::logic_op_apply(static_cast<om::LogicOp>(op), s, d);
      },
      py::arg("op"), py::arg("s"), py::arg("d"),
      "The D3D11_LOGIC_OP table on 32-bit words (s = source, d = destination).");
  m.def(
      "select_rt_desc",
      [](const om::ref::BlendDesc& b, int rt) { return om::ref::select_rt_desc(b, rt); },
      py::arg("blend"), py::arg("rt"),
      "The descriptor RT slot `rt` uses (IndependentBlendEnable / logic-op rules).");
  m.def("a2c_covered", &om::ref::a2c_covered, py::arg("alpha"),
        "Single-sample alpha-to-coverage: f32_add(alpha, 0.5) >= 1.0 (NaN -> False).");
  m.def("alpha_test_pass", &om::ref::alpha_test_pass, py::arg("d3d9"), py::arg("alpha"),
        "D3D9 alpha test on oC0.a (binary32): True when disabled or when alpha FUNC ref/255.");
  m.def(
      "apply_fog",
      [](const om::ref::D3d9State& d3d9, uint32_t f, const py::object& c) {
        return vec4_to_tuple(om::ref::apply_fog(d3d9, f, vec4_from_seq(c, "c")));
      },
      py::arg("d3d9"), py::arg("f"), py::arg("c"),
      "D3D9 fog on RGB: f*C + (1-f)*Cfog with f clamped to [0, 1]; A untouched.");
  m.def(
      "fog_factor",
      [](uint32_t mode, uint32_t d, uint32_t start, uint32_t end, uint32_t density) {
        require_enum(om::is_valid_fog_mode(mode), "mode", mode, "D3DFOGMODE");
        return om::ref::fog_factor(static_cast<om::FogMode>(mode), d, start, end, density);
      },
      py::arg("mode"), py::arg("d"), py::arg("start"), py::arg("end"), py::arg("density"),
      "D3D9 fog factor (binary32 bits) from distance d: NONE, EXP, EXP2, LINEAR.");
  m.def(
      "clear_texel",
      [](const om::FormatInfo* fp, const py::object& colour) {
        const om::FormatInfo& f = require_format(fp, "format");
        return texel_to_int(om::ref::clear_texel(f, vec4_from_seq(colour, "colour")), f);
      },
      py::arg("format"), py::arg("colour"),
      "The texel a Clear writes: the binary32 colour converted to `format`.");
}

}  // namespace omsim_py

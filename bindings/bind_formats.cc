// SPDX-License-Identifier: Apache-2.0
// Formats, configurations, the scalar conversions of convert.h and the binary32 ops of fp32.h.
#include <string>

#include "common.h"
#include "om/ref/batch.h"
#include "om/ref/convert.h"
#include "om/ref/fp32.h"

namespace omsim_py {
namespace {

py::tuple channel(const om::ChannelInfo& c) { return py::make_tuple(c.bits, c.offset); }

void require_cmp_func(uint32_t func) {
  if (!om::is_valid_cmp_func(func)) {
    throw py::value_error("func: " + std::to_string(func) +
                          " is not a D3D11_COMPARISON_FUNC value (1..8)");
  }
}

}  // namespace

void bind_formats(py::module_& m) {
  const auto ref = py::return_value_policy::reference;

  py::class_<om::FormatInfo>(
      m, "FormatInfo",
      "Layout and feature-level support of one render-target format (an entry "
      "of the generated kFormatInfo table; read-only).")
      .def_property_readonly(
          "dxgi", [](const om::FormatInfo& f) { return static_cast<uint32_t>(f.format); },
          "DXGI_FORMAT value.")
      .def_property_readonly(
          "name", [](const om::FormatInfo& f) { return std::string(f.name); },
          "DXGI name without the DXGI_FORMAT_ prefix.")
      .def_property_readonly(
          "cls", [](const om::FormatInfo& f) { return static_cast<uint32_t>(f.cls); },
          "FormatClass value (UNORM, UNORM_SRGB, SNORM, FLOAT, UINT, SINT).")
      .def_property_readonly(
          "texel_bits", [](const om::FormatInfo& f) { return f.texel_bits; },
          "Bits per texel (8, 16, 32, 64 or 128).")
      .def_property_readonly(
          "channels",
          [](const om::FormatInfo& f) {
            return py::make_tuple(channel(f.ch[0]), channel(f.ch[1]), channel(f.ch[2]),
                                  channel(f.ch[3]));
          },
          "(bits, offset) of R, G, B, A; bits 0 = channel absent.")
      .def_property_readonly(
          "x", [](const om::FormatInfo& f) { return channel(f.x); },
          "(bits, offset) of the X padding (stored as ones); (0, 0) when none.")
      .def_property_readonly(
          "rt_fl_mask", [](const om::FormatInfo& f) { return f.rt_fl_mask; },
          "Bit i: usable as a render target at feature level i (0 = 9_1 ... 6 = 11_1).")
      .def_property_readonly(
          "blend_fl_mask", [](const om::FormatInfo& f) { return f.blend_fl_mask; },
          "Bit i: blendable at feature level i.")
      .def("__repr__",
           [](const om::FormatInfo& f) { return std::string("<FormatInfo ") + f.name + ">"; });

  py::class_<om::ConfigInfo>(m, "ConfigInfo",
                             "A named hardware configuration of defs/configs.toml (read-only).")
      .def_property_readonly("name", [](const om::ConfigInfo& c) { return std::string(c.name); })
      .def_property_readonly(
          "fl", [](const om::ConfigInfo& c) { return static_cast<uint32_t>(c.fl); },
          "D3D_FEATURE_LEVEL value.")
      .def_property_readonly("fl_index", [](const om::ConfigInfo& c) { return c.fl_index; })
      .def_property_readonly("max_rts", [](const om::ConfigInfo& c) { return c.max_rts; })
      .def_property_readonly(
          "logic_op", [](const om::ConfigInfo& c) { return c.logic_op; },
          "D3D11_OPTIONS.OutputMergerLogicOp.")
      .def_property_readonly("d3d9_options1",
                             [](const om::ConfigInfo& c) { return c.d3d9_options1; })
      .def_property_readonly("d3d9_num_rts", [](const om::ConfigInfo& c) { return c.d3d9_num_rts; })
      .def_property_readonly("pmisc", [](const om::ConfigInfo& c) { return c.pmisc; })
      .def_property_readonly("src_blend_caps",
                             [](const om::ConfigInfo& c) { return c.src_blend_caps; })
      .def_property_readonly("dest_blend_caps",
                             [](const om::ConfigInfo& c) { return c.dest_blend_caps; })
      .def("__repr__",
           [](const om::ConfigInfo& c) { return std::string("<ConfigInfo ") + c.name + ">"; });

  m.def(
      "formats",
      []() {
        py::list l;
        for (const om::FormatInfo& f : om::kFormatInfo)
          l.append(py::cast(&f, py::return_value_policy::reference));
        return l;
      },
      "Every render-target format the output merger implements, in DXGI order.");
  m.def(
      "find_format", [](uint32_t dxgi) { return om::ref::find_format(dxgi); }, py::arg("dxgi"), ref,
      "The format with this DXGI_FORMAT value, or None when the OM does not implement it.");
  m.def(
      "find_format_by_name", [](const std::string& name) { return om::ref::find_format(name); },
      py::arg("name"), ref,
      "The format with this DXGI name (optional DXGI_FORMAT_ prefix, any case), or None.");
  m.def(
      "configs",
      []() {
        py::list l;
        for (const om::ConfigInfo& c : om::kConfigs)
          l.append(py::cast(&c, py::return_value_policy::reference));
        return l;
      },
      "Every named configuration; the default one is at default_config_index().");
  m.def(
      "default_config_index", []() { return om::kDefaultConfig; },
      "Index of the default configuration in configs().");
  m.def(
      "spec_revision", []() { return om::kSpecRevision; },
      "Revision of the specified behaviour (docs/behaviour.md), reported in CAP_ID[15:0].");
  m.def("texel_bytes", &om::ref::texel_bytes, py::arg("format"),
        "Bytes per texel of a format (texel_bits / 8).");

  // convert.h, one component at a time (uint32 bit patterns in and out).
  m.def("unorm_to_f32", &om::ref::unorm_to_f32, py::arg("code"), py::arg("bits"),
        "UNORM code -> binary32 bits of code / (2^bits - 1), correctly rounded (bits 1..16).");
  m.def("f32_to_unorm", &om::ref::f32_to_unorm, py::arg("f"), py::arg("bits"),
        "binary32 bits -> UNORM code: clamp [0,1] (NaN -> 0), x (2^bits-1), +0.5, truncate.");
  m.def(
      "snorm_to_f32", &om::ref::snorm_to_f32, py::arg("code"), py::arg("bits"),
      "SNORM code (two's complement in `bits`) -> binary32 bits of max(code/(2^(bits-1)-1), -1).");
  m.def("f32_to_snorm", &om::ref::f32_to_snorm, py::arg("f"), py::arg("bits"),
        "binary32 bits -> SNORM code (two's complement in the low `bits` bits).");
  m.def("srgb_to_f32", &om::ref::srgb_to_f32, py::arg("code"),
        "sRGB UNORM8 code -> linear binary32 bits (the correctly rounded ideal decode LUT).");
  m.def("f32_to_srgb", &om::ref::f32_to_srgb, py::arg("f"),
        "Linear binary32 bits -> sRGB UNORM8 code (canonical encode, docs/arithmetic.md §6).");
  m.def("f32_srgb_encode_unquantised", &om::ref::f32_srgb_encode_unquantised, py::arg("f"),
        "Linear binary32 bits -> the unquantised sRGB encode s (docs/arithmetic.md §6, §9).");
  m.def("f16_to_f32", &om::ref::f16_to_f32, py::arg("h"), "float16 bits -> binary32 bits (exact).");
  m.def("f11_to_f32", &om::ref::f11_to_f32, py::arg("h"), "float11 bits -> binary32 bits (exact).");
  m.def("f10_to_f32", &om::ref::f10_to_f32, py::arg("h"), "float10 bits -> binary32 bits (exact).");
  m.def("f32_to_f16", &om::ref::f32_to_f16, py::arg("f"),
        "binary32 bits -> float16 bits: RTZ, finite overflow -> 0x7BFF, NaN -> 0x7E00.");
  m.def("f32_to_f11", &om::ref::f32_to_f11, py::arg("f"),
        "binary32 bits -> float11 bits: RTZ, negative -> 0, overflow -> 0x7BF, NaN -> 0x7E0.");
  m.def("f32_to_f10", &om::ref::f32_to_f10, py::arg("f"),
        "binary32 bits -> float10 bits: RTZ, negative -> 0, overflow -> 0x3DF, NaN -> 0x3F0.");

  // fp32.h: the canonical datapath's binary32 operations.
  m.def("f32_add", &om::ref::f32_add, py::arg("a"), py::arg("b"),
        "a + b on binary32 bits: FTZ in and out, RNE, NaN -> 0x7FC00000.");
  m.def("f32_sub", &om::ref::f32_sub, py::arg("a"), py::arg("b"), "a - b, as f32_add.");
  m.def("f32_mul", &om::ref::f32_mul, py::arg("a"), py::arg("b"), "a * b, as f32_add.");
  m.def("f32_min", &om::ref::f32_min, py::arg("a"), py::arg("b"),
        "D3D min: a NaN operand yields the other one; min(-0, +0) = -0.");
  m.def("f32_max", &om::ref::f32_max, py::arg("a"), py::arg("b"),
        "D3D max: a NaN operand yields the other one; max(-0, +0) = +0.");
  m.def("f32_clamp", &om::ref::f32_clamp, py::arg("a"), py::arg("lo"), py::arg("hi"),
        "Clamp to [lo, hi] with NaN -> +0 (the input/output clamp of the blender).");
  m.def(
      "f32_compare",
      [](uint32_t func, uint32_t a, uint32_t b) {
        require_cmp_func(func);
        return om::ref::f32_compare(static_cast<om::CmpFunc>(func), a, b);
      },
      py::arg("func"), py::arg("a"), py::arg("b"),
      "`a func b` (CmpFunc 1..8) with the D3D NaN rules; ValueError for another func.");
  m.def("f32_ftz", &om::ref::f32_ftz, py::arg("a"),
        "Flush a binary32 denormal to the zero of its sign.");
}

}  // namespace omsim_py

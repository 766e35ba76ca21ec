// SPDX-License-Identifier: Apache-2.0
// The scalar conversions of convert.h and the binary32 ops of fp32.h (32-bit words in and out;
// omsim.scalar checks ranges).
#include "common.h"
#include "om/ref/fp32.h"

namespace omsim_py {

void bind_formats(py::module_& m) {
  using namespace om::ref;
  m.def("unorm_to_f32", &unorm_to_f32, py::arg("code"), py::arg("bits"),
        "UNORM code -> binary32 code / (2^bits - 1), correctly rounded (bits 1..16).");
  m.def("f32_to_unorm", &f32_to_unorm, py::arg("f"), py::arg("bits"),
        "binary32 -> UNORM code: clamp [0, 1] (NaN -> 0), x (2^bits - 1), + 0.5, truncate.");
  m.def("snorm_to_f32", &snorm_to_f32, py::arg("code"), py::arg("bits"),
        "SNORM code (two's complement in `bits`) -> binary32 max(code / (2^(bits-1) - 1), -1) "
        "(bits 2..16).");
  m.def("f32_to_snorm", &f32_to_snorm, py::arg("f"), py::arg("bits"),
        "binary32 -> SNORM code in the low `bits` bits (-1.0 -> 0x81 for 8 bits).");
  m.def("srgb_to_f32", &srgb_to_f32, py::arg("code"),
        "sRGB UNORM8 code -> linear binary32 (the correctly rounded ideal decode).");
  m.def("f32_to_srgb", &f32_to_srgb, py::arg("f"),
        "Linear binary32 -> sRGB UNORM8 code (the canonical encode).");
  m.def("f32_srgb_encode_unquantised", &f32_srgb_encode_unquantised, py::arg("f"),
        "Linear binary32 -> the unquantised sRGB-encoded binary32 (FL 9_x gamma-space blending).");
  m.def("f16_to_f32", &f16_to_f32, py::arg("h"), "float16 bits -> binary32 bits (exact).");
  m.def("f11_to_f32", &f11_to_f32, py::arg("h"), "float11 bits -> binary32 bits (exact).");
  m.def("f10_to_f32", &f10_to_f32, py::arg("h"), "float10 bits -> binary32 bits (exact).");
  m.def("f32_to_f16", &f32_to_f16, py::arg("f"),
        "binary32 -> float16 bits: RTZ, finite overflow -> 0x7BFF, NaN -> 0x7E00.");
  m.def("f32_to_f11", &f32_to_f11, py::arg("f"),
        "binary32 -> float11 bits: RTZ, negative -> 0, overflow -> 0x7BF, NaN -> 0x7E0.");
  m.def("f32_to_f10", &f32_to_f10, py::arg("f"),
        "binary32 -> float10 bits: RTZ, negative -> 0, overflow -> 0x3DF, NaN -> 0x3F0.");
  m.def("f32_add", &f32_add, py::arg("a"), py::arg("b"),
        "a + b: inputs flushed (FTZ), RNE, denormal result flushed, any NaN result = 0x7FC00000.");
  m.def("f32_sub", &f32_sub, py::arg("a"), py::arg("b"), "a - b, as f32_add.");
  m.def("f32_mul", &f32_mul, py::arg("a"), py::arg("b"),
        "a * b, as f32_add (NaN * 0 = INF * 0 = NaN).");
  m.def("f32_min", &f32_min, py::arg("a"), py::arg("b"),
        "D3D min: a NaN operand yields the other; min(-0, +0) = -0.");
  m.def("f32_max", &f32_max, py::arg("a"), py::arg("b"),
        "D3D max: a NaN operand yields the other; max(-0, +0) = +0.");
  m.def("f32_clamp", &f32_clamp, py::arg("a"), py::arg("lo"), py::arg("hi"),
        "Clamp to [lo, hi] with NaN -> +0 (the blender's input and output clamp).");
  m.def(
      "f32_compare",
      [](uint32_t func, uint32_t a, uint32_t b) {
        return f32_compare(static_cast<om::CmpFunc>(func), a, b);
      },
      py::arg("func"), py::arg("a"), py::arg("b"),
      "`a func b` with the D3D NaN rules (docs/behaviour.md §5.4).");
  m.def("f32_ftz", &f32_ftz, py::arg("a"), "Flush a binary32 denormal to the zero of its sign.");
}

}  // namespace omsim_py

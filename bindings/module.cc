// SPDX-License-Identifier: Apache-2.0
// omsim._core: the pybind11 adapter over the clock-free reference model om::ref. Values are 32-bit
// words (binary32 bit patterns or integers), enums their D3D values, structs the tuples of the
// omsim dataclasses' to_core() (pystruct.h), formats DXGI values, configurations indices, arrays
// numpy (checked, never copied). The typed Python API lives in bindings/python/omsim; the build
// generates this module's stub (_core.pyi) from its signatures.
#include <stdexcept>

#include "common.h"
#include "om/gen/py_structs.h"

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  using namespace om::ref;
  m.doc() =
      "omsim._core: bindings of the om::ref reference model (clock-free, bit-exact).\n\n"
      "Use the typed API of the omsim package; this module takes raw D3D values and 32-bit words.";
  omsim_py::register_argument_errors();
  omsim_py::export_fields<RtBlendDesc, BlendDesc, D3d9State, PixelState, OmCaps, D3d9Options1,
                          D3dCaps9, Caps, RtBinding, DsvBinding, PsOutput, D3d9Mode, OmState,
                          DepthStencilOpDesc, DepthStencilDesc, D3d9DepthStencil, DescCheck,
                          ValidateResult>(m);
  omsim_py::bind_formats(m);
  omsim_py::bind_batch(m);  // first: BatchRt, which bind_pixel's signatures name
  omsim_py::bind_pixel(m);
  omsim_py::bind_validate(m);
  omsim_py::bind_depth(m);
  omsim_py::bind_bench(m);
}

// SPDX-License-Identifier: Apache-2.0
// Depth/stencil and sample coverage (depth_stencil.h, ds_state.h): CreateDepthStencilState's
// validation and object table, and the batch forms over 1-D numpy arrays of one length.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "common.h"
#include "om/gen/py_structs.h"
#include "om/ref/depth_stencil.h"
#include "om/ref/ds_state.h"

namespace omsim_py {
namespace {

using om::ref::DepthStencilDesc;
using om::ref::DsRule;

// A 1-D array of `n` elements (n < 0: any length, set from it).
py::array vec(const py::handle& obj, const char* name, std::initializer_list<Dtype> dtypes,
              bool writeable, py::ssize_t* n) {
  py::array a = checked(obj, name, dtypes, writeable);
  if (a.ndim() != 1) {
    throw py::value_error(std::string(name) + ": expected a 1-D array, got " +
                          std::to_string(a.ndim()) + " dimensions");
  }
  if (*n < 0) *n = a.shape(0);
  if (a.shape(0) != *n) {
    throw py::value_error(std::string(name) + ": " + std::to_string(a.shape(0)) +
                          " elements, expected " + std::to_string(*n));
  }
  return a;
}

template <class T>
const T* in(const std::optional<py::array>& a) {
  return a ? static_cast<const T*>(a->data()) : nullptr;
}

std::optional<py::array> opt(const py::object& obj, const char* name,
                             std::initializer_list<Dtype> dtypes, py::ssize_t* n) {
  if (obj.is_none()) return std::nullopt;
  return vec(obj, name, dtypes, false, n);
}

void depth_stencil_batch_py(const DepthStencilDesc& d, std::optional<uint32_t> format,
                            uint32_t dsv_flags, uint32_t stencil_ref, uint32_t min_depth,
                            uint32_t max_depth, const py::object& z, const py::object& front_face,
                            const py::object& stored_depth, const py::object& stored_stencil,
                            const py::object& flags, const py::object& outcome,
                            const py::object& depth, const py::object& stencil) {
  om::ref::DsBinding b;
  if (format) {
    b.format = om::ref::find_ds_format(*format);
    if (b.format == nullptr) {
      throw py::value_error("format: DXGI value " + std::to_string(*format) +
                            " is not a depth-stencil format the output merger implements");
    }
  }
  if (stencil_ref > 0xFF) {
    throw py::value_error("stencil_ref: " + std::to_string(stencil_ref) + " is outside 0..255");
  }
  b.dsv_flags = dsv_flags;
  b.stencil_ref = static_cast<uint8_t>(stencil_ref);
  b.min_depth = min_depth;
  b.max_depth = max_depth;
  py::ssize_t n = -1;
  const py::array za = vec(z, "z", {Dtype::kF32, Dtype::kU32}, false, &n);
  const py::array sd = vec(stored_depth, "stored_depth", {Dtype::kU32}, false, &n);
  const auto ff = opt(front_face, "front_face", {Dtype::kBool, Dtype::kU8}, &n);
  const auto ss = opt(stored_stencil, "stored_stencil", {Dtype::kU8}, &n);
  py::array fa = vec(flags, "flags", {Dtype::kU8}, true, &n);
  py::array oa = vec(outcome, "outcome", {Dtype::kU8}, true, &n);
  py::array da = vec(depth, "depth", {Dtype::kU32}, true, &n);
  py::array sa = vec(stencil, "stencil", {Dtype::kU8}, true, &n);
  om::ref::DsBatchOut out;
  out.flags = static_cast<uint8_t*>(fa.mutable_data());
  out.outcome = static_cast<uint8_t*>(oa.mutable_data());
  out.depth = static_cast<uint32_t*>(da.mutable_data());
  out.stencil = static_cast<uint8_t*>(sa.mutable_data());
  const auto* zp = static_cast<const uint32_t*>(za.data());
  const auto* sdp = static_cast<const uint32_t*>(sd.data());
  py::gil_scoped_release release;
  om::ref::depth_stencil_batch(d, b, static_cast<size_t>(n), zp, in<uint8_t>(ff), sdp,
                               in<uint8_t>(ss), out);
}

}  // namespace

void bind_depth(py::module_& m) {
  using namespace om::ref;
  m.def(
      "ds_rule_message", [](uint32_t v) { return std::string(message(static_cast<DsRule>(v))); },
      py::arg("rule"), "Debug-layer name of a DsRule value ('?' when none).");
  m.def(
      "check_depth_stencil_desc",
      [](const std::optional<DepthStencilDesc>& desc) {
        const DsCheck c = check_depth_stencil_desc(ptr(desc));
        return py::make_tuple(static_cast<uint32_t>(c.hr), static_cast<uint32_t>(c.rule));
      },
      py::arg("desc"), "docs/depth-stencil.md §4 (first failure wins): (hr, rule); None = NULL.");
  m.def(
      "normalise_depth_stencil_desc", [](const DepthStencilDesc& d) { return normalise(d); },
      py::arg("desc"), "docs/depth-stencil.md §4 normalisation (GetDesc's answer).");
  py::class_<DepthStencilStateTable> table(m, "DepthStencilStateTable",
                                           "CreateDepthStencilState's object table.");
  table.def(py::init<>())
      .def(
          "create",
          [](DepthStencilStateTable& t, const std::optional<DepthStencilDesc>& desc,
             bool want_object) {
            const CreateDepthStencilStateResult r = t.create(ptr(desc), want_object);
            return py::make_tuple(static_cast<uint32_t>(r.hr), r.handle,
                                  static_cast<uint32_t>(r.rule));
          },
          py::arg("desc"), py::arg("want_object"), "(hr, handle, rule); desc None = NULL.");
  bind_object_refs(table);
  m.def("depth_stencil_batch", &depth_stencil_batch_py, py::arg("desc"), py::arg("format"),
        py::arg("dsv_flags"), py::arg("stencil_ref"), py::arg("min_depth"), py::arg("max_depth"),
        py::arg("z"), py::arg("front_face"), py::arg("stored_depth"), py::arg("stored_stencil"),
        py::arg("flags"), py::arg("outcome"), py::arg("depth"), py::arg("stencil"),
        "depth_stencil_sample per element; outputs are written in place.");
  m.def(
      "stencil_op_batch",
      [](uint32_t op, uint32_t ref, const py::object& stencil, const py::object& out) {
        if (ref > 0xFF) throw py::value_error("ref: " + std::to_string(ref) + " is outside 0..255");
        py::ssize_t n = -1;
        const py::array s = vec(stencil, "stencil", {Dtype::kU8}, false, &n);
        py::array o = vec(out, "out", {Dtype::kU8}, true, &n);
        stencil_op_batch(static_cast<om::StencilOp>(op), static_cast<uint8_t>(ref),
                         static_cast<size_t>(n), static_cast<const uint8_t*>(s.data()),
                         static_cast<uint8_t*>(o.mutable_data()));
      },
      py::arg("op"), py::arg("ref"), py::arg("stencil"), py::arg("out"),
      "stencil_op per element into out.");
  m.def(
      "sample_coverage_batch",
      [](uint32_t sample_mask, bool a2c, int samples, const py::object& raster,
         const py::object& alpha, const py::object& omask, const py::object& out) {
        py::ssize_t n = -1;
        const py::array r = vec(raster, "raster", {Dtype::kU32}, false, &n);
        const auto al = opt(alpha, "alpha", {Dtype::kF32, Dtype::kU32}, &n);
        const auto om = opt(omask, "omask", {Dtype::kU32}, &n);
        py::array o = vec(out, "out", {Dtype::kU32}, true, &n);
        sample_coverage_batch(sample_mask, a2c, samples, static_cast<size_t>(n),
                              static_cast<const uint32_t*>(r.data()), in<uint32_t>(al),
                              in<uint32_t>(om), static_cast<uint32_t*>(o.mutable_data()));
      },
      py::arg("sample_mask"), py::arg("a2c"), py::arg("samples"), py::arg("raster"),
      py::arg("alpha"), py::arg("omask"), py::arg("out"), "sample_coverage per element into out.");
}

}  // namespace omsim_py

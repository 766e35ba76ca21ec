// SPDX-License-Identifier: Apache-2.0
// Benchmark support (bench/python_bench.py): the native side of the "Python API vs the same C++
// batch path" comparison, timed inside the same process on the same buffers. A timing harness, not
// part of the model's API (hence the leading underscore).
#include <pybind11/stl.h>

#include <chrono>
#include <vector>

#include "common.h"
#include "om/ref/batch.h"

namespace omsim_py {

void bind_bench(py::module_& m) {
  m.def(
      "_time_blend_batch",
      [](const om::ref::BatchRt& rt, const py::object& src, const py::object& dest,
         const py::object& out, int repeats) {
        if (repeats < 1) throw py::value_error("repeats: expected >= 1");
        // blend_batch's checks of the arrays (and a first, untimed call).
        py::module_::import("omsim._core").attr("blend_batch")(rt, src, dest, out);
        const auto s = src.cast<py::array>(), d = dest.cast<py::array>();
        auto o = out.cast<py::array>();
        const auto n = static_cast<size_t>(s.size() / 4);
        void* op = o.mutable_data();
        std::vector<int64_t> ns(static_cast<size_t>(repeats));
        py::gil_scoped_release release;
        for (int64_t& t : ns) {
          const auto t0 = std::chrono::steady_clock::now();
          om::ref::blend_batch(rt, n, static_cast<const uint32_t*>(s.data()), nullptr, d.data(),
                               op);
          t = std::chrono::duration_cast<std::chrono::nanoseconds>(
                  std::chrono::steady_clock::now() - t0)
                  .count();
        }
        return ns;
      },
      py::arg("rt"), py::arg("src"), py::arg("dest"), py::arg("out"), py::arg("repeats"),
      "Call om::ref::blend_batch `repeats` times from C++ and return each call's time in ns.");
}

}  // namespace omsim_py

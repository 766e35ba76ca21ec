// SPDX-License-Identifier: Apache-2.0
// Shared adapters of the omsim._cosim extension: om_top's ports (om::TopIn / om::TopOut) <-> Python
// dicts with the RTL port names (checked: unknown names, wrong types and values wider than the port
// raise TypeError / ValueError naming the field), argument checks, and the bind_* entry points of
// each binding file. Nothing here simulates: the harness (testbenches/cosim) does.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "om/top_ports.h"

namespace omsim_cosim {

namespace py = pybind11;

/// A Python int (or an object with __index__, not bool unless `bits` is 1) that fits in `bits`
/// unsigned bits; TypeError / ValueError naming `what` otherwise. bits <= 64.
uint64_t uint_arg(const py::handle& v, const std::string& what, int bits);
/// A Python int in [lo, hi]; TypeError / ValueError naming `what`.
uint64_t range_arg(const py::handle& v, const std::string& what, uint64_t lo, uint64_t hi);

/// om_top's inputs from a dict {port name without suffix: value}. Missing fields keep TopIn's
/// defaults (rst_n 1, everything else 0). `in_data` is a dict {cmd, x, y, coverage, fog, oc1, oc};
/// `mem_rsp_data` an int of up to 128 bits.
om::TopIn top_in_from_dict(const py::handle& obj, const std::string& what);
py::dict top_in_to_dict(const om::TopIn& in);
py::dict top_out_to_dict(const om::TopOut& out);
py::dict perf_to_dict(const om::Perf& p);

/// A texel as a Python int and back (bits 0..127).
py::int_ texel_to_int(const om::ref::Texel& t);
om::ref::Texel texel_from_int(const py::handle& v, const std::string& what);

/// Index into om::kConfigs of a configuration name; ValueError naming `what` and the names.
int config_arg(const std::string& name, const std::string& what);
/// Side names of the harness ("rtl", and "model" when the cycle model is built in).
std::vector<std::string> side_names();
/// Fault names of the mutation switch (om::sim::fault_names()).
std::vector<std::string> fault_list();
/// ValueError naming `what` unless `fault` is "" or a fault name.
void check_fault(const std::string& fault, const std::string& what);

void bind_coverage(py::module_& m);
void bind_run(py::module_& m);
void bind_side(py::module_& m);

}  // namespace omsim_cosim

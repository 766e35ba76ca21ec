// SPDX-License-Identifier: Apache-2.0
// A port trace: every input and output of om_top, one line per evaluated cycle, as one side of a
// lockstep saw them. The run is cycle-exact, so another simulator that drives the recorded inputs
// must give the recorded outputs (the Icarus replay of the whole om_top in testbenches/icarus;
// cosim/README.md, "Other simulators"). Format (text): a header line "# omsim ports 2 ...", then
// per cycle the 14 inputs and 10 outputs of the pixel, bus and render-target ports, then the 4
// inputs and 5 outputs of the depth-stencil ports, each as hex without prefix or leading zeros,
// separated by single spaces:
//   rst_ni cfg_i psel_i penable_i pwrite_i paddr_i pwdata_i pstrb_i in_valid_i in_data_i
//   mem_rd_ready_i mem_rsp_valid_i mem_rsp_data_i mem_wr_ready_i
//   prdata_o pready_o pslverr_o in_ready_o mem_rd_valid_o mem_rd_addr_o mem_wr_valid_o
//   mem_wr_addr_o mem_wr_data_o perf_o
//   ds_rd_ready_i ds_rsp_valid_i ds_rsp_data_i ds_wr_ready_i
//   ds_rd_valid_o ds_rd_addr_o ds_wr_valid_o ds_wr_addr_o ds_wr_data_o
// Packed structs (in_data_i: pixel_t, perf_o: perf_t) are their whole bit image. The columns are
// the ports of defs/top_ports.toml by their `trace` group (om/gen/port_trace.h writes a line).
#pragma once

#include <memory>
#include <string>

#include "om/gen/port_trace.h"
#include "om/sim/side.h"

namespace om::sim {

/// Number of fields per line of a port trace: inputs, then outputs, then the depth-stencil ports'
/// inputs and outputs.
inline constexpr int kPortTraceInputs = port_trace::kColumns[0];
inline constexpr int kPortTraceOutputs = port_trace::kColumns[1];
inline constexpr int kPortTraceDsInputs = port_trace::kColumns[2];
inline constexpr int kPortTraceDsOutputs = port_trace::kColumns[3];

/// `side` (a TappedSide, e.g. the RTL) with every eval()'s inputs and outputs appended to `path`;
/// everything else goes to `side` unchanged. Throws std::runtime_error when `path` cannot be
/// written, std::invalid_argument when `side` is not a TappedSide.
std::unique_ptr<Side> make_port_recorder(std::unique_ptr<Side> side, const std::string& path);

}  // namespace om::sim

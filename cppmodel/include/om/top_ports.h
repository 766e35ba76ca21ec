// SPDX-License-Identifier: Apache-2.0
// The ports of rtl/om_top.sv as plain structs, shared by the cycle model (om::Top) and the adapter
// over the Verilated om_top, so a lockstep checker feeds both the same TopIn and compares whole
// TopOut values every cycle, and its stage boundaries (TopTaps, TopTapWords). The structs, these
// comparisons and the copies to and from the Verilated om_top are generated from
// defs/top_ports.toml (om/gen/top_ports.h, om/gen/top_ports_vl.h); names are the RTL port names
// without their _i / _o / _ni suffix and the wire names of om_top.sv.
//
// The packed port types (pixel_t, perf_t, mem_addr_t as a MemAddr, texels as ref::Texel words) are
// the generated om_pkg types of om/gen/types.h, whose pack() gives the image Verilator exposes.
#pragma once

#include <cstdint>
#include <string>

#include "om/gen/top_ports.h"
#include "om/pkg.h"
#include "om/ref/convert.h"
#include "om/ref/pixel.h"

namespace om {

/// The pixel_t transfer of a reference-model pixel's sample at (x, y): clear command, sample,
/// coverage, oMask, fog and the shader outputs, as the host and the stimulus submit it.
Pixel make_pixel(uint32_t x, uint32_t y, const ref::PixelIn& px);
/// The same into *out: a testbench writes om_top's input port in place, once per pixel offered.
void make_pixel(uint32_t x, uint32_t y, const ref::PixelIn& px, Pixel* out);

/// Valid and ready compared always, a payload only while its valid is high (on both sides, as the
/// valids are equal), as diff() of TopTaps does.
bool operator==(const TopTapWords& a, const TopTapWords& b);

/// The first difference between two sides' stage boundaries, in pipeline order, as
/// "om_accept -> om_hazard: acc_op.need_rd: 0x1 vs 0x0" (payload fields by their op_t / op_dst_t
/// member names), or "". Valid and ready are compared every cycle; a payload only while its valid
/// is high on both sides (without valid it takes part in no transfer and may be stale).
std::string diff(const TopTaps& a, const TopTaps& b);

bool operator==(const TopOut& a, const TopOut& b);
bool operator!=(const TopOut& a, const TopOut& b);

/// The first field in which `a` and `b` differ, as "port: a_value vs b_value" with the RTL port
/// name (e.g. "mem_wr_data_o[95:64]: 0x3f800000 vs 0x3f7fffff", "perf_o.rt_writes: 7 vs 8"), or ""
/// when they are equal. Fields are visited in declaration order.
std::string diff(const TopOut& a, const TopOut& b);

/// One line naming every field of `o` (for divergence reports).
std::string to_string(const TopOut& o);

}  // namespace om

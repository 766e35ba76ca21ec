// SPDX-License-Identifier: Apache-2.0
// The ports of rtl/om_top.sv as plain structs, shared by the cycle model (om::Top) and the adapter
// over the Verilated om_top, so a lockstep checker feeds both the same TopIn and compares whole
// TopOut values every cycle. Names are the RTL port names without their _i / _o / _ni suffix;
// every field holds its RTL value zero-extended (bool for 1-bit ports).
//
// The packed port types (pixel_t, perf_t, mem_addr_t as a MemAddr, texels as ref::Texel words) are
// the generated om_pkg types of om/gen/types.h, whose pack() gives the image Verilator exposes.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "om/pkg.h"
#include "om/ref/convert.h"
#include "om/ref/pixel.h"

namespace om {

/// The pixel_t transfer of a reference-model pixel's sample at (x, y): clear command, sample,
/// coverage, oMask, fog and the shader outputs, as the host and the stimulus submit it.
Pixel make_pixel(uint32_t x, uint32_t y, const ref::PixelIn& px);

/// Every input of om_top.
struct TopIn {
  bool rst_n = true;  // rst_ni: asynchronous, active low
  uint32_t cfg = 0;   // cfg_i[2:0]: configuration strap, sampled at clock edges while rst_n = 0
  // APB4 slave.
  bool psel = false;
  bool penable = false;
  bool pwrite = false;
  uint32_t paddr = 0;   // [11:0]
  uint32_t pwdata = 0;  // [31:0]
  uint32_t pstrb = 0;   // [3:0]
  // Pixel stream.
  bool in_valid = false;
  Pixel in_data;
  // Render-target memory.
  bool mem_rd_ready = false;
  bool mem_rsp_valid = false;
  ref::Texel mem_rsp_data;
  bool mem_wr_ready = false;
  // Depth-stencil memory.
  bool ds_rd_ready = false;
  bool ds_rsp_valid = false;
  ref::Texel ds_rsp_data;
  bool ds_wr_ready = false;
};

/// Every output of om_top.
struct TopOut {
  uint32_t prdata = 0;
  bool pready = false;
  bool pslverr = false;
  bool in_ready = false;
  bool mem_rd_valid = false;
  MemAddr mem_rd_addr = 0;  // mem_addr_t
  bool mem_wr_valid = false;
  MemAddr mem_wr_addr = 0;  // mem_addr_t
  ref::Texel mem_wr_data;
  bool ds_rd_valid = false;
  MemAddr ds_rd_addr = 0;  // mem_addr_t
  bool ds_wr_valid = false;
  MemAddr ds_wr_addr = 0;  // mem_addr_t
  ref::Texel ds_wr_data;
  Perf perf;  // perf_o
};

/// om_top's stage boundaries: the handshake wires between its stages, named as in rtl/om_top.sv
/// (om_depth -> om_accept: ds_*; om_accept -> om_hazard: acc_*; om_hazard -> om_dest_read: hz_*;
/// om_dest_read -> om_rt_datapath: rd_*, advanced by dp_en; om_rt_datapath -> om_write: dp_*,
/// wr_ready). Both sides of a lockstep give them every cycle, so a divergence is reported at the
/// stage it starts in.
struct TopTaps {
  bool ds_valid = false;
  bool ds_ready = false;
  Pixel ds_px;
  bool acc_valid = false;
  bool acc_ready = false;
  Op acc_op;
  bool hz_valid = false;
  bool hz_ready = false;
  Op hz_op;
  bool rd_valid = false;
  bool dp_en = false;
  OpDst rd_op;
  bool dp_valid = false;
  bool wr_ready = false;
  MemAddr dp_addr = 0;  // mem_addr_t
  bool dp_write = false;
  ref::Texel dp_texel;
};

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

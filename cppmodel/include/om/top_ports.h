// SPDX-License-Identifier: Apache-2.0
// The ports of rtl/om_top.sv as plain structs, shared by the cycle model (om::Top) and the adapter
// over the Verilated om_top, so a lockstep checker feeds both the same TopIn and compares whole
// TopOut values every cycle. Names are the RTL port names without their _i / _o / _ni suffix;
// every field holds its RTL value zero-extended (bool for 1-bit ports).
//
// Packed types (Verilator exposes them as one wide word, first declared field most significant):
//   * mem_addr_t {rt[2:0], y[13:0], x[13:0]}: a uint32_t, x in bits [13:0], y [27:14], rt [30:28]
//     (mem_addr(), mem_addr_rt/y/x());
//   * texels [127:0]: Texel words w[0] = bits [31:0] .. w[3] = bits [127:96];
//   * pixel_t {cmd, x, y, coverage, fog, oc1[3:0], oc[7:0][3:0]}: struct Pixel below, packed by
//     pack_pixel();
//   * perf_t {busy, pixels_in, rt_reads, rt_writes, hazard_stalls, mem_stalls, killed}: struct
//   Perf;
//     in the 193-bit image killed is word 0, mem_stalls word 1, ... pixels_in word 5, busy bit 192.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "om/pkg.h"
#include "om/ref/convert.h"
#include "om/ref/pixel.h"

namespace om {

/// om_pkg::CoordW, TexelW and $bits of the packed port types.
inline constexpr int kCoordW = 14;
inline constexpr int kTexelW = 128;
inline constexpr int kPixelBits = 1 + 2 * kCoordW + 1 + 32 + 4 * 32 + kPkgMaxRts * 4 * 32;  // 1214
inline constexpr int kPerfBits = 1 + 6 * 32;                                                // 193

/// om_pkg::mem_addr_t packed into its 31 bits.
constexpr uint32_t mem_addr(uint32_t rt, uint32_t y, uint32_t x) {
  return ((rt & 7u) << 28) | ((y & 0x3FFFu) << 14) | (x & 0x3FFFu);
}
constexpr uint32_t mem_addr_rt(uint32_t a) { return (a >> 28) & 7u; }
constexpr uint32_t mem_addr_y(uint32_t a) { return (a >> 14) & 0x3FFFu; }
constexpr uint32_t mem_addr_x(uint32_t a) { return a & 0x3FFFu; }

/// om_pkg::cmd_e.
enum class Cmd : uint32_t { kDraw = 0, kClear = 1 };

/// om_pkg::pixel_t: one pixel (or clear command) from the pixel shader.
struct Pixel {
  Cmd cmd = Cmd::kDraw;
  uint32_t x = 0;  // [13:0]
  uint32_t y = 0;  // [13:0]
  bool coverage = false;
  uint32_t fog = 0;                        // binary32 fog factor f
  ref::Vec4 oc1{};                         // dual-source second output of slot 0
  std::array<ref::Vec4, kPkgMaxRts> oc{};  // oC0..oC7
};

/// The packed image of pixel_t, 32-bit words, word 0 = bits [31:0] (Verilator's VlWide order).
using PixelBits = std::array<uint32_t, (kPixelBits + 31) / 32>;
PixelBits pack_pixel(const Pixel& p);
/// The pixel_t transfer of a reference-model pixel at (x, y): clear command, coverage, fog and the
/// shader outputs, as the host and the stimulus submit it.
Pixel make_pixel(uint32_t x, uint32_t y, const ref::PixelIn& px);

/// perf_o (om_pkg::perf_t): STATUS.BUSY and the six PERF_* counters as a bus read would return them
/// in this cycle (the counters are registers: a strobe in cycle t shows from t+1).
struct Perf {
  bool busy = false;
  uint32_t pixels_in = 0;
  uint32_t rt_reads = 0;
  uint32_t rt_writes = 0;
  uint32_t hazard_stalls = 0;
  uint32_t mem_stalls = 0;
  uint32_t killed = 0;
};

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
};

/// Every output of om_top.
struct TopOut {
  uint32_t prdata = 0;
  bool pready = false;
  bool pslverr = false;
  bool in_ready = false;
  bool mem_rd_valid = false;
  uint32_t mem_rd_addr = 0;  // mem_addr_t
  bool mem_wr_valid = false;
  uint32_t mem_wr_addr = 0;  // mem_addr_t
  ref::Texel mem_wr_data;
  Perf perf;  // perf_o
};

bool operator==(const Pixel& a, const Pixel& b);
bool operator!=(const Pixel& a, const Pixel& b);
bool operator==(const Perf& a, const Perf& b);
bool operator!=(const Perf& a, const Perf& b);
bool operator==(const TopOut& a, const TopOut& b);
bool operator!=(const TopOut& a, const TopOut& b);

/// The first field in which `a` and `b` differ, as "port: a_value vs b_value" with the RTL port
/// name (e.g. "mem_wr_data_o[95:64]: 0x3f800000 vs 0x3f7fffff", "perf_o.rt_writes: 7 vs 8"), or ""
/// when they are equal. Fields are visited in declaration order.
std::string diff(const TopOut& a, const TopOut& b);

/// One line naming every field of `o` (for divergence reports).
std::string to_string(const TopOut& o);

}  // namespace om

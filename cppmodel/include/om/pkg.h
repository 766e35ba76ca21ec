// SPDX-License-Identifier: Apache-2.0
// C++ mirror of the packed types shared by the RTL stages: om_pkg::state_t (with rt_desc_t,
// rt_bind_t) from rtl/om_pkg.sv and om_defs_pkg::cfg_info_t / cfg_info() from the generated
// package. Field names and widths are the RTL's; every field holds its value zero-extended in a
// uint32_t (bool for 1-bit fields). pack() gives the exact bit image Verilator exposes for the
// packed struct (first declared field most significant), so a lockstep checker can compare whole
// ports.
#pragma once

#include <array>
#include <cstdint>

#include "om/gen/defs.h"

namespace om {

/// om_pkg::MaxRts.
inline constexpr int kPkgMaxRts = 8;

/// om_pkg::rt_desc_t: one render-target blend descriptor as latched in the state registers.
struct RtDesc {
  bool blend_enable = false;
  uint32_t src_blend = 0;         // [4:0] D3D11_BLEND
  uint32_t dest_blend = 0;        // [4:0]
  uint32_t blend_op = 0;          // [2:0] D3D11_BLEND_OP
  uint32_t src_blend_alpha = 0;   // [4:0]
  uint32_t dest_blend_alpha = 0;  // [4:0]
  uint32_t blend_op_alpha = 0;    // [2:0]
  bool logic_op_enable = false;
  uint32_t logic_op = 0;    // [3:0] D3D11_LOGIC_OP
  uint32_t write_mask = 0;  // [3:0] R, G, B, A
};

/// om_pkg::rt_bind_t: DXGI format (0 = slot unbound) and view size.
struct RtBind {
  uint32_t format = 0;  // [7:0]
  uint32_t width = 0;   // [14:0]
  uint32_t height = 0;  // [14:0]
};

/// om_pkg::state_t: everything a draw sees.
struct State {
  bool independent_blend_enable = false;
  bool alpha_to_coverage_enable = false;
  uint32_t sample_mask = 0;
  std::array<uint32_t, 4> blend_factor{};  // binary32 K, index 0 = R
  bool alpha_test_enable = false;
  uint32_t alpha_func = 0;  // [3:0] D3DCMPFUNC
  uint32_t alpha_ref = 0;   // [7:0]
  bool fog_enable = false;
  std::array<uint32_t, 3> fog_color{};                // binary32 RGB
  uint32_t ps_outputs = 0;                            // [7:0] o[i] declared
  std::array<uint32_t, kPkgMaxRts> ps_output_type{};  // [1:0] each: 0 float, 1 uint, 2 sint
  std::array<RtDesc, kPkgMaxRts> rt_desc{};
  std::array<RtBind, kPkgMaxRts> rt_bind{};
};

/// om_defs_pkg::cfg_info_t: the row of the configuration table a strap value selects.
struct CfgInfo {
  uint32_t fl_code = 0;        // [7:0] D3D_FEATURE_LEVEL >> 8
  uint32_t fl_index = 0;       // [2:0] into kFeatureLevels
  uint32_t max_rts = 0;        // [3:0]
  bool logic_op = false;       // OutputMergerLogicOp
  uint32_t d3d9_options1 = 0;  // [3:0]
  uint32_t d3d9_num_rts = 0;   // [2:0]
  uint32_t pmisc = 0;
  uint32_t src_blend_caps = 0;   // [15:0]
  uint32_t dest_blend_caps = 0;  // [15:0]
};

/// om_defs_pkg::cfg_info(idx): kConfigs[idx] as cfg_info_t; all zero for idx >= kNumConfigs.
CfgInfo cfg_info(uint32_t idx);

inline constexpr int kStateBits = 888;
inline constexpr int kCfgInfoBits = 87;
/// Packed bit images, 32-bit words, word 0 = bits [31:0] (Verilator's VlWide order).
using StateBits = std::array<uint32_t, (kStateBits + 31) / 32>;
using CfgInfoBits = std::array<uint32_t, (kCfgInfoBits + 31) / 32>;

/// The packed image of state_t / cfg_info_t. Each field is masked to its RTL width.
StateBits pack(const State& s);
CfgInfoBits pack(const CfgInfo& c);

bool operator==(const RtDesc& a, const RtDesc& b);
bool operator!=(const RtDesc& a, const RtDesc& b);
bool operator==(const RtBind& a, const RtBind& b);
bool operator!=(const RtBind& a, const RtBind& b);
bool operator==(const State& a, const State& b);
bool operator!=(const State& a, const State& b);
bool operator==(const CfgInfo& a, const CfgInfo& b);
bool operator!=(const CfgInfo& a, const CfgInfo& b);

}  // namespace om

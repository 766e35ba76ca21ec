// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_rt_datapath.sv: the per-RT datapath (= om::ref::rt_op) as the RTL's four
// stages, latency 4, one op per cycle, every stage advancing together with en:
//   s1 unpack D, clamp S/S1/K, path select | s2 factors | s3 blend or logic op | s4 encode, merge.
// Each stage computes through om::ref's stage functions (blend_operands, blend_factor,
// blend_channel, logic_op_apply, f32_to_u32_sat/f32_to_i32_sat, pack, merge_write_mask) on the
// values the RTL registers between the stages. valid/tag travel alongside unchanged.
//
// Registers hold the RTL's values wherever a later stage or an output can read them. Values the
// RTL computes but nothing reads are not computed (they are don't-cares of the RTL too): the
// payload of a bubble (valid = 0) and the blend operands/factors of ops that do not blend.
#pragma once

#include <cstdint>

#include "om/pkg.h"
#include "om/ref/convert.h"

namespace om {

struct RtDatapathIn {
  bool en = false;  // advance every stage
  bool valid = false;
  MemAddr tag = 0;                   // [TagW-1:0] (om_top: mem_addr_t)
  uint32_t format = 0;               // DXGI value
  const RtDesc* desc = nullptr;      // IBE-selected descriptor (blend fields, write_mask)
  bool logic_op_enable = false;      // RenderTarget[0]'s, for every RT
  uint32_t logic_op = 0;             // [3:0] RenderTarget[0]'s
  bool gamma_space = false;          // FL 9_x: sRGB RTs blend in gamma space
  bool clear = false;                // store pack(S), every channel, no blend, no mask
  const ref::Vec4* s = nullptr;      // binary32, or uint32/int32 for integer RTs
  const ref::Vec4* s1 = nullptr;     // dual-source S1
  const ref::Vec4* k = nullptr;      // BlendFactor
  const ref::Texel* dest = nullptr;  // current texel
};

struct RtDatapathOut {
  bool valid = false;
  MemAddr tag = 0;
  bool write = false;  // store texel
  const ref::Texel* texel = nullptr;
};

/// om_rt_datapath's ctl_t: control travelling with an op through every stage.
struct DpCtl {
  bool valid = false;
  MemAddr tag = 0;
  const FormatInfo* fmt = nullptr;  // fmt_info(format_i); nullptr where fmt.valid = 0
  bool srgb_as_unorm = false;       // gamma-space blend on an sRGB RT: R, G, B as plain UNORM8
  bool clear = false;
  bool logic_path = false;
  bool blend = false;
  uint32_t logic_op = 0;
  uint32_t src_rgb = 0, dst_rgb = 0, src_a = 0, dst_a = 0;  // [4:0] D3D11_BLEND
  uint32_t op_rgb = 0, op_a = 0;                            // [2:0] D3D11_BLEND_OP
  uint32_t mask = 0;  // channels taken from the new value (the others keep dest)
  bool write = false;
  ref::Texel dest;
};

/// Every flop of om_rt_datapath, RTL names without _q.
struct RtDatapathRegs {
  DpCtl ctl_s1;
  ref::Vec4 src_s1{}, src1_s1{}, bf_s1{}, dst_s1{};
  DpCtl ctl_s2;
  ref::Vec4 src_s2{}, dst_s2{}, fs_s2{}, fd_s2{};
  DpCtl ctl_s3;
  ref::Vec4 val_s3{};
  bool valid = false;
  MemAddr tag = 0;
  bool write = false;
  ref::Texel texel;
};

class RtDatapath {
 public:
  /// Outputs come from the last stage's registers only.
  RtDatapathOut comb() const {
    RtDatapathOut o;
    o.valid = r_.valid;
    o.tag = r_.tag;
    o.write = r_.write;
    o.texel = &r_.texel;
    return o;
  }
  bool out_valid() const { return r_.valid; }
  /// Rising clock edge: with en, every stage takes the previous one's values (nothing changes
  /// while every stage and the input hold bubbles).
  void seq(const RtDatapathIn& in) {
    if (!in.en) return;
    if (!in.valid && !r_.ctl_s1.valid && !r_.ctl_s2.valid && !r_.ctl_s3.valid && !r_.valid) return;
    advance(in);
  }
  void reset() { r_ = RtDatapathRegs{}; }
  const RtDatapathRegs& regs() const { return r_; }

 private:
  void advance(const RtDatapathIn& in);
  void stage4();
  void stage3();
  void stage2();
  void stage1(const RtDatapathIn& in);

  RtDatapathRegs r_;
};

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
// Drives om_rt_datapath (Verilated) one clock at a time and checks its outputs against expected
// results queued in input order: fixed latency, valid/tag pass-through, and the texel/write of
// every op.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <string>

#include "Vom_rt_datapath.h"
#include "datapath_random.h"
#include "om/pkg.h"
#include "om/ref/hw_state.h"
#include "om/ref/rt_op.h"

namespace om::unit {

/// Latency of om_rt_datapath in enabled cycles (documented in its header).
inline constexpr int kDatapathLatency = 4;

/// The rt_desc_t image (om::pack, generated from defs/types.toml) of an API descriptor.
inline uint64_t pack_rt_desc(const ref::RtBlendDesc& d) {
  const RtDescBits b = pack(ref::to_rt_desc(d));
  return b[0] | (uint64_t{b[1]} << 32);
}

inline std::string texel_hex(const ref::Texel& t) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%08x_%08x_%08x_%08x", t.w[3], t.w[2], t.w[1], t.w[0]);
  return buf;
}

class DatapathHarness {
 public:
  DatapathHarness() {
    dut_.clk_i = 0;
    dut_.rst_ni = 0;
    dut_.en_i = 0;
    dut_.valid_i = 0;
    dut_.eval();
    dut_.rst_ni = 1;
    dut_.eval();
  }

  /// Presents `op` (valid) with the given tag and en_i, then clocks once. With en_i high the op
  /// enters the pipe and its expected result is queued.
  void step(const DatapathOp* op, uint32_t tag, bool en) {
    dut_.en_i = en;
    dut_.valid_i = op != nullptr;
    dut_.tag_i = tag & 0xFF;
    if (op != nullptr) drive(*op);
    if (en) {
      pending_.push_back(Pending{op != nullptr, tag & 0xFF,
                                 op ? expected_output(*op) : ref::RtOpOut{},
                                 op ? describe(*op) : std::string()});
    }
    dut_.clk_i = 1;
    dut_.eval();
    dut_.clk_i = 0;
    dut_.eval();
    if (en) check_output();
  }

  /// Clocks enabled bubbles until every queued op has come out.
  void drain() {
    for (int i = 0; i < kDatapathLatency; ++i) step(nullptr, 0, true);
  }

  int checked() const { return checked_; }
  int failures() const { return failures_; }
  bool out_valid() const { return dut_.valid_o != 0; }
  Vom_rt_datapath& dut() { return dut_; }

 private:
  struct Pending {
    bool valid;
    uint32_t tag;
    ref::RtOpOut out;
    std::string what;
  };

  void drive(const DatapathOp& op) {
    dut_.format_i = op.dxgi;
    dut_.desc_i = pack_rt_desc(op.in.desc);
    dut_.logic_op_enable_i = op.in.logic_op_enable;
    dut_.logic_op_i = static_cast<uint32_t>(op.in.logic_op);
    dut_.gamma_space_i = op.in.gamma_space;
    dut_.clear_i = op.in.clear;
    for (int c = 0; c < 4; ++c) {
      dut_.s_i[c] = op.in.s[c];
      dut_.s1_i[c] = op.in.s1[c];
      dut_.k_i[c] = op.in.k[c];
      dut_.dest_i[c] = op.in.dest.w[c];
    }
  }

  static std::string describe(const DatapathOp& op) {
    char buf[512];
    const ref::RtOpIn& in = op.in;
    std::snprintf(buf, sizeof buf,
                  "fmt %u (%s) desc 0x%09llx logic %d/%u gamma %d clear %d S %08x %08x %08x %08x "
                  "S1 %08x %08x %08x "
                  "%08x K %08x %08x %08x %08x D %s",
                  op.dxgi, in.format ? in.format->name : "-",
                  static_cast<unsigned long long>(pack_rt_desc(in.desc)), in.logic_op_enable,
                  static_cast<unsigned>(in.logic_op), in.gamma_space, in.clear, in.s[0], in.s[1],
                  in.s[2], in.s[3], in.s1[0], in.s1[1], in.s1[2], in.s1[3], in.k[0], in.k[1],
                  in.k[2], in.k[3], texel_hex(in.dest).c_str());
    return buf;
  }

  void check_output() {
    if (static_cast<int>(pending_.size()) < kDatapathLatency) {
      if (dut_.valid_o != 0) fail("valid_o before any op could arrive");
      return;
    }
    const Pending p = pending_.front();
    pending_.pop_front();
    if ((dut_.valid_o != 0) != p.valid) {
      fail("valid_o " + std::to_string(dut_.valid_o) + " after latency " +
           std::to_string(kDatapathLatency));
      return;
    }
    if (!p.valid) return;
    ++checked_;
    ref::Texel got;
    for (int c = 0; c < 4; ++c) got.w[c] = dut_.texel_o[c];
    if (dut_.tag_o != p.tag || (dut_.write_o != 0) != p.out.write || got != p.out.texel) {
      fail("rtl tag " + std::to_string(dut_.tag_o) + " write " + std::to_string(dut_.write_o) +
           " texel " + texel_hex(got) + ", ref tag " + std::to_string(p.tag) + " write " +
           std::to_string(p.out.write) + " texel " + texel_hex(p.out.texel) + " for " + p.what);
    }
  }

  void fail(const std::string& msg) {
    if (failures_++ < 20) ADD_FAILURE() << msg;
  }

  Vom_rt_datapath dut_;
  std::deque<Pending> pending_;
  int checked_ = 0;
  int failures_ = 0;
};

}  // namespace om::unit

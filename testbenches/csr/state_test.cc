// SPDX-License-Identifier: Apache-2.0
// State registers of om_csr: D3D defaults at reset (docs/behaviour.md §2.1, §5.4–§5.6 transcribed
// here), write and read back, byte strobes, every state_t field driven by its register field, and
// state writes waiting while the pipeline is busy (docs/registers.md, docs/behaviour.md §2.8).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>

#include "Vom_csr.h"
#include "csr_harness.h"
#include "om/gen/csr_storage.h"
#include "om/gen/defs.h"
#include "om/gen/regs.h"
#include "om/gen/types.h"

namespace om::tb {
namespace {

// D3D encodings used by the defaults (D3D11_BLEND, D3D11_BLEND_OP, D3D11_LOGIC_OP, D3DCMPFUNC).
constexpr uint32_t kBlendZero = 1, kBlendOne = 2, kOpAdd = 1, kLogicNoop = 4, kCmpAlways = 8;
constexpr uint32_t kOneF32 = 0x3F800000;  // BlendFactor default {1, 1, 1, 1}

// A state_t scalar by its member path, from the generated field table (om/gen/types.h).
const FieldInfo& state_field(const std::string& path) {
  for (const FieldInfo& f : kStateFields) {
    if (path == f.path) return f;
  }
  throw std::out_of_range("no state_t member " + path);
}

// state_o.<member>[index] (index ignored for scalars).
uint32_t state(CsrHarness& h, const std::string& member, int index = 0) {
  const bool scalar =
      index == 0 && std::any_of(kStateFields.begin(), kStateFields.end(),
                                [&](const FieldInfo& f) { return member == f.path; });
  const FieldInfo& f = state_field(scalar ? member : member + "[" + std::to_string(index) + "]");
  return h.state_bits(f.lsb, f.width);
}

// state_o.<rt_desc|rt_bind>[rt].<field>.
uint32_t state_rt(CsrHarness& h, const std::string& member, int rt, const std::string& field) {
  const FieldInfo& f = state_field(member + "[" + std::to_string(rt) + "]." + field);
  return h.state_bits(f.lsb, f.width);
}

// ---------------------------------------------------------------------------------------------------

TEST(CsrState, ResetValuesAreTheD3DDefaults) {
  CsrHarness h(kDefaultConfig, "csr_state_reset");
  using namespace regs;
  const uint32_t rt_blend =
      rt_blend::kSrcBlend.put(0, kBlendOne) | rt_blend::kDestBlend.put(0, kBlendZero) |
      rt_blend::kBlendOp.put(0, kOpAdd) | rt_blend::kSrcBlendAlpha.put(0, kBlendOne) |
      rt_blend::kDestBlendAlpha.put(0, kBlendZero) |
      rt_blend::kBlendOpAlpha.put(0, kOpAdd);  // BlendEnable FALSE
  const uint32_t rt_logic =
      rt_logic::kLogicOp.put(0, kLogicNoop) | rt_logic::kWriteMask.put(0, 0xF);
  struct Item {
    uint32_t offset;
    uint32_t want;
  } items[] = {
      {kCtrl, 0},  // IndependentBlendEnable, AlphaToCoverageEnable FALSE
      {kSampleMask, 0xFFFFFFFF},
      {blend_factor_offset(0), kOneF32},
      {blend_factor_offset(1), kOneF32},
      {blend_factor_offset(2), kOneF32},
      {blend_factor_offset(3), kOneF32},
      {kAlphaTest, alpha_test::kFunc.put(0, kCmpAlways)},  // disabled, ALWAYS, ref 0
      {kFog, 0},
      {fog_color_offset(0), 0},
      {fog_color_offset(1), 0},
      {fog_color_offset(2), 0},
      {kPsOutputs, 0},
  };
  for (const Item& it : items) {
    EXPECT_EQ(h.read(it.offset).data, it.want) << std::hex << "offset 0x" << it.offset;
  }
  for (uint32_t i = 0; i < kRtCount; ++i) {
    EXPECT_EQ(h.read(rt_format_offset(i)).data, 0u) << "RT " << i << " unbound";
    EXPECT_EQ(h.read(rt_size_offset(i)).data, 0u);
    EXPECT_EQ(h.read(rt_blend_offset(i)).data, rt_blend) << "RT " << i;
    EXPECT_EQ(h.read(rt_logic_offset(i)).data, rt_logic) << "RT " << i;
  }
  // The same defaults on state_o.
  EXPECT_EQ(state(h, "independent_blend_enable"), 0u);
  EXPECT_EQ(state(h, "alpha_to_coverage_enable"), 0u);
  EXPECT_EQ(state(h, "sample_mask"), 0xFFFFFFFFu);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(state(h, "blend_factor", c), kOneF32);
  EXPECT_EQ(state(h, "alpha_test_enable"), 0u);
  EXPECT_EQ(state(h, "alpha_func"), kCmpAlways);
  EXPECT_EQ(state(h, "alpha_ref"), 0u);
  EXPECT_EQ(state(h, "fog_enable"), 0u);
  for (int c = 0; c < 3; ++c) EXPECT_EQ(state(h, "fog_color", c), 0u);
  EXPECT_EQ(state(h, "ps_outputs"), 0u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(state(h, "ps_output_type", i), 0u);
    EXPECT_EQ(state_rt(h, "rt_bind", i, "format"), 0u);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "blend_enable"), 0u);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "src_blend"), kBlendOne);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "dest_blend"), kBlendZero);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "blend_op"), kOpAdd);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "src_blend_alpha"), kBlendOne);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "dest_blend_alpha"), kBlendZero);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "blend_op_alpha"), kOpAdd);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "logic_op_enable"), 0u);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "logic_op"), kLogicNoop);
    EXPECT_EQ(state_rt(h, "rt_desc", i, "write_mask"), 0xFu);
  }
}

TEST(CsrState, RegistersReadBackWhatWasWrittenAndDriveStateO) {
  std::mt19937 rng(static_cast<uint32_t>(test_seed()));
  CsrHarness h(kDefaultConfig, "csr_state_rw");
  using namespace regs;
  for (int round = 0; round < 16; ++round) {
    for (const RegInfo& r : kRegs) {
      if (r.access != Access::kRW) continue;
      const uint32_t v = rng();
      ASSERT_FALSE(h.write(r.offset, v).error) << r.name;
      EXPECT_EQ(h.read(r.offset).data, v & r.write_mask) << r.name;
    }
    const uint32_t ctrl = h.read(kCtrl).data;
    EXPECT_EQ(state(h, "independent_blend_enable"), ctrl::kIndependentBlendEnable.get(ctrl));
    EXPECT_EQ(state(h, "alpha_to_coverage_enable"), ctrl::kAlphaToCoverageEnable.get(ctrl));
    EXPECT_EQ(state(h, "sample_mask"), h.read(kSampleMask).data);
    for (uint32_t c = 0; c < 4; ++c) {
      EXPECT_EQ(state(h, "blend_factor", c), h.read(blend_factor_offset(c)).data) << c;
    }
    const uint32_t at = h.read(kAlphaTest).data;
    EXPECT_EQ(state(h, "alpha_test_enable"), alpha_test::kEnable.get(at));
    EXPECT_EQ(state(h, "alpha_func"), alpha_test::kFunc.get(at));
    EXPECT_EQ(state(h, "alpha_ref"), alpha_test::kRef.get(at));
    EXPECT_EQ(state(h, "fog_enable"), fog::kEnable.get(h.read(kFog).data));
    for (uint32_t c = 0; c < 3; ++c) {
      EXPECT_EQ(state(h, "fog_color", c), h.read(fog_color_offset(c)).data) << c;
    }
    const uint32_t ps = h.read(kPsOutputs).data;
    EXPECT_EQ(state(h, "ps_outputs"), ps_outputs::kDeclared.get(ps));
    for (int i = 0; i < 8; ++i) {
      EXPECT_EQ(state(h, "ps_output_type", i), (ps_outputs::kType.get(ps) >> (2 * i)) & 3u) << i;
      const uint32_t fmt = h.read(rt_format_offset(i)).data;
      const uint32_t size = h.read(rt_size_offset(i)).data;
      const uint32_t bl = h.read(rt_blend_offset(i)).data;
      const uint32_t lo = h.read(rt_logic_offset(i)).data;
      EXPECT_EQ(state_rt(h, "rt_bind", i, "format"), rt_format::kDxgi.get(fmt)) << i;
      EXPECT_EQ(state_rt(h, "rt_bind", i, "width"), rt_size::kWidth.get(size)) << i;
      EXPECT_EQ(state_rt(h, "rt_bind", i, "height"), rt_size::kHeight.get(size)) << i;
      EXPECT_EQ(state_rt(h, "rt_desc", i, "blend_enable"), rt_blend::kBlendEnable.get(bl)) << i;
      EXPECT_EQ(state_rt(h, "rt_desc", i, "src_blend"), rt_blend::kSrcBlend.get(bl)) << i;
      EXPECT_EQ(state_rt(h, "rt_desc", i, "dest_blend"), rt_blend::kDestBlend.get(bl)) << i;
      EXPECT_EQ(state_rt(h, "rt_desc", i, "blend_op"), rt_blend::kBlendOp.get(bl)) << i;
      EXPECT_EQ(state_rt(h, "rt_desc", i, "src_blend_alpha"), rt_blend::kSrcBlendAlpha.get(bl));
      EXPECT_EQ(state_rt(h, "rt_desc", i, "dest_blend_alpha"), rt_blend::kDestBlendAlpha.get(bl));
      EXPECT_EQ(state_rt(h, "rt_desc", i, "blend_op_alpha"), rt_blend::kBlendOpAlpha.get(bl));
      EXPECT_EQ(state_rt(h, "rt_desc", i, "logic_op_enable"), rt_logic::kLogicOpEnable.get(lo));
      EXPECT_EQ(state_rt(h, "rt_desc", i, "logic_op"), rt_logic::kLogicOp.get(lo)) << i;
      EXPECT_EQ(state_rt(h, "rt_desc", i, "write_mask"), rt_logic::kWriteMask.get(lo)) << i;
    }
  }
}

TEST(CsrState, ByteStrobesWriteOnlyTheirLanes) {
  CsrHarness h(kDefaultConfig, "csr_state_strb");
  ASSERT_FALSE(h.write(regs::kSampleMask, 0).error);
  for (uint32_t strb = 0; strb < 16; ++strb) {
    ASSERT_FALSE(h.write(regs::kSampleMask, 0x11223344u * (strb + 1), 0xF).error);
    const uint32_t before = h.read(regs::kSampleMask).data;
    ASSERT_FALSE(h.write(regs::kSampleMask, 0xA5C3E7F1u, strb).error);
    uint32_t lanes = 0;
    for (int b = 0; b < 4; ++b) lanes |= (strb >> b & 1u) ? 0xFFu << (8 * b) : 0u;
    EXPECT_EQ(h.read(regs::kSampleMask).data, (before & ~lanes) | (0xA5C3E7F1u & lanes))
        << "strb " << strb;
  }
}

TEST(CsrState, StateWriteWaitsWhileBusyAndStopsPixels) {
  CsrHarness h(kDefaultConfig, "csr_state_busy");
  Vom_csr& d = h.dut();
  const uint32_t off = regs::rt_blend_offset(3);
  const uint32_t before = h.read(off).data;
  const uint32_t src_before = state_rt(h, "rt_desc", 3, "src_blend");
  d.busy_i = 1;
  h.begin(off, true, 0x80000000u | regs::rt_blend::kSrcBlend.put(0, 5));
  for (int i = 0; i < 20; ++i) {
    EXPECT_FALSE(h.ready()) << "cycle " << i;
    EXPECT_TRUE(d.state_write_pending_o) << "cycle " << i;
    EXPECT_EQ(state_rt(h, "rt_desc", 3, "src_blend"), src_before) << "state changed while busy";
    h.tick();
  }
  d.busy_i = 0;
  int waits = 0;
  while (!h.ready()) {
    EXPECT_TRUE(d.state_write_pending_o);
    ASSERT_LT(++waits, 3) << "write did not complete after busy fell";
    h.tick();
  }
  EXPECT_TRUE(d.state_write_pending_o) << "pending until the completing edge";
  const ApbResponse r = h.finish();
  EXPECT_FALSE(r.error);
  EXPECT_FALSE(d.state_write_pending_o);
  EXPECT_EQ(state_rt(h, "rt_desc", 3, "src_blend"), 5u);
  EXPECT_EQ(state_rt(h, "rt_desc", 3, "blend_enable"), 1u);
  EXPECT_NE(h.read(off).data, before);
}

TEST(CsrState, PendingCoversEveryStateWriteEvenWhenIdle) {
  CsrHarness h(kDefaultConfig, "csr_state_pending");
  Vom_csr& d = h.dut();
  h.begin(regs::kSampleMask, true, 0x1);
  EXPECT_TRUE(d.state_write_pending_o);
  EXPECT_TRUE(h.ready()) << "no wait when not busy";
  EXPECT_FALSE(h.finish().error);
  EXPECT_FALSE(d.state_write_pending_o);
  // Reads of state registers and writes outside the state window never raise it.
  h.begin(regs::kSampleMask, false, 0);
  EXPECT_FALSE(d.state_write_pending_o);
  EXPECT_EQ(h.finish().data, 1u);
  h.begin(regs::kPerfClear, true, 1);
  EXPECT_FALSE(d.state_write_pending_o);
  h.finish();
}

TEST(CsrState, OtherAccessesDoNotWaitWhileBusy) {
  CsrHarness h(kDefaultConfig, "csr_state_busy_other");
  h.dut().busy_i = 1;
  ApbResponse r = h.read(regs::rt_logic_offset(0));
  EXPECT_EQ(r.wait_cycles, 0) << "state read";
  EXPECT_FALSE(r.error);
  r = h.write(regs::kPerfClear, 1);
  EXPECT_EQ(r.wait_cycles, 0) << "PERF_CLEAR write";
  EXPECT_FALSE(r.error);
  r = h.write(regs::kCapOm, 0);
  EXPECT_EQ(r.wait_cycles, 0) << "read-only write";
  EXPECT_TRUE(r.error);
  r = h.write(regs::kSampleMask + 2, 0);
  EXPECT_EQ(r.wait_cycles, 0) << "misaligned state write";
  EXPECT_TRUE(r.error);
  EXPECT_EQ(h.read(regs::kStatus).data & 1u, 1u) << "STATUS.BUSY";
  h.dut().busy_i = 0;
  EXPECT_EQ(h.read(regs::kSampleMask).data, 0xFFFFFFFFu) << "nothing written";
}

// The strobes with counter `only` high (-1: none).
regs::PerfIncr strobe(int only) {
  regs::PerfIncr incr;
  if (only >= 0) incr.*regs::kPerfCounters[only].incr = true;
  return incr;
}

TEST(CsrPerf, CountersCountTheirStrobesAndClear) {
  CsrHarness h(kDefaultConfig, "csr_perf");
  constexpr int kLast = regs::kNumPerfCounters - 1;
  const auto pulses = [](int i) { return 3 + 2 * i; };  // counter i: its strobe's first cycles
  for (int c = 0; c <= pulses(kLast); ++c) {
    regs::PerfIncr incr;
    for (int i = 0; i <= kLast; ++i) incr.*regs::kPerfCounters[i].incr = c < pulses(i);
    h.set_perf(incr);
    h.tick();
  }
  h.set_perf({});
  for (int i = 0; i <= kLast; ++i) {
    EXPECT_EQ(h.read(regs::kPerfCounters[i].offset).data, uint32_t(pulses(i)))
        << regs::kPerfCounters[i].name;
  }
  // Counting goes on during bus transfers: 4 cycles of the first counter while a read runs.
  h.set_perf(strobe(0));
  h.begin(regs::kPerfCounters[kLast].offset, false, 0);  // 1 edge
  h.finish();                                            // 1 edge
  h.tick();
  h.tick();
  h.set_perf({});
  EXPECT_EQ(h.read(regs::kPerfCounters[0].offset).data, uint32_t(pulses(0) + 4));
  ASSERT_FALSE(h.write(regs::kPerfClear, 1).error);
  // The clear takes effect at the next edge, together with that cycle's increments.
  const int counting = regs::kNumPerfCounters / 2;
  h.set_perf(strobe(counting));
  h.tick();
  h.set_perf({});
  for (int i = 0; i <= kLast; ++i) {
    EXPECT_EQ(h.read(regs::kPerfCounters[i].offset).data, i == counting ? 1u : 0u)
        << "cleared " << regs::kPerfCounters[i].name;
  }
  ASSERT_FALSE(h.write(regs::kPerfClear, 0).error);  // writing 0 does nothing
  h.set_perf(strobe(kLast));
  h.tick();
  h.set_perf({});
  EXPECT_EQ(h.read(regs::kPerfCounters[kLast].offset).data, 1u);
}

TEST(CsrStatus, ReflectsBusyAndInitialised) {
  CsrHarness h(kDefaultConfig, "csr_status");
  for (uint32_t v = 0; v < 4; ++v) {
    h.dut().busy_i = v & 1;
    h.dut().init_done_i = v >> 1 & 1;
    EXPECT_EQ(h.read(regs::kStatus).data, v);
  }
}

}  // namespace
}  // namespace om::tb

// SPDX-License-Identifier: Apache-2.0
// diff(TopTaps): a stage-boundary divergence is named by its stage, wire and payload field, in
// pipeline order; payloads count only while valid on both sides.
#include <gtest/gtest.h>

#include "om/top_ports.h"

namespace om {
namespace {

TopTaps busy_taps() {
  TopTaps t;
  t.acc_valid = t.hz_valid = t.rd_valid = t.dp_valid = true;
  t.acc_ready = t.hz_ready = t.dp_en = t.wr_ready = t.dp_write = true;
  t.acc_op.addr = mem_addr(1, 2, 3, 0);
  t.hz_op.need_rd = true;
  t.rd_op.dst.w[2] = 0x3f800000u;
  t.dp_texel.w[0] = 0xffu;
  return t;
}

TEST(TopTaps, EqualTapsHaveNoDiff) { EXPECT_EQ(diff(busy_taps(), busy_taps()), ""); }

TEST(TopTaps, APayloadFieldIsNamedWithItsStage) {
  TopTaps b = busy_taps();
  b.hz_op.need_rd = false;
  EXPECT_EQ(diff(busy_taps(), b), "om_hazard -> om_dest_read: hz_op.need_rd: 0x1 vs 0x0");
  b = busy_taps();
  b.rd_op.op.addr = mem_addr(0, 0, 1, 0);
  EXPECT_EQ(diff(busy_taps(), b),
            "om_dest_read -> om_rt_datapath: rd_op.op.addr: 0x000000000 vs 0x000000008");
}

TEST(TopTaps, TheEarliestStageIsReported) {
  TopTaps b = busy_taps();
  b.dp_texel.w[3] = 1u;
  b.acc_ready = false;
  EXPECT_EQ(diff(busy_taps(), b), "om_accept -> om_hazard: acc_ready: 1 vs 0");
}

TEST(TopTaps, PayloadsOfInvalidTransfersAreIgnored) {
  TopTaps a = busy_taps();
  a.acc_valid = false;
  TopTaps b = a;
  b.acc_op.s[1] = 7u;
  EXPECT_EQ(diff(a, b), "");
  b.acc_valid = true;
  EXPECT_EQ(diff(a, b), "om_accept -> om_hazard: acc_valid: 0 vs 1");
}

TEST(TopTaps, ReadyIsComparedEvenWithoutValid) {
  TopTaps a = busy_taps();
  a.hz_valid = false;
  TopTaps b = a;
  b.hz_op.s[0] = 1u;
  EXPECT_EQ(diff(a, b), "");
  b.hz_ready = false;
  EXPECT_EQ(diff(a, b), "om_hazard -> om_dest_read: hz_ready: 1 vs 0");
}

TEST(TopTaps, WideFieldsPrintEveryDigit) {
  TopTaps b = busy_taps();
  b.dp_texel.w[3] = 0x80000000u;
  EXPECT_EQ(diff(busy_taps(), b),
            "om_rt_datapath -> om_write: dp_texel: 0x000000000000000000000000000000ff vs "
            "0x800000000000000000000000000000ff");
}

}  // namespace
}  // namespace om

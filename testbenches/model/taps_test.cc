// SPDX-License-Identifier: Apache-2.0
// diff(TopTaps): a stage-boundary divergence is named by its stage, wire and payload field, in
// pipeline order; payloads count only while valid on both sides. TopTapWords (the lockstep's
// every-cycle check) agrees with it.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

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

TEST(TopTaps, AddressesPrintEveryBit) {
  TopTaps b = busy_taps();
  b.dp_addr = busy_taps().dp_addr ^ (MemAddr{1} << (kMemAddrBits - 1));  // the rt field's top bit
  const std::string d = diff(busy_taps(), b);
  EXPECT_EQ(d.rfind("om_rt_datapath -> om_write: dp_addr: ", 0), 0u) << d;
  const size_t vs = d.find(" vs ");
  const size_t colon = d.rfind(": ", vs);
  EXPECT_NE(d.substr(colon + 2, vs - colon - 2), d.substr(vs + 4)) << d;
  TopOut oa, ob;
  ob.mem_wr_addr = MemAddr{1} << (kMemAddrBits - 1);
  EXPECT_EQ(diff(oa, ob), "mem_wr_addr_o: 0x000000000 vs 0x200000000");
}

TEST(TopTaps, WideFieldsPrintEveryDigit) {
  TopTaps b = busy_taps();
  b.dp_texel.w[3] = 0x80000000u;
  EXPECT_EQ(diff(busy_taps(), b),
            "om_rt_datapath -> om_write: dp_texel: 0x000000000000000000000000000000ff vs "
            "0x800000000000000000000000000000ff");
}

// The words a side gives for `t`: payloads packed only while valid, the rest left as garbage.
TopTapWords words(const TopTaps& t) {
  TopTapWords w;
  w.ds_px.fill(0xdeadbeefu);
  w.acc_op.fill(0xdeadbeefu);
  w.hz_op.fill(0xdeadbeefu);
  w.rd_op.fill(0xdeadbeefu);
  w.dp_texel.w.fill(0xdeadbeefu);
  using Flag = std::pair<bool TopTaps::*, bool TopTapWords::*>;
  for (const Flag& f : {Flag{&TopTaps::ds_valid, &TopTapWords::ds_valid},
                        Flag{&TopTaps::ds_ready, &TopTapWords::ds_ready},
                        Flag{&TopTaps::acc_valid, &TopTapWords::acc_valid},
                        Flag{&TopTaps::acc_ready, &TopTapWords::acc_ready},
                        Flag{&TopTaps::hz_valid, &TopTapWords::hz_valid},
                        Flag{&TopTaps::hz_ready, &TopTapWords::hz_ready},
                        Flag{&TopTaps::rd_valid, &TopTapWords::rd_valid},
                        Flag{&TopTaps::dp_en, &TopTapWords::dp_en},
                        Flag{&TopTaps::dp_valid, &TopTapWords::dp_valid},
                        Flag{&TopTaps::wr_ready, &TopTapWords::wr_ready},
                        Flag{&TopTaps::dp_write, &TopTapWords::dp_write}}) {
    w.*f.second = t.*f.first;
  }
  w.dp_addr = t.dp_addr;
  if (t.ds_valid) w.ds_px = pack(t.ds_px);
  if (t.acc_valid) w.acc_op = pack(t.acc_op);
  if (t.hz_valid) w.hz_op = pack(t.hz_op);
  if (t.rd_valid) w.rd_op = pack(t.rd_op);
  if (t.dp_valid) w.dp_texel = t.dp_texel;
  return w;
}

TEST(TopTapWords, EqualExactlyWhenDiffFindsNothing) {
  const TopTaps a = busy_taps();
  std::vector<TopTaps> variants(15, a);
  variants[0].ds_valid = true;
  variants[1].ds_ready = true;
  variants[2].acc_op.addr = mem_addr(0, 0, 1, 0);
  variants[3].hz_op.need_rd = false;
  variants[4].rd_op.dst.w[2] = 0u;
  variants[5].dp_en = false;
  variants[6].dp_write = false;
  variants[7].dp_addr = 5u;
  variants[8].dp_texel.w[3] = 1u;
  variants[9].wr_ready = false;
  variants[10].acc_valid = false;  // and its payload differs below: ignored on neither side
  variants[11].hz_valid = variants[11].rd_valid = false;
  variants[12].ds_px.x = 9u;                                 // without ds_valid: ignored
  variants[13].acc_op.addr = mem_addr(1, 2, 3, 1);           // only the sample differs
  variants[14].dp_addr ^= MemAddr{1} << (kMemAddrBits - 1);  // only the address's top bit differs
  for (size_t i = 0; i < variants.size(); ++i) {
    const TopTaps& b = variants[i];
    EXPECT_EQ(words(a) == words(b), diff(a, b).empty()) << "variant " << i << ": " << diff(a, b);
  }
  TopTaps c = a, d = a;
  c.acc_valid = d.acc_valid = false;
  d.acc_op.s[1] = 7u;
  EXPECT_TRUE(words(c) == words(d));
  c.ds_valid = d.ds_valid = true;
  d.ds_px.coverage = !c.ds_px.coverage;
  EXPECT_FALSE(words(c) == words(d));
  EXPECT_EQ(diff(c, d), "om_depth -> om_accept: ds_px.coverage: 0x0 vs 0x1");
}

}  // namespace
}  // namespace om

// SPDX-License-Identifier: Apache-2.0
// The cycle model alone against the timing docs/pipeline.md states for om_top (latency without and
// with a destination read, one op per cycle, the state-write hold) and the texel om::ref computes.
#include <gtest/gtest.h>

#include <cstdint>

#include "om/gen/defs.h"
#include "om/gen/regs.h"
#include "om/ref/fp32.h"
#include "om/ref/pixel.h"
#include "om/top.h"

namespace om {
namespace {

constexpr uint32_t kRgba8 = static_cast<uint32_t>(Format::R8G8B8A8_UNORM);

// A minimal bench: clock, reset, blocking APB writes, a memory with fixed read latency that
// answers every read with `dst`.
class Bench {
 public:
  explicit Bench(uint32_t latency) : latency_(latency) {
    in_.cfg = 4;  // fl11_1
    in_.rst_n = false;
    for (int i = 0; i < 3; ++i) step();
    in_.rst_n = true;
    in_.mem_rd_ready = true;
    in_.mem_wr_ready = true;
  }

  // One cycle; returns the outputs of that cycle.
  TopOut step() {
    in_.mem_rsp_valid = rsp_due_ != 0 && rsp_due_ == cycle_;
    in_.mem_rsp_data = dst_;
    const TopOut o = top_.eval(in_);
    if (o.mem_rd_valid && in_.mem_rd_ready) {
      rsp_due_ = cycle_ + latency_;
      ++reads_;
    }
    if (o.mem_wr_valid && in_.mem_wr_ready) {
      ++writes_;
      last_write_ = o.mem_wr_data;
      if (first_write_ == 0) first_write_ = cycle_;
    }
    if (in_.in_valid && o.in_ready) in_.in_valid = false;
    top_.tick();
    ++cycle_;
    return o;
  }

  void apb_write(uint32_t addr, uint32_t data) {
    in_.psel = true;
    in_.penable = false;
    in_.pwrite = true;
    in_.paddr = addr;
    in_.pwdata = data;
    in_.pstrb = 0xF;
    step();
    in_.penable = true;
    for (int n = 0; n < 1000; ++n) {
      if (step().pready) break;
    }
    in_.psel = false;
    in_.penable = false;
  }

  // RT 0 = R8G8B8A8_UNORM 16x16, declared, write mask RGBA; blending as given.
  void program(bool blend) {
    namespace r = regs;
    apb_write(r::rt_format_offset(0), kRgba8);
    apb_write(r::rt_size_offset(0), r::rt_size::kHeight.put(r::rt_size::kWidth.put(0, 16), 16));
    apb_write(r::kPsOutputs, r::ps_outputs::kDeclared.put(0, 1));
    uint32_t b = r::rt_blend::kSrcBlend.put(0, static_cast<uint32_t>(Blend::SRC_ALPHA));
    b = r::rt_blend::kDestBlend.put(b, static_cast<uint32_t>(Blend::INV_SRC_ALPHA));
    b = r::rt_blend::kBlendOp.put(b, static_cast<uint32_t>(BlendOp::ADD));
    b = r::rt_blend::kSrcBlendAlpha.put(b, static_cast<uint32_t>(Blend::ONE));
    b = r::rt_blend::kDestBlendAlpha.put(b, static_cast<uint32_t>(Blend::ZERO));
    b = r::rt_blend::kBlendOpAlpha.put(b, static_cast<uint32_t>(BlendOp::ADD));
    apb_write(r::rt_blend_offset(0), r::rt_blend::kBlendEnable.put(b, blend ? 1 : 0));
  }

  // Offers a pixel at (x, y) with oC0 = c; returns the cycle it is accepted in.
  uint64_t send(uint32_t x, uint32_t y, const ref::Vec4& c) {
    in_.in_valid = true;
    in_.in_data = Pixel{};
    in_.in_data.x = x;
    in_.in_data.y = y;
    in_.in_data.coverage = true;
    in_.in_data.oc[0] = c;
    for (int n = 0; n < 1000; ++n) {
      const uint64_t now = cycle_;
      if (step().in_ready) return now;
    }
    ADD_FAILURE() << "pixel not accepted";
    return 0;
  }

  Top top_;
  TopIn in_;
  uint32_t latency_;
  ref::Texel dst_;
  uint64_t cycle_ = 0;
  uint64_t rsp_due_ = 0;
  uint64_t first_write_ = 0;
  uint64_t reads_ = 0;
  uint64_t writes_ = 0;
  ref::Texel last_write_;
};

const ref::Vec4 kColour = {ref::f32_bits(0.75f), ref::f32_bits(0.25f), ref::f32_bits(1.0f),
                           ref::f32_bits(0.5f)};

TEST(ModelTiming, PixelWithoutReadIsWrittenTenCyclesAfterAcceptance) {
  Bench b(1);
  b.program(false);
  const uint64_t t = b.send(3, 4, kColour);
  for (int i = 0; i < 20; ++i) b.step();
  EXPECT_EQ(b.reads_, 0u);
  EXPECT_EQ(b.first_write_, t + 10);  // docs/pipeline.md: t+10 without a destination read
}

TEST(ModelTiming, PixelWithReadIsWrittenElevenPlusLatencyCyclesAfterAcceptance) {
  for (uint32_t latency : {1u, 5u, 17u}) {
    Bench b(latency);
    b.program(true);
    b.dst_.w[0] = 0x80402010u;
    const uint64_t t = b.send(1, 2, kColour);
    for (int i = 0; i < 40; ++i) b.step();
    EXPECT_EQ(b.reads_, 1u);
    EXPECT_EQ(b.first_write_, t + 11 + latency) << "latency " << latency;
    // The texel is what the reference model computes from the same inputs.
    ref::PixelState ps;
    ps.rt_format[0] = ref::find_format(kRgba8);
    ps.ps_outputs = 1;
    ref::RtBlendDesc& d = ps.blend.render_target[0];
    d.blend_enable = true;
    d.src_blend = Blend::SRC_ALPHA;
    d.dest_blend = Blend::INV_SRC_ALPHA;
    ref::PixelIn px;
    px.oc[0] = kColour;
    std::array<ref::Texel, ref::kMaxRts> dest{};
    dest[0] = b.dst_;
    const ref::PixelOut want = ref::process_pixel(ps, px, dest);
    EXPECT_EQ(b.last_write_, want.texel[0]);
  }
}

TEST(ModelTiming, StreamOfWriteOnlyPixelsSustainsOneOpPerCycle) {
  Bench b(1);
  b.program(false);
  const int n = 64;
  b.in_.in_valid = true;
  b.in_.in_data.coverage = true;
  b.in_.in_data.oc[0] = kColour;
  uint64_t accepted = 0;
  uint64_t first = 0;
  while (accepted < static_cast<uint64_t>(n)) {
    b.in_.in_valid = true;
    b.in_.in_data.x = static_cast<uint32_t>(accepted % 16);
    b.in_.in_data.y = static_cast<uint32_t>(accepted / 16);
    const uint64_t now = b.cycle_;
    if (b.step().in_ready) {
      if (accepted == 0) first = now;
      ++accepted;
    }
  }
  EXPECT_EQ(b.cycle_ - first, static_cast<uint64_t>(n));  // one pixel accepted every cycle
  for (int i = 0; i < 20; ++i) b.step();
  EXPECT_EQ(b.writes_, static_cast<uint64_t>(n));
}

TEST(ModelTiming, StateWriteWaitsWhileBusyAndHoldsThePixelInput) {
  Bench b(30);  // a long read keeps the pipeline busy
  b.program(true);
  b.send(0, 0, kColour);
  b.in_.psel = true;
  b.in_.pwrite = true;
  b.in_.paddr = regs::kSampleMask;
  b.in_.pwdata = 0;
  b.in_.pstrb = 0xF;
  b.in_.in_valid = true;  // a pixel waits behind the state write
  int cycles = 0;
  bool done = false;
  while (!done && cycles < 200) {
    const TopOut o = b.step();
    EXPECT_FALSE(o.in_ready) << "cycle " << cycles;
    b.in_.penable = true;
    done = o.pready;
    ++cycles;
  }
  EXPECT_TRUE(done);
  EXPECT_GT(cycles, 40);  // read latency 30 plus the pipeline: the write waited for the drain
  EXPECT_EQ(b.writes_, 1u);
  // The write landed; the waiting pixel now enters and meets SampleMask = 0 (killed).
  b.in_.psel = false;
  b.in_.penable = false;
  EXPECT_TRUE(b.step().in_ready);
  for (int i = 0; i < 5; ++i) b.step();
  EXPECT_EQ(b.step().perf.killed, 1u);
  EXPECT_EQ(b.writes_, 1u);
}

}  // namespace
}  // namespace om

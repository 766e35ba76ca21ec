// SPDX-License-Identifier: Apache-2.0
// OmTopTlm through a TlmBoard: register transfers (data, APB timing as annotated delay, the TLM
// response of every bus error, byte enables as PSTRB), the pixel socket's checks, draws against
// om::ref::process_pixel, state writes held while busy, reset and idle-time skipping.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <map>
#include <random>

#include "om/gen/regs.h"
#include "om/ref/pixel.h"
#include "om/sim/systemc/tlm_board.h"

namespace om::sim::systemc {
namespace {

namespace rg = om::regs;

class Tlm : public ::testing::Test {
 protected:
  void SetUp() override { start(MemoryTiming{}); }
  void start(const MemoryTiming& timing, int cfg = kDefaultConfig) {
    board_.reset();
    board_ = BoardPool::acquire(cfg, timing);
    ASSERT_TRUE(b().read(rg::kCapId).ok());  // through the reset pulse
  }
  TlmBoard& b() { return *board_; }
  uint64_t cycles_since(const sc_core::sc_time& t0) {
    return (b().host_time() - t0).value() / b().om.clock_period().value();
  }
  // A transaction of `len` bytes at `data`, streaming `width`, with byte enables (nullptr: none).
  static void payload(tlm::tlm_generic_payload& t, bool write, uint64_t addr, unsigned char* data,
                      unsigned len, unsigned width, unsigned char* be, unsigned be_len) {
    t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    t.set_address(addr);
    t.set_data_ptr(data);
    t.set_data_length(len);
    t.set_streaming_width(width);
    t.set_byte_enable_ptr(be);
    t.set_byte_enable_length(be_len);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  }
  // One register transfer with explicit byte enables (nullptr: none) and length.
  tlm::tlm_response_status raw(bool write, uint64_t addr, uint32_t* data, unsigned len = 4,
                               unsigned char* be = nullptr, unsigned be_len = 0) {
    std::array<unsigned char, 8> bytes{};
    std::memcpy(bytes.data(), data, 4);
    tlm::tlm_generic_payload t;
    payload(t, write, addr, bytes.data(), len, len, be, be_len);
    b().reg_transport(t);
    std::memcpy(data, bytes.data(), 4);
    return t.get_response_status();
  }
  // Binds RT 0 as R8G8B8A8_UNORM w x h with SRC_ALPHA / INV_SRC_ALPHA blending, o0 declared.
  void bind_blend_rt0(uint32_t w, uint32_t h) {
    const uint32_t fmt = static_cast<uint32_t>(Format::R8G8B8A8_UNORM);
    ASSERT_TRUE(b().write(rg::rt_format_offset(0), fmt).ok());
    ASSERT_TRUE(
        b().write(rg::rt_size_offset(0), rg::rt_size::kHeight.put(rg::rt_size::kWidth.put(0, w), h))
            .ok());
    uint32_t v = rg::rt_blend::kBlendEnable.put(0, 1);
    v = rg::rt_blend::kSrcBlend.put(v, static_cast<uint32_t>(Blend::SRC_ALPHA));
    v = rg::rt_blend::kDestBlend.put(v, static_cast<uint32_t>(Blend::INV_SRC_ALPHA));
    v = rg::rt_blend::kBlendOp.put(v, static_cast<uint32_t>(BlendOp::ADD));
    v = rg::rt_blend::kSrcBlendAlpha.put(v, static_cast<uint32_t>(Blend::ONE));
    v = rg::rt_blend::kDestBlendAlpha.put(v, static_cast<uint32_t>(Blend::ZERO));
    v = rg::rt_blend::kBlendOpAlpha.put(v, static_cast<uint32_t>(BlendOp::ADD));
    ASSERT_TRUE(b().write(rg::rt_blend_offset(0), v).ok());
    ASSERT_TRUE(b().write(rg::kPsOutputs, rg::ps_outputs::kDeclared.put(0, 1)).ok());
  }
  ref::PixelState blend_state() const {
    ref::PixelState ps;
    auto& rt = ps.blend.render_target[0];
    rt.blend_enable = true;
    rt.src_blend = Blend::SRC_ALPHA;
    rt.dest_blend = Blend::INV_SRC_ALPHA;
    rt.src_blend_alpha = Blend::ONE;
    rt.dest_blend_alpha = Blend::ZERO;
    ps.ps_outputs = 1;
    ps.rt_format[0] = ref::find_format(static_cast<uint32_t>(Format::R8G8B8A8_UNORM));
    ps.fl_index = kConfigs[kDefaultConfig].fl_index;
    ps.gamma_space = false;
    return ps;
  }
  static Pixel random_pixel(std::mt19937_64& rng, uint32_t w, uint32_t h) {
    Pixel p;
    p.x = static_cast<uint32_t>(rng() % w);
    p.y = static_cast<uint32_t>(rng() % h);
    p.coverage = rng() % 8 != 0;
    p.fog = ref::f32_bits(1.0f);
    for (auto& c : p.oc[0]) c = ref::f32_bits(static_cast<float>(rng() % 1001) / 1000.0f);
    return p;
  }
  bool wait_idle() {
    for (int i = 0; i < 100000; ++i) {
      const TlmBoard::RegResult r = b().read(rg::kStatus);
      if (!r.ok()) return false;
      if (rg::status::kBusy.get(r.data) == 0) return true;
    }
    return false;
  }

  std::shared_ptr<TlmBoard> board_;
};

TEST_F(Tlm, CapIdReadTakesTheTwoApbCycles) {
  const sc_core::sc_time t0 = b().host_time();
  const TlmBoard::RegResult r = b().read(rg::kCapId);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(rg::cap_id::kMagic.get(r.data), 0x4F4Du);  // "OM"
  EXPECT_EQ(cycles_since(t0), 2u);                     // setup + access, zero wait states
}

TEST_F(Tlm, BusErrorsBecomeAddressAndCommandErrorResponses) {
  uint32_t unmapped = 0x3F0;
  ASSERT_EQ(rg::find_reg(unmapped), nullptr);
  uint32_t d = 0;
  sc_core::sc_time t0 = b().host_time();
  EXPECT_EQ(raw(false, unmapped, &d), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(cycles_since(t0), 2u);
  EXPECT_EQ(raw(true, unmapped, &d), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(raw(false, rg::kSampleMask + 2, &d), tlm::TLM_ADDRESS_ERROR_RESPONSE);  // misaligned
  EXPECT_EQ(raw(true, rg::kSampleMask + 1, &d), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  t0 = b().host_time();
  EXPECT_EQ(raw(false, rg::kSpace, &d), tlm::TLM_ADDRESS_ERROR_RESPONSE);  // beyond the slave
  EXPECT_EQ(cycles_since(t0), 0u);
  d = 0x1234;
  EXPECT_EQ(raw(true, rg::kCapId, &d), tlm::TLM_COMMAND_ERROR_RESPONSE);  // read-only
  EXPECT_EQ(raw(true, rg::kPerfRtWrites, &d), tlm::TLM_COMMAND_ERROR_RESPONSE);
  EXPECT_EQ(raw(false, rg::kPerfClear, &d), tlm::TLM_COMMAND_ERROR_RESPONSE);  // write-only
  EXPECT_EQ(raw(false, rg::kCapId, &d, 8), tlm::TLM_BURST_ERROR_RESPONSE);
  // The read-only register kept its value.
  EXPECT_EQ(rg::cap_id::kMagic.get(b().read(rg::kCapId).data), 0x4F4Du);
}

TEST_F(Tlm, ByteEnablesAreTheWriteStrobes) {
  ASSERT_EQ(b().read(rg::kSampleMask).data, rg::sample_mask::kReset);
  uint32_t d = 0x12345678u;
  unsigned char be[4] = {TLM_BYTE_ENABLED, TLM_BYTE_DISABLED, TLM_BYTE_ENABLED, TLM_BYTE_DISABLED};
  ASSERT_EQ(raw(true, rg::kSampleMask, &d, 4, be, 4), tlm::TLM_OK_RESPONSE);
  // Lanes 0 and 2 written, 1 and 3 keep the reset value's bytes.
  EXPECT_EQ(b().read(rg::kSampleMask).data, 0xFF34FF78u);
  // A read with enables returns only the enabled lanes.
  d = 0;
  unsigned char be_hi[2] = {TLM_BYTE_DISABLED, TLM_BYTE_ENABLED};  // repeats: lanes 1 and 3
  ASSERT_EQ(raw(false, rg::kSampleMask, &d, 4, be_hi, 2), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(d, 0xFF00FF00u);
}

TEST_F(Tlm, DebugTransportReadsWithoutTime) {
  const uint64_t c0 = b().om.cycles();
  uint32_t d = 0;
  tlm::tlm_generic_payload t;
  t.set_command(tlm::TLM_READ_COMMAND);
  t.set_address(rg::kCapOm);
  t.set_data_ptr(reinterpret_cast<unsigned char*>(&d));
  t.set_data_length(4);
  EXPECT_EQ(b().reg_init->transport_dbg(t), 4u);
  EXPECT_EQ(b().om.cycles(), c0);
  EXPECT_EQ(d, b().read(rg::kCapOm).data);
  t.set_address(0x3F0);
  EXPECT_EQ(b().reg_init->transport_dbg(t), 0u);
}

// The render-target memory as a TLM target on its own: one aligned 16-byte texel per transaction
// (anything else refused with its response status), reads timed by the read latency and counted.
TEST_F(Tlm, TexelMemoryRefusesWhatIsNotOneTexelAndTimesAndCountsReads) {
  MemoryTiming timing;
  timing.read_min = timing.read_max = 3;
  start(timing);
  TexelMemory& mem = b().mem;
  std::array<unsigned char, kTexelBytes> bytes{};
  std::array<unsigned char, kTexelBytes> be{};
  be.fill(TLM_BYTE_ENABLED);
  const auto access = [&](bool write, uint64_t addr, unsigned width, bool enables,
                          sc_core::sc_time* delay) {
    tlm::tlm_generic_payload t;
    payload(t, write, addr, bytes.data(), kTexelBytes, width, enables ? be.data() : nullptr,
            enables ? kTexelBytes : 0);
    mem.socket.get_base_export()->b_transport(t, *delay);
    return t.get_response_status();
  };
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  const uint64_t reads = mem.reads(), writes = mem.writes();
  EXPECT_EQ(access(false, kTexelBytes + 8, kTexelBytes, false, &delay),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(access(false, kTexelBytes, kTexelBytes / 2, false, &delay),
            tlm::TLM_BURST_ERROR_RESPONSE);
  EXPECT_EQ(access(true, kTexelBytes, kTexelBytes, true, &delay),
            tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
  EXPECT_EQ(delay, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(mem.reads(), reads);
  EXPECT_EQ(mem.writes(), writes);
  ASSERT_EQ(access(false, kTexelBytes, kTexelBytes, false, &delay), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(delay, 3 * timing.period);
  EXPECT_EQ(mem.reads(), reads + 1);
}

TEST_F(Tlm, PixelSocketRejectsReadsAndPartialPixels) {
  std::vector<unsigned char> bytes(OmTopTlm::kPixelBytes + 1);
  tlm::tlm_generic_payload t;
  t.set_command(tlm::TLM_READ_COMMAND);
  t.set_data_ptr(bytes.data());
  t.set_data_length(OmTopTlm::kPixelBytes);
  t.set_streaming_width(OmTopTlm::kPixelBytes);
  b().pixel_transport(t);
  EXPECT_EQ(t.get_response_status(), tlm::TLM_COMMAND_ERROR_RESPONSE);
  t.set_command(tlm::TLM_WRITE_COMMAND);
  t.set_data_length(OmTopTlm::kPixelBytes + 1);
  t.set_streaming_width(OmTopTlm::kPixelBytes + 1);
  b().pixel_transport(t);
  EXPECT_EQ(t.get_response_status(), tlm::TLM_BURST_ERROR_RESPONSE);
  t.set_data_length(0);
  b().pixel_transport(t);
  EXPECT_EQ(t.get_response_status(), tlm::TLM_BURST_ERROR_RESPONSE);
  EXPECT_EQ(b().read(rg::kPerfPixelsIn).data, 0u);
}

TEST_F(Tlm, BlendedDrawsWithRandomMemoryLatencyMatchTheReferenceModel) {
  MemoryTiming timing;
  timing.read_min = 1;
  timing.read_max = 9;
  timing.write_min = 1;
  timing.write_max = 3;
  timing.seed = 99;
  start(timing);
  constexpr uint32_t kW = 3, kH = 2;
  bind_blend_rt0(kW, kH);
  std::mt19937_64 rng(5);
  const FormatInfo& fi = *ref::find_format(static_cast<uint32_t>(Format::R8G8B8A8_UNORM));
  std::map<MemAddr, ref::Texel> want;
  for (uint32_t y = 0; y < kH; ++y) {
    for (uint32_t x = 0; x < kW; ++x) {
      const ref::Texel t =
          ref::raw_to_texel(fi, {static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng()),
                                 static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng())});
      b().mem.poke(mem_addr(0, y, x, 0), t);
      want[mem_addr(0, y, x, 0)] = t;
    }
  }
  std::vector<Pixel> px;
  const ref::PixelState ps = blend_state();
  for (int i = 0; i < 60; ++i) {
    const Pixel p = random_pixel(rng, kW, kH);
    px.push_back(p);
    ref::PixelIn in;
    in.coverage = p.coverage;
    in.fog = p.fog;
    in.oc = p.oc;
    std::array<ref::Texel, ref::kMaxRts> dest{};
    dest[0] = want[mem_addr(0, p.y, p.x, 0)];
    want[mem_addr(0, p.y, p.x, 0)] = ref::process_pixel(ps, in, dest).texel[0];
  }
  ASSERT_EQ(b().send(px), tlm::TLM_OK_RESPONSE);
  ASSERT_TRUE(wait_idle());
  for (const auto& [addr, t] : want) {
    EXPECT_EQ(b().mem.peek(addr), t) << "x " << mem_addr_x(addr) << " y " << mem_addr_y(addr);
  }
  EXPECT_EQ(b().read(rg::kPerfPixelsIn).data, 60u);
  EXPECT_GT(b().read(rg::kPerfHazardStalls).data, 0u);  // 60 pixels on 6 texels collide
}

TEST_F(Tlm, StateWriteWaitsUntilThePipelineHasDrained) {
  MemoryTiming slow;
  slow.read_min = slow.read_max = 40;
  start(slow);
  bind_blend_rt0(8, 1);
  std::vector<Pixel> px;
  std::mt19937_64 rng(3);
  for (uint32_t x = 0; x < 8; ++x) {
    Pixel p = random_pixel(rng, 8, 1);
    p.x = x;
    p.coverage = true;
    px.push_back(p);
  }
  ASSERT_EQ(b().send(px), tlm::TLM_OK_RESPONSE);
  ASSERT_EQ(rg::status::kBusy.get(b().read(rg::kStatus).data), 1u);
  const sc_core::sc_time t0 = b().host_time();
  ASSERT_TRUE(b().write(rg::kCtrl, 0).ok());
  // Every read takes 40 cycles: the write was held for at least one of them.
  EXPECT_GT(cycles_since(t0), 40u);
  EXPECT_EQ(rg::status::kBusy.get(b().read(rg::kStatus).data), 0u);
  EXPECT_EQ(b().read(rg::kPerfRtWrites).data, 8u);
  EXPECT_EQ(b().mem.writes(), 8u);
}

TEST_F(Tlm, HeldResetTimesOutAndReleaseRestoresResetValues) {
  ASSERT_TRUE(b().write(rg::kSampleMask, 0x5u).ok());
  b().om.hold_reset(true);
  const sc_core::sc_time t0 = b().host_time();
  EXPECT_EQ(b().read(rg::kSampleMask).status, tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_GE(cycles_since(t0), OmTopTlm::kResetTimeout);
  EXPECT_EQ(b().send({Pixel{}}), tlm::TLM_GENERIC_ERROR_RESPONSE);
  b().om.hold_reset(false);
  EXPECT_EQ(b().read(rg::kSampleMask).data, rg::sample_mask::kReset);
}

TEST_F(Tlm, IdleTimeIsSkippedAndTheTransactionStartsAtTheHostTime) {
  const uint64_t skipped0 = b().om.skipped_cycles();
  const sc_core::sc_time t0 = b().host_time();
  b().advance(sc_core::sc_time(1, sc_core::SC_MS));
  ASSERT_TRUE(b().read(rg::kCapId).ok());
  EXPECT_EQ(cycles_since(t0), 100000u + 2u);  // 1 ms at 10 ns, then the transfer
  EXPECT_EQ(b().om.skipped_cycles() - skipped0, 100000u);
  EXPECT_EQ(b().om.model_time(), b().host_time());
}

TEST_F(Tlm, PoolHandsOutEveryBoardOnceAndTakesThemBack) {
  std::vector<std::shared_ptr<TlmBoard>> held;
  for (int i = 1; i < BoardPool::kBoards; ++i) held.push_back(BoardPool::acquire(0, {}));
  EXPECT_THROW(BoardPool::acquire(0, {}), std::runtime_error);
  held.pop_back();
  EXPECT_THROW(BoardPool::acquire(kNumConfigs, {}), std::out_of_range);
  EXPECT_NO_THROW(held.push_back(BoardPool::acquire(0, {})));
}

}  // namespace
}  // namespace om::sim::systemc

// SPDX-License-Identifier: Apache-2.0
// Unit tests of the co-simulation harness's own parts: a checker is only as good as its stimulus,
// its register shadow, its memory model and its coverage bookkeeping.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>

#include "om/cosim/cli.h"
#include "om/cosim/coverage.h"
#include "om/cosim/numbers.h"
#include "om/cosim/profile.h"
#include "om/cosim/stimulus.h"
#include "om/gen/regs.h"
#include "om/ref/validate.h"
#include "om/sim/apb_master.h"
#include "om/sim/memory.h"
#include "om/sim/regfile.h"
#include "om/sim/side.h"
#include "om/top_ports.h"

namespace om::cosim {
namespace {

TEST(ParseCount, AcceptsDecimalAndScientificWholeNumbers) {
  EXPECT_EQ(parse_count("100000"), 100000u);
  EXPECT_EQ(parse_count("1e6"), 1000000u);
  EXPECT_EQ(parse_count("2.5e5"), 250000u);
  EXPECT_EQ(parse_count("1"), 1u);
}

TEST(ParseCount, RejectsFractionsZeroNegativesGarbageAndHugeValues) {
  for (const char* bad : {"1.5", "abc", "0", "-5", "1e13", "1e6x", "", "1e-3"}) {
    EXPECT_THROW(parse_count(bad), std::invalid_argument) << bad;
  }
}

TEST(ParseUint, AcceptsDecimalWithLeadingZerosAndHex) {
  EXPECT_EQ(parse_uint("--seed", "08", 0, UINT64_MAX), 8u);
  EXPECT_EQ(parse_uint("--seed", "010", 0, UINT64_MAX), 10u);
  EXPECT_EQ(parse_uint("--seed", "0x1F", 0, UINT64_MAX), 31u);
  EXPECT_EQ(parse_uint("--seed", "18446744073709551615", 0, UINT64_MAX), UINT64_MAX);
}

TEST(ParseUint, RejectsSignsSuffixesExponentsOverflowAndRangeNamingTheOption) {
  for (const char* bad : {"1e6", "7abc", "-1", "+1", "", "0x", " 1", "1 ", "18446744073709551616",
                          "4294967297", "0", "9"}) {
    try {
      parse_uint("--rts", bad, 1, 8);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("--rts: '" + std::string(bad) + "'"), std::string::npos)
          << e.what();
    }
  }
}

TEST(ParseReal, RejectsNanInfGarbageAndOutOfRange) {
  EXPECT_EQ(parse_real("--min", "99.5", 0, 100), 99.5);
  EXPECT_EQ(parse_real("--min", "1e2", 0, 100), 100.0);
  for (const char* bad : {"nan", "inf", "-inf", "1e400", "101", "-0.5", "5%", ""}) {
    EXPECT_THROW(parse_real("--min", bad, 0, 100), std::invalid_argument) << bad;
  }
}

TEST(Cli, RunHelpListsEveryConfigurationProfileAndFault) {
  testing::internal::CaptureStdout();
  EXPECT_EQ(run_main({"--help"}), 0);
  const std::string help = testing::internal::GetCapturedStdout();
  // A name as a whole list item: after a space, before a comma, a space or the line's end.
  const auto listed = [&help](const std::string& name) {
    for (size_t at = help.find(" " + name); at != std::string::npos;
         at = help.find(" " + name, at + 1)) {
      const char next = help[at + 1 + name.size()];
      if (next == ',' || next == ' ' || next == '\n') return true;
    }
    return false;
  };
  for (const ConfigInfo& c : kConfigs) EXPECT_TRUE(listed(c.name)) << c.name;
  for (const std::string& p : profile_names()) EXPECT_TRUE(listed(p)) << p;
  EXPECT_NE(help.find(sim::fault_names()), std::string::npos);
  EXPECT_EQ(help.find('{'), std::string::npos) << "a list left unfilled:\n" << help;
}

TEST(StateRegs, StartAtTheRegisterMapResetValues) {
  sim::StateRegs r;
  for (const regs::RegInfo& ri : regs::kRegs) {
    if (sim::StateRegs::is_state_reg(ri.offset)) {
      EXPECT_EQ(r.value(ri.offset), ri.reset) << ri.name;
    }
  }
  EXPECT_FALSE(sim::StateRegs::is_state_reg(regs::kStatus));
  EXPECT_FALSE(sim::StateRegs::is_state_reg(0x230));  // unmapped hole in the state window
}

TEST(StateRegs, KeepOnlyWritableBitsOfStrobedLanes) {
  sim::StateRegs r;
  const uint32_t a = regs::rt_blend_offset(3);
  r.write(a, 0xFFFFFFFFu, 0xF);
  EXPECT_EQ(r.value(a), 0x9FFF1FFFu);  // RT_BLEND's fields: [4:0] [9:5] [12:10] [20:16] ...
  r.write(a, 0x00000000u, 0x2);        // lane 1 only: bits [15:8]
  EXPECT_EQ(r.value(a), 0x9FFF00FFu);
  r.write(regs::kSampleMask, 0x12345678u, 0x5);  // lanes 0 and 2 over the reset 0xFFFFFFFF
  EXPECT_EQ(r.value(regs::kSampleMask), 0xFF34FF78u);
  r.write(regs::kStatus, 0xFFFFFFFFu, 0xF);  // read-only: ignored
  EXPECT_EQ(r.value(regs::kStatus), 0u);
}

TEST(StateRegs, DecodeInvertsEncodeForGeneratedStates) {
  for (int cfg = 0; cfg < kNumConfigs; ++cfg) {
    StimConfig sc;
    sc.cfg_index = cfg;
    sc.seed = 11;
    sc.cycles = 20000;
    const Stimulus st = generate(sc);
    for (const Segment& seg : st.segments) {
      sim::StateRegs r;
      State typed = seg.state;
      for (int i = 0; i < ref::kMaxRts; ++i) typed.ps_output_type[i] = (0xA5A5u >> (2 * i)) & 3u;
      for (const auto& w : sim::StateRegs::encode(typed)) r.write(w.first, w.second, 0xF);
      EXPECT_TRUE(r.decode() == typed);
    }
  }
}

TEST(Stimulus, IsAFunctionOfTheSeed) {
  StimConfig sc;
  sc.cycles = 30000;
  const Stimulus a = generate(sc), b = generate(sc);
  sc.seed = 2;
  const Stimulus c = generate(sc);
  ASSERT_EQ(a.segments.size(), b.segments.size());
  EXPECT_EQ(a.pixels, b.pixels);
  for (size_t i = 0; i < a.segments.size(); ++i) {
    EXPECT_TRUE(a.segments[i].state == b.segments[i].state);
    EXPECT_EQ(a.segments[i].pixels.size(), b.segments[i].pixels.size());
  }
  bool same_mem = a.mem.size() == c.mem.size();
  for (size_t i = 0; same_mem && i < a.mem.size(); ++i) {
    same_mem = a.mem[i].kind == c.mem[i].kind && a.mem[i].cycles == c.mem[i].cycles &&
               a.mem[i].seed == c.mem[i].seed;
  }
  EXPECT_FALSE(same_mem);
  EXPECT_NE(a.pixels, c.pixels);
}

TEST(Stimulus, LegalSegmentsPassCreateTimeValidationAtTheirFeatureLevel) {
  for (int cfg = 0; cfg < kNumConfigs; ++cfg) {
    const ConfigInfo& ci = kConfigs[cfg];
    int legal = 0, illegal = 0;
    for (uint64_t seed = 1; seed <= 10; ++seed) {
      StimConfig sc;
      sc.cfg_index = cfg;
      sc.seed = seed;
      sc.cycles = 50000;
      for (const Segment& seg : generate(sc).segments) {
        if (seg.illegal) {
          ++illegal;
          continue;
        }
        ++legal;
        const ref::BlendDesc blend = ref::blend_desc(seg.state);
        const ref::DescCheck chk = ref::check_blend_desc(&blend, ci.fl, ci.logic_op);
        EXPECT_EQ(chk.hr, Hresult::S_OK)
            << ci.name << " seed " << seed << ": " << message(chk.rule);
        for (const RtBind& b : seg.state.rt_bind) {
          if (b.format == 0) continue;
          const FormatInfo* f = ref::find_format(b.format);
          ASSERT_NE(f, nullptr);
          EXPECT_TRUE((f->rt_fl_mask >> ci.fl_index) & 1u) << f->name << " at " << ci.name;
        }
      }
    }
    EXPECT_GT(legal, 20 * illegal) << ci.name;  // illegal values stay a small fraction
  }
}

TEST(Stimulus, BindsEveryRenderTargetFormatOfTheConfigurationAcrossSeeds) {
  const int cfg = 4;  // fl11_1
  std::set<uint32_t> seen;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    StimConfig sc;
    sc.cfg_index = cfg;
    sc.seed = seed;
    sc.cycles = 100000;
    for (const Segment& seg : generate(sc).segments) {
      for (const RtBind& b : seg.state.rt_bind) seen.insert(b.format);
    }
  }
  for (const FormatInfo& f : kFormatInfo) {
    if ((f.rt_fl_mask >> kConfigs[cfg].fl_index) & 1u) {
      EXPECT_TRUE(seen.count(static_cast<uint32_t>(f.format))) << f.name;
    }
  }
}

TEST(Stimulus, RtsOptionBindsExactlyThatManySlots) {
  StimConfig sc;
  sc.rts = 8;
  sc.cycles = 30000;
  for (const Segment& seg : generate(sc).segments) {
    if (seg.illegal) continue;
    int n = 0;
    for (const RtBind& b : seg.state.rt_bind) n += b.format != 0;
    EXPECT_EQ(n, 8);
  }
  sc.cfg_index = 1;  // fl9_3: 4 RTs
  EXPECT_THROW(generate(sc), std::out_of_range);
  sc.cfg_index = 9;
  EXPECT_THROW(generate(sc), std::out_of_range);
}

TEST(RandomTiming, AnswersOneCycleAlikeAndRepeatsForTheSameSeed) {
  sim::MemConfig cfg;
  cfg.latency_min = 2;
  cfg.latency_max = 9;
  cfg.rd_ready_p = 0.5;
  cfg.wr_ready_p = 0.5;
  sim::RandomTiming a(cfg, 7), b(cfg, 7);
  int rd_low = 0;
  for (uint64_t c = 0; c < 1000; ++c) {
    const MemCycle x = a.at(c);
    const MemCycle again = a.at(c);
    const MemCycle y = b.at(c);
    EXPECT_EQ(x.rd_ready, again.rd_ready);
    EXPECT_EQ(x.latency, again.latency);
    EXPECT_EQ(x.rd_ready, y.rd_ready);
    EXPECT_EQ(x.wr_ready, y.wr_ready);
    EXPECT_EQ(x.latency, y.latency);
    EXPECT_GE(x.latency, 2);
    EXPECT_LE(x.latency, 9);
    rd_low += x.rd_ready ? 0 : 1;
  }
  EXPECT_GT(rd_low, 400);
  EXPECT_LT(rd_low, 600);
}

TEST(RandomTiming, RejectsParametersNamingThem) {
  sim::MemConfig bad;
  bad.latency_min = 0;
  EXPECT_THROW(sim::RandomTiming(bad, 1), std::invalid_argument);
  bad = sim::MemConfig{};
  bad.latency_max = 256;
  EXPECT_THROW(sim::RandomTiming(bad, 1), std::invalid_argument);
  bad = sim::MemConfig{};
  bad.rd_ready_p = 0.0;
  try {
    sim::RandomTiming t(bad, 1);
    ADD_FAILURE() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("ready probabilities"), std::string::npos) << e.what();
  }
}

TEST(Memory, FollowsTheOrderingContract) {
  std::vector<MemCycle> timing(100);
  for (size_t c = 0; c < timing.size(); ++c)
    timing[c].latency = static_cast<uint8_t>(c < 10 ? 5 : 1);
  sim::Memory m(std::make_unique<sim::TableTiming>(timing));
  ref::Texel t1, t2;
  t1.w = {1, 2, 3, 4};
  t2.w = {5, 6, 7, 8};
  // Cycle 0: write A and read A in the same cycle: the write first.
  m.commit(0, true, 0x10, t1, true, 0x10, false);
  // Cycle 1: read B (never written): zero; write A again.
  m.commit(1, true, 0x10, t2, true, 0x20, false);
  EXPECT_FALSE(m.rsp_valid(4));
  ASSERT_TRUE(m.rsp_valid(5));  // latency 5 from cycle 0
  EXPECT_EQ(m.rsp_data(), t1);
  m.commit(5, false, 0, t1, false, 0, true);
  ASSERT_TRUE(m.rsp_valid(6));  // in order, one per cycle
  EXPECT_EQ(m.rsp_data(), ref::Texel{});
  m.commit(6, false, 0, t1, false, 0, true);
  EXPECT_TRUE(m.idle());
  EXPECT_EQ(m.image().get(0x10), t2);
}

TEST(ApbMaster, WaitsTheGapThenRunsSetupAndAccessUntilPready) {
  sim::ApbMaster bus;
  BusOp op;
  op.kind = BusOp::Kind::kRead;
  op.addr = 0x300;
  op.gap = 2;
  bus.push_back(op);
  TopIn in;
  TopOut out;
  sim::ApbMaster::Done d;
  for (int c = 0; c < 2; ++c) {  // the gap
    bus.drive(in);
    EXPECT_FALSE(in.psel);
    EXPECT_FALSE(bus.observe(out, &d));
  }
  bus.drive(in);  // setup
  EXPECT_TRUE(in.psel && !in.penable && !in.pwrite && in.paddr == 0x300u);
  EXPECT_FALSE(bus.observe(out, &d));
  bus.drive(in);  // access, one wait state
  EXPECT_TRUE(in.psel && in.penable);
  EXPECT_FALSE(bus.observe(out, &d));
  bus.drive(in);
  out.pready = true;
  out.prdata = 0x42;
  ASSERT_TRUE(bus.observe(out, &d));
  EXPECT_EQ(d.rdata, 0x42u);
  EXPECT_EQ(d.waited, 1u);
  EXPECT_TRUE(bus.idle());
}

TEST(Coverage, UniverseFollowsTheConfiguration) {
  const Coverage fl9_1(0), fl11_1(4);
  EXPECT_LT(fl9_1.universe_size(), fl11_1.universe_size());
  EXPECT_EQ(fl9_1.percent(), 0.0);
  // Dual source exists from FL 10_0; logic ops only with OutputMergerLogicOp (11_1 here).
  for (const std::string& h : fl9_1.holes()) {
    EXPECT_EQ(h.find("SRC1"), std::string::npos) << h;
    EXPECT_NE(h.rfind("logic_uint/", 0), 0u) << h;
  }
  const std::vector<std::string> h11 = fl11_1.holes();
  EXPECT_NE(std::find(h11.begin(), h11.end(), "logic_uint/XOR/R8G8B8A8_UINT"), h11.end());
  EXPECT_NE(std::find(h11.begin(), h11.end(), "rt_count/8"), h11.end());
}

TEST(Coverage, MergeAddsHitsAndUnitesUniversesAndSurvivesJson) {
  Coverage a(1), b(4);  // fl9_3 (4 RTs), fl11_1 (8 RTs)
  a.hit(a.id("rt_count/2"), 3);
  b.hit(b.id("rt_count/2"), 2);
  b.hit(b.id("rt_count/8"));
  a.add_run({"fl9_3", 1, 100});
  b.add_run({"fl11_1", 2, 200});
  Coverage m;
  m.merge(Coverage::from_json(a.to_json()));
  m.merge(Coverage::from_json(b.to_json()));
  EXPECT_EQ(m.hits("rt_count/2"), 5u);
  EXPECT_EQ(m.hits("rt_count/8"), 1u);
  EXPECT_EQ(m.universe_size(), b.universe_size());  // fl11_1's universe contains fl9_3's
  EXPECT_EQ(m.covered(), 2u);
  ASSERT_EQ(m.runs().size(), 2u);
  EXPECT_EQ(m.runs()[1].config, "fl11_1");
  const Coverage again = Coverage::from_json(m.to_json());
  EXPECT_EQ(again.covered(), m.covered());
  EXPECT_EQ(again.universe_size(), m.universe_size());
  EXPECT_THROW(Coverage::from_json("{\"format\": \"other\"}"), std::invalid_argument);
  EXPECT_THROW(Coverage::from_json("not json"), std::invalid_argument);
}

TEST(Coverage, NegativeOrFractionalCountsAreRejectedNotWrapped) {
  Coverage a(1);
  a.hit(a.id("rt_count/2"), 3);
  std::string text = a.to_json();
  const std::string key = "\"rt_count/2\": {\n   \"hits\": 3";  // to_json() indents by 1
  ASSERT_NE(text.find(key), std::string::npos) << text;
  for (const char* bad : {"-1", "2.5", "\"7\""}) {
    std::string t = text;
    t.replace(t.find(key) + key.size() - 1, 1, bad);
    try {
      Coverage::from_json(t);
      ADD_FAILURE() << "accepted hits " << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("bin rt_count/2 hits"), std::string::npos) << e.what();
    }
  }
}

TEST(Coverage, AMergeThatWouldWrapFailsAndChangesNothing) {
  Coverage a(1), b(1);
  a.hit(a.id("rt_count/2"), UINT64_MAX);
  b.hit(b.id("rt_count/2"), 1);
  b.add_run({"fl9_3", 1, 100});
  EXPECT_THROW(a.merge(b), std::overflow_error);
  EXPECT_EQ(a.hits("rt_count/2"), UINT64_MAX);
  EXPECT_TRUE(a.runs().empty());
}

}  // namespace
}  // namespace om::cosim

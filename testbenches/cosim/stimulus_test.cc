// SPDX-License-Identifier: Apache-2.0
// The stimulus as a replayable artefact: prefix-stable generation (the first cycles of a seed do
// not depend on the run's length), the stimulus file (round trip, bit-identical replay, a message
// naming file, line, field and value for every malformed line), profiles, and faults armed at a
// cycle.
#include "om/cosim/stimulus.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "om/cosim/lockstep.h"
#include "om/cosim/profile.h"
#include "om/cosim/stimulus_file.h"
#include "om/sim/regfile.h"

namespace om::cosim {
namespace {

Stimulus make(uint64_t seed, uint64_t cycles, const std::string& profile = "default",
              int cfg = kDefaultConfig) {
  StimConfig sc;
  sc.cfg_index = cfg;
  sc.seed = seed;
  sc.cycles = cycles;
  sc.profile = profile;
  return generate(sc);
}

// One segment's text in the file format (its contents, whatever its position).
std::string text_of(const Segment& s) {
  Stimulus one;
  one.cfg.cycles = 1;
  one.segments.push_back(s);
  return write_stimulus(one);
}

RunOptions quiet(const std::string& fault = "") {
  RunOptions o;
  o.fault = fault;
  o.time_sides = false;
  return o;
}

RunResult run_to_end(const Stimulus& st, const RunOptions& o) {
  Lockstep l(st, o);
  l.step(UINT64_MAX);
  return l.finish();
}

TEST(Stimulus, FirstSegmentsAndMemoryPhasesDoNotDependOnTheRunLength) {
  for (const std::string& prof : profile_names()) {
    const Stimulus a = make(5, 5000, prof), b = make(5, 30000, prof);
    ASSERT_LT(a.segments.size(), b.segments.size()) << prof;
    for (size_t i = 0; i < a.segments.size(); ++i) {
      ASSERT_EQ(text_of(a.segments[i]), text_of(b.segments[i])) << prof << " segment " << i;
    }
    ASSERT_LE(a.mem.size(), b.mem.size());
    PhaseTiming ta(a), tb(b);
    for (uint64_t c = 0; c <= 5000; ++c) {
      const MemCycle x = ta.at(c), y = tb.at(c);
      ASSERT_TRUE(x.rd_ready == y.rd_ready && x.wr_ready == y.wr_ready && x.latency == y.latency)
          << prof << " cycle " << c;
    }
  }
}

TEST(Stimulus, ASaltedTimingDrawsItsOwnStreamFromTheSamePhases) {
  const Stimulus st = make(5, 20000, "default");
  PhaseTiming plain(st), salted(st, 1), again(st, 1);
  uint64_t differ = 0;
  for (uint64_t c = 0; c <= 20000; ++c) {
    const MemCycle x = plain.at(c), y = salted.at(c), z = again.at(c);
    ASSERT_TRUE(y.rd_ready == z.rd_ready && y.wr_ready == z.wr_ready && y.latency == z.latency)
        << c;
    differ += x.rd_ready != y.rd_ready || x.wr_ready != y.wr_ready || x.latency != y.latency;
  }
  EXPECT_GT(differ,
            1000u);  // the depth-stencil memory must not stall in step with the colour memory
}

TEST(Stimulus, SeededGenerationGivesTheSameRunAsTheWholeStimulus) {
  for (const std::string& prof : {std::string("default"), std::string("mrt8")}) {
    StimConfig sc;
    sc.seed = 9;
    sc.cycles = 20000;
    sc.profile = prof;
    const Stimulus eager = generate(sc);
    const Stimulus lazy = seeded(sc);
    EXPECT_TRUE(lazy.lazy && lazy.segments.empty());
    const RunResult a = run_to_end(eager, quiet()), b = run_to_end(lazy, quiet());
    EXPECT_EQ(a.cycles, b.cycles) << prof;
    EXPECT_EQ(a.pixels, b.pixels) << prof;
    EXPECT_EQ(a.failures.size(), b.failures.size()) << prof;
    EXPECT_EQ(a.coverage.to_json(), b.coverage.to_json()) << prof;
    EXPECT_THROW(write_stimulus(lazy), std::invalid_argument);
  }
}

TEST(Stimulus, KeepsMemoryAsPhasesNotPerCycle) {
  const Stimulus st = make(1, 1000000);
  EXPECT_LT(st.mem.size(), 1000000u / 60);  // phases last 64..2048 cycles
  uint64_t covered = 0;
  for (const MemPhase& p : st.mem) covered += p.cycles;
  EXPECT_EQ(covered, 1000001u);  // the run's cycles and the one after the last
}

TEST(Stimulus, RefusesMoreCyclesThanTheMachineHoldsTheStimulusOf) {
  try {
    make(1, 1000000000000ull);
    ADD_FAILURE() << "generated 1e12 cycles";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("--cycles 1000000000000: the whole stimulus needs up to"),
              std::string::npos)
        << e.what();
  }
}

TEST(Stimulus, UnknownProfileIsNamedWithTheValidOnes) {
  try {
    make(1, 100, "fancy");
    ADD_FAILURE() << "accepted profile 'fancy'";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "--profile: unknown profile 'fancy' (default, blend, logic, mrt8, hazards, d3d9, "
                 "depth, bus)");
  }
}

TEST(Stimulus, ProfilesChangeTheMix) {
  auto share = [](const Stimulus& st, auto pred) {
    size_t n = 0;
    for (const Segment& s : st.segments) n += pred(s) ? 1 : 0;
    return static_cast<double>(n) / st.segments.size();
  };
  auto logic = [](const Segment& s) { return s.state.rt_desc[0].logic_op_enable; };
  auto all8 = [](const Segment& s) {
    int n = 0;
    for (const RtBind& b : s.state.rt_bind) n += b.format != 0;
    return n == 8;
  };
  auto d3d9 = [](const Segment& s) { return s.state.alpha_test_enable; };
  const Stimulus def = make(2, 50000);
  EXPECT_GT(share(make(2, 50000, "logic"), logic), 2 * share(def, logic));
  EXPECT_EQ(share(make(2, 50000, "blend"), logic), 0.0);
  EXPECT_GT(share(make(2, 50000, "mrt8"), all8), 0.9);
  EXPECT_GT(share(make(2, 50000, "d3d9"), d3d9), 2 * share(def, d3d9));
  auto traffic = [](const Stimulus& st) {
    size_t n = 0;
    for (const Segment& s : st.segments) n += s.traffic.size();
    return n;
  };
  EXPECT_GT(traffic(make(2, 50000, "bus")), 5 * traffic(def));
}

TEST(StimulusFile, RoundTripsEveryProfileExactly) {
  for (const std::string& prof : profile_names()) {
    const Stimulus st = make(3, 20000, prof);
    const std::string text = write_stimulus(st);
    ASSERT_EQ(text.rfind("omsim-stimulus 2\n", 0), 0u);
    ASSERT_GE(text.size(), 4u);
    EXPECT_EQ(text.substr(text.size() - 4), "end\n") << prof;
    const Stimulus back = read_stimulus(text, "x.stim");
    EXPECT_EQ(write_stimulus(back), text) << prof;
    ASSERT_EQ(back.segments.size(), st.segments.size());
    EXPECT_EQ(back.pixels, st.pixels);
    for (size_t i = 0; i < st.segments.size(); ++i) {
      EXPECT_EQ(sim::StateRegs::encode(back.segments[i].state),
                sim::StateRegs::encode(st.segments[i].state))
          << prof << " segment " << i;
    }
  }
}

TEST(StimulusFile, AWrittenFileCutAtAnyLineIsRefusedAndCommentsMayFollowItsEnd) {
  const std::string text = write_stimulus(make(3, 3000, "depth"));
  size_t cuts = 0;
  for (size_t at = text.find('\n'); at + 1 < text.size(); at = text.find('\n', at + 1)) {
    EXPECT_THROW(read_stimulus(text.substr(0, at + 1), "cut.stim"), StimulusError) << at;
    ++cuts;
  }
  EXPECT_GT(cuts, 10u);
  EXPECT_EQ(write_stimulus(read_stimulus(text + "\n# a note\n  \n", "x.stim")), text);
}

TEST(StimulusFile, HandWrittenValuesTakeFloatsHexAndDefaults) {
  const Stimulus st = read_stimulus(
      "omsim-stimulus 1\n# a comment\nconfig fl9_3\ncycles 50\n\nmem cycle rd=0 wr=1 lat=3\n"
      "mem ideal 2\nsegment\nps o0=1.0,-0.5,0x3F000000,7 fog=0.5\npixel 3 4 0 gap=2 clear  # c\n",
      "h.stim");
  ASSERT_EQ(st.segments.size(), 1u);
  const ref::PixelIn& p = st.segments[0].palette[0];
  EXPECT_EQ(p.oc[0], (ref::Vec4{0x3F800000u, 0xBF000000u, 0x3F000000u, 7u}));
  EXPECT_EQ(p.oc[1], ref::Vec4{});
  EXPECT_EQ(p.fog, 0x3F000000u);
  EXPECT_EQ(st.segments[0].pixels[0], (PixelRef{3, 4, 0, 2, true, true}));
  EXPECT_FALSE(st.cfg.seeded);
  EXPECT_EQ(st.cfg.profile, "");
  PhaseTiming t(st);
  const MemCycle c0 = t.at(0), c1 = t.at(1), c3 = t.at(3);
  EXPECT_TRUE(!c0.rd_ready && c0.wr_ready && c0.latency == 3);
  EXPECT_TRUE(c1.rd_ready && c1.wr_ready && c1.latency == 1);
  EXPECT_TRUE(c3.rd_ready && c3.latency == 1);  // beyond the phases: ideal
}

struct Malformed {
  const char* name;
  const char* text;
  const char* message;
};

#define H "omsim-stimulus 1\nconfig fl9_3\ncycles 100\n"
#define WANT " (decimal, or hexadecimal with 0x)"

class MalformedFile : public ::testing::TestWithParam<Malformed> {};

TEST_P(MalformedFile, IsRejectedNamingFileLineFieldAndValue) {
  try {
    read_stimulus(GetParam().text, "t.stim");
    ADD_FAILURE() << "accepted:\n" << GetParam().text;
  } catch (const StimulusError& e) {
    EXPECT_EQ(std::string(e.what()), GetParam().message);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, MalformedFile,
    ::testing::Values(
        Malformed{"Empty", "",
                  "t.stim:0: omsim-stimulus: empty file (the first line is "
                  "'omsim-stimulus 2')"},
        Malformed{"NoMagic", "hello\n",
                  "t.stim:1: omsim-stimulus: not a stimulus file (the first line must be "
                  "'omsim-stimulus 2')"},
        Malformed{"Version3", "omsim-stimulus 3\n",
                  "t.stim:1: omsim-stimulus: unsupported version '3' (this omsim reads versions 1 "
                  "to 2)"},
        Malformed{"Version0", "omsim-stimulus 0\n",
                  "t.stim:1: omsim-stimulus: unsupported version '0' (this omsim reads versions 1 "
                  "to 2)"},
        // Version 2 closes with 'end': a file cut short, even at a line boundary, is refused.
        Malformed{"Version2WithoutEnd",
                  "omsim-stimulus 2\nconfig fl9_3\ncycles 100\nsegment\nps\npixel 1 2 0\n",
                  "t.stim:6: end: missing: a version 2 file closes with an 'end' line, so this one "
                  "is cut short"},
        Malformed{"Version2RecordAfterEnd",
                  "omsim-stimulus 2\nconfig fl9_3\ncycles 100\nend\nsegment\n",
                  "t.stim:5: segment: comes after the file's 'end' (line 4)"},
        Malformed{"Version2EndTwice", "omsim-stimulus 2\nconfig fl9_3\ncycles 100\nend\nend\n",
                  "t.stim:5: end: comes after the file's 'end' (line 4)"},
        Malformed{"Version2EndWithAValue", "omsim-stimulus 2\nconfig fl9_3\ncycles 100\nend 3\n",
                  "t.stim:4: end: unexpected '3' (end)"},
        Malformed{"Version1HasNoEnd", H "end\n",
                  "t.stim:4: end: unknown record (config, rts, profile, seed, cycles, mem, "
                  "segment, program, traffic, ps, pixel)"},
        Malformed{"NoConfig", "omsim-stimulus 1\ncycles 100\n",
                  "t.stim:2: config: missing (the header needs 'config NAME' and 'cycles N')"},
        Malformed{"UnknownConfig", "omsim-stimulus 1\nconfig fl12_0\n",
                  "t.stim:2: config: unknown configuration 'fl12_0' (fl9_1, fl9_3, fl10_0, "
                  "fl11_0, fl11_1)"},
        Malformed{"ZeroCycles", "omsim-stimulus 1\nconfig fl9_3\ncycles 0\n",
                  "t.stim:3: cycles: '0' is out of range: want a whole number from 1 to "
                  "1000000000000" WANT},
        Malformed{"RtsAboveConfig", H "rts 5\n",
                  "t.stim:4: rts: '5' is more than fl9_3's 4 render targets"},
        Malformed{"UnknownProfile", H "profile fancy\n",
                  "t.stim:4: profile: unknown profile 'fancy' (default, blend, logic, mrt8, "
                  "hazards, d3d9, depth, bus)"},
        Malformed{"SeedTwice", H "seed 1\nseed 2\n",
                  "t.stim:5: seed: given twice (first on line 4)"},
        Malformed{"PixelBeforeSegment", H "pixel 1 2 0\n",
                  "t.stim:4: pixel: comes before the first 'segment' line"},
        Malformed{"PixelXTooLarge", H "segment\nps\npixel 70000 2 0\n",
                  "t.stim:6: pixel x: '70000' is out of range: want a whole number from 0 to "
                  "16383" WANT},
        Malformed{"PixelPaletteMissing", H "segment\nps\npixel 1 2 1\n",
                  "t.stim:6: pixel palette: '1' names no entry: the segment has 1 'ps' lines "
                  "before it"},
        Malformed{"PixelGapNotANumber", H "segment\nps\npixel 1 2 0 gap=abc\n",
                  "t.stim:6: pixel gap: 'abc' is not a whole number from 0 to 255" WANT},
        Malformed{"PixelSampleOutOfRange", H "segment\nps\npixel 1 2 0 s=8\n",
                  "t.stim:6: pixel s: '8' is out of range: want a whole number from 0 to 7" WANT},
        Malformed{
            "PixelOmaskNotABit", H "segment\nps\npixel 1 2 0 omask=2\n",
            "t.stim:6: pixel omask: '2' is out of range: want a whole number from 0 to 1" WANT},
        Malformed{"PixelUnknownFlag", H "segment\nps\npixel 1 2 0 shiny\n",
                  "t.stim:6: pixel: unexpected 'shiny' (pixel X Y PALETTE [gap=N] [z=DEPTH] "
                  "[s=SAMPLE] [omask=0|1] [clear] [nocov] [back])"},
        Malformed{"PixelMissingPalette", H "segment\npixel 1 2\n",
                  "t.stim:5: pixel: missing values (pixel X Y PALETTE [gap=N] [z=DEPTH] "
                  "[s=SAMPLE] [omask=0|1] [clear] [nocov] [back])"},
        Malformed{"UnknownBusKind", H "segment\nprogram poke 0x200 1\n",
                  "t.stim:5: program kind: unknown bus operation 'poke' (state_write, "
                  "partial_write, read, perf_clear, ro_write, wo_read, unmapped_read, "
                  "unmapped_write, misaligned_read, misaligned_write, status_poll)"},
        // paddr has 12 bits: 0x1240 would reach RT[0].RT_FORMAT (0x240) behind the testbench's
        // back.
        Malformed{"BusAddrBeyondThePaddrBits", H "segment\nprogram state_write 0x1240 1\n",
                  "t.stim:5: program addr: '0x1240' is out of range: want a whole number from 0 "
                  "to 4095" WANT},
        // The kind says whether the transfer ends with PSLVERR; the register map decides it.
        Malformed{"WriteToAReadOnlyRegister", H "segment\nprogram state_write 0x4 1\n",
                  "t.stim:5: program addr: '0x4': state_write must end without PSLVERR, but the "
                  "address is CAP_FL, a read-only register"},
        Malformed{"UnmappedReadOfAMappedRegister", H "segment\ntraffic unmapped_read 0x204\n",
                  "t.stim:5: traffic addr: '0x204': unmapped_read must end with PSLVERR, but the "
                  "address is SAMPLE_MASK"},
        Malformed{"MisalignedStateWrite", H "segment\nprogram state_write 0x206 1\n",
                  "t.stim:5: program addr: '0x206': state_write must end without PSLVERR, but the "
                  "address is misaligned"},
        Malformed{"PerfClearElsewhere", H "segment\nprogram perf_clear 0x204 1\n",
                  "t.stim:5: program addr: '0x204': a perf_clear writes PERF_CLEAR (0x304)"},
        Malformed{"StateWriteToPerfClear", H "segment\nprogram state_write 0x304 1\n",
                  "t.stim:5: program addr: '0x304': a write to PERF_CLEAR is a perf_clear"},
        Malformed{"StatusPollOfAnotherRegister", H "segment\nprogram status_poll 0x0\n",
                  "t.stim:5: program addr: '0x0': a status_poll reads STATUS (0x300)"},
        Malformed{"StrobeTooWide", H "segment\ntraffic partial_write 0x200 1 strb=16\n",
                  "t.stim:5: traffic strb: '16' is out of range: want a whole number from 0 to "
                  "15" WANT},
        Malformed{"NoOutputEight", H "segment\nps o8=1,2,3,4\n",
                  "t.stim:5: ps: unknown field 'o8=1,2,3,4' (ps [o0..o7=R,G,B,A] [dual=R,G,B,A] "
                  "[fog=F])"},
        Malformed{"OutputThreeWords", H "segment\nps o0=1,2,3\n",
                  "t.stim:5: ps o0: '1,2,3' is not 4 comma-separated values R,G,B,A"},
        Malformed{"FogNotANumber", H "segment\nps fog=1.0x\n",
                  "t.stim:5: ps fog: '1.0x' is not a finite binary32 number"},
        Malformed{"ReadyAbove1000", H "mem random 100 rd=1001\n",
                  "t.stim:4: mem random rd: '1001' is out of range: want a whole number from 0 "
                  "to 1000" WANT},
        Malformed{"EmptyLatencyRange", H "mem random 100 lat=9..3\n",
                  "t.stim:4: mem random lat: '9..3' is an empty range (LO..HI with LO <= HI)"},
        Malformed{"UnknownStall", H "mem burst 100 stall=rw\n",
                  "t.stim:4: mem burst stall: 'rw' is not rd, wr or both"},
        Malformed{"BurstLongerThanPhase", H "mem burst 10 burst=11\n",
                  "t.stim:4: mem burst burst: '11' is out of range: want a whole number from 0 "
                  "to 10" WANT},
        Malformed{"UnknownMemKind", H "mem fast 100\n",
                  "t.stim:4: mem: unknown kind 'fast' (ideal, cycle, random, burst)"},
        Malformed{"ZeroLengthPhase", H "mem ideal 0\n",
                  "t.stim:4: mem ideal cycles: '0' is out of range: want a whole number from 1 "
                  "to 1000000000000" WANT},
        Malformed{"UnknownRecord", H "draw 1\n",
                  "t.stim:4: draw: unknown record (config, rts, profile, seed, cycles, mem, "
                  "segment, program, traffic, ps, pixel)"},
        Malformed{"FlagTwice", H "segment drain drain\n", "t.stim:4: segment drain: given twice"}),
    [](const ::testing::TestParamInfo<Malformed>& i) { return std::string(i.param.name); });

#undef H
#undef WANT

TEST(StimulusFile, UnreadableFileIsNamed) {
  EXPECT_THROW(load_stimulus("/nonexistent/x.stim"), StimulusError);
}

TEST(Lockstep, TraceOfAShortRunIsThePrefixOfALongerOne) {
  const Stimulus a = make(7, 3000), b = make(7, 9000);
  Lockstep la(a, quiet()), lb(b, quiet());
  uint64_t compared = 0;
  // The short run's last cycle begins its final drain; every cycle before it is common.
  while (la.cycle() + 1 < a.cfg.cycles && la.step(1) == 1 && lb.step(1) == 1) {
    const TopIn &x = *la.inputs(), &y = *lb.inputs();
    ASSERT_TRUE(x.psel == y.psel && x.penable == y.penable && x.paddr == y.paddr &&
                x.pwdata == y.pwdata && x.in_valid == y.in_valid &&
                (!x.in_valid || x.in_data == y.in_data) && x.mem_rd_ready == y.mem_rd_ready &&
                x.mem_wr_ready == y.mem_wr_ready && x.mem_rsp_valid == y.mem_rsp_valid)
        << "inputs differ at cycle " << la.cycle() - 1;
    ASSERT_TRUE(*la.outputs_a() == *lb.outputs_a()) << "outputs differ at cycle " << compared;
    ++compared;
  }
  EXPECT_EQ(compared + 1, a.cfg.cycles);
  EXPECT_TRUE(la.failures().empty() && lb.failures().empty());
}

TEST(Lockstep, FaultRunFailsAtTheSameCycleWhateverTheRunLength) {
  const RunResult a = run_to_end(make(5, 5000), quiet("wr_data"));
  const RunResult b = run_to_end(make(5, 30000), quiet("wr_data"));
  ASSERT_EQ(a.failures.size(), 1u);
  ASSERT_EQ(b.failures.size(), 1u);
  EXPECT_EQ(a.failures[0].cycle, b.failures[0].cycle);
  EXPECT_EQ(a.failures[0].field, b.failures[0].field);
}

TEST(Lockstep, ReplayOfTheRecordedStimulusIsBitIdentical) {
  for (const char* fault : {"", "rd_addr@7000"}) {
    const Stimulus st = make(11, 12000, "hazards", 2);
    const Stimulus again = read_stimulus(write_stimulus(st), "rec.stim");
    const RunResult a = run_to_end(st, quiet(fault)), b = run_to_end(again, quiet(fault));
    EXPECT_EQ(a.cycles, b.cycles);
    EXPECT_EQ(a.pixels, b.pixels);
    ASSERT_EQ(a.failures.size(), b.failures.size());
    if (!a.failures.empty()) {
      EXPECT_EQ(a.failures[0].cycle, b.failures[0].cycle);
      EXPECT_EQ(a.failures[0].message, b.failures[0].message);
    }
    EXPECT_EQ(a.coverage.to_json(), b.coverage.to_json());
    EXPECT_TRUE(a.perf_a == b.perf_a && a.perf_b == b.perf_b);
    EXPECT_GT(a.pixels, 1000u);
  }
}

TEST(Fault, ArmedAtACycleFailsAtOrAfterIt) {
  const Stimulus st = make(5, 20000);
  const RunResult early = run_to_end(st, quiet("wr_data"));
  ASSERT_EQ(early.failures.size(), 1u);
  for (uint64_t from : {early.failures[0].cycle + 1, uint64_t{9000}}) {
    const RunResult r = run_to_end(st, quiet("wr_data@" + std::to_string(from)));
    ASSERT_EQ(r.failures.size(), 1u) << from;
    EXPECT_GE(r.failures[0].cycle, from);
    EXPECT_EQ(r.failures[0].field, early.failures[0].field);
  }
}

TEST(Fault, BadFormsAreNamed) {
  EXPECT_EQ(parse_fault("wr_data@0x10").from, 16u);
  for (const char* bad :
       {"wr_data@", "wr_data@-1", "wr_data@1e6", "nosuch@5", "@5", "wr_data@5@6"}) {
    try {
      parse_fault(bad);
      ADD_FAILURE() << "accepted " << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + bad + "'"), std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace om::cosim

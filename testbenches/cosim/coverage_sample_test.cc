// SPDX-License-Identifier: Apache-2.0
// The coverage sampling and bookkeeping bin by bin: a known pixel, sample sequence, depth-stencil
// test, sequence of positions, cycle or bus transfer must hit exactly its bins and no other (a bin
// reported hit that never was lets a regression claim a closure it does not have; one never hit
// shows a false hole), and the counts of a coverage must count the universe only.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "om/cosim/cov_sample.h"
#include "om/cosim/coverage.h"
#include "om/gen/regs.h"
#include "om/ref/depth_stencil.h"
#include "om/ref/hw_state.h"
#include "om/ref/pixel.h"
#include "om/ref/state.h"
#include "om/sim/apb_master.h"
#include "om/sim/bus_op.h"

namespace om::cosim {
namespace {

using Hits = std::map<std::string, uint64_t>;

constexpr int kFl91 = 0;  // kConfigs: fl9_1, fl9_3, fl10_0, fl11_0, fl11_1
constexpr int kFl111 = 4;
constexpr uint32_t kHalf = 0x3F000000u;  // 0.5f
constexpr uint32_t kOne = 0x3F800000u;   // 1.0f

// Every bin of `c` with a hit, and its count.
Hits hit_bins(const Coverage& c) {
  Hits h;
  const nlohmann::json j = nlohmann::json::parse(c.to_json());
  for (const auto& kv : j.at("bins").items()) {
    const uint64_t n = kv.value().at("hits").get<uint64_t>();
    if (n != 0) h[kv.key()] = n;
  }
  return h;
}

// The state registers with `n` render targets of R8G8B8A8_UNORM (16x16) bound.
State rgba8_targets(int n) {
  State s = ref::default_state();
  for (int i = 0; i < n; ++i) {
    s.rt_bind[i] = RtBind{static_cast<uint32_t>(Format::R8G8B8A8_UNORM), 16, 16};
  }
  return s;
}

// sample_pixel() of one pixel at (1, 2) under `s` on fl11_1, into a fresh coverage.
Hits sample_one(const State& s, const ref::PixelIn& px) {
  Coverage cov(kFl111);
  const PixelBins bins(cov);
  const ref::PixelState ps = ref::pixel_state(s, kConfigs[kFl111], 1, 2);
  sample_pixel(cov, bins, ps, s, px, ref::pixel_covered(ps, px), 1, 2);
  return hit_bins(cov);
}

TEST(CoverageSample, ABlendedPixelHitsItsFactorOpAndClassBinsOfEachSlotAndNothingElse) {
  State s = rgba8_targets(2);
  ref::BlendDesc b;
  b.independent_blend_enable = true;
  b.render_target[0] =
      ref::blending_desc(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::REV_SUBTRACT, Blend::ONE,
                         Blend::ZERO, BlendOp::ADD);
  // SRC1 factors on render target 1: dual source counts on render target 0 only.
  b.render_target[1] = ref::blending_desc(Blend::SRC1_COLOR, Blend::INV_SRC1_ALPHA, BlendOp::ADD,
                                          Blend::SRC1_ALPHA, Blend::INV_SRC1_ALPHA, BlendOp::MAX);
  ref::set_blend_desc(s, b);
  ref::PixelIn px;
  px.oc[0] = {kHalf, kHalf, kHalf, kOne};
  px.oc[1] = px.oc[0];
  const Hits want = {
      {"blend_rgb/SRC_ALPHA/REV_SUBTRACT/UNORM", 1},
      {"blend_rgb/INV_SRC_ALPHA/REV_SUBTRACT/UNORM", 1},
      {"blend_alpha/ONE/ADD/UNORM", 1},
      {"blend_alpha/ZERO/ADD/UNORM", 1},
      {"blend_rgb/SRC1_COLOR/ADD/UNORM", 1},
      {"blend_rgb/INV_SRC1_ALPHA/ADD/UNORM", 1},
      {"blend_minmax/alpha/MAX/UNORM", 1},
      {"format/R8G8B8A8_UNORM", 2},
      {"write_mask/0xF", 2},
      {"rt_count/2", 1},
      {"pixel/independent_blend", 1},
  };
  EXPECT_EQ(sample_one(s, px), want);
}

TEST(CoverageSample, DualSourceOnRenderTargetZeroHitsItsBin) {
  State s = rgba8_targets(1);
  ref::BlendDesc b;
  b.render_target[0] = ref::blending_desc(Blend::ONE, Blend::SRC1_COLOR, BlendOp::SUBTRACT,
                                          Blend::ONE, Blend::ZERO, BlendOp::MIN);
  ref::set_blend_desc(s, b);
  ref::PixelIn px;
  px.oc[0] = {kHalf, kHalf, kHalf, kOne};
  const Hits want = {
      {"blend_rgb/ONE/SUBTRACT/UNORM", 1},
      {"blend_rgb/SRC1_COLOR/SUBTRACT/UNORM", 1},
      {"blend_minmax/alpha/MIN/UNORM", 1},
      {"format/R8G8B8A8_UNORM", 1},
      {"write_mask/0xF", 1},
      {"rt_count/1", 1},
      {"pixel/dual_source", 1},
  };
  EXPECT_EQ(sample_one(s, px), want);
}

// sample_ms() over the transfers of one pixel at (3, 5) with 4 samples; `cover` bit s: sample s's
// raster coverage.
Hits sample_pixel_samples(uint32_t cover, bool a2c, uint32_t alpha) {
  State s = rgba8_targets(1);
  s.sample_count = 2;
  s.alpha_to_coverage_enable = a2c;
  const ref::PixelState ps = ref::pixel_state(s, kConfigs[kFl111], 3, 5);
  Coverage cov(kFl111);
  MsPixel acc;
  for (uint32_t i = 0; i < 4; ++i) {
    ref::PixelIn px;
    px.sample = i;
    px.coverage = ((cover >> i) & 1u) != 0;
    px.oc[0] = {kOne, kOne, kOne, alpha};
    sample_ms(cov, acc, ps, px, ref::pixel_covered(ps, px), 3, 5);
    if (i == 3) continue;
    for (const auto& kv : hit_bins(cov)) {
      EXPECT_NE(kv.first.rfind("ms_count_pattern/", 0), 0u) << kv.first << " at sample " << i;
    }
  }
  return hit_bins(cov);
}

TEST(CoverageSample, TheSamplesOfAPixelHitTheClassOfTheirCoverageOnceAtTheLastSample) {
  EXPECT_EQ(sample_pixel_samples(0xF, false, kOne), (Hits{{"ms_count_pattern/4x/full", 1}}));
  EXPECT_EQ(sample_pixel_samples(0xB, false, kOne), (Hits{{"ms_count_pattern/4x/partial", 1}}));
  EXPECT_EQ(sample_pixel_samples(0x0, false, kOne), (Hits{{"ms_count_pattern/4x/none", 1}}));
  // Alpha 0.5 covers 2 of 4 samples (k sampled at sample 0), so the pixel is partial.
  EXPECT_EQ(sample_pixel_samples(0xF, true, kHalf),
            (Hits{{"a2c_step/4x/k2", 1}, {"ms_count_pattern/4x/partial", 1}}));
}

// sample_cycle() of one cycle, into a fresh coverage.
Hits cycle_hits(const CycleSample& c) {
  Coverage cov(kFl111);
  sample_cycle(cov, CycleBins(cov), c);
  return hit_bins(cov);
}

TEST(CoverageSample, ACycleHitsItsStallKindOnly) {
  CycleSample c;
  EXPECT_EQ(cycle_hits(c), Hits{});
  c.rd_stall = true;
  EXPECT_EQ(cycle_hits(c), (Hits{{"stall/mem_rd", 1}}));
  c.wr_stall = true;
  EXPECT_EQ(cycle_hits(c), (Hits{{"stall/mem_rd_and_wr", 1}}));
  c.rd_stall = false;
  EXPECT_EQ(cycle_hits(c), (Hits{{"stall/mem_wr", 1}}));
  c = CycleSample{};
  c.backpressure = true;
  EXPECT_EQ(cycle_hits(c), (Hits{{"stall/input_backpressure", 1}}));
}

TEST(CoverageSample, SixteenReadsOutstandingIsTheBinsBoundary) {
  CycleSample c;
  c.outstanding = 15;
  EXPECT_EQ(cycle_hits(c), Hits{});
  c.outstanding = 16;
  EXPECT_EQ(cycle_hits(c), (Hits{{"stall/reads_outstanding_16", 1}}));
}

TEST(CoverageSample, AnAcceptedReadHitsTheClassOfItsLatencyAtEachBoundary) {
  const std::map<uint32_t, std::string> want = {
      {1, "stall/latency_1"},        {2, "stall/latency_2_7"},   {7, "stall/latency_2_7"},
      {8, "stall/latency_8_15"},     {15, "stall/latency_8_15"}, {16, "stall/latency_16_plus"},
      {255, "stall/latency_16_plus"}};
  for (const auto& [latency, bin] : want) {
    CycleSample c;
    c.read_accepted = true;
    c.latency = latency;
    EXPECT_EQ(cycle_hits(c), (Hits{{bin, 1}})) << "latency " << latency;
    c.read_accepted = false;
    EXPECT_EQ(cycle_hits(c), Hits{}) << "latency " << latency << " without a read";
  }
}

TEST(CoverageSample, AHazardStallCountsOnlyWhenTheCounterMovedPastItsLastRead) {
  CycleSample c;
  c.hazard_stalls = 5;
  c.last_hazard_read = 5;
  EXPECT_EQ(cycle_hits(c), Hits{});
  c.hazard_stalls = 6;
  EXPECT_EQ(cycle_hits(c), (Hits{{"hazard/stall_observed", 1}}));
  c.hazard_stalls = 0;  // cleared since the read
  EXPECT_EQ(cycle_hits(c), Hits{});
}

// sample_ds() of one tested sample on fl11_1, into a fresh coverage.
Hits ds_hits(const ref::DepthStencilDesc& d, DsFormat f, ref::DsOutcome outcome, bool front) {
  Coverage cov(kFl111);
  sample_ds(cov, DsSample{&d, ref::find_ds_format(static_cast<uint32_t>(f)), outcome, front});
  return hit_bins(cov);
}

// Depth GREATER and stencil on, with a different op for each outcome and face.
ref::DepthStencilDesc depth_and_stencil() {
  ref::DepthStencilDesc d;
  d.depth_enable = true;
  d.depth_func = CmpFunc::GREATER;
  d.stencil_enable = true;
  d.front_face = {StencilOp::ZERO, StencilOp::REPLACE, StencilOp::INCR_SAT, CmpFunc::LESS};
  d.back_face = {StencilOp::DECR_SAT, StencilOp::INVERT, StencilOp::INCR, CmpFunc::EQUAL};
  return d;
}

TEST(CoverageSample, ATestedSampleHitsItsDepthFunctionAndTheStencilOpOfItsOutcomeAndFace) {
  const ref::DepthStencilDesc d = depth_and_stencil();
  using O = ref::DsOutcome;
  const std::map<std::pair<O, bool>, std::string> want = {
      {{O::STENCIL_FAIL, true}, "ds_stencil/ZERO/stencil_fail/front"},
      {{O::DEPTH_FAIL, true}, "ds_stencil/REPLACE/depth_fail/front"},
      {{O::PASS, true}, "ds_stencil/INCR_SAT/pass/front"},
      {{O::STENCIL_FAIL, false}, "ds_stencil/DECR_SAT/stencil_fail/back"},
      {{O::DEPTH_FAIL, false}, "ds_stencil/INVERT/depth_fail/back"},
      {{O::PASS, false}, "ds_stencil/INCR/pass/back"}};
  for (const auto& [sample, bin] : want) {
    const Hits h = ds_hits(d, DsFormat::D24_UNORM_S8_UINT, sample.first, sample.second);
    EXPECT_EQ(h, (Hits{{"ds_func/GREATER/D24_UNORM_S8_UINT", 1}, {bin, 1}})) << bin;
  }
}

TEST(CoverageSample, ADepthBinNeedsTheDepthTestAndAStencilBinTheStencilTestAndAStencilFormat) {
  ref::DepthStencilDesc d = depth_and_stencil();
  const auto pass = ref::DsOutcome::PASS;
  EXPECT_EQ(ds_hits(d, DsFormat::D32_FLOAT, pass, true), (Hits{{"ds_func/GREATER/D32_FLOAT", 1}}));
  EXPECT_EQ(ds_hits(d, DsFormat::D16_UNORM, pass, true), (Hits{{"ds_func/GREATER/D16_UNORM", 1}}));
  EXPECT_EQ(
      ds_hits(d, DsFormat::D32_FLOAT_S8X24_UINT, pass, true),
      (Hits{{"ds_func/GREATER/D32_FLOAT_S8X24_UINT", 1}, {"ds_stencil/INCR_SAT/pass/front", 1}}));
  d.depth_enable = false;
  EXPECT_EQ(ds_hits(d, DsFormat::D24_UNORM_S8_UINT, pass, false),
            (Hits{{"ds_stencil/INCR/pass/back", 1}}));
  EXPECT_EQ(ds_hits(d, DsFormat::D32_FLOAT, pass, false), Hits{});
  d.depth_enable = true;
  d.stencil_enable = false;
  EXPECT_EQ(ds_hits(d, DsFormat::D24_UNORM_S8_UINT, pass, false),
            (Hits{{"ds_func/GREATER/D24_UNORM_S8_UINT", 1}}));
}

// sample_reuse() of a pixel at (5, 9) after `between` pixels at other positions that follow its
// previous visit, into a fresh coverage and a ring that saw `warm` other pixels first (the ring's
// slot of the first visit).
Hits reuse_after(uint32_t between, uint32_t warm) {
  Coverage cov(kFl111);
  const ReuseBins bins(cov);
  ReuseRing ring;
  for (uint32_t i = 0; i < warm; ++i) sample_reuse(cov, bins, ring, 1000 + i, 7);
  sample_reuse(cov, bins, ring, 5, 9);
  // The first is (9, 5): the same coordinates swapped are another position.
  for (uint32_t i = 0; i < between; ++i) sample_reuse(cov, bins, ring, i == 0 ? 9 : 100 + i, 5);
  EXPECT_EQ(hit_bins(cov), Hits{}) << "before the reuse, " << between << " between";
  sample_reuse(cov, bins, ring, 5, 9);
  return hit_bins(cov);
}

TEST(CoverageSample, APositionSeenAgainHitsTheClassOfItsDistanceAtEachBoundary) {
  const std::map<uint32_t, Hits> want = {{0, {{"hazard/reuse_d1", 1}}},
                                         {1, {{"hazard/reuse_d2_3", 1}}},
                                         {2, {{"hazard/reuse_d2_3", 1}}},
                                         {3, {{"hazard/reuse_d4_7", 1}}},
                                         {6, {{"hazard/reuse_d4_7", 1}}},
                                         {7, {{"hazard/reuse_d8_15", 1}}},
                                         {14, {{"hazard/reuse_d8_15", 1}}},
                                         {15, {}},  // distance 16: out of the window
                                         {40, {}}};
  for (const auto& [between, bins] : want) {
    for (uint32_t warm = 0; warm < kReuseWindow; ++warm) {
      EXPECT_EQ(reuse_after(between, warm), bins)
          << between << " pixels between, first visit in slot " << warm;
    }
  }
}

TEST(CoverageSample, TheReuseDistanceIsToTheLatestVisitAndCountsEveryPixel) {
  Coverage cov(kFl111);
  const ReuseBins bins(cov);
  ReuseRing ring;
  for (uint32_t x : {1, 2, 1, 1, 3, 2}) sample_reuse(cov, bins, ring, x, 0);
  // The second 1 at distance 2, the third at 1 (its latest visit, not the first); 2 at distance 4.
  EXPECT_EQ(hit_bins(cov),
            (Hits{{"hazard/reuse_d2_3", 1}, {"hazard/reuse_d1", 1}, {"hazard/reuse_d4_7", 1}}));
}

// sample_bus() of one completed transfer, into a fresh coverage.
Hits bus_hits(sim::BusOp::Kind kind, bool write, uint32_t addr, uint64_t waited = 0,
              uint32_t rdata = 0, uint32_t last_hazard_read = 0) {
  Coverage cov(kFl111);
  sim::ApbMaster::Done d;
  d.op.kind = kind;
  d.op.write = write;
  d.op.addr = static_cast<uint16_t>(addr);
  d.waited = waited;
  d.rdata = rdata;
  sample_bus(cov, BusBins(cov), d, last_hazard_read);
  return hit_bins(cov);
}

TEST(CoverageSample, ABusTransferHitsTheBinOfItsKindOrOfTheRegionItReads) {
  using K = sim::BusOp::Kind;
  const struct {
    K kind;
    bool write;
    uint32_t addr;
    const char* bin;
  } cases[] = {
      {K::kStateWrite, true, regs::kCtrl, "bus/write_state"},
      {K::kPartialWrite, true, regs::kFog, "bus/write_partial_strobe"},
      {K::kPerfClear, true, regs::kPerfClear, "bus/perf_clear"},
      {K::kRoWrite, true, regs::kCapId, "bus/err_ro_write"},
      {K::kWoRead, false, regs::kPerfClear, "bus/err_wo_read"},
      {K::kUnmappedRead, false, 0xFF0, "bus/err_unmapped_read"},
      {K::kUnmappedWrite, true, 0xFF0, "bus/err_unmapped_write"},
      {K::kMisalignedRead, false, regs::kCtrl + 1, "bus/err_misaligned_read"},
      {K::kMisalignedWrite, true, regs::kCtrl + 2, "bus/err_misaligned_write"},
      {K::kStatusPoll, false, regs::kStatus, "bus/read_status"},
      {K::kRead, false, regs::kCapId, "bus/read_caps"},
      {K::kRead, false, regs::kCtrl - 4, "bus/read_caps"},
      {K::kRead, false, regs::kCtrl, "bus/read_state"},
      {K::kRead, false, regs::kStatus - 4, "bus/read_state"},
      {K::kRead, false, regs::kStatus, "bus/read_status"},
      {K::kRead, false, regs::kPerfPixelsIn, "bus/read_perf"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(bus_hits(c.kind, c.write, c.addr), (Hits{{c.bin, 1}}))
        << sim::to_string(c.kind) << " at " << c.addr;
  }
}

TEST(CoverageSample, AStateWriteIsHeldOnlyWithWaitStates) {
  using K = sim::BusOp::Kind;
  EXPECT_EQ(bus_hits(K::kStateWrite, true, regs::kCtrl, 0), (Hits{{"bus/write_state", 1}}));
  EXPECT_EQ(bus_hits(K::kStateWrite, true, regs::kCtrl, 3),
            (Hits{{"bus/write_state", 1}, {"stall/state_write_held", 1}}));
  EXPECT_EQ(bus_hits(K::kPartialWrite, true, regs::kFog, 1),
            (Hits{{"bus/write_partial_strobe", 1}, {"stall/state_write_held", 1}}));
  // Registers outside the state window are not state writes, held or not.
  EXPECT_EQ(bus_hits(K::kPerfClear, true, regs::kPerfClear, 2), (Hits{{"bus/perf_clear", 1}}));
  EXPECT_EQ(bus_hits(K::kRoWrite, true, regs::kCapId, 2), (Hits{{"bus/err_ro_write", 1}}));
}

TEST(CoverageSample, AHazardCounterReadCountsOnlyWhenItMovedPastTheLastRead) {
  using K = sim::BusOp::Kind;
  const Hits perf = {{"bus/read_perf", 1}};
  EXPECT_EQ(bus_hits(K::kRead, false, regs::kPerfHazardStalls, 0, 5, 5), perf);
  EXPECT_EQ(bus_hits(K::kRead, false, regs::kPerfHazardStalls, 0, 4, 5), perf);
  EXPECT_EQ(bus_hits(K::kRead, false, regs::kPerfHazardStalls, 0, 6, 5),
            (Hits{{"bus/read_perf", 1}, {"hazard/stall_observed", 1}}));
  // Another counter's value says nothing about hazards.
  EXPECT_EQ(bus_hits(K::kRead, false, regs::kPerfMemStalls, 0, 6, 5), perf);
}

TEST(CoverageCounts, HitsOutsideTheUniverseAreKeptButNotCounted) {
  Coverage c(kFl91);  // no dual source below 10_0
  const size_t holes = c.holes().size();
  c.hit(c.id("pixel/dual_source"));
  EXPECT_EQ(c.hits("pixel/dual_source"), 1u);
  EXPECT_EQ(c.covered(), 0u);
  EXPECT_EQ(c.percent(), 0.0);
  EXPECT_EQ(c.holes().size(), holes);
  c.hit(c.id("pixel/fog"));
  EXPECT_EQ(c.covered(), 1u);
  EXPECT_DOUBLE_EQ(c.percent(), 100.0 / static_cast<double>(c.universe_size()));
  EXPECT_EQ(c.holes().size(), holes - 1);
}

TEST(CoverageCounts, MergeAddsBinsItDoesNotKnowWithTheirHitsAndUniverse) {
  Coverage a(kFl91);
  a.hit(a.id("pixel/fog"), 2);
  const size_t universe = a.universe_size();
  const Coverage b = Coverage::from_json(
      R"({"format": "omsim-coverage/1", "runs": [{"config": "x", "seed": 7, "cycles": 9}],
          "bins": {"future/in": {"hits": 3, "universe": true},
                   "future/out": {"hits": 4, "universe": false},
                   "pixel/fog": {"hits": 5, "universe": true},
                   "pixel/dual_source": {"hits": 0, "universe": true}}})");
  a.merge(b);
  EXPECT_EQ(a.hits("future/in"), 3u);
  EXPECT_EQ(a.hits("future/out"), 4u);
  EXPECT_EQ(a.hits("pixel/fog"), 7u);
  // future/in joins the universe, and so does dual source (b's universe has it).
  EXPECT_EQ(a.universe_size(), universe + 2);
  EXPECT_EQ(a.covered(), 2u);
  const std::vector<std::string> h = a.holes();
  EXPECT_NE(std::find(h.begin(), h.end(), "pixel/dual_source"), h.end());
  ASSERT_EQ(a.runs().size(), 1u);
  EXPECT_EQ(a.runs()[0].seed, 7u);
}

TEST(CoverageCounts, MergingACoverageWithItselfDoublesEveryCountAndRepeatsItsRuns) {
  Coverage a(kFl111);
  a.hit(a.id("rt_count/2"), 3);
  a.hit(a.id("pixel/fog"));
  a.add_run({"fl11_1", 1, 100});
  a.add_run({"fl11_1", 2, 200});
  Coverage twice(a);
  twice.merge(Coverage(a));
  a.merge(a);
  EXPECT_EQ(a.to_json(), twice.to_json());
  EXPECT_EQ(a.hits("rt_count/2"), 6u);
  EXPECT_EQ(a.hits("pixel/fog"), 2u);
  EXPECT_EQ(a.covered(), 2u);
  ASSERT_EQ(a.runs().size(), 4u);
  EXPECT_EQ(a.runs()[2].seed, 1u);
  EXPECT_EQ(a.runs()[3].cycles, 200u);
}

}  // namespace
}  // namespace om::cosim

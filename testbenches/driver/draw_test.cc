// SPDX-License-Identifier: Apache-2.0
// Draws and clears through the driver on every backend, checked texel by texel against the
// reference model computed from the state the test set: single pixels, clears with rectangles,
// the D3D9 alpha test / fog / COLORWRITEENABLEn, performance counters, and random states with
// random pixel streams (address collisions included).
#include <map>
#include <random>
#include <tuple>

#include "fixture.h"
#include "om/gen/csr_storage.h"
#include "om/ref/validate.h"

namespace om::driver::test {
namespace {

class Draw : public DriverTest {
 protected:
  // Render-target formats at this configuration's FL (docs/caps.md §5 via the format table).
  std::vector<Format> rt_formats() const {
    std::vector<Format> v;
    for (const FormatInfo& fi : kFormatInfo) {
      if ((fi.rt_fl_mask >> cfg().fl_index) & 1u) v.push_back(fi.format);
    }
    return v;
  }
  // Up to `n` render-target slots with a few different formats of this FL.
  std::vector<Format> some_formats(int n) const {
    const Format pick[] = {Format::R8G8B8A8_UNORM, Format::B5G6R5_UNORM, Format::R8_UNORM,
                           Format::B8G8R8A8_UNORM_SRGB};
    std::vector<Format> v;
    for (int i = 0; i < n && i < cfg().max_rts; ++i) v.push_back(pick[i % 4]);
    return v;
  }
};

TEST_P(Draw, OpaqueDrawWritesTheConvertedColour) {
  const std::vector<Format> fmts{Format::R8G8B8A8_UNORM};
  bind(fmts);
  declare_outputs(0x1);
  fill(fmts, 1, 2, 7);
  const ref::BlendDesc d;
  use_blend(d);
  const ref::PixelOut out =
      draw_and_check(expected_state(d, fmts), pixel(0.25f, 0.5f, 1.0f, 0.75f));
  EXPECT_TRUE(out.write[0]);
  // docs/arithmetic.md §6: UNORM8 of 0.25, 0.5, 1.0, 0.75 = 64, 128, 255, 191.
  EXPECT_EQ(out.texel[0].w[0], 0xBFFF8040u);
}

TEST_P(Draw, ClearWritesEveryBoundTargetInsideItsRectangles) {
  const std::vector<Format> fmts = some_formats(3);
  bind(fmts, 4, 3);
  for (uint32_t y = 0; y < 3; ++y) {
    for (uint32_t x = 0; x < 4; ++x) fill(fmts, x, y, 100 + 4 * y + x);
  }
  const ref::BlendDesc d;
  const ref::PixelState ps = expected_state(d, fmts);
  ref::PixelIn cl;
  cl.clear = true;
  cl.oc[0] = {f(0.2f), f(0.4f), f(0.6f), f(0.8f)};
  std::array<std::array<std::array<ref::Texel, 4>, 3>, ref::kMaxRts> want{};
  for (uint32_t y = 0; y < 3; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      std::array<ref::Texel, ref::kMaxRts> before{};
      for (size_t i = 0; i < fmts.size(); ++i) {
        ASSERT_EQ(dev().read_texel(static_cast<uint32_t>(i), x, y, &before[i]), Hresult::S_OK);
      }
      const bool inside = (x >= 1 && x < 3 && y >= 1 && y < 2) || (x == 3 && y == 0);
      const ref::PixelOut o = ref::process_pixel(ps, cl, before);
      for (size_t i = 0; i < fmts.size(); ++i) want[i][y][x] = inside ? o.texel[i] : before[i];
    }
  }
  // Two rectangles, one reaching past the right edge (clipped: only the 3 texels inside go in).
  ASSERT_EQ(dev().clear_perf_counters(), Hresult::S_OK);
  ASSERT_EQ(dev().clear(cl.oc[0], {Rect{1, 1, 3, 2}, Rect{3, 0, 9, 1}}), Hresult::S_OK)
      << dev().last_error();
  PerfCounters pc;
  ASSERT_EQ(dev().read_perf_counters(&pc), Hresult::S_OK);
  EXPECT_EQ(pc.pixels_in, 3u);
  for (size_t i = 0; i < fmts.size(); ++i) {
    for (uint32_t y = 0; y < 3; ++y) {
      for (uint32_t x = 0; x < 4; ++x) {
        ref::Texel got;
        ASSERT_EQ(dev().read_texel(static_cast<uint32_t>(i), x, y, &got), Hresult::S_OK);
        EXPECT_EQ(got, want[i][y][x]) << "slot " << i << " (" << x << ", " << y << ")";
      }
    }
  }
}

TEST_P(Draw, D3d9AlphaTestKillsEveryTargetAndFogTouchesTargetZeroOnly) {
  const std::vector<Format> fmts = some_formats(2);
  bind(fmts);
  declare_outputs(0x3);
  ASSERT_EQ(dev().set_d3d9_mode(true), Hresult::S_OK);
  ASSERT_EQ(dev().set_alpha_test(true, CmpFunc::GREATER, 128), Hresult::S_OK);
  const std::array<uint32_t, 3> fog{{f(1.0f), f(0.0f), f(0.5f)}};
  ASSERT_EQ(dev().set_fog(true, fog), Hresult::S_OK);
  ref::BlendDesc d;
  use_blend(d);
  ref::PixelState ps = expected_state(d, fmts);
  ps.d3d9.alpha_test_enable = true;
  ps.d3d9.alpha_func = CmpFunc::GREATER;
  ps.d3d9.alpha_ref = 128;
  ps.d3d9.fog_enable = true;
  ps.d3d9.fog_color = fog;
  fill(fmts, 1, 2, 3);
  ASSERT_EQ(dev().clear_perf_counters(), Hresult::S_OK);
  ref::PixelIn killed = pixel(0.1f, 0.2f, 0.3f, 0.25f);  // 0.25 <= 128/255: fails GREATER
  const ref::PixelOut k = draw_and_check(ps, killed, 1, 2, "alpha-test failure");
  EXPECT_FALSE(k.covered);
  ref::PixelIn passes = pixel(0.1f, 0.2f, 0.3f, 0.75f);
  passes.fog = f(0.25f);
  const ref::PixelOut p = draw_and_check(ps, passes, 1, 2, "fogged pixel");
  EXPECT_TRUE(p.covered);
  PerfCounters c;
  ASSERT_EQ(dev().read_perf_counters(&c), Hresult::S_OK);
  EXPECT_EQ(c.pixels_in, 2u);
  EXPECT_EQ(c.killed, 1u);
  uint32_t writes = 0;
  for (bool w : p.write) writes += w ? 1u : 0u;
  EXPECT_EQ(c.rt_writes, writes);
}

TEST_P(Draw, PerfCountersReadEachCounterFromItsRegister) {
  std::map<uint32_t, uint32_t> values;
  for (const regs::PerfCounter& c : regs::kPerfCounters) values[c.offset] = 0x1000u + c.offset;
  PatchedBus bus(be().bus(), values);
  std::unique_ptr<Device> d;
  ASSERT_EQ(Device::create(&bus, be().pixels(), &d), Hresult::S_OK);
  PerfCounters got;
  ASSERT_EQ(d->read_perf_counters(&got), Hresult::S_OK);
  for (const regs::PerfCounter& c : regs::kPerfCounters) {
    EXPECT_EQ(got.*c.count, values[c.offset]) << c.name;
  }
}

TEST_P(Draw, D3d9ColorWriteEnablesMaskEachTarget) {
  const std::vector<Format> fmts = some_formats(4);
  bind(fmts);
  declare_outputs(0xF);
  ASSERT_EQ(dev().set_d3d9_mode(true), Hresult::S_OK);
  const uint32_t masks[4] = {0x1, 0x6, 0xF, 0x8};
  for (uint32_t i = 0; i < 4; ++i)
    ASSERT_EQ(dev().set_color_write_enable(i, masks[i]), Hresult::S_OK);
  ref::BlendDesc d;
  d.render_target[0].blend_enable = true;
  d.render_target[0].src_blend = Blend::SRC_ALPHA;
  d.render_target[0].dest_blend = Blend::INV_SRC_ALPHA;
  d.render_target[0].src_blend_alpha = Blend::SRC_ALPHA;
  d.render_target[0].dest_blend_alpha = Blend::INV_SRC_ALPHA;
  use_blend(d);
  // D3D9: one equation for every RT, each RT's own mask (docs/behaviour.md §5.3 rule 7).
  ref::BlendDesc per_rt = ref::normalise(d);
  per_rt.independent_blend_enable = true;
  for (int i = 0; i < ref::kMaxRts; ++i) {
    per_rt.render_target[i] = per_rt.render_target[0];
    per_rt.render_target[i].render_target_write_mask = masks[i < 4 ? i : 0];
  }
  fill(fmts, 2, 1, 11);
  draw_and_check(expected_state(per_rt, fmts), pixel(0.9f, 0.1f, 0.4f, 0.6f), 2, 1, "masks");
}

TEST_P(Draw, RandomStatesAndPixelStreamsMatchTheReferenceModel) {
  std::mt19937_64 rng(0xD1A0 + static_cast<uint64_t>(GetParam().config));
  const std::vector<Format> formats = rt_formats();
  constexpr uint32_t kW = 3, kH = 3;
  const auto rnd_float = [&]() -> uint32_t {
    switch (rng() % 10) {
      case 0:
        return 0x7FC00000u;  // NaN
      case 1:
        return 0x00000123u;  // denormal
      case 2:
        return (rng() & 1) ? 0x7F800000u : 0xFF800000u;
      default:
        return f(static_cast<float>(static_cast<int>(rng() % 2000) - 500) / 1000.0f);
    }
  };
  for (int round = 0; round < 6; ++round) {
    const int n = 1 + static_cast<int>(rng() % cfg().max_rts);
    std::vector<Format> fmts;
    for (int i = 0; i < n; ++i) fmts.push_back(formats[rng() % formats.size()]);
    if (n < ref::kMaxRts && rng() % 2) fmts.push_back(kNoView);  // an empty last slot
    ref::BlendDesc d;
    for (int tries = 0; tries < 200; ++tries) {
      ref::BlendDesc c;
      c.independent_blend_enable = rng() % 2;
      for (auto& r : c.render_target) {
        r.blend_enable = rng() % 3 != 0;
        r.src_blend = static_cast<Blend>(1 + rng() % 19);
        r.dest_blend = static_cast<Blend>(1 + rng() % 19);
        r.blend_op = static_cast<BlendOp>(1 + rng() % 5);
        r.src_blend_alpha = static_cast<Blend>(1 + rng() % 19);
        r.dest_blend_alpha = static_cast<Blend>(1 + rng() % 19);
        r.blend_op_alpha = static_cast<BlendOp>(1 + rng() % 5);
        r.logic_op_enable = !r.blend_enable && rng() % 4 == 0;
        r.logic_op = static_cast<LogicOp>(rng() % 16);
        r.render_target_write_mask = static_cast<uint32_t>(rng() % 16);
      }
      if (ref::validate_blend_desc(&c, cfg()) == Hresult::S_OK) {
        d = c;
        break;
      }
    }
    bind(fmts, kW, kH);
    declare_outputs(static_cast<uint32_t>(rng() & 0xFF));
    const std::array<uint32_t, 4> k{{rnd_float(), rnd_float(), rnd_float(), rnd_float()}};
    const uint32_t sample_mask = static_cast<uint32_t>(rng()) | 0x80000000u;  // never 0
    use_blend(d, &k, sample_mask);
    ref::PixelState ps = expected_state(d, fmts);
    ps.blend_factor = k;
    ps.sample_mask = sample_mask;
    // The expected memory, evolved pixel by pixel in submission order.
    std::map<std::tuple<size_t, uint32_t, uint32_t>, ref::Texel> mem;
    for (uint32_t y = 0; y < kH; ++y) {
      for (uint32_t x = 0; x < kW; ++x) {
        fill(fmts, x, y, rng());
        for (size_t i = 0; i < fmts.size(); ++i) {
          if (fmts[i] == kNoView) continue;
          ASSERT_EQ(dev().read_texel(static_cast<uint32_t>(i), x, y, &mem[{i, x, y}]),
                    Hresult::S_OK);
        }
      }
    }
    std::vector<Pixel> stream;
    for (int p = 0; p < 24; ++p) {
      Pixel px;
      px.x = static_cast<uint32_t>(rng() % (kW + 1));  // x == kW lies outside every view
      px.y = static_cast<uint32_t>(rng() % kH);
      px.px.coverage = rng() % 8 != 0;
      px.px.fog = rnd_float();
      for (int c = 0; c < 4; ++c) px.px.oc1[c] = rnd_float();
      for (size_t i = 0; i < ref::kMaxRts; ++i) {
        const FormatInfo* fi = i < fmts.size() && fmts[i] != kNoView
                                   ? ref::find_format(static_cast<uint32_t>(fmts[i]))
                                   : nullptr;
        const bool integer =
            fi != nullptr && (fi->cls == FormatClass::UINT || fi->cls == FormatClass::SINT);
        for (int c = 0; c < 4; ++c) {
          px.px.oc[i][c] = integer ? static_cast<uint32_t>(rng()) : rnd_float();
        }
      }
      stream.push_back(px);
      if (px.x >= kW) continue;
      std::array<ref::Texel, ref::kMaxRts> dest{};
      for (size_t i = 0; i < fmts.size(); ++i) {
        if (fmts[i] != kNoView) dest[i] = mem[{i, px.x, px.y}];
      }
      const ref::PixelOut o = ref::process_pixel(ps, px.px, dest);
      for (size_t i = 0; i < fmts.size(); ++i) {
        if (ps.rt_format[i] != nullptr && o.write[i]) mem[{i, px.x, px.y}] = o.texel[i];
      }
    }
    ASSERT_EQ(dev().draw(stream), Hresult::S_OK) << dev().last_error();
    for (const auto& [key, want] : mem) {
      const auto& [slot, x, y] = key;
      ref::Texel got;
      ASSERT_EQ(dev().read_texel(static_cast<uint32_t>(slot), x, y, &got), Hresult::S_OK);
      EXPECT_EQ(got, want) << "round " << round << " slot " << slot << " ("
                           << ref::find_format(static_cast<uint32_t>(fmts[slot]))->name << ") at ("
                           << x << ", " << y << ")";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Draw, ::testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace om::driver::test

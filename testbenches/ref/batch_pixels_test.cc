// SPDX-License-Identifier: Apache-2.0
// The array forms of batch.h (pack/unpack/split/join_batch, process_pixels) equal the per-element
// calls they loop over, for every format, on random words (NaN, INF and out-of-range values
// included), with the optional arrays both given and left out.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "om/ref/batch.h"

namespace om::ref {
namespace {

constexpr size_t kN = 37;

std::vector<uint32_t> random_words(std::mt19937& rng, size_t n) {
  std::vector<uint32_t> w(n);
  for (uint32_t& x : w) x = rng() % 4 == 0 ? rng() % 512 : rng();
  return w;
}

Vec4 at(const std::vector<uint32_t>& w, size_t i) {
  return {w[4 * i], w[4 * i + 1], w[4 * i + 2], w[4 * i + 3]};
}

TEST(BatchPixels, ConversionsEqualThePerTexelCallsForEveryFormat) {
  std::mt19937 rng(7);
  for (const FormatInfo& f : kFormatInfo) {
    SCOPED_TRACE(f.name);
    const size_t tb = texel_bytes(f);
    const std::vector<uint32_t> values = random_words(rng, 4 * kN);
    std::vector<uint8_t> texels(kN * tb), joined(kN * tb);
    std::vector<uint32_t> unpacked(4 * kN), fields(4 * kN);
    pack_batch(f, kN, values.data(), texels.data());
    unpack_batch(f, kN, texels.data(), unpacked.data());
    split_batch(f, kN, texels.data(), fields.data());
    join_batch(f, kN, fields.data(), joined.data());
    EXPECT_EQ(joined, texels);
    for (size_t i = 0; i < kN; ++i) {
      const Texel t = raw_to_texel(f, pack(f, at(values, i)));
      ASSERT_EQ(load_texel(texels.data(), i, tb), t) << i;
      EXPECT_EQ(at(fields, i), texel_to_raw(f, t)) << i;
      EXPECT_EQ(at(unpacked, i), unpack(f, texel_to_raw(f, t))) << i;
    }
  }
}

TEST(BatchPixels, ProcessPixelsEqualsProcessPixelPerPixel) {
  std::mt19937 rng(11);
  PixelState st;
  st.rt_format[0] = find_format("R8G8B8A8_UNORM");
  st.rt_format[2] = find_format("R16G16B16A16_FLOAT");
  st.rt_format[5] = find_format("R32G32B32A32_UINT");
  st.blend.independent_blend_enable = true;
  st.blend.render_target[0] = blending_desc(Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD,
                                            Blend::ONE, Blend::ZERO, BlendOp::ADD);
  st.blend.render_target[2] = blending_desc(Blend::ONE, Blend::ONE, BlendOp::MAX, Blend::ONE,
                                            Blend::ONE, BlendOp::ADD, 0x5);
  st.ps_outputs = 0x25;
  st.d3d9.fog_enable = true;
  st.d3d9.fog_color = {0x3F000000u, 0x3F800000u, 0u};
  const std::vector<uint32_t> oc = random_words(rng, 4 * kN), oc1 = random_words(rng, 4 * kN),
                              fog = random_words(rng, kN);
  std::vector<uint8_t> coverage(kN), clear(kN);
  for (size_t p = 0; p < kN; ++p) {
    coverage[p] = rng() % 5 != 0;
    clear[p] = rng() % 9 == 0;
  }
  for (const bool optional : {false, true}) {
    PixelArrays a;
    std::vector<std::vector<uint8_t>> dest(kMaxRts), out(kMaxRts);
    for (int s = 0; s < kMaxRts; ++s) {
      if (st.rt_format[s] == nullptr) continue;
      a.oc[s] = oc.data();
      dest[s].resize(kN * texel_bytes(*st.rt_format[s]));
      for (uint8_t& b : dest[s]) b = static_cast<uint8_t>(rng());
      out[s].resize(dest[s].size());
      a.dest[s] = dest[s].data();
      a.out[s] = out[s].data();
    }
    std::vector<uint8_t> covered(kN), written(kN * kMaxRts);
    a.covered = covered.data();
    a.written = written.data();
    if (optional) {
      a.oc1 = oc1.data();
      a.coverage = coverage.data();
      a.clear = clear.data();
      a.fog = fog.data();
    }
    process_pixels(st, kN, a);
    for (size_t p = 0; p < kN; ++p) {
      PixelIn px;
      px.oc1 = optional ? at(oc1, p) : Vec4{};
      px.coverage = !optional || coverage[p] != 0;
      px.clear = optional && clear[p] != 0;
      px.fog = optional ? fog[p] : kF32One;
      std::array<Texel, kMaxRts> d{};
      for (int s = 0; s < kMaxRts; ++s) {
        if (st.rt_format[s] == nullptr) continue;
        px.oc[s] = at(oc, p);
        d[s] = load_texel(dest[s].data(), p, texel_bytes(*st.rt_format[s]));
      }
      const PixelOut r = process_pixel(st, px, d);
      EXPECT_EQ(covered[p] != 0, r.covered) << p;
      for (int s = 0; s < kMaxRts; ++s) {
        EXPECT_EQ(written[p * kMaxRts + s] != 0, r.write[s]) << p << " slot " << s;
        if (st.rt_format[s] == nullptr) continue;
        EXPECT_EQ(load_texel(out[s].data(), p, texel_bytes(*st.rt_format[s])), r.texel[s])
            << p << " slot " << s;
      }
    }
  }
}

}  // namespace
}  // namespace om::ref

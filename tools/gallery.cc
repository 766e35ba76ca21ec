// SPDX-License-Identifier: Apache-2.0
#include "gallery.h"

#include <cmath>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/pixel.h"

namespace om::tools {
namespace {

using om::ref::f32_bits;

constexpr int kTile = 96;
constexpr int kGap = 4;

struct Mode {
  const char* name;
  Blend src;
  Blend dest;
  BlendOp op;
};

constexpr Mode kModes[] = {
    {"over (SRC_ALPHA, INV_SRC_ALPHA, ADD)", Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD},
    {"additive (SRC_ALPHA, ONE, ADD)", Blend::SRC_ALPHA, Blend::ONE, BlendOp::ADD},
    {"multiply (DEST_COLOR, ZERO, ADD)", Blend::DEST_COLOR, Blend::ZERO, BlendOp::ADD},
    {"screen (ONE, INV_SRC_COLOR, ADD)", Blend::ONE, Blend::INV_SRC_COLOR, BlendOp::ADD},
    {"subtract (SRC_ALPHA, ONE, REV_SUBTRACT)", Blend::SRC_ALPHA, Blend::ONE,
     BlendOp::REV_SUBTRACT},
    {"min (factors ignored)", Blend::ONE, Blend::ONE, BlendOp::MIN},
    {"max (factors ignored)", Blend::ONE, Blend::ONE, BlendOp::MAX},
    {"exclusion (INV_DEST_COLOR, INV_SRC_COLOR, ADD)", Blend::INV_DEST_COLOR, Blend::INV_SRC_COLOR,
     BlendOp::ADD},
};

/// A fully saturated hue h in [0, 1) as linear RGB.
void hue(float h, float rgb[3]) {
  for (int c = 0; c < 3; ++c) {
    const float x =
        std::fabs(std::fmod(h * 6.0f + 4.0f - 2.0f * static_cast<float>(c), 6.0f) - 3.0f);
    rgb[c] = std::fmin(std::fmax(x - 1.0f, 0.0f), 1.0f);
  }
}

}  // namespace

Gallery render_gallery() {
  const int cols = static_cast<int>(std::size(kModes));
  const Format formats[] = {Format::R8G8B8A8_UNORM, Format::R8G8B8A8_UNORM_SRGB};
  Gallery g;
  g.width = cols * kTile + (cols + 1) * kGap;
  g.height = 2 * kTile + 3 * kGap;
  g.rgba.assign(static_cast<size_t>(g.width) * g.height * 4, 0x20);
  for (const Mode& m : kModes) g.columns.push_back(m.name);
  g.rows = {"R8G8B8A8_UNORM (blends the stored codes)",
            "R8G8B8A8_UNORM_SRGB (decodes, blends in linear light, re-encodes)"};
  for (int row = 0; row < 2; ++row) {
    const FormatInfo* f = om::ref::find_format(static_cast<uint32_t>(formats[row]));
    om::ref::PixelState st;
    st.rt_format[0] = f;
    for (int col = 0; col < cols; ++col) {
      om::ref::RtBlendDesc& d = st.blend.render_target[0];
      d.blend_enable = true;
      d.src_blend = kModes[col].src;
      d.dest_blend = kModes[col].dest;
      d.blend_op = kModes[col].op;
      d.src_blend_alpha = Blend::ONE;
      d.dest_blend_alpha = Blend::ZERO;
      for (int y = 0; y < kTile; ++y) {
        for (int x = 0; x < kTile; ++x) {
          // Destination: a grey checkerboard with a soft blue-to-orange tint (8-pixel squares).
          const bool light = ((x / 12) + (y / 12)) % 2 == 0;
          const float t = static_cast<float>(x + y) / (2 * kTile);
          const float base = light ? 0.75f : 0.35f;
          om::ref::Vec4 dv = {f32_bits(base * (0.6f + 0.4f * t)), f32_bits(base * 0.8f),
                              f32_bits(base * (1.0f - 0.4f * t)), f32_bits(1.0f)};
          std::array<om::ref::Texel, om::ref::kMaxRts> dest{};
          dest[0] = om::ref::raw_to_texel(*f, om::ref::pack(*f, dv));
          // Source: hue ramp left to right, alpha 0 at the top to 1 at the bottom.
          float rgb[3];
          hue(static_cast<float>(x) / kTile, rgb);
          om::ref::PixelIn px;
          px.oc[0] = {f32_bits(rgb[0]), f32_bits(rgb[1]), f32_bits(rgb[2]),
                      f32_bits(static_cast<float>(y) / (kTile - 1))};
          const om::ref::PixelOut out = om::ref::process_pixel(st, px, dest);
          const om::ref::Raw4 r = om::ref::texel_to_raw(*f, out.texel[0]);
          const int px_x = kGap + col * (kTile + kGap) + x;
          const int px_y = kGap + row * (kTile + kGap) + y;
          uint8_t* p = &g.rgba[(static_cast<size_t>(px_y) * g.width + px_x) * 4];
          for (int c = 0; c < 3; ++c) p[c] = static_cast<uint8_t>(r[c]);
          p[3] = 0xFF;  // show colour only
        }
      }
    }
  }
  for (size_t i = 3; i < g.rgba.size(); i += 4) g.rgba[i] = 0xFF;
  return g;
}

}  // namespace om::tools

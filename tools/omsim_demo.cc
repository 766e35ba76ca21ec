// SPDX-License-Identifier: Apache-2.0
// omsim-demo (`make run`): what the reference output merger does to one pixel. Prints every D3D11
// blend factor used as source and as destination factor under each op on R8G8B8A8_UNORM, the same
// blend on a few other formats, and writes a PNG gallery of blend modes. Usage: omsim-demo
// [gallery.png]
#include <cstdio>
#include <exception>
#include <string>

#include "gallery.h"
#include "om/ref/blend.h"
#include "om/ref/convert.h"
#include "om/ref/fp32.h"
#include "om/ref/pixel.h"
#include "om/ref/validate.h"
#include "png_writer.h"

namespace {

using namespace om;
using om::ref::f32_bits;
using om::ref::f32_value;

const ref::Vec4 kS = {f32_bits(0.8f), f32_bits(0.4f), f32_bits(0.2f), f32_bits(0.6f)};
const ref::Vec4 kS1 = {f32_bits(0.25f), f32_bits(0.5f), f32_bits(0.75f), f32_bits(0.3f)};
const ref::Vec4 kK = {f32_bits(0.5f), f32_bits(0.25f), f32_bits(0.125f), f32_bits(0.75f)};
const ref::Raw4 kD = {32, 96, 192, 128};  // destination R8G8B8A8_UNORM codes

constexpr const auto& kFactors = kAllBlend;
constexpr BlendOp kOps[] = {BlendOp::ADD, BlendOp::SUBTRACT, BlendOp::REV_SUBTRACT};

/// One pixel through om::ref::process_pixel on a single RT; returns the stored component fields.
ref::Raw4 blend_one(const FormatInfo& f, Blend src, Blend dest, BlendOp op, const ref::Texel& d) {
  ref::PixelState st;
  st.rt_format[0] = &f;
  ref::RtBlendDesc& desc = st.blend.render_target[0];
  desc.blend_enable = true;
  desc.src_blend = src;
  desc.dest_blend = dest;
  desc.blend_op = desc.blend_op_alpha = op;
  desc.src_blend_alpha = ref::alpha_slot_equivalent(src);
  desc.dest_blend_alpha = ref::alpha_slot_equivalent(dest);
  st.blend_factor = kK;
  ref::PixelIn px;
  px.oc[0] = kS;
  px.oc1 = kS1;
  std::array<ref::Texel, ref::kMaxRts> dst{};
  dst[0] = d;
  return ref::texel_to_raw(f, ref::process_pixel(st, px, dst).texel[0]);
}

std::string codes(const ref::Raw4& r) {
  char b[16];
  std::snprintf(b, sizeof b, "%02x%02x%02x%02x", r[0], r[1], r[2], r[3]);
  return b;
}

void factor_table() {
  const FormatInfo& f = *ref::find_format(static_cast<uint32_t>(Format::R8G8B8A8_UNORM));
  const ref::Texel d = ref::raw_to_texel(f, kD);
  const ref::BlendOperands o = ref::blend_operands(f, false, kS, kS1, kK, d);
  std::printf(
      "omsim reference model: one pixel on R8G8B8A8_UNORM, results as RRGGBBAA hex codes\n");
  std::printf(
      "S = (0.8, 0.4, 0.2, 0.6)  D = %s = (%.3f, %.3f, %.3f, %.3f)  S1 = (.25, .5, .75, .3)  "
      "K = (.5, .25, .125, .75)\n",
      codes(kD).c_str(), f32_value(o.d[0]), f32_value(o.d[1]), f32_value(o.d[2]),
      f32_value(o.d[3]));
  std::printf(
      "alpha uses the factor's alpha-slot form (SRC_COLOR -> SRC_ALPHA ...); SUB = S*Fs - "
      "D*Fd\n\n");
  std::printf("%-17s %-23s |%-27s |%s\n", "factor F", "F for R, G, B, A", " Src=F, Dest=ONE",
              " Src=ONE, Dest=F");
  std::printf("%-41s |%-27s |%s\n", "", " ADD      SUB      REVSUB", " ADD      SUB      REVSUB");
  for (Blend b : kFactors) {
    std::printf("%-17s", to_string(b));
    for (int ch = 0; ch < 4; ++ch) {
      std::printf(" %5.3f",
                  f32_value(ref::blend_factor(ch == 3 ? ref::alpha_slot_equivalent(b) : b, ch, o)));
    }
    std::printf(" |");
    for (int role = 0; role < 2; ++role) {
      for (BlendOp op : kOps) {
        const ref::Raw4 r =
            role == 0 ? blend_one(f, b, Blend::ONE, op, d) : blend_one(f, Blend::ONE, b, op, d);
        std::printf(" %s", codes(r).c_str());
      }
      std::printf(role == 0 ? " |" : "\n");
    }
  }
  std::printf("%-41s | MIN %s  MAX %s (factors ignored)\n\n", "MIN / MAX",
              codes(blend_one(f, Blend::ONE, Blend::ONE, BlendOp::MIN, d)).c_str(),
              codes(blend_one(f, Blend::ONE, Blend::ONE, BlendOp::MAX, d)).c_str());
}

void format_table() {
  const Format formats[] = {Format::R8G8B8A8_UNORM,     Format::R8G8B8A8_UNORM_SRGB,
                            Format::R16G16B16A16_FLOAT, Format::R8G8B8A8_SNORM,
                            Format::R10G10B10A2_UNORM,  Format::R11G11B10_FLOAT,
                            Format::B5G6R5_UNORM};
  std::printf(
      "Same S over D = that colour stored in other formats, SRC_ALPHA / INV_SRC_ALPHA / ADD\n");
  std::printf("%-20s %-24s %-24s %s\n", "format", "D stored (R,G,B,A raw)", "result (raw)",
              "result read back");
  const ref::Vec4 dv = {ref::unorm_to_f32(kD[0], 8), ref::unorm_to_f32(kD[1], 8),
                        ref::unorm_to_f32(kD[2], 8), ref::unorm_to_f32(kD[3], 8)};
  for (Format fmt : formats) {
    const FormatInfo& f = *ref::find_format(static_cast<uint32_t>(fmt));
    const ref::Raw4 draw = ref::pack(f, dv);
    const ref::Raw4 r = blend_one(f, Blend::SRC_ALPHA, Blend::INV_SRC_ALPHA, BlendOp::ADD,
                                  ref::raw_to_texel(f, draw));
    const ref::Vec4 back = ref::unpack(f, r);
    auto raw = [&f](const ref::Raw4& x) {
      std::string s;
      for (int c = 0; c < 4; ++c) {
        char b[12];
        if (f.ch[c].bits == 0) {
          std::snprintf(b, sizeof b, "%s-", c ? " " : "");
        } else {
          std::snprintf(b, sizeof b, "%s%x", c ? " " : "", x[c]);
        }
        s += b;
      }
      return s;
    };
    std::printf("%-20s %-24s %-24s %.4f %.4f %.4f %.4f\n", f.name, raw(draw).c_str(),
                raw(r).c_str(), f32_value(back[0]), f32_value(back[1]), f32_value(back[2]),
                f32_value(back[3]));
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::string png = argc > 1 ? argv[1] : "build/demo/blend_gallery.png";
    factor_table();
    format_table();
    const om::tools::Gallery g = om::tools::render_gallery();
    om::tools::write_png(png, g.width, g.height, g.rgba);
    std::printf("\nWrote %s (%dx%d). Tiles, left to right:\n", png.c_str(), g.width, g.height);
    std::string line = " ";
    for (size_t i = 0; i < g.columns.size(); ++i) {
      const std::string item = " " + g.columns[i] + (i + 1 < g.columns.size() ? ";" : "");
      if (line.size() + item.size() > 100) {
        std::printf("%s\n", line.c_str());
        line = " ";
      }
      line += item;
    }
    std::printf("%s\n  top row %s;\n  bottom row %s.\n", line.c_str(), g.rows[0].c_str(),
                g.rows[1].c_str());
    std::printf(
        "  Source: hue ramp left to right, alpha 0 at the top to 1 at the bottom, over a "
        "checkerboard.\n");
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "omsim-demo: %s\n", e.what());
    return 1;
  }
}

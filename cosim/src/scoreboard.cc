// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/scoreboard.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <utility>
#include <vector>

#include "om/cosim/draw.h"
#include "om/gen/regs.h"
#include "om/ref/rt_op.h"

namespace om::cosim {
namespace {

// Bit mask of the low `bits` bits of a 128-bit texel, word `w`.
uint32_t texel_word_mask(int bits, int w) {
  const int lo = 32 * w;
  if (bits <= lo) return 0;
  if (bits >= lo + 32) return ~0u;
  return (1u << (bits - lo)) - 1u;
}

}  // namespace

Scoreboard::Scoreboard(int cfg_index) : cfg_(kConfigs[cfg_index]) {
  if (cfg_index < 0 || cfg_index >= kNumConfigs) {
    throw std::out_of_range("Scoreboard: configuration " + std::to_string(cfg_index));
  }
}

void Scoreboard::set_state(const State& s) {
  state_ = s;
  ps_covering_ = kNoState;
  draw_ = ref::draw_pixel_state(s, cfg_);
  ds_ = ref::ds_desc(s);
  ds_bind_ = ref::ds_binding(s);
  ds_active_ = ds_bind_.format != nullptr && (ds_.depth_enable || ds_.stencil_enable);
  bound_ = 0;
  bound_w_ = bound_h_ = ~0u;
  for (int i = 0; i < ref::kMaxRts && i < cfg_.max_rts; ++i) {
    const RtBind& b = state_.rt_bind[i];
    if (b.format == 0) continue;
    bound_ |= 1u << i;
    bound_w_ = std::min(bound_w_, b.width);
    bound_h_ = std::min(bound_h_, b.height);
  }
}

const ref::PixelState& Scoreboard::ref_state(uint32_t x, uint32_t y) {
  // ref::pixel_state depends on (x, y) only through which slots cover it: one state per set of
  // covering slots, made when a pixel first needs it.
  uint32_t covering = bound_;
  if (x >= bound_w_ || y >= bound_h_) {
    covering = 0;
    for (int i = 0; i < ref::kMaxRts && i < cfg_.max_rts; ++i) {
      const RtBind& b = state_.rt_bind[i];
      if (b.format != 0 && x < b.width && y < b.height) covering |= 1u << i;
    }
  }
  if (covering == ps_covering_) return ps_;
  ps_covering_ = kNoState;
  ps_ = ref::pixel_state(draw_, state_, cfg_, x, y);
  // Strict where ref::pixel_state leaves a slot unbound: a covering view of a format outside the
  // format table is a stimulus error, not a draw.
  for (int i = 0; i < ref::kMaxRts && i < cfg_.max_rts; ++i) {
    if ((covering >> i & 1u) != 0 && ps_.rt_format[i] == nullptr) {
      throw std::invalid_argument("Scoreboard: unsupported format " +
                                  std::to_string(state_.rt_bind[i].format));
    }
  }
  ps_covering_ = covering;
  return ps_;
}

Scoreboard::Tested Scoreboard::test(const TbPixel& p, const ref::PixelState& ps) const {
  Tested t;
  t.covered = ref::sample_covered(ps, p.px);
  // Depth/stencil after coverage, SampleMask, alpha-to-coverage and the alpha test (D3D order).
  if (ds_active_ && !p.px.clear && t.covered) {
    t.ds = ref::depth_stencil_texel(ds_, ds_bind_, p.depth, p.front_face,
                                    ds_image_.get(mem_addr(0, p.y, p.x, p.px.sample)));
  }
  return t;
}

void Scoreboard::apply(const TbPixel& p, const ref::PixelState& ps, const Tested& t) {
  const ref::PixelIn& px = p.px;
  // A sample failing the depth-stencil test loses its coverage: no render target is written.
  bool covered = t.covered;
  if (const std::optional<ref::DsTexelOut>& ds = t.ds) {
    ++counts_.ds_reads;
    if (ds->sample.write_depth || ds->sample.write_stencil) {
      ++counts_.ds_writes;
      ds_image_.set(mem_addr(0, p.y, p.x, p.px.sample), ds->texel);
    }
    if (!ds->sample.pass) {
      ++counts_.ds_failed;
      covered = false;
    }
  }
  ++counts_.pixels_in;
  if (!covered) {
    ++counts_.killed;
    return;
  }
  std::array<ref::Texel, ref::kMaxRts> dest{};
  for (int i = 0; i < ref::kMaxRts; ++i) {
    if (ps.rt_format[i] == nullptr) continue;
    dest[i] = image_.get(mem_addr(i, p.y, p.x, p.px.sample));
  }
  const ref::PixelOut out = ref::write_pixel(ps, px, dest);
  const ref::RtBlendDesc& rt0 = ps.blend.render_target[0];
  for (int i = 0; i < ref::kMaxRts; ++i) {
    if (ps.rt_format[i] == nullptr) continue;
    if (!px.clear && (ps.ps_outputs & (1u << i)) == 0) continue;
    const FormatInfo& f = *ps.rt_format[i];
    const ref::RtBlendDesc& d = ref::select_rt_desc(ps.blend, i);
    const uint32_t present = ref::present_channels(f);
    const uint32_t wm = ref::effective_write_mask(f, d.render_target_write_mask);
    const bool blends = d.blend_enable && (f.blend_fl_mask & (1u << ps.fl_index)) != 0;
    // The read rule of rtl/om_top_pkg.sv op_needs_read (blending only where the format is
    // BLENDABLE).
    if (!px.clear && wm != 0 && (rt0.logic_op_enable || blends || wm != present)) {
      ++counts_.rt_reads;
    }
    if (out.write[i]) {
      ++counts_.rt_writes;
      image_.set(mem_addr(i, p.y, p.x, p.px.sample), out.texel[i]);
    }
  }
}

template <class G>
void Scoreboard::fill_random(Image& mem, G& rng) {
  Image::Writer out(image_);
  for (int i = 0; i < ref::kMaxRts; ++i) {
    const RtBind& b = state_.rt_bind[i];
    if (b.format == 0) continue;
    const FormatInfo* f = ref::find_format(b.format);
    if (f == nullptr) throw std::invalid_argument("fill_random: unsupported format");
    for (uint32_t y = 0; y < b.height; ++y) {
      for (uint32_t x = 0; x < b.width; ++x) {
        for (uint32_t s = 0; s < cfg_.samples; ++s) {
          ref::Texel t;
          for (int w = 0; w < 4; ++w)
            t.w[w] = static_cast<uint32_t>(rng()) & texel_word_mask(f->texel_bits, w);
          out.set(mem_addr(i, y, x, s), t);
        }
      }
    }
  }
  mem = image_;
}
template void Scoreboard::fill_random(Image& mem, std::mt19937_64& rng);
template void Scoreboard::fill_random(Image& mem, Mt64& rng);

template <class G>
void Scoreboard::fill_ds_random(Image& mem, G& rng, uint32_t w, uint32_t h) {
  Image::Writer out(ds_image_);
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) {
      for (uint32_t s = 0; s < cfg_.samples; ++s) {
        ref::Texel t;
        t.w[0] = static_cast<uint32_t>(rng());
        t.w[1] = static_cast<uint32_t>(rng()) & 0xFFu;
        out.set(mem_addr(0, y, x, s), t);
      }
    }
  }
  mem = ds_image_;
}
template void Scoreboard::fill_ds_random(Image& mem, std::mt19937_64& rng, uint32_t w, uint32_t h);
template void Scoreboard::fill_ds_random(Image& mem, Mt64& rng, uint32_t w, uint32_t h);

std::string diff_images(const Image& got, const Image& want, int max_report) {
  std::string out;
  int n = 0;
  int total = 0;
  got.diff(want, [&](MemAddr a, const ref::Texel& tg, const ref::Texel& tw) {
    ++total;
    if (n++ >= max_report) return;
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "rt %u (%u,%u) s %u: rtl %08X_%08X_%08X_%08X ref %08X_%08X_%08X_%08X\n",
                  mem_addr_rt(a), mem_addr_x(a), mem_addr_y(a), mem_addr_s(a), tg.w[3], tg.w[2],
                  tg.w[1], tg.w[0], tw.w[3], tw.w[2], tw.w[1], tw.w[0]);
    out += buf;
  });
  if (total > 0) out += std::to_string(total) + " texel(s) differ\n";
  return out;
}

}  // namespace om::cosim

#include "scoreboard.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <stdexcept>
#include <vector>

#include "om/gen/regs.h"
#include "om/ref/rt_op.h"

namespace om::tb {
namespace {

void write_reg(TopHarness& h, uint32_t addr, uint32_t value) {
  if (h.apb_write(addr, value)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "PSLVERR writing 0x%03X", addr);
    throw std::runtime_error(buf);
  }
}

uint32_t u(bool b) { return b ? 1u : 0u; }

// Bit mask of the low `bits` bits of a 128-bit texel, word `w`.
uint32_t texel_word_mask(int bits, int w) {
  const int lo = 32 * w;
  if (bits <= lo) return 0;
  if (bits >= lo + 32) return ~0u;
  return (1u << (bits - lo)) - 1u;
}

}  // namespace

void program_state(TopHarness& h, const DrawState& s) {
  namespace r = om::regs;
  write_reg(h, r::kCtrl,
            r::ctrl::kAlphaToCoverageEnable.put(
                r::ctrl::kIndependentBlendEnable.put(0, u(s.blend.independent_blend_enable)),
                u(s.blend.alpha_to_coverage_enable)));
  write_reg(h, r::kSampleMask, s.sample_mask);
  for (uint32_t c = 0; c < 4; ++c) write_reg(h, r::blend_factor_offset(c), s.k[c]);
  uint32_t at = r::alpha_test::kEnable.put(0, u(s.d3d9.alpha_test_enable));
  at = r::alpha_test::kFunc.put(at, static_cast<uint32_t>(s.d3d9.alpha_func));
  at = r::alpha_test::kRef.put(at, s.d3d9.alpha_ref);
  write_reg(h, r::kAlphaTest, at);
  write_reg(h, r::kFog, r::fog::kEnable.put(0, u(s.d3d9.fog_enable)));
  for (uint32_t c = 0; c < 3; ++c) write_reg(h, r::fog_color_offset(c), s.d3d9.fog_color[c]);
  write_reg(h, r::kPsOutputs, r::ps_outputs::kDeclared.put(0, s.ps_outputs));
  for (uint32_t i = 0; i < ref::kMaxRts; ++i) {
    const ref::RtBlendDesc& d = s.blend.render_target[i];
    write_reg(h, r::rt_format_offset(i), r::rt_format::kDxgi.put(0, s.rt[i].format));
    write_reg(h, r::rt_size_offset(i),
              r::rt_size::kHeight.put(r::rt_size::kWidth.put(0, s.rt[i].width), s.rt[i].height));
    uint32_t b = 0;
    b = r::rt_blend::kSrcBlend.put(b, static_cast<uint32_t>(d.src_blend));
    b = r::rt_blend::kDestBlend.put(b, static_cast<uint32_t>(d.dest_blend));
    b = r::rt_blend::kBlendOp.put(b, static_cast<uint32_t>(d.blend_op));
    b = r::rt_blend::kSrcBlendAlpha.put(b, static_cast<uint32_t>(d.src_blend_alpha));
    b = r::rt_blend::kDestBlendAlpha.put(b, static_cast<uint32_t>(d.dest_blend_alpha));
    b = r::rt_blend::kBlendOpAlpha.put(b, static_cast<uint32_t>(d.blend_op_alpha));
    b = r::rt_blend::kBlendEnable.put(b, u(d.blend_enable));
    write_reg(h, r::rt_blend_offset(i), b);
    uint32_t l = r::rt_logic::kLogicOpEnable.put(0, u(d.logic_op_enable));
    l = r::rt_logic::kLogicOp.put(l, static_cast<uint32_t>(d.logic_op));
    l = r::rt_logic::kWriteMask.put(l, d.render_target_write_mask);
    write_reg(h, r::rt_logic_offset(i), l);
  }
}

Scoreboard::Scoreboard(int cfg_index) : cfg_(kConfigs[cfg_index]) {
  if (cfg_index < 0 || cfg_index >= kNumConfigs) {
    throw std::out_of_range("Scoreboard: configuration " + std::to_string(cfg_index));
  }
}

ref::PixelState Scoreboard::ref_state(uint32_t x, uint32_t y) const {
  ref::PixelState ps;
  ps.blend = state_.blend;
  ps.blend_factor = state_.k;
  ps.sample_mask = state_.sample_mask;
  ps.ps_outputs = state_.ps_outputs;
  ps.d3d9 = state_.d3d9;
  ps.gamma_space = cfg_.fl_index <= 2;  // FL 9_x
  ps.fl_index = cfg_.fl_index;
  for (int i = 0; i < ref::kMaxRts; ++i) {
    const RtBinding& b = state_.rt[i];
    if (b.format == 0 || i >= cfg_.max_rts || x >= b.width || y >= b.height) continue;
    ps.rt_format[i] = ref::find_format(b.format);
    if (ps.rt_format[i] == nullptr) {
      throw std::invalid_argument("Scoreboard: unsupported format " + std::to_string(b.format));
    }
  }
  return ps;
}

void Scoreboard::apply(const TbPixel& p) {
  const ref::PixelState ps = ref_state(p.x, p.y);
  const ref::PixelIn& px = p.px;
  std::array<ref::Texel, ref::kMaxRts> dest{};
  for (int i = 0; i < ref::kMaxRts; ++i) {
    if (ps.rt_format[i] == nullptr) continue;
    auto it = image_.find(mem_addr(i, p.y, p.x));
    if (it != image_.end()) dest[i] = it->second;
  }
  const ref::PixelOut out = ref::process_pixel(ps, px, dest);
  ++counts_.pixels_in;
  if (!out.covered) ++counts_.killed;
  if (!out.covered) return;
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
      image_[mem_addr(i, p.y, p.x)] = out.texel[i];
    }
  }
}

void Scoreboard::fill_random(MemModel& mem, std::mt19937_64& rng) {
  for (int i = 0; i < ref::kMaxRts; ++i) {
    const RtBinding& b = state_.rt[i];
    if (b.format == 0) continue;
    const FormatInfo* f = ref::find_format(b.format);
    if (f == nullptr) throw std::invalid_argument("fill_random: unsupported format");
    for (uint32_t y = 0; y < b.height; ++y) {
      for (uint32_t x = 0; x < b.width; ++x) {
        ref::Texel t;
        for (int w = 0; w < 4; ++w)
          t.w[w] = static_cast<uint32_t>(rng()) & texel_word_mask(f->texel_bits, w);
        image_[mem_addr(i, y, x)] = t;
        mem.image()[mem_addr(i, y, x)] = t;
      }
    }
  }
}

std::string diff_images(const Image& got, const Image& want, int max_report) {
  std::set<uint32_t> addrs;
  for (const auto& kv : got) addrs.insert(kv.first);
  for (const auto& kv : want) addrs.insert(kv.first);
  std::string out;
  int n = 0;
  int total = 0;
  for (uint32_t a : addrs) {
    auto g = got.find(a);
    auto w = want.find(a);
    const ref::Texel tg = g == got.end() ? ref::Texel{} : g->second;
    const ref::Texel tw = w == want.end() ? ref::Texel{} : w->second;
    if (tg == tw) continue;
    ++total;
    if (n++ >= max_report) continue;
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "rt %u (%u,%u): rtl %08X_%08X_%08X_%08X ref %08X_%08X_%08X_%08X\n",
                  mem_addr_rt(a), mem_addr_x(a), mem_addr_y(a), tg.w[3], tg.w[2], tg.w[1], tg.w[0],
                  tw.w[3], tw.w[2], tw.w[1], tw.w[0]);
    out += buf;
  }
  if (total > 0) out += std::to_string(total) + " texel(s) differ\n";
  return out;
}

}  // namespace om::tb

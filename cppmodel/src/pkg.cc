// SPDX-License-Identifier: Apache-2.0
#include "om/pkg.h"

#include <algorithm>
#include <tuple>

namespace om {
namespace {

// Fills a packed image from its least significant bit upwards: the RTL declares packed fields most
// significant first, so callers append them in reverse declaration order.
template <size_t N>
class BitWriter {
 public:
  void put(uint32_t value, int width) {
    const uint64_t v = width >= 32 ? value : (value & ((1u << width) - 1u));
    for (int done = 0; done < width;) {
      const int word = pos_ / 32;
      const int off = pos_ % 32;
      const int n = std::min(width - done, 32 - off);
      const uint64_t chunk = (v >> done) & ((uint64_t{1} << n) - 1u);
      bits_[word] |= static_cast<uint32_t>(chunk << off);
      done += n;
      pos_ += n;
    }
  }
  void put(bool b) { put(b ? 1u : 0u, 1); }
  int pos() const { return pos_; }
  const std::array<uint32_t, N>& bits() const { return bits_; }

 private:
  std::array<uint32_t, N> bits_{};
  int pos_ = 0;
};

auto tie(const RtDesc& d) {
  return std::tie(d.blend_enable, d.src_blend, d.dest_blend, d.blend_op, d.src_blend_alpha,
                  d.dest_blend_alpha, d.blend_op_alpha, d.logic_op_enable, d.logic_op,
                  d.write_mask);
}
auto tie(const RtBind& b) { return std::tie(b.format, b.width, b.height); }
auto tie(const CfgInfo& c) {
  return std::tie(c.fl_code, c.fl_index, c.max_rts, c.logic_op, c.d3d9_options1, c.d3d9_num_rts,
                  c.pmisc, c.src_blend_caps, c.dest_blend_caps);
}

}  // namespace

CfgInfo cfg_info(uint32_t idx) {
  CfgInfo c;
  if (idx >= static_cast<uint32_t>(kNumConfigs)) return c;
  const ConfigInfo& k = kConfigs[idx];
  c.fl_code = static_cast<uint32_t>(k.fl) >> 8;
  c.fl_index = k.fl_index;
  c.max_rts = k.max_rts;
  c.logic_op = k.logic_op;
  c.d3d9_options1 = k.d3d9_options1;
  c.d3d9_num_rts = k.d3d9_num_rts;
  c.pmisc = k.pmisc;
  c.src_blend_caps = k.src_blend_caps;
  c.dest_blend_caps = k.dest_blend_caps;
  return c;
}

StateBits pack(const State& s) {
  BitWriter<std::tuple_size<StateBits>::value> w;
  // rt_bind [MaxRts-1:0]: element 0 least significant; rt_bind_t {format, width, height}.
  for (int i = 0; i < kPkgMaxRts; ++i) {
    const RtBind& b = s.rt_bind[i];
    w.put(b.height, 15);
    w.put(b.width, 15);
    w.put(b.format, 8);
  }
  for (int i = 0; i < kPkgMaxRts; ++i) {
    const RtDesc& d = s.rt_desc[i];
    w.put(d.write_mask, 4);
    w.put(d.logic_op, 4);
    w.put(d.logic_op_enable);
    w.put(d.blend_op_alpha, 3);
    w.put(d.dest_blend_alpha, 5);
    w.put(d.src_blend_alpha, 5);
    w.put(d.blend_op, 3);
    w.put(d.dest_blend, 5);
    w.put(d.src_blend, 5);
    w.put(d.blend_enable);
  }
  for (int i = 0; i < kPkgMaxRts; ++i) w.put(s.ps_output_type[i], 2);
  w.put(s.ps_outputs, 8);
  for (int c = 0; c < 3; ++c) w.put(s.fog_color[c], 32);
  w.put(s.fog_enable);
  w.put(s.alpha_ref, 8);
  w.put(s.alpha_func, 4);
  w.put(s.alpha_test_enable);
  for (int c = 0; c < 4; ++c) w.put(s.blend_factor[c], 32);
  w.put(s.sample_mask, 32);
  w.put(s.alpha_to_coverage_enable);
  w.put(s.independent_blend_enable);
  return w.bits();
}

CfgInfoBits pack(const CfgInfo& c) {
  BitWriter<std::tuple_size<CfgInfoBits>::value> w;
  w.put(c.dest_blend_caps, 16);
  w.put(c.src_blend_caps, 16);
  w.put(c.pmisc, 32);
  w.put(c.d3d9_num_rts, 3);
  w.put(c.d3d9_options1, 4);
  w.put(c.logic_op);
  w.put(c.max_rts, 4);
  w.put(c.fl_index, 3);
  w.put(c.fl_code, 8);
  return w.bits();
}

bool operator==(const RtDesc& a, const RtDesc& b) { return tie(a) == tie(b); }
bool operator!=(const RtDesc& a, const RtDesc& b) { return !(a == b); }
bool operator==(const RtBind& a, const RtBind& b) { return tie(a) == tie(b); }
bool operator!=(const RtBind& a, const RtBind& b) { return !(a == b); }
bool operator==(const State& a, const State& b) {
  return std::tie(a.independent_blend_enable, a.alpha_to_coverage_enable, a.sample_mask,
                  a.blend_factor, a.alpha_test_enable, a.alpha_func, a.alpha_ref, a.fog_enable,
                  a.fog_color, a.ps_outputs, a.ps_output_type, a.rt_desc, a.rt_bind) ==
         std::tie(b.independent_blend_enable, b.alpha_to_coverage_enable, b.sample_mask,
                  b.blend_factor, b.alpha_test_enable, b.alpha_func, b.alpha_ref, b.fog_enable,
                  b.fog_color, b.ps_outputs, b.ps_output_type, b.rt_desc, b.rt_bind);
}
bool operator!=(const State& a, const State& b) { return !(a == b); }
bool operator==(const CfgInfo& a, const CfgInfo& b) { return tie(a) == tie(b); }
bool operator!=(const CfgInfo& a, const CfgInfo& b) { return !(a == b); }

}  // namespace om

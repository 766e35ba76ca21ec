// SPDX-License-Identifier: Apache-2.0
#include "om/sim/txn_waves.h"

#include <cmath>
#include <cstring>
#include <string>

#include "om/ref/convert.h"

namespace om::sim {
namespace {

constexpr const char* kChannels[4] = {"r", "g", "b", "a"};

// A component as the blender sees it: binary32 bits for float and norm classes, integers for UINT
// and SINT (docs/arithmetic.md §3).
double component(const FormatInfo* f, uint32_t v) {
  if (f == nullptr) return std::nan("");
  if (f->cls == FormatClass::UINT) return v;
  if (f->cls == FormatClass::SINT) return static_cast<int32_t>(v);
  float x;
  std::memcpy(&x, &v, sizeof x);
  return x;
}

std::array<double, 4> texel(const FormatInfo* f, const ref::Texel& t) {
  std::array<double, 4> out;
  out.fill(std::nan(""));
  if (f == nullptr) return out;
  const ref::Vec4 v = ref::unpack(*f, ref::texel_to_raw(*f, t));
  for (int c = 0; c < 4; ++c) out[c] = component(f, v[c]);
  return out;
}

}  // namespace

void TxnWaves::declare() {
  w_.push_scope("txn");
  valid_ = w_.var("valid", 1);
  x_ = w_.var("x", kCoordW);
  y_ = w_.var("y", kCoordW);
  rt_ = w_.var("rt", 3);
  format_ = w_.var("format", 8, &gen::kFormatEnum);
  for (int c = 0; c < 4; ++c) s_[c] = w_.real(std::string("s_") + kChannels[c]);
  for (int c = 0; c < 4; ++c) d_[c] = w_.real(std::string("d_") + kChannels[c]);
  for (int c = 0; c < 4; ++c) result_[c] = w_.real(std::string("result_") + kChannels[c]);
  w_.pop_scope();
}

void TxnWaves::dump(const TopTaps& t, const State& state) {
  const bool leave = t.dp_valid && t.wr_ready;
  if (leave || was_valid_) w_.set(valid_, 1, leave);
  was_valid_ = leave;
  if (leave) {
    const auto it = in_flight_.find(t.dp_addr);
    if (it != in_flight_.end()) {
      const Entry& e = it->second;
      w_.set(x_, kCoordW, mem_addr_x(t.dp_addr));
      w_.set(y_, kCoordW, mem_addr_y(t.dp_addr));
      w_.set(rt_, 3, mem_addr_rt(t.dp_addr));
      w_.set(format_, 8, e.format);
      const std::array<double, 4> r = texel(ref::find_format(e.format), t.dp_texel);
      for (int c = 0; c < 4; ++c) {
        w_.set_real(s_[c], e.s[c]);
        w_.set_real(d_[c], e.d[c]);
        w_.set_real(result_[c], r[c]);
      }
      in_flight_.erase(it);
    }
  }
  if (t.rd_valid && t.dp_en) {
    const MemAddr addr = t.rd_op.op.addr;
    Entry e;
    e.format = state.rt_bind[mem_addr_rt(addr)].format;
    const FormatInfo* f = ref::find_format(e.format);
    for (int c = 0; c < 4; ++c) e.s[c] = component(f, t.rd_op.op.s[c]);
    e.d = texel(f, t.rd_op.dst);
    in_flight_[addr] = e;
  }
}

}  // namespace om::sim

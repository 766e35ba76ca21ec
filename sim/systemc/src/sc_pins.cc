// SPDX-License-Identifier: Apache-2.0
#include "om/sim/systemc/sc_pins.h"

namespace om::sim::systemc {
namespace {

// Reads fields from the least significant bit upwards: the reverse of om::pack_pixel's writer
// (pixel_t declares its fields most significant first, so they come out in reverse order).
class PixelReader {
 public:
  explicit PixelReader(const PixelBits& bits) : bits_(bits) {}
  uint32_t get(int width) {
    const int word = pos_ / 32;
    const int off = pos_ % 32;
    uint64_t v = bits_[word] >> off;
    if (off + width > 32) v |= static_cast<uint64_t>(bits_[word + 1]) << (32 - off);
    pos_ += width;
    return width >= 32 ? static_cast<uint32_t>(v) : static_cast<uint32_t>(v & ((1u << width) - 1u));
  }

 private:
  const PixelBits& bits_;
  int pos_ = 0;
};

}  // namespace

Pixel unpack_pixel(const PixelBits& bits) {
  PixelReader r(bits);
  Pixel p;
  for (int i = 0; i < kPkgMaxRts; ++i) {
    for (int c = 0; c < 4; ++c) p.oc[i][c] = r.get(32);
  }
  for (int c = 0; c < 4; ++c) p.oc1[c] = r.get(32);
  p.fog = r.get(32);
  p.coverage = r.get(1) != 0;
  p.y = r.get(kCoordW);
  p.x = r.get(kCoordW);
  p.cmd = r.get(1) != 0 ? Cmd::kClear : Cmd::kDraw;
  return p;
}

void to_bv(const PixelBits& bits, PixelBv& bv) {
  for (size_t i = 0; i < bits.size(); ++i) bv.set_word(static_cast<int>(i), bits[i]);
}

PixelBits pixel_bits(const PixelBv& bv) {
  PixelBits bits;
  for (size_t i = 0; i < bits.size(); ++i) bits[i] = bv.get_word(static_cast<int>(i));
  return bits;
}

void to_bv(const ref::Texel& t, TexelBv& bv) {
  for (int i = 0; i < 4; ++i) bv.set_word(i, t.w[i]);
}

ref::Texel texel(const TexelBv& bv) {
  ref::Texel t;
  for (int i = 0; i < 4; ++i) t.w[i] = bv.get_word(i);
  return t;
}

void to_bv(const Perf& p, PerfBv& bv) {
  bv.set_word(0, p.killed);
  bv.set_word(1, p.mem_stalls);
  bv.set_word(2, p.hazard_stalls);
  bv.set_word(3, p.rt_writes);
  bv.set_word(4, p.rt_reads);
  bv.set_word(5, p.pixels_in);
  bv.set_word(6, p.busy ? 1u : 0u);
}

Perf perf(const PerfBv& bv) {
  Perf p;
  p.killed = bv.get_word(0);
  p.mem_stalls = bv.get_word(1);
  p.hazard_stalls = bv.get_word(2);
  p.rt_writes = bv.get_word(3);
  p.rt_reads = bv.get_word(4);
  p.pixels_in = bv.get_word(5);
  p.busy = (bv.get_word(6) & 1u) != 0;
  return p;
}

}  // namespace om::sim::systemc

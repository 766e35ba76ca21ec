// SPDX-License-Identifier: Apache-2.0
#include "om/sim/systemc/sc_pins.h"

namespace om::sim::systemc {
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
  const PerfBits bits = pack(p);
  for (size_t i = 0; i < bits.size(); ++i) bv.set_word(static_cast<int>(i), bits[i]);
}

Perf perf(const PerfBv& bv) {
  PerfBits bits;
  for (size_t i = 0; i < bits.size(); ++i) bits[i] = bv.get_word(static_cast<int>(i));
  return unpack_perf(bits);
}

}  // namespace om::sim::systemc

// sRGB component conversions (spec §4.4 steps 1 and 5, §4.5, §11 #4).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>
#include <string>

#include "om/ref/convert.h"
#include "om/ref/fp32.h"

namespace om::ref {

uint32_t srgb_to_f32(uint32_t code) {
  if (code > 255) {
    throw std::out_of_range("srgb_to_f32: code " + std::to_string(code) +
                            " does not fit in 8 bits");
  }
  return kSrgbDecodeLut[code];
}

uint32_t f32_to_srgb(uint32_t f) {
  const uint32_t x = f32_clamp(f, kF32Zero, kF32One);
  if (f32_sign(x)) return 0;  // -0: bit patterns of non-negative values order like the values
  // Code = number of thresholds T[k-1] <= x (T is increasing).
  return static_cast<uint32_t>(
      std::upper_bound(std::begin(kSrgbEncodeThresholds), std::end(kSrgbEncodeThresholds), x) -
      std::begin(kSrgbEncodeThresholds));
}

uint32_t f32_srgb_encode_unquantised(uint32_t f) {
  const uint32_t x = f32_clamp(f, kF32Zero, kF32One);
  const long double c = f32_value(x);
  long double s;
  if (c <= 0.0031308L) {
    s = 12.92L * c;
  } else {
    s = 1.055L * std::pow(c, 1.0L / 2.4L) - 0.055L;
  }
  return f32_bits(static_cast<float>(s));
}

}  // namespace om::ref

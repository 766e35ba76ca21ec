// SPDX-License-Identifier: Apache-2.0
// Format lookup, texel bit-field access, and whole-texel unpack/pack (docs/arithmetic.md §6, §8;
// docs/behaviour.md §11 #11).
#include "om/ref/convert.h"

#include <array>
#include <cctype>
#include <stdexcept>
#include <string>

#include "om/ref/fp32.h"

namespace om::ref {
namespace {

constexpr std::string_view kDxgiPrefix = "DXGI_FORMAT_";

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) !=
        std::toupper(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

uint32_t low_mask(int bits) { return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u; }

// Bit field [offset, offset + bits) of a 128-bit little-endian texel; bits <= 32, may straddle
// words.
uint32_t get_field(const Texel& t, int offset, int bits) {
  const int word = offset / 32;
  const int shift = offset % 32;
  uint64_t pair = t.w[word];
  if (word + 1 < 4) pair |= static_cast<uint64_t>(t.w[word + 1]) << 32;
  return static_cast<uint32_t>(pair >> shift) & low_mask(bits);
}

// ORs the field into t, whose bits there are zero.
void or_field(Texel& t, int offset, int bits, uint32_t value) {
  const int word = offset / 32;
  const uint64_t field = static_cast<uint64_t>(value & low_mask(bits)) << (offset % 32);
  t.w[word] |= static_cast<uint32_t>(field);
  if (word + 1 < 4) t.w[word + 1] |= static_cast<uint32_t>(field >> 32);
}

[[noreturn]] void bad_float_width(const FormatInfo& f, int bits) {
  throw std::invalid_argument(std::string("format ") + f.name + ": no float conversion for a " +
                              std::to_string(bits) + "-bit channel");
}

uint32_t unpack_component(const FormatInfo& f, int ch, uint32_t raw) {
  const int bits = f.ch[ch].bits;
  switch (f.cls) {
    case FormatClass::UNORM:
      return unorm_to_f32(raw, bits);
    case FormatClass::UNORM_SRGB:
      return ch == 3 ? unorm_to_f32(raw, bits) : srgb_to_f32(raw);
    case FormatClass::SNORM:
      return snorm_to_f32(raw, bits);
    case FormatClass::FLOAT:
      switch (bits) {
        case 32:
          return raw;  // pure data move: denormals and NaN payloads survive (docs/arithmetic.md §6)
        case 16:
          return f16_to_f32(raw);
        case 11:
          return f11_to_f32(raw);
        case 10:
          return f10_to_f32(raw);
        default:
          bad_float_width(f, bits);
      }
    case FormatClass::UINT:
      return raw;
    case FormatClass::SINT: {
      const int sh = 32 - bits;
      return static_cast<uint32_t>(static_cast<int32_t>(raw << sh) >> sh);
    }
  }
  throw std::invalid_argument(std::string("format ") + f.name + ": unknown format class");
}

uint32_t pack_component(const FormatInfo& f, int ch, uint32_t v) {
  const int bits = f.ch[ch].bits;
  switch (f.cls) {
    case FormatClass::UNORM:
      return f32_to_unorm(v, bits);
    case FormatClass::UNORM_SRGB:
      return ch == 3 ? f32_to_unorm(v, bits) : f32_to_srgb(v);
    case FormatClass::SNORM:
      return f32_to_snorm(v, bits);
    case FormatClass::FLOAT:
      switch (bits) {
        case 32:
          return v;  // bit copy (docs/arithmetic.md §6)
        case 16:
          return f32_to_f16(v);
        case 11:
          return f32_to_f11(v);
        case 10:
          return f32_to_f10(v);
        default:
          bad_float_width(f, bits);
      }
    case FormatClass::UINT:
      return v > low_mask(bits) ? low_mask(bits) : v;
    case FormatClass::SINT: {
      const int64_t lo = -(int64_t{1} << (bits - 1));
      const int64_t hi = (int64_t{1} << (bits - 1)) - 1;
      int64_t s = static_cast<int32_t>(v);
      s = s < lo ? lo : (s > hi ? hi : s);
      return static_cast<uint32_t>(s) & low_mask(bits);
    }
  }
  throw std::invalid_argument(std::string("format ") + f.name + ": unknown format class");
}

}  // namespace

const FormatInfo* find_format(uint32_t dxgi) {
  // Indexed by value below 256 (every DXGI format of the table; the harness and the model look
  // formats up per pixel and per op), built once from the table.
  static const std::array<const FormatInfo*, 256> kByValue = [] {
    std::array<const FormatInfo*, 256> t{};
    for (const FormatInfo& f : kFormatInfo) {
      const uint32_t v = static_cast<uint32_t>(f.format);
      if (v < t.size() && t[v] == nullptr) t[v] = &f;
    }
    return t;
  }();
  if (dxgi < kByValue.size()) return kByValue[dxgi];
  for (const FormatInfo& f : kFormatInfo) {
    if (static_cast<uint32_t>(f.format) == dxgi) return &f;
  }
  return nullptr;
}

const FormatInfo* find_format(std::string_view name) {
  if (name.size() > kDxgiPrefix.size() &&
      equal_ignoring_case(name.substr(0, kDxgiPrefix.size()), kDxgiPrefix)) {
    name.remove_prefix(kDxgiPrefix.size());
  }
  for (const FormatInfo& f : kFormatInfo) {
    if (equal_ignoring_case(name, f.name)) return &f;
  }
  return nullptr;
}

Raw4 texel_to_raw(const FormatInfo& f, const Texel& t) {
  Raw4 r{};
  for (int ch = 0; ch < 4; ++ch) {
    if (f.ch[ch].bits != 0) r[ch] = get_field(t, f.ch[ch].offset, f.ch[ch].bits);
  }
  return r;
}

Texel raw_to_texel(const FormatInfo& f, const Raw4& r) {
  // A format's fields are disjoint (the format table's layout test) and t starts at zero.
  Texel t;
  for (int ch = 0; ch < 4; ++ch) {
    if (f.ch[ch].bits != 0) or_field(t, f.ch[ch].offset, f.ch[ch].bits, r[ch]);
  }
  if (f.x.bits != 0) or_field(t, f.x.offset, f.x.bits, 0xFFFFFFFFu);
  return t;
}

Vec4 unpack(const FormatInfo& f, const Raw4& raw) {
  const bool integer = f.cls == FormatClass::UINT || f.cls == FormatClass::SINT;
  Vec4 v{kF32Zero, kF32Zero, kF32Zero, integer ? 1u : kF32One};
  for (int ch = 0; ch < 4; ++ch) {
    const int bits = f.ch[ch].bits;
    if (bits == 0) continue;
    if ((raw[ch] & ~low_mask(bits)) != 0) {
      throw std::out_of_range(std::string("unpack ") + f.name + ": channel " + "RGBA"[ch] +
                              " value " + std::to_string(raw[ch]) + " does not fit in " +
                              std::to_string(bits) + " bits");
    }
    v[ch] = unpack_component(f, ch, raw[ch]);
  }
  return v;
}

Raw4 pack(const FormatInfo& f, const Vec4& v) {
  Raw4 r{};
  for (int ch = 0; ch < 4; ++ch) {
    if (f.ch[ch].bits != 0) r[ch] = pack_component(f, ch, v[ch]);
  }
  return r;
}

}  // namespace om::ref

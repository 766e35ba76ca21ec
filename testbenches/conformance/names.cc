// SPDX-License-Identifier: Apache-2.0
#include "names.h"

#include <array>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace om::conformance {
namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

/// Upper case without underscores: the form enum names are compared in.
std::string squash(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c != '_') out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

bool strip_prefix(std::string& s, std::string_view prefix) {
  if (s.size() > prefix.size() && s.compare(0, prefix.size(), prefix) == 0) {
    s.erase(0, prefix.size());
    return true;
  }
  return false;
}

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

// Vulkan names that differ from the generic rule (FLOAT -> SFLOAT, UNORM_SRGB -> SRGB) or have no
// equivalent.
struct VkAlias {
  Format dxgi;
  const char* vk;
};
constexpr VkAlias kVkAliases[] = {
    {Format::R10G10B10A2_UNORM, "A2B10G10R10_UNORM_PACK32"},
    {Format::R10G10B10A2_UINT, "A2B10G10R10_UINT_PACK32"},
    {Format::R11G11B10_FLOAT, "B10G11R11_UFLOAT_PACK32"},
    {Format::A8_UNORM, "A8_UNORM_KHR"},
    {Format::B5G6R5_UNORM, "R5G6B5_UNORM_PACK16"},
    {Format::B5G5R5A1_UNORM, "A1R5G5B5_UNORM_PACK16"},
    {Format::B4G4R4A4_UNORM, "A4R4G4B4_UNORM_PACK16"},
    {Format::B8G8R8X8_UNORM, ""},
    {Format::B8G8R8X8_UNORM_SRGB, ""},
};

std::string without_pack_suffix(std::string s) {
  for (const char* suffix : {"_PACK32", "_PACK16", "_KHR"}) {
    size_t n = std::strlen(suffix);
    if (s.size() > n && s.compare(s.size() - n, n, suffix) == 0) return s.substr(0, s.size() - n);
  }
  return s;
}

// The enum value whose D3D spelling (om/gen/defs.h to_string) squashes to `key`.
template <typename E, size_t N>
E lookup(const char* what, std::string_view text, const std::string& key,
         const std::array<E, N>& values) {
  for (E v : values) {
    if (squash(to_string(v)) == key) return v;
  }
  throw std::invalid_argument(std::string("unknown ") + what + " " + quoted(text));
}

}  // namespace

const FormatInfo* parse_format(std::string_view name) {
  std::string key = upper(name);
  if (!strip_prefix(key, "DXGI_FORMAT_")) strip_prefix(key, "VK_FORMAT_");
  if (key == "NONE" || key == "UNKNOWN" || key == "UNDEFINED") return nullptr;
  for (const FormatInfo& f : kFormatInfo) {
    if (key == f.name) return &f;
  }
  for (const FormatInfo& f : kFormatInfo) {
    std::string vk = vulkan_format_name(f);
    if (!vk.empty() && (key == vk || key == without_pack_suffix(vk))) return &f;
  }
  throw std::invalid_argument("unknown or unsupported format " + quoted(name));
}

std::string vulkan_format_name(const FormatInfo& f) {
  for (const VkAlias& a : kVkAliases) {
    if (a.dxgi == f.format) return a.vk;
  }
  std::string s = f.name;
  size_t p = s.rfind("_UNORM_SRGB");
  if (p != std::string::npos) return s.substr(0, p) + "_SRGB";
  p = s.rfind("_FLOAT");
  if (p != std::string::npos && p + 6 == s.size()) return s.substr(0, p) + "_SFLOAT";
  return s;
}

Blend parse_blend(std::string_view name) {
  std::string key = squash(name);
  strip_prefix(key, "D3D11BLEND");
  return lookup("blend factor", name, key, kAllBlend);
}

Blend blend_from_number(int64_t v) {
  if (v < 1 || v > 19 || !is_valid_blend(static_cast<uint32_t>(v))) {
    throw std::invalid_argument("blend factor " + std::to_string(v) +
                                " is not a D3D11_BLEND value (1..11, 14..19)");
  }
  return static_cast<Blend>(v);
}

BlendOp parse_blend_op(std::string_view name) {
  std::string key = squash(name);
  strip_prefix(key, "D3D11BLENDOP");
  return lookup("blend op", name, key, kAllBlendOp);
}

BlendOp blend_op_from_number(int64_t v) {
  if (v < 1 || v > 5) {
    throw std::invalid_argument("blend op " + std::to_string(v) +
                                " is not a D3D11_BLEND_OP value (1..5)");
  }
  return static_cast<BlendOp>(v);
}

LogicOp parse_logic_op(std::string_view name) {
  std::string key = squash(name);
  if (!strip_prefix(key, "D3D11LOGICOP")) strip_prefix(key, "LOGICOP");
  return lookup("logic op", name, key, kAllLogicOp);
}

LogicOp logic_op_from_number(int64_t v) {
  if (v < 0 || v > 15) {
    throw std::invalid_argument("logic op " + std::to_string(v) +
                                " is not a D3D11_LOGIC_OP value (0..15)");
  }
  return static_cast<LogicOp>(v);
}

uint32_t parse_write_mask(std::string_view text) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    uint64_t v = parse_hex(text, 64);
    if (v > 15) throw std::invalid_argument("write mask " + quoted(text) + " is above 0xF");
    return static_cast<uint32_t>(v);
  }
  std::string key = upper(text);
  if (key == "ALL") return 0xF;
  if (key == "NONE" || key == "0") return 0;
  uint32_t mask = 0;
  for (char c : key) {
    uint32_t bit = c == 'R' ? 1u : c == 'G' ? 2u : c == 'B' ? 4u : c == 'A' ? 8u : 0u;
    if (bit == 0 || (mask & bit) != 0) {
      throw std::invalid_argument("write mask " + quoted(text) +
                                  " is not 0..15, \"0x..\", \"ALL\" or distinct letters RGBA");
    }
    mask |= bit;
  }
  if (mask == 0) throw std::invalid_argument("empty write mask string");
  return mask;
}

std::array<uint32_t, 4> parse_hex_words(std::string_view text, int max_bits) {
  if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) {
    throw std::invalid_argument("expected a \"0x...\" hex string, got " + quoted(text));
  }
  std::string_view digits = text.substr(2);
  size_t first = digits.find_first_not_of('0');
  digits = first == std::string_view::npos ? std::string_view() : digits.substr(first);
  auto too_wide = [&] {
    return std::invalid_argument("hex value " + quoted(text) + " does not fit in " +
                                 std::to_string(max_bits) + " bits");
  };
  if (digits.size() > 32) throw too_wide();
  std::array<uint32_t, 4> w{};
  for (char ch : text.substr(2)) {
    char c = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    bool dec = c >= '0' && c <= '9', hex = c >= 'a' && c <= 'f';
    if (!dec && !hex) throw std::invalid_argument("bad hex digit in " + quoted(text));
    uint32_t d = static_cast<uint32_t>(dec ? c - '0' : c - 'a' + 10);
    for (int k = 3; k > 0; --k) w[k] = (w[k] << 4) | (w[k - 1] >> 28);
    w[0] = (w[0] << 4) | d;
  }
  int width = 0;  // position of the highest set bit + 1
  for (int k = 3; k >= 0; --k) {
    if (w[k] != 0) {
      width = 32 * k + 32 - __builtin_clz(w[k]);
      break;
    }
  }
  if (width > max_bits) throw too_wide();
  return w;
}

uint64_t parse_hex(std::string_view text, int max_bits) {
  std::array<uint32_t, 4> w = parse_hex_words(text, max_bits > 64 ? 64 : max_bits);
  return (static_cast<uint64_t>(w[1]) << 32) | w[0];
}

uint32_t parse_float_literal(std::string_view text) {
  std::string s(text);
  if (s.empty() || std::isspace(static_cast<unsigned char>(s[0]))) {
    throw std::invalid_argument("bad float " + quoted(text));
  }
  errno = 0;
  char* end = nullptr;
  float f = std::strtof(s.c_str(), &end);
  if (end != s.c_str() + s.size()) throw std::invalid_argument("bad float " + quoted(text));
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;  // ERANGE is fine: strtof already returned the correctly rounded +/-0, denormal or
                // INF
}

uint32_t parse_float_string(std::string_view text) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    return static_cast<uint32_t>(parse_hex(text, 32));
  }
  std::string key = upper(text);
  bool neg = !key.empty() && key[0] == '-';
  std::string mag = (!key.empty() && (key[0] == '-' || key[0] == '+')) ? key.substr(1) : key;
  if (mag == "NAN") return neg ? 0xFFC00000u : 0x7FC00000u;
  if (mag == "INF" || mag == "INFINITY") return neg ? 0xFF800000u : 0x7F800000u;
  if (key.size() > 3 && (key[0] == '-' || key[0] == '+') && key[1] == '0' && key[2] == 'X') {
    throw std::invalid_argument("signed hex float " + quoted(text) + ": give the raw bits instead");
  }
  return parse_float_literal(text);
}

}  // namespace om::conformance

// SPDX-License-Identifier: Apache-2.0
// How divergence messages spell a port's or wire's values (used by the generated comparisons of
// om/gen/top_ports.h's structs): "name: a vs b", 1-bit values in decimal, others in hex.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "om/gen/types.h"

namespace om::port_fmt {

inline std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}
// A mem_addr_t or any wider value: at least mem_addr_t's digits, so two addresses that differ only
// above bit 31 (the rt field) print differently.
inline std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llx", (kMemAddrBits + 3) / 4,
                static_cast<unsigned long long>(v));
  return buf;
}
inline std::string dec(uint32_t v) { return std::to_string(v); }

inline std::string field(const char* name, const std::string& a, const std::string& b) {
  return std::string(name) + ": " + a + " vs " + b;
}

/// Bits [lsb, lsb + width) of a packed image as hex, most significant digit first.
inline std::string field_hex(const uint32_t* w, int lsb, int width) {
  std::string s = "0x";
  for (int d = (width + 3) / 4 - 1; d >= 0; --d) {
    uint32_t nib = 0;
    for (int b = 0; b < 4 && 4 * d + b < width; ++b) {
      const int bit = lsb + 4 * d + b;
      nib |= ((w[bit / 32] >> (bit % 32)) & 1u) << b;
    }
    s += "0123456789abcdef"[nib];
  }
  return s;
}

/// The first field (in the type's member order) in which two payloads differ, as "name.path: a vs
/// b", or "".
template <typename T, size_t N>
std::string payload_diff(const char* name, const T& a, const T& b,
                         const std::array<FieldInfo, N>& fields) {
  const auto pa = pack(a);
  const auto pb = pack(b);
  if (pa == pb) return "";
  for (size_t i = N; i-- > 0;) {
    const FieldInfo& f = fields[i];
    const std::string va = field_hex(pa.data(), f.lsb, f.width);
    const std::string vb = field_hex(pb.data(), f.lsb, f.width);
    if (va != vb) return field((std::string(name) + "." + f.path).c_str(), va, vb);
  }
  return "";
}

inline std::string flag_diff(const char* name, bool a, bool b) {
  return a == b ? "" : field(name, dec(a), dec(b));
}

}  // namespace om::port_fmt

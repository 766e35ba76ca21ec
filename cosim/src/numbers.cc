// SPDX-License-Identifier: Apache-2.0
#include "om/cosim/numbers.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace om::cosim {
namespace {

std::string quoted(const std::string& s) { return "'" + s + "'"; }

std::string real(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

uint64_t parse_uint(const std::string& what, const std::string& text, uint64_t lo, uint64_t hi) {
  // Built only for a message: stimulus files parse millions of numbers.
  const auto form = [lo, hi] {
    return "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
           " (decimal, or hexadecimal with 0x)";
  };
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex ? text.substr(2) : text;
  const char* allowed = hex ? "0123456789abcdefABCDEF" : "0123456789";
  if (digits.empty() || digits.find_first_not_of(allowed) != std::string::npos) {
    throw std::invalid_argument(what + ": " + quoted(text) + " is not " + form());
  }
  uint64_t v = 0;
  const uint64_t base = hex ? 16 : 10;
  for (char c : digits) {
    const uint64_t d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    if (v > (UINT64_MAX - d) / base) {
      throw std::invalid_argument(what + ": " + quoted(text) + " is too large: want " + form());
    }
    v = v * base + d;
  }
  if (v < lo || v > hi) {
    throw std::invalid_argument(what + ": " + quoted(text) + " is out of range: want " + form());
  }
  return v;
}

uint64_t parse_count(const std::string& text) {
  const std::string form = "a whole number from 1 to 1e12";
  const bool plain = !text.empty() &&
                     text.find_first_not_of("0123456789.eE+") == std::string::npos &&
                     text[0] != '+' && text[0] != '.';
  char* end = nullptr;
  const double v = plain ? std::strtod(text.c_str(), &end) : 0.0;
  if (!plain || end != text.c_str() + text.size()) {
    throw std::invalid_argument("'" + text + "' is not a number (want " + form + ")");
  }
  if (!(v >= 1) || v > 1e12 || v != std::floor(v)) {
    throw std::invalid_argument("'" + text + "' is not " + form);
  }
  return static_cast<uint64_t>(v);
}

double parse_real(const std::string& what, const std::string& text, double lo, double hi) {
  const std::string form = "a number from " + real(lo) + " to " + real(hi);
  const bool plain =
      !text.empty() && text.find_first_not_of("0123456789.eE+-") == std::string::npos;
  char* end = nullptr;
  const double v = plain ? std::strtod(text.c_str(), &end) : 0.0;
  if (!plain || end != text.c_str() + text.size() || !std::isfinite(v)) {
    throw std::invalid_argument(what + ": " + quoted(text) + " is not " + form);
  }
  if (v < lo || v > hi) {
    throw std::invalid_argument(what + ": " + quoted(text) + " is out of range: want " + form);
  }
  return v;
}

}  // namespace om::cosim

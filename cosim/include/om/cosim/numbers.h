// SPDX-License-Identifier: Apache-2.0
// The one parser of numbers given on a command line or in an environment variable. Every parser
// takes the whole text or throws std::invalid_argument naming the option (`what`), the text and
// the accepted form: no sign, no trailing characters, no silent wrap or truncation.
#pragma once

#include <cstdint>
#include <string>

namespace om::cosim {

/// A whole number in [lo, hi]: decimal ("42", leading zeros are decimal: "08" = 8) or hexadecimal
/// with 0x ("0x2a").
uint64_t parse_uint(const std::string& what, const std::string& text, uint64_t lo, uint64_t hi);

/// A cycle count: decimal ("100000") or scientific ("1e6", "2.5e5") notation, a whole number from
/// 1 to 1e12.
uint64_t parse_count(const std::string& text);

/// A finite decimal number in [lo, hi] ("99.5", "1e2"); nan and inf are rejected.
double parse_real(const std::string& what, const std::string& text, double lo, double hi);

}  // namespace om::cosim

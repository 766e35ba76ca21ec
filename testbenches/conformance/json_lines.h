// SPDX-License-Identifier: Apache-2.0
// JSON Lines input for the conformance files: plain or gzip-compressed (zlib reads both), blank
// lines and lines starting with '#' skipped, each object parsed with nlohmann::json's SAX interface
// so that
//   - object keys are folded to lower case (the schema's keys are case-insensitive; a duplicate
//   after folding is
//     an error), and
//   - a JSON number with a fraction or exponent keeps its literal text, so it can be converted
//   straight to binary32
//     with strtof (the schema forbids a detour through double).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace om::conformance {

using Json = nlohmann::json;

/// One non-blank, non-comment line of a file.
struct JsonLine {
  int line = 0;      // 1-based line number in the file
  std::string text;  // the line without its newline
};

/// All data lines of `path` (gzip or plain). Throws std::invalid_argument("<path>: cannot open
/// ...") on I/O errors.
std::vector<JsonLine> read_json_lines(const std::string& path);

/// Parse one line into a DOM with folded keys; a non-integer number is stored as a float literal
/// (below). Throws std::invalid_argument with nlohmann's message (column included) on malformed
/// JSON.
Json parse_json_line(std::string_view text);

/// The literal text of a JSON number that had a fraction or exponent ("0.5", "1e-3"), or nullopt
/// for any other value.
std::optional<std::string> float_literal(const Json& j);

/// The member `key` (lower case) of object `obj`, or nullptr when absent.
const Json* member(const Json& obj, const char* key);

/// Compact JSON text of a value (float literals printed as written), for messages and ids.
std::string to_text(const Json& j);

/// Short description of a value's JSON type ("string", "integer", "number", "array", ...), for
/// error messages.
std::string type_name(const Json& j);

}  // namespace om::conformance

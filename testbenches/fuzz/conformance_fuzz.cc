// SPDX-License-Identifier: Apache-2.0
// The conformance readers (vector and result lines) on any text: they parse or throw
// std::invalid_argument whose message names the line, nothing else.
#include <stdexcept>
#include <string>
#include <string_view>

#include "input.h"
#include "reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const bool vector : {true, false}) {
    try {
      if (vector) {
        om::conformance::parse_vector(text, 7, "fuzz.jsonl");
      } else {
        om::conformance::parse_result(text, 7, "fuzz.jsonl");
      }
    } catch (const std::invalid_argument& e) {
      if (std::string(e.what()).rfind("fuzz.jsonl:7: ", 0) != 0) {
        om::fuzz::fail("a reader error does not start with file:line");
      }
    }
  }
  return 0;
}

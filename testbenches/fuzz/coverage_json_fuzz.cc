// SPDX-License-Identifier: Apache-2.0
// The coverage file reader on any text: it parses or throws std::invalid_argument, nothing else; a
// parsed file writes back to text that parses to the same file; merging a file into itself either
// doubles every hit count or throws std::overflow_error and changes nothing.
#include <stdexcept>
#include <string>

#include "input.h"
#include "om/cosim/coverage.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  om::cosim::Coverage c;
  try {
    c = om::cosim::Coverage::from_json(text);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  const std::string once = c.to_json();
  if (om::cosim::Coverage::from_json(once).to_json() != once) {
    om::fuzz::fail("a coverage file does not read back as written");
  }
  om::cosim::Coverage twice = c;
  try {
    twice.merge(c);
  } catch (const std::overflow_error&) {
    if (twice.to_json() != once) om::fuzz::fail("a failed merge changed the coverage");
    return 0;
  }
  if (twice.covered() != c.covered() || twice.universe_size() != c.universe_size()) {
    om::fuzz::fail("merging a file into itself changed its bins");
  }
  return 0;
}

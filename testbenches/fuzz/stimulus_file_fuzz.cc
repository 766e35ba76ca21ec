// SPDX-License-Identifier: Apache-2.0
// The stimulus file reader on any text: it parses or throws StimulusError whose message starts
// with the file's name and a line number, nothing else; a parsed stimulus writes back to text that
// reads back to the same text.
#include <string>

#include "input.h"
#include "om/cosim/stimulus_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  om::cosim::Stimulus st;
  try {
    st = om::cosim::read_stimulus(text, "fuzz.stim");
  } catch (const om::cosim::StimulusError& e) {
    if (std::string(e.what()).rfind("fuzz.stim:", 0) != 0) {
      om::fuzz::fail("a stimulus error does not start with the file's name");
    }
    return 0;
  }
  const std::string once = om::cosim::write_stimulus(st);
  if (om::cosim::write_stimulus(om::cosim::read_stimulus(once, "again.stim")) != once) {
    om::fuzz::fail("a stimulus does not read back as written");
  }
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
// The fuzzers' byte reader: draws integers from the front of a libFuzzer input, zeros once it is
// used up, so every input (also an empty one) decodes to some value.
#pragma once

#include <cstddef>
#include <cstdint>

namespace om::fuzz {

class Input {
 public:
  Input(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}
  uint32_t u8() { return p_ < end_ ? *p_++ : 0u; }
  uint32_t u16() { return u8() | u8() << 8; }
  uint32_t u32() { return u16() | u16() << 16; }
  bool empty() const { return p_ >= end_; }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
};

/// Stops the run with a message (libFuzzer then keeps the input as a crash).
[[noreturn]] void fail(const char* what);

}  // namespace om::fuzz

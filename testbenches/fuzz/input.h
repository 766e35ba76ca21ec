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
  // Low byte first, drawn in separate statements: C++ leaves the order of the operands of `|`
  // unspecified, and an input found by the clang fuzz build must decode the same in the GCC replay
  // build.
  uint32_t u16() {
    const uint32_t lo = u8();
    return lo | u8() << 8;
  }
  uint32_t u32() {
    const uint32_t lo = u16();
    return lo | u16() << 16;
  }
  bool empty() const { return p_ >= end_; }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
};

/// Stops the run with a message (libFuzzer then keeps the input as a crash).
[[noreturn]] void fail(const char* what);

}  // namespace om::fuzz

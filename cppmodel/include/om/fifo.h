// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_fifo.sv: synchronous FIFO, Depth entries (a power of two), no
// fall-through (a push into an empty FIFO shows at the output one cycle later). in_ready = !full,
// out_valid = !empty, both from registers; out_data = mem[rd_ptr].
#pragma once

#include <array>
#include <cstdint>

namespace om {

template <typename T>
struct FifoIn {
  bool in_valid = false;
  const T* in_data = nullptr;  // read only when in_valid (and by seq())
  bool out_ready = false;
};

template <typename T>
struct FifoOut {
  bool in_ready = false;
  bool out_valid = false;
  const T* out_data = nullptr;  // mem[rd_ptr], valid until seq()
};

/// om_fifo's flops.
template <typename T, int Depth>
struct FifoRegs {
  std::array<T, Depth> mem{};
  uint32_t wr_ptr = 0;
  uint32_t rd_ptr = 0;
  uint32_t count = 0;  // [$clog2(Depth):0]
};

template <typename T, int Depth>
class Fifo {
  static_assert(Depth >= 1 && (Depth & (Depth - 1)) == 0, "om_fifo: Depth must be a power of two");

 public:
  FifoOut<T> comb() const {
    FifoOut<T> o;
    o.in_ready = in_ready();
    o.out_valid = out_valid();
    o.out_data = &out_data();
    return o;
  }
  bool in_ready() const { return r_.count != static_cast<uint32_t>(Depth); }
  bool out_valid() const { return r_.count != 0; }
  const T& out_data() const { return r_.mem[r_.rd_ptr]; }

  void seq(const FifoIn<T>& in) {
    const bool push = in.in_valid && in_ready();
    const bool pop = out_valid() && in.out_ready;
    if (push) {
      r_.mem[r_.wr_ptr] = *in.in_data;
      r_.wr_ptr = (r_.wr_ptr + 1) & (Depth - 1);
    }
    if (pop) r_.rd_ptr = (r_.rd_ptr + 1) & (Depth - 1);
    if (push && !pop) ++r_.count;
    if (pop && !push) --r_.count;
  }

  /// Asynchronous reset: every flop to zero.
  void reset() { r_ = FifoRegs<T, Depth>{}; }
  const FifoRegs<T, Depth>& regs() const { return r_; }

 private:
  FifoRegs<T, Depth> r_;
};

}  // namespace om

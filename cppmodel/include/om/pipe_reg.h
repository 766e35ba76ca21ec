// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_pipe_reg.sv: the valid/ready pipeline register of every stage boundary.
// Skid = 0: one entry, in_ready = !valid || out_ready (combinational ready pass-through).
// Skid = 1: two entries (spill register), in_ready = !skid_valid (registered).
// Both sustain one transfer per cycle, latency 1. Payloads travel by pointer (in_data / out_data
// point at the producer's storage, valid until the producer's seq()); out_data points at data.
#pragma once

namespace om {

template <typename T>
struct PipeRegIn {
  bool in_valid = false;
  const T* in_data = nullptr;  // read only when in_valid (and by seq())
  bool out_ready = false;
};

template <typename T>
struct PipeRegOut {
  bool in_ready = false;
  bool out_valid = false;
  const T* out_data = nullptr;  // the output entry (data), valid until seq()
};

/// om_pipe_reg's flops: valid_q/data_q (output entry), skid_valid_q/skid_q (Skid = 1 only).
template <typename T>
struct PipeRegRegs {
  bool valid = false;
  T data{};
  bool skid_valid = false;
  T skid{};
};

template <typename T, int Skid = 0>
class PipeReg {
  static_assert(Skid == 0 || Skid == 1, "om_pipe_reg: Skid is 0 or 1");

 public:
  /// The outputs of the current cycle; in_ready depends on in.out_ready only for Skid = 0.
  PipeRegOut<T> comb(const PipeRegIn<T>& in) const {
    PipeRegOut<T> o;
    o.in_ready = in_ready(in.out_ready);
    o.out_valid = r_.valid;
    o.out_data = &r_.data;
    return o;
  }
  bool in_ready(bool out_ready) const {
    return Skid == 0 ? (!r_.valid || out_ready) : !r_.skid_valid;
  }
  bool out_valid() const { return r_.valid; }
  const T& out_data() const { return r_.data; }

  /// Rising clock edge with the inputs of the cycle. Payloads are copied only on a transfer.
  void seq(const PipeRegIn<T>& in) {
    if (Skid == 0) {
      if (!r_.valid || in.out_ready) {
        r_.valid = in.in_valid;
        if (in.in_valid) r_.data = *in.in_data;
      }
      return;
    }
    if (!r_.valid || in.out_ready) {
      // The output entry frees up: refill it from the skid entry first, else from the input.
      if (r_.skid_valid) {
        r_.valid = true;
        r_.data = r_.skid;
        r_.skid_valid = false;
      } else {
        r_.valid = in.in_valid;
        if (in.in_valid) r_.data = *in.in_data;
      }
    } else if (in.in_valid && !r_.skid_valid) {
      r_.skid_valid = true;  // output stalled: park the accepted input
      r_.skid = *in.in_data;
    }
  }

  /// Asynchronous reset (rst_ni low): every flop to zero.
  void reset() { r_ = PipeRegRegs<T>{}; }
  const PipeRegRegs<T>& regs() const { return r_; }

 private:
  PipeRegRegs<T> r_;
};

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
// Minimal FST writer over GTKWave's fstapi (shipped in Verilator's include directory and compiled
// into om::rtl_top by verilated_fst_c.cpp), and a tracer of om_top's ports under a given scope, so
// the cycle model's waves carry the same hierarchical names as Verilator's
// (TOP.om_top.<port>) and a side-by-side file can hold both sides.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "om/top_ports.h"

namespace om::sim {

class FstWriter {
 public:
  using Handle = uint32_t;
  /// Opens `path` (timescale 1 ps, like the RTL's precision). Throws std::runtime_error.
  explicit FstWriter(const std::string& path);
  ~FstWriter();
  FstWriter(const FstWriter&) = delete;
  FstWriter& operator=(const FstWriter&) = delete;

  void push_scope(const std::string& name);
  void pop_scope();
  /// Declares a variable of `width` bits in the current scope.
  Handle var(const std::string& name, uint32_t width);
  void time(uint64_t t);
  /// Value of up to 64 bits.
  void set(Handle h, uint32_t width, uint64_t v);
  /// Wide value, 32-bit words, word 0 least significant.
  void set_words(Handle h, uint32_t width, const uint32_t* words);

 private:
  void* ctx_ = nullptr;
};

/// One port as a PortTracer declares it.
struct PortDecl {
  const char* name;  // RTL name with its _i / _o suffix
  uint32_t width;
};

/// om_top's ports (RTL names with their _i / _o suffixes) in the current scope of a writer.
class PortTracer {
 public:
  /// The ports, in the order they are declared.
  static const std::vector<PortDecl>& ports();
  /// Declares the variables in `w`'s current scope.
  explicit PortTracer(FstWriter& w);
  /// Values of one half cycle: clk_i = `clk`, the inputs and the settled outputs.
  void dump(bool clk, const TopIn& in, const TopOut& out);

 private:
  FstWriter& w_;
  std::vector<FstWriter::Handle> h_;
};

}  // namespace om::sim

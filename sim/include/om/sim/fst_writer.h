// SPDX-License-Identifier: Apache-2.0
// Minimal FST writer over GTKWave's fstapi (shipped in Verilator's include directory and compiled
// into om::rtl_top by verilated_fst_c.cpp), and a tracer of om_top's ports under a given scope, so
// the cycle model's waves carry the same hierarchical names as Verilator's
// (TOP.om_top.<port>) and a side-by-side file can hold both sides. Packed structs are traced field
// by field as Verilator's --trace-structs traces them (om/gen/waves.h), fields with a value table
// carry it as an FST enum table.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "om/gen/top_port_waves.h"
#include "om/gen/waves.h"
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

  /// Opens a module scope, or with `is_struct` a packed struct's scope (as Verilator marks them).
  void push_scope(const std::string& name, bool is_struct = false);
  void pop_scope();
  /// Declares a variable of `width` bits in the current scope; with `values`, its values carry
  /// those names (an FST enum table, written once per table and file).
  Handle var(const std::string& name, uint32_t width, const gen::WaveEnum* values = nullptr);
  /// Declares a real (binary64) variable in the current scope.
  Handle real(const std::string& name);
  void time(uint64_t t);
  /// Value of up to 64 bits.
  void set(Handle h, uint32_t width, uint64_t v);
  /// Wide value, 32-bit words, word 0 least significant; reads exactly (width + 31) / 32 words.
  void set_words(Handle h, uint32_t width, const uint32_t* words);
  void set_real(Handle h, double v);

 private:
  void* ctx_ = nullptr;
  std::vector<std::pair<const gen::WaveEnum*, uint32_t>> enums_;  // table -> its FST handle
  std::vector<uint32_t> spare_;  // set_words: a value with one word more, for fstapi
};

/// A packed struct traced field by field in a scope of its own (`items`: its om/gen/waves.h
/// table), set from the struct's packed image (pack(), 32-bit words, word 0 least significant).
class StructVars {
 public:
  template <size_t N>
  StructVars(FstWriter& w, const std::string& name, const gen::WaveItem (&items)[N])
      : StructVars(w, name, items, N) {}
  StructVars(FstWriter& w, const std::string& name, const gen::WaveItem* items, size_t n);
  void set(const uint32_t* words);
  /// The same for a struct of at most 64 bits held in one integer (mem_addr_t as MemAddr).
  void set_packed(uint64_t v) {
    const uint32_t w[2] = {static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32)};
    set(w);
  }

  /// One variable of a traced struct: its dotted path below the struct's scope.
  struct Leaf {
    std::string path;
    uint32_t width;
    const gen::WaveEnum* values;
  };
  /// Every variable of `items`, in declaration order.
  static std::vector<Leaf> leaves(const gen::WaveItem* items, size_t n);

 private:
  FstWriter& w_;
  const gen::WaveItem* items_;
  size_t n_;
  std::vector<FstWriter::Handle> h_;  // one per kVar item
  std::vector<uint32_t> buf_;
};

/// One port as a PortTracer declares it.
struct PortDecl {
  const char* name;  // RTL name with its _i / _o suffix
  uint32_t width;
  const gen::WaveItem* items = nullptr;  // a packed struct's fields (om/gen/waves.h), or nullptr
  size_t n_items = 0;
  const gen::WaveEnum* values = nullptr;  // the table naming its values, or nullptr
};

/// Signals of a generated table (om/gen/top_port_waves.h) declared in the current scope of a
/// writer, packed struct signals as their fields; the sink of top_waves::dump_ports() and
/// dump_taps().
class SignalVars {
 public:
  SignalVars(FstWriter& w, std::vector<PortDecl> decls);
  /// The i-th signal's value: a scalar (or a packed struct of at most 64 bits), a texel, or a
  /// packed struct's image.
  void operator()(size_t i, uint64_t v);
  void operator()(size_t i, const ref::Texel& t);
  template <size_t N>
  void operator()(size_t i, const std::array<uint32_t, N>& image) {
    s_[i]->set(image.data());
  }

 private:
  FstWriter& w_;
  std::vector<PortDecl> decls_;
  // Per signal: its variable, or (packed structs) its fields.
  std::vector<FstWriter::Handle> h_;
  std::vector<std::unique_ptr<StructVars>> s_;
};

/// A generated table of signals (top_waves::kPorts, kTaps) as PortDecls: "register" values become
/// register_names().
std::vector<PortDecl> decls(const top_waves::Signal* signals, size_t n);

/// om_top's ports (RTL names with their _i / _o suffixes) in the current scope of a writer: clk_i,
/// then defs/top_ports.toml's ports; packed struct ports as their fields, cfg_i with the
/// configuration names, paddr_i with the register names of the register description
/// (om/gen/regs.h).
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
  FstWriter::Handle clk_;
  SignalVars ports_;
};

/// The register names of the register description as a value table of APB byte offsets.
const gen::WaveEnum& register_names();

}  // namespace om::sim

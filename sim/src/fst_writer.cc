// SPDX-License-Identifier: Apache-2.0
#include "om/sim/fst_writer.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <utility>

#include "gtkwave/fstapi.h"
#include "om/gen/regs.h"
#include "om/gen/top_port_waves.h"

namespace om::sim {

FstWriter::FstWriter(const std::string& path) {
  ctx_ = fstWriterCreate(path.c_str(), 1);
  if (ctx_ == nullptr) throw std::runtime_error("cannot write " + path);
  fstWriterSetTimescale(ctx_, -12);
  fstWriterSetPackType(ctx_, FST_WR_PT_LZ4);
}

FstWriter::~FstWriter() {
  if (ctx_ != nullptr) fstWriterClose(ctx_);
}

void FstWriter::push_scope(const std::string& name, bool is_struct) {
  fstWriterSetScope(ctx_, is_struct ? FST_ST_VCD_STRUCT : FST_ST_VCD_MODULE, name.c_str(), nullptr);
}

void FstWriter::pop_scope() { fstWriterSetUpscope(ctx_); }

FstWriter::Handle FstWriter::var(const std::string& name, uint32_t width,
                                 const gen::WaveEnum* values) {
  if (values != nullptr) {
    uint32_t table = 0;  // fstapi numbers its tables from 1
    for (const auto& [t, h] : enums_) {
      if (t == values) table = h;
    }
    if (table == 0) {
      // fstapi takes the values as binary strings of the table's width.
      std::vector<std::string> bits;
      std::vector<const char*> vals;
      for (int i = 0; i < values->count; ++i) {
        std::string b;
        for (int k = values->bits - 1; k >= 0; --k)
          b += ((values->values[i] >> k) & 1u) ? '1' : '0';
        bits.push_back(b);
      }
      for (const std::string& b : bits) vals.push_back(b.c_str());
      table = fstWriterCreateEnumTable(ctx_, values->name, values->count, values->bits,
                                       const_cast<const char**>(values->labels), vals.data());
      enums_.emplace_back(values, table);
    }
    fstWriterEmitEnumTableRef(ctx_, table);
  }
  // Verilator's spelling: vectors carry their range in the name ("prdata_o [31:0]"), so GTKWave
  // lists the same signal names for the model's files as for the RTL's.
  const std::string full = width == 1 ? name : name + " [" + std::to_string(width - 1) + ":0]";
  return fstWriterCreateVar(ctx_, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, width, full.c_str(), 0);
}

FstWriter::Handle FstWriter::real(const std::string& name) {
  return fstWriterCreateVar(ctx_, FST_VT_VCD_REAL, FST_VD_IMPLICIT, 64, name.c_str(), 0);
}

void FstWriter::time(uint64_t t) { fstWriterEmitTimeChange(ctx_, t); }

void FstWriter::set(Handle h, uint32_t width, uint64_t v) {
  fstWriterEmitValueChange64(ctx_, h, width, v);
}

void FstWriter::set_words(Handle h, uint32_t width, const uint32_t* words) {
  // fstWriterEmitValueChangeVec32 reads words[width / 32] even when width is a multiple of 32, one
  // word past the value (it uses none of its bits): hand it a copy with a spare word then.
  if (width > 32 && width % 32 == 0) {
    spare_.assign(words, words + width / 32);
    spare_.push_back(0);
    words = spare_.data();
  }
  fstWriterEmitValueChangeVec32(ctx_, h, width, words);
}

void FstWriter::set_real(Handle h, double v) { fstWriterEmitValueChange(ctx_, h, &v); }

StructVars::StructVars(FstWriter& w, const std::string& name, const gen::WaveItem* items, size_t n)
    : w_(w), items_(items), n_(n) {
  w_.push_scope(name, true);
  for (size_t i = 0; i < n; ++i) {
    const gen::WaveItem& it = items[i];
    if (it.op == gen::WaveOp::kPush) w_.push_scope(it.name, true);
    if (it.op == gen::WaveOp::kPop) w_.pop_scope();
    if (it.op == gen::WaveOp::kVar) {
      h_.push_back(w_.var(it.name, it.width, it.values));
      buf_.resize(std::max<size_t>(buf_.size(), (it.width + 31) / 32));
    }
  }
  w_.pop_scope();
}

void StructVars::set(const uint32_t* words) {
  size_t v = 0;
  for (size_t i = 0; i < n_; ++i) {
    const gen::WaveItem& it = items_[i];
    if (it.op != gen::WaveOp::kVar) continue;
    // Bits [lsb + width - 1 : lsb] of the image, word 0 of buf_ least significant.
    std::fill(buf_.begin(), buf_.end(), 0u);
    for (int b = 0; b < it.width; ++b) {
      const int s = it.lsb + b;
      buf_[b / 32] |= ((words[s / 32] >> (s % 32)) & 1u) << (b % 32);
    }
    w_.set_words(h_[v++], it.width, buf_.data());
  }
}

std::vector<StructVars::Leaf> StructVars::leaves(const gen::WaveItem* items, size_t n) {
  std::vector<Leaf> out;
  std::vector<std::string> scope;
  for (size_t i = 0; i < n; ++i) {
    const gen::WaveItem& it = items[i];
    if (it.op == gen::WaveOp::kPush) scope.push_back(it.name);
    if (it.op == gen::WaveOp::kPop) scope.pop_back();
    if (it.op != gen::WaveOp::kVar) continue;
    std::string path;
    for (const std::string& s : scope) path += s + ".";
    out.push_back({path + it.name, static_cast<uint32_t>(it.width), it.values});
  }
  return out;
}

const gen::WaveEnum& register_names() {
  static const auto table = [] {
    struct Table {
      std::vector<uint32_t> values;
      std::vector<const char*> labels;
      gen::WaveEnum e{};
    };
    auto t = std::make_unique<Table>();
    for (const regs::RegInfo& r : regs::kRegs) {
      t->values.push_back(r.offset);
      t->labels.push_back(r.name);
    }
    t->e = {"register", __builtin_ctz(regs::kSpace), regs::kNumRegs, t->values.data(),
            t->labels.data()};
    return t;
  }();
  return table->e;
}

std::vector<PortDecl> decls(const top_waves::Signal* signals, size_t n) {
  std::vector<PortDecl> out;
  for (size_t i = 0; i < n; ++i) {
    const top_waves::Signal& p = signals[i];
    out.push_back(
        {p.name, p.width, p.items, p.n_items, p.registers ? &register_names() : p.values});
  }
  return out;
}

SignalVars::SignalVars(FstWriter& w, std::vector<PortDecl> decls)
    : w_(w), decls_(std::move(decls)) {
  for (const PortDecl& p : decls_) {
    h_.push_back(p.items ? 0 : w_.var(p.name, p.width, p.values));
    s_.push_back(p.items ? std::make_unique<StructVars>(w_, p.name, p.items, p.n_items) : nullptr);
  }
}

void SignalVars::operator()(size_t i, uint64_t v) {
  if (s_[i]) {
    s_[i]->set_packed(v);
  } else {
    w_.set(h_[i], decls_[i].width, v);
  }
}

void SignalVars::operator()(size_t i, const ref::Texel& t) {
  w_.set_words(h_[i], decls_[i].width, t.w.data());
}

const std::vector<PortDecl>& PortTracer::ports() {
  static const std::vector<PortDecl> all = [] {
    std::vector<PortDecl> out{{"clk_i", 1}};
    for (const PortDecl& p : decls(top_waves::kPorts, std::size(top_waves::kPorts))) {
      out.push_back(p);
    }
    return out;
  }();
  return all;
}

PortTracer::PortTracer(FstWriter& w)
    : w_(w),
      clk_(w_.var("clk_i", 1)),
      ports_(w_, decls(top_waves::kPorts, std::size(top_waves::kPorts))) {}

void PortTracer::dump(bool clk, const TopIn& in, const TopOut& out) {
  w_.set(clk_, 1, clk);
  top_waves::dump_ports(in, out, ports_);
}

}  // namespace om::sim

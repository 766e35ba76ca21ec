// SPDX-License-Identifier: Apache-2.0
#include "om/csr.h"

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

#include "om/gen/regs.h"
#include "om/gen/state_codec.h"
#include "om/ref/caps.h"

namespace om {
namespace {

constexpr uint32_t kAddrMask = 0xFFFu;  // paddr_i[11:0]
constexpr uint32_t kWords = regs::kSpace / 4;

// Register index (into regs::kRegs) of every word address, -1 where unmapped.
const std::array<int16_t, kWords>& reg_index() {
  static const std::array<int16_t, kWords> table = [] {
    std::array<int16_t, kWords> t{};
    t.fill(-1);
    for (int i = 0; i < regs::kNumRegs; ++i) t[regs::kRegs[i].offset / 4] = static_cast<int16_t>(i);
    return t;
  }();
  return table;
}

// The register at a word-aligned byte address, or nullptr.
const regs::RegInfo* find(uint32_t addr) {
  const int16_t i = reg_index()[(addr & kAddrMask) / 4];
  return i < 0 ? nullptr : &regs::kRegs[i];
}

// decoded_err's complement: the access direction is allowed for the register.
bool direction_ok(const regs::RegInfo& r, bool is_wr) {
  switch (r.access) {
    case regs::Access::kR:
      return !is_wr;
    case regs::Access::kW:
      return is_wr;
    case regs::Access::kRW:
      return true;
  }
  return false;
}

// The readback mux of om_csr_reg: the value at a word address for any access direction (0 where
// the address has no readable register).
uint32_t readback(const CsrRegs& r, uint32_t addr, const CsrIn& in) {
  const regs::RegInfo* info = find(addr);
  if (info == nullptr || info->access == regs::Access::kW) return 0;
  if (addr < ref::kCapRegionEnd) {
    if (r.cfg_q >= static_cast<uint32_t>(kNumConfigs)) {
      throw std::logic_error("om::Csr: cfg_q " + std::to_string(r.cfg_q) + " out of range");
    }
    return ref::cap_register(kConfigs[r.cfg_q], addr);
  }
  if (const uint32_t* w = regs::storage_word(r.field_storage, addr)) return *w;
  if (addr == regs::kStatus) {
    return regs::status::kInitialised.put(regs::status::kBusy.put(0, in.busy ? 1 : 0),
                                          in.init_done ? 1 : 0);
  }
  throw std::logic_error("om::Csr: no readback for mapped offset " + std::to_string(addr));
}

// Where state word i is stored: its byte offset in FieldStorage, -1 where no register stores
// one. Built once from storage_word(), whose switch is an indirect jump the CPU mispredicts
// almost every time when decode_state() walks the 56 words after each state write.
const std::array<int32_t, regs::kStateWords>& state_word_offsets() {
  static const std::array<int32_t, regs::kStateWords> kOffsets = [] {
    std::array<int32_t, regs::kStateWords> t{};
    const regs::FieldStorage fs{};
    const char* base = reinterpret_cast<const char*>(&fs);
    for (int i = 0; i < regs::kStateWords; ++i) {
      const uint32_t* v = regs::storage_word(fs, regs::kStateBase + 4u * static_cast<uint32_t>(i));
      t[i] = v == nullptr ? -1 : static_cast<int32_t>(reinterpret_cast<const char*>(v) - base);
    }
    return t;
  }();
  return kOffsets;
}

// The state the registers hold, through the register map's generated codec.
State decode_state(const regs::FieldStorage& fs) {
  regs::StateWindow w{};
  const std::array<int32_t, regs::kStateWords>& offsets = state_word_offsets();
  const char* base = reinterpret_cast<const char*>(&fs);
  for (int i = 0; i < regs::kStateWords; ++i) {
    if (offsets[i] >= 0) std::memcpy(&w[i], base + offsets[i], sizeof w[i]);
  }
  return regs::decode_state(w);
}

uint32_t expand_strb(uint32_t pstrb) {
  uint32_t biten = 0;
  for (int i = 0; i < 4; ++i) {
    if ((pstrb >> i) & 1u) biten |= 0xFFu << (8 * i);
  }
  return biten;
}

bool misaligned(const CsrIn& in) { return (in.paddr & 3u) != 0; }

// state_write: a write to the state window on the bus (om_csr.sv).
bool state_write(const CsrIn& in) {
  return in.psel && in.pwrite && !misaligned(in) && ((in.paddr & kAddrMask) >> 8) == 0x2u;
}

// The registers' reset values and their decoded state, built once: the reset view is rebuilt and
// shown every cycle reset is held, and looking every register up by offset each time made reset
// the register-bus fuzzer's most expensive step.
const regs::FieldStorage& reset_storage() {
  static const regs::FieldStorage kReset = [] {
    regs::FieldStorage fs{};
    for (const regs::RegInfo& info : regs::kRegs) {
      if (uint32_t* w = regs::storage_word(fs, info.offset)) *w = info.reset;
    }
    return fs;
  }();
  return kReset;
}

const State& reset_state() {
  static const State kState = decode_state(reset_storage());
  return kState;
}

}  // namespace

CsrRegs Csr::reset_regs(uint32_t cfg_q) {
  CsrRegs r;
  r.cfg_q = cfg_q;
  r.field_storage = reset_storage();
  return r;
}

bool Csr::writable(uint32_t offset) {
  if ((offset & 3u) != 0 || offset >= regs::kSpace) return false;
  const regs::RegInfo* info = find(offset);
  return info != nullptr && info->access != regs::Access::kR;
}

std::optional<uint32_t> Csr::read(uint32_t offset, const CsrIn& in) const {
  if ((offset & 3u) != 0 || offset >= regs::kSpace) return std::nullopt;
  const regs::RegInfo* info = find(offset);
  if (info == nullptr || info->access == regs::Access::kW) return std::nullopt;
  if (!in.rst_n) return readback(reset_regs(regs_.cfg_q), offset, in);
  return readback(regs_, offset, in);
}

const CsrOut& Csr::settle(const CsrIn& in) {
  // The asynchronous reset acts at once: every register but cfg_q reads as its reset value.
  const bool held = !in.rst_n;
  if (held) reset_view_ = reset_regs(regs_.cfg_q);
  const CsrRegs& r = held ? reset_view_ : regs_;

  // Register block response: the request taken in the previous cycle is answered now.
  const bool rb_pready = r.cpuif_req;
  bool rb_pslverr = false;
  uint32_t rb_prdata = 0;
  if (r.cpuif_req) {
    const regs::RegInfo* info = find(r.cpuif_addr);
    rb_pslverr = info == nullptr || !direction_ok(*info, r.cpuif_req_is_wr);
    rb_prdata = readback(r, r.cpuif_addr, in);
  }

  CsrOut& o = out_;
  o.pready = rb_pready;
  o.pslverr = rb_pslverr;
  o.prdata = (rb_pready && !rb_pslverr && !in.pwrite) ? rb_prdata : 0u;
  if (misaligned(in)) {
    o.pready = in.psel && in.penable;
    o.pslverr = in.psel && in.penable;
    o.prdata = 0;
  }
  o.state_write_pending = state_write(in);
  // Leaving reset re-decodes the registers.
  if (held) {
    o.state = reset_state();
    state_stale_ = true;
  } else if (state_stale_) {
    o.state = decode_state(r.field_storage);
    state_stale_ = false;
  }
  o.perf.busy = in.busy;
  regs::put_perf(o.perf, r.field_storage);
  if (cfg_info_stale_ || o.cfg != r.cfg_q) {
    o.cfg = r.cfg_q;
    o.cfg_info = cfg_info(r.cfg_q);
    cfg_info_stale_ = false;
  }
  outputs_current_ = !held && !r.cpuif_req;
  return o;
}

void Csr::edge(const CsrIn& in) {
  if (!in.rst_n) {
    const uint32_t strap = in.cfg & 7u;
    const uint32_t cfg_d =
        strap < static_cast<uint32_t>(kNumConfigs) ? strap : static_cast<uint32_t>(kDefaultConfig);
    regs_ = reset_regs(cfg_d);
    state_stale_ = true;
    outputs_current_ = false;
    return;
  }
  commit(in);
}

void Csr::count(const regs::PerfIncr& incr) {
  regs::count_perf(regs_.field_storage, false, incr);
  regs::put_perf(out_.perf, regs_.field_storage);
}

void Csr::commit(const CsrIn& in) {
  // The next state is built in place (no copy of every register per cycle): the field logic
  // runs first, as it reads the request register's old values, and each field is read before it
  // is written.
  CsrRegs& n = regs_;
  outputs_current_ = false;  // the counters may count

  // Field logic.
  regs::FieldStorage& fs = n.field_storage;
  const bool sw_write = n.cpuif_req && n.cpuif_req_is_wr;
  const regs::RegInfo* target = sw_write ? find(n.cpuif_addr) : nullptr;
  const uint32_t biten = n.cpuif_wr_biten;
  const uint32_t wdata = n.cpuif_wr_data;
  const auto merge = [&](uint32_t old, uint32_t mask) {
    return ((old & ~biten) | (wdata & biten)) & mask;
  };
  if (target != nullptr && target->access == regs::Access::kRW) {
    uint32_t* w = regs::storage_word(fs, target->offset);
    const uint32_t v = merge(*w, target->write_mask);
    // A write of the value held keeps the decoded state. Every read-write register is a state
    // register, and a program writes them one by one: decoding only the written word keeps the
    // state current at a fraction of a whole decode (settle() decodes it all while it is stale).
    if (v != *w) {
      *w = v;
      if (!state_stale_) {
        const int word = static_cast<int>((target->offset - regs::kStateBase) / 4u);
        regs::decode_state_word(out_.state, word, v);
      }
    }
  }
  // PERF_CLEAR.CLEAR is a single pulse: a written 1 holds for one cycle and clears the counters.
  const bool clear = fs.perf_clear != 0;
  const bool clear_write = target != nullptr && target->offset == regs::kPerfClear;
  fs.perf_clear = clear_write ? merge(fs.perf_clear, target->write_mask) : 0u;
  regs::count_perf(fs, clear, in.perf_incr);

  // Request register of om_csr_reg; om_csr gates PSEL for misaligned addresses and held writes.
  const bool hold = state_write(in) && in.busy;
  const bool rb_psel = in.psel && !misaligned(in) && !hold;
  if (!n.is_active) {
    if (rb_psel) {
      n.is_active = true;
      n.cpuif_req = true;
      n.cpuif_req_is_wr = in.pwrite;
      n.cpuif_addr = in.paddr & kAddrMask & ~3u;
      n.cpuif_wr_data = in.pwdata;
      n.cpuif_wr_biten = expand_strb(in.pstrb & 0xFu);
    }
  } else {
    if (n.cpuif_req) n.is_active = false;  // cpuif_rd_ack || cpuif_wr_ack
    n.cpuif_req = false;
  }
}

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
#include "om/csr.h"

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

// The storage word of a read-write state register, or nullptr for every other offset.
template <typename Storage>
auto* rw_storage(Storage& fs, uint32_t addr) {
  using Word = decltype(&fs.ctrl);
  if (addr == regs::kCtrl) return Word{&fs.ctrl};
  if (addr == regs::kSampleMask) return Word{&fs.sample_mask};
  for (uint32_t c = 0; c < regs::kBlendFactorCount; ++c) {
    if (addr == regs::blend_factor_offset(c)) return Word{&fs.blend_factor[c]};
  }
  if (addr == regs::kAlphaTest) return Word{&fs.alpha_test};
  if (addr == regs::kFog) return Word{&fs.fog};
  for (uint32_t c = 0; c < regs::kFogColorCount; ++c) {
    if (addr == regs::fog_color_offset(c)) return Word{&fs.fog_color[c]};
  }
  if (addr == regs::kPsOutputs) return Word{&fs.ps_outputs};
  for (uint32_t i = 0; i < regs::kRtCount; ++i) {
    auto& rt = fs.rt[i];
    if (addr == regs::rt_format_offset(i)) return Word{&rt.rt_format};
    if (addr == regs::rt_size_offset(i)) return Word{&rt.rt_size};
    if (addr == regs::rt_blend_offset(i)) return Word{&rt.rt_blend};
    if (addr == regs::rt_logic_offset(i)) return Word{&rt.rt_logic};
  }
  if (addr == regs::kDsCtrl) return Word{&fs.ds_ctrl};
  for (uint32_t f = 0; f < regs::kDsFaceCount; ++f) {
    if (addr == regs::ds_face_offset(f)) return Word{&fs.ds_face[f]};
  }
  if (addr == regs::kDsRef) return Word{&fs.ds_ref};
  if (addr == regs::kDsView) return Word{&fs.ds_view};
  if (addr == regs::kDepthMin) return Word{&fs.depth_min};
  if (addr == regs::kDepthMax) return Word{&fs.depth_max};
  if (addr == regs::kMsCtrl) return Word{&fs.ms_ctrl};
  return Word{nullptr};
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
  const CsrFieldStorage& fs = r.field_storage;
  if (const uint32_t* w = rw_storage(fs, addr)) return *w;
  switch (addr) {
    case regs::kStatus:
      return regs::status::kInitialised.put(regs::status::kBusy.put(0, in.busy ? 1 : 0),
                                            in.init_done ? 1 : 0);
    case regs::kPerfPixelsIn:
      return fs.perf_pixels_in;
    case regs::kPerfRtReads:
      return fs.perf_rt_reads;
    case regs::kPerfRtWrites:
      return fs.perf_rt_writes;
    case regs::kPerfHazardStalls:
      return fs.perf_hazard_stalls;
    case regs::kPerfMemStalls:
      return fs.perf_mem_stalls;
    case regs::kPerfKilled:
      return fs.perf_killed;
    default:
      break;
  }
  throw std::logic_error("om::Csr: no readback for mapped offset " + std::to_string(addr));
}

// The state the registers hold, through the register map's generated codec.
State decode_state(const CsrFieldStorage& fs) {
  regs::StateWindow w{};
  for (int i = 0; i < regs::kStateWords; ++i) {
    if (const uint32_t* v = rw_storage(fs, regs::kStateBase + 4u * static_cast<uint32_t>(i))) {
      w[i] = *v;
    }
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

// A performance counter's next value: hardware clear (the PERF_CLEAR pulse), then the increment.
uint32_t count(uint32_t value, bool clear, bool incr) {
  const uint32_t base = clear ? 0u : value;
  return incr ? base + 1u : base;
}

bool misaligned(const CsrIn& in) { return (in.paddr & 3u) != 0; }

// state_write: a write to the state window on the bus (om_csr.sv).
bool state_write(const CsrIn& in) {
  return in.psel && in.pwrite && !misaligned(in) && ((in.paddr & kAddrMask) >> 8) == 0x2u;
}

}  // namespace

CsrRegs Csr::reset_regs(uint32_t cfg_q) {
  CsrRegs r;
  r.cfg_q = cfg_q;
  for (const regs::RegInfo& info : regs::kRegs) {
    if (info.access != regs::Access::kRW) continue;
    *rw_storage(r.field_storage, info.offset) = info.reset;
  }
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

const CsrOut& Csr::comb(const CsrIn& in) {
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
  // The reset view is decoded every cycle it is shown (reset is short); leaving it re-decodes.
  if (held || state_stale_) {
    o.state = decode_state(r.field_storage);
    state_stale_ = held;
  }
  const CsrFieldStorage& fs = r.field_storage;
  o.perf.busy = in.busy;
  o.perf.pixels_in = fs.perf_pixels_in;
  o.perf.rt_reads = fs.perf_rt_reads;
  o.perf.rt_writes = fs.perf_rt_writes;
  o.perf.hazard_stalls = fs.perf_hazard_stalls;
  o.perf.mem_stalls = fs.perf_mem_stalls;
  o.perf.killed = fs.perf_killed;
  if (cfg_info_stale_ || o.cfg != r.cfg_q) {
    o.cfg = r.cfg_q;
    o.cfg_info = cfg_info(r.cfg_q);
    cfg_info_stale_ = false;
  }
  return o;
}

void Csr::seq(const CsrIn& in) {
  if (!in.rst_n) {
    const uint32_t strap = in.cfg & 7u;
    const uint32_t cfg_d =
        strap < static_cast<uint32_t>(kNumConfigs) ? strap : static_cast<uint32_t>(kDefaultConfig);
    regs_ = reset_regs(cfg_d);
    state_stale_ = true;
    return;
  }
  // Most cycles change nothing: no request taken or answered (is_active low means cpuif_req is
  // low too), no bus select, no counter strobe, no pending PERF_CLEAR pulse; cfg_q holds while
  // rst_n is high.
  const bool strobe = in.perf_pixel_in || in.perf_rt_read || in.perf_rt_write ||
                      in.perf_hazard_stall || in.perf_mem_stall || in.perf_killed;
  if (!regs_.is_active && !in.psel && !strobe && !regs_.field_storage.perf_clear) return;
  commit(in);
}

void Csr::commit(const CsrIn& in) {
  // The next state is built in place (no copy of every register per cycle): the field logic
  // runs first, as it reads the request register's old values, and each field is read before it
  // is written.
  CsrRegs& n = regs_;

  // Field logic.
  CsrFieldStorage& fs = n.field_storage;
  const bool sw_write = n.cpuif_req && n.cpuif_req_is_wr;
  const regs::RegInfo* target = sw_write ? find(n.cpuif_addr) : nullptr;
  const uint32_t biten = n.cpuif_wr_biten;
  const uint32_t wdata = n.cpuif_wr_data;
  const auto merge = [&](uint32_t old, uint32_t mask) {
    return ((old & ~biten) | (wdata & biten)) & mask;
  };
  if (target != nullptr && target->access == regs::Access::kRW) {
    uint32_t* w = rw_storage(fs, target->offset);
    const uint32_t v = merge(*w, target->write_mask);
    if (v != *w) {  // a write of the value held keeps the decoded state
      *w = v;
      state_stale_ = true;
    }
  }
  const bool clear = fs.perf_clear;
  const bool clear_write = target != nullptr && target->offset == regs::kPerfClear;
  fs.perf_clear = clear_write ? merge(clear ? 1u : 0u, 1u) != 0 : false;
  fs.perf_pixels_in = count(fs.perf_pixels_in, clear, in.perf_pixel_in);
  fs.perf_rt_reads = count(fs.perf_rt_reads, clear, in.perf_rt_read);
  fs.perf_rt_writes = count(fs.perf_rt_writes, clear, in.perf_rt_write);
  fs.perf_hazard_stalls = count(fs.perf_hazard_stalls, clear, in.perf_hazard_stall);
  fs.perf_mem_stalls = count(fs.perf_mem_stalls, clear, in.perf_mem_stall);
  fs.perf_killed = count(fs.perf_killed, clear, in.perf_killed);

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

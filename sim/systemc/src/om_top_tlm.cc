// SPDX-License-Identifier: Apache-2.0
#include "om/sim/systemc/om_top_tlm.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include "om/gen/regs.h"
#include "om/sim/systemc/sc_pins.h"
#include "om/sim/systemc/texel_memory.h"

namespace om::sim::systemc {
namespace {

constexpr const char* kMsgType = "om/tlm";

void check_config(int cfg_index) {
  if (cfg_index < 0 || cfg_index >= kNumConfigs) {
    throw std::out_of_range("OmTopTlm: configuration index " + std::to_string(cfg_index) +
                            " outside 0.." + std::to_string(kNumConfigs - 1));
  }
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// PSLVERR of a transfer to `addr` as a TLM response (docs in om_top_tlm.h).
tlm::tlm_response_status classify_slave_error(bool write, uint32_t addr) {
  const regs::RegInfo* r = regs::find_reg(addr);
  if (r == nullptr) return tlm::TLM_ADDRESS_ERROR_RESPONSE;  // unmapped or misaligned
  if (write && r->access == regs::Access::kR) return tlm::TLM_COMMAND_ERROR_RESPONSE;
  if (!write && r->access == regs::Access::kW) return tlm::TLM_COMMAND_ERROR_RESPONSE;
  return tlm::TLM_GENERIC_ERROR_RESPONSE;
}

}  // namespace

OmTopTlm::OmTopTlm(const sc_core::sc_module_name& name, int cfg_index,
                   const sc_core::sc_time& clock_period, bool background)
    : sc_core::sc_module(name),
      reg_socket("reg_socket"),
      pixel_socket("pixel_socket"),
      mem_socket("mem_socket"),
      ds_mem_socket("ds_mem_socket"),
      period_(clock_period) {
  if (period_ == sc_core::SC_ZERO_TIME) throw std::invalid_argument("OmTopTlm: zero clock period");
  reset(cfg_index);
  reg_socket.register_b_transport(this, &OmTopTlm::reg_b_transport);
  reg_socket.register_transport_dbg(this, &OmTopTlm::reg_transport_dbg);
  pixel_socket.register_b_transport(this, &OmTopTlm::pixel_b_transport);
  if (background) {
    SC_HAS_PROCESS(OmTopTlm);
    SC_THREAD(run_background);
  }
}

void OmTopTlm::reset(int cfg_index) {
  check_config(cfg_index);
  in_ = TopIn{};
  in_.cfg = static_cast<uint32_t>(cfg_index);
  reset_until_ = cycles_ + kResetCycles;
  for (MemPort* p : {&rt_mem_, &ds_mem_}) {
    p->rsp = ResponseQueue();
    p->wr_free = cycles_;
  }
  accepted_last_ = false;
}

void OmTopTlm::hold_reset(bool asserted) {
  const bool assert_now = asserted && !reset_held_;
  reset_held_ = asserted;
  if (assert_now) {
    // The asynchronous reset acts at once: one cycle with rst_ni low at the model's time.
    rt_mem_.rsp.clear();  // the pipeline forgets its reads
    ds_mem_.rsp.clear();
    held_since_ = cycles_;
    step();
  }
}

sc_core::sc_time OmTopTlm::model_time() const {
  return sc_core::sc_time::from_value(period_.value() * cycles_);
}

bool OmTopTlm::busy() const {
  return out_.perf.busy || !rt_mem_.rsp.empty() || !ds_mem_.rsp.empty() || accepted_last_;
}

bool OmTopTlm::skippable() const {
  if (cycles_ < reset_until_) return false;  // a reset pulse: every edge samples the strap
  if (reset_held_) return cycles_ > held_since_;
  return !busy() && !in_.psel && !in_.in_valid;
}

const TopOut& OmTopTlm::step() {
  in_.rst_n = !reset_held_ && cycles_ >= reset_until_;
  in_.mem_rd_ready = true;
  in_.ds_rd_ready = true;
  mem_inputs(rt_mem_, &in_.mem_wr_ready, &in_.mem_rsp_valid, &in_.mem_rsp_data);
  mem_inputs(ds_mem_, &in_.ds_wr_ready, &in_.ds_rsp_valid, &in_.ds_rsp_data);
  out_ = top_.eval(in_);
  if (in_.rst_n) {
    mem_cycle(mem_socket, rt_mem_, out_.mem_wr_valid && in_.mem_wr_ready, out_.mem_wr_addr,
              out_.mem_wr_data, out_.mem_rd_valid && in_.mem_rd_ready, out_.mem_rd_addr,
              in_.mem_rsp_valid);
    mem_cycle(ds_mem_socket, ds_mem_, out_.ds_wr_valid && in_.ds_wr_ready, out_.ds_wr_addr,
              out_.ds_wr_data, out_.ds_rd_valid && in_.ds_rd_ready, out_.ds_rd_addr,
              in_.ds_rsp_valid);
  }
  accepted_last_ = in_.in_valid && out_.in_ready;
  top_.tick();
  ++cycles_;
  return out_;
}

void OmTopTlm::mem_inputs(const MemPort& p, bool* wr_ready, bool* rsp_valid,
                          ref::Texel* rsp_data) const {
  *wr_ready = cycles_ >= p.wr_free;
  *rsp_valid = in_.rst_n && p.rsp.valid(cycles_);
  if (*rsp_valid) *rsp_data = p.rsp.front();
}

void OmTopTlm::mem_cycle(tlm_utils::simple_initiator_socket<OmTopTlm>& socket, MemPort& p,
                         bool wr_fire, MemAddr wr_addr, const ref::Texel& wr_data, bool rd_fire,
                         MemAddr rd_addr, bool rsp_delivered) {
  // The write first, then the read (om_top's ordering contract for one cycle).
  if (wr_fire) {
    ref::Texel data = wr_data;
    uint64_t n = 1;
    mem_access(socket, true, wr_addr, &data, &n);
    p.wr_free = cycles_ + n;
  }
  if (rd_fire) {
    ref::Texel data;
    uint64_t n = 1;
    mem_access(socket, false, rd_addr, &data, &n);
    p.rsp.push(cycles_, n, data);
  }
  if (rsp_delivered) p.rsp.pop();
}

void OmTopTlm::mem_access(tlm_utils::simple_initiator_socket<OmTopTlm>& socket, bool write,
                          MemAddr addr, ref::Texel* data, uint64_t* cycles) {
  tlm::tlm_generic_payload& t = mem_trans_;
  t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  t.set_address(static_cast<uint64_t>(addr) * kTexelBytes);
  t.set_data_ptr(reinterpret_cast<unsigned char*>(data->w.data()));
  t.set_data_length(kTexelBytes);
  t.set_streaming_width(kTexelBytes);
  t.set_byte_enable_ptr(nullptr);
  t.set_byte_enable_length(0);
  t.set_dmi_allowed(false);
  t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  const sc_core::sc_time now = model_time();
  const sc_core::sc_time stamp = sc_core::sc_time_stamp();
  const sc_core::sc_time before = now > stamp ? now - stamp : sc_core::SC_ZERO_TIME;
  sc_core::sc_time d = before;
  socket->b_transport(t, d);
  if (t.is_response_error()) {
    SC_REPORT_ERROR(kMsgType, (std::string(name()) + ": " + socket.basename() + " " +
                               (write ? "write" : "read") + " of texel " + hex(addr) +
                               " failed: " + t.get_response_string())
                                  .c_str());
  }
  const uint64_t lat = d > before ? (d - before).value() : 0;
  *cycles = std::max<uint64_t>(1, (lat + period_.value() - 1) / period_.value());
}

void OmTopTlm::sync(const sc_core::sc_time& t) {
  const uint64_t target = (t.value() + period_.value() - 1) / period_.value();
  while (cycles_ < target) {
    if (skippable()) {
      skipped_ += target - cycles_;
      cycles_ = target;
      break;
    }
    step();
  }
}

bool OmTopTlm::drain(uint64_t max_cycles) {
  for (uint64_t n = 0; n < max_cycles; ++n) {
    if (!busy()) return true;
    step();
  }
  return !busy();
}

void OmTopTlm::finish(sc_core::sc_time& delay) {
  const sc_core::sc_time stamp = sc_core::sc_time_stamp();
  const sc_core::sc_time now = model_time();
  delay = now > stamp ? now - stamp : sc_core::SC_ZERO_TIME;
  if (sc_core::sc_get_status() == sc_core::SC_RUNNING && busy())
    work_.notify(sc_core::SC_ZERO_TIME);
}

void OmTopTlm::run_background() {
  for (;;) {
    sc_core::wait(work_);
    while (busy()) {
      sc_core::wait(period_ * static_cast<double>(kBackgroundCycles));
      sync(sc_core::sc_time_stamp());
    }
  }
}

OmTopTlm::Apb OmTopTlm::apb(bool write, uint32_t addr, uint32_t wdata, uint32_t strb) {
  BusOp op;
  op.write = write;
  op.addr = static_cast<uint16_t>(addr & 0xFFFu);
  op.data = wdata;
  op.strb = static_cast<uint8_t>(strb);
  bus_.push_back(op);
  // The setup phase, then the access phase until PREADY or the wait limit.
  Apb r;
  for (uint64_t access = 0; access <= wait_limit() + 1 && !r.done; ++access) {
    const ApbMaster::Pins p = bus_.next();
    in_.psel = p.psel;
    in_.penable = p.penable;
    in_.pwrite = p.pwrite;
    in_.paddr = p.paddr;
    in_.pwdata = p.pwdata;
    in_.pstrb = p.pstrb;
    ApbMaster::Done d;
    if (bus_.observe(step(), &d)) {
      r.done = true;
      r.err = d.err;
      r.rdata = d.rdata;
    }
  }
  if (!r.done) {
    bus_.abort();
    bus_.clear_queue();
  }
  in_.psel = false;
  in_.penable = false;
  in_.pwrite = false;
  in_.pwdata = 0;
  in_.pstrb = 0;
  return r;
}

void OmTopTlm::begin(const sc_core::sc_time& delay) {
  sync(sc_core::sc_time_stamp() + delay);
  while (cycles_ < reset_until_) step();  // a transaction starts after a reset pulse
}

void OmTopTlm::reg_b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  begin(delay);
  const uint64_t addr = trans.get_address();
  const bool write = trans.is_write();
  tlm::tlm_response_status s = tlm::TLM_OK_RESPONSE;
  unsigned char* be = trans.get_byte_enable_ptr();
  const unsigned be_len = trans.get_byte_enable_length();
  const auto lane_on = [&](unsigned i) {
    return be == nullptr || be[i % be_len] == TLM_BYTE_ENABLED;
  };
  if (!write && !trans.is_read()) {
    s = tlm::TLM_COMMAND_ERROR_RESPONSE;
  } else if (trans.get_data_length() != 4 || trans.get_streaming_width() < 4) {
    s = tlm::TLM_BURST_ERROR_RESPONSE;
  } else if (addr >= regs::kSpace) {
    s = tlm::TLM_ADDRESS_ERROR_RESPONSE;
  } else if (be != nullptr && be_len == 0) {
    s = tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
  } else {
    uint32_t word = 0;
    uint32_t strb = 0;
    if (write) {
      std::memcpy(&word, trans.get_data_ptr(), 4);
      for (unsigned i = 0; i < 4; ++i) strb |= lane_on(i) ? (1u << i) : 0u;
    }
    const Apb r = apb(write, static_cast<uint32_t>(addr), word, strb);
    if (!r.done) {
      s = tlm::TLM_GENERIC_ERROR_RESPONSE;
    } else if (r.err) {
      s = classify_slave_error(write, static_cast<uint32_t>(addr));
    } else if (!write) {
      unsigned char bytes[4];
      std::memcpy(bytes, &r.rdata, 4);
      for (unsigned i = 0; i < 4; ++i) {
        if (lane_on(i)) trans.get_data_ptr()[i] = bytes[i];
      }
    }
  }
  trans.set_response_status(s);
  finish(delay);
}

unsigned int OmTopTlm::reg_transport_dbg(tlm::tlm_generic_payload& trans) {
  if (!trans.is_read() || trans.get_data_length() != 4) return 0;
  CsrIn ci;
  ci.rst_n = !reset_held_ && cycles_ >= reset_until_;
  ci.cfg = in_.cfg;
  ci.busy = out_.perf.busy;
  const std::optional<uint32_t> v = top_.csr().read(static_cast<uint32_t>(trans.get_address()), ci);
  if (!v) return 0;
  std::memcpy(trans.get_data_ptr(), &*v, 4);
  return 4;
}

void OmTopTlm::pixel_b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  begin(delay);
  const unsigned len = trans.get_data_length();
  tlm::tlm_response_status s = tlm::TLM_OK_RESPONSE;
  if (!trans.is_write()) {
    s = tlm::TLM_COMMAND_ERROR_RESPONSE;
  } else if (len == 0 || len % kPixelBytes != 0 || trans.get_streaming_width() < len) {
    s = tlm::TLM_BURST_ERROR_RESPONSE;
  } else if (trans.get_byte_enable_ptr() != nullptr) {
    s = tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
  } else {
    for (unsigned off = 0; off < len && s == tlm::TLM_OK_RESPONSE; off += kPixelBytes) {
      PixelBits bits;
      std::memcpy(bits.data(), trans.get_data_ptr() + off, kPixelBytes);
      in_.in_valid = true;
      in_.in_data = unpack_pixel(bits);
      bool accepted = false;
      for (uint64_t waited = 0; waited <= wait_limit() && !accepted; ++waited) {
        accepted = step().in_ready && in_.rst_n;  // nothing is accepted in reset
      }
      if (!accepted) s = tlm::TLM_GENERIC_ERROR_RESPONSE;
    }
    in_.in_valid = false;
  }
  trans.set_response_status(s);
  finish(delay);
}

std::vector<unsigned char> pack_pixels(const std::vector<Pixel>& pixels) {
  std::vector<unsigned char> bytes(pixels.size() * OmTopTlm::kPixelBytes);
  for (size_t i = 0; i < pixels.size(); ++i) {
    const PixelBits bits = pack(pixels[i]);
    std::memcpy(bytes.data() + i * OmTopTlm::kPixelBytes, bits.data(), OmTopTlm::kPixelBytes);
  }
  return bytes;
}

}  // namespace om::sim::systemc

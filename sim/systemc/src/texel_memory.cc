// SPDX-License-Identifier: Apache-2.0
#include "om/sim/systemc/texel_memory.h"

#include <cstring>
#include <stdexcept>

namespace om::sim::systemc {

TexelMemory::TexelMemory(const sc_core::sc_module_name& name, const MemoryTiming& timing)
    : sc_core::sc_module(name), socket("socket") {
  set_timing(timing);
  socket.register_b_transport(this, &TexelMemory::b_transport);
  socket.register_transport_dbg(this, &TexelMemory::transport_dbg);
}

void TexelMemory::set_timing(const MemoryTiming& timing) {
  if (timing.read_min == 0 || timing.write_min == 0 || timing.read_max < timing.read_min ||
      timing.write_max < timing.write_min) {
    throw std::invalid_argument(
        "TexelMemory: latencies need 1 <= read_min <= read_max and 1 <= write_min <= write_max");
  }
  timing_ = timing;
  rng_.seed(timing.seed);
}

void TexelMemory::clear(uint64_t seed) {
  mem_ = Memory();
  timing_.seed = seed;
  rng_.seed(seed);
}

ref::Texel TexelMemory::peek(MemAddr mem_addr) const { return mem_.peek(mem_addr); }

void TexelMemory::poke(MemAddr mem_addr, const ref::Texel& t) { mem_.image().set(mem_addr, t); }

unsigned TexelMemory::draw(unsigned lo, unsigned hi) {
  if (lo == hi) return lo;
  return lo + static_cast<unsigned>(rng_() % (hi - lo + 1));
}

tlm::tlm_response_status TexelMemory::check(const tlm::tlm_generic_payload& trans,
                                            MemAddr* addr) const {
  if (!trans.is_read() && !trans.is_write()) return tlm::TLM_COMMAND_ERROR_RESPONSE;
  const uint64_t a = trans.get_address();
  if (a % kTexelBytes != 0 || (a / kTexelBytes) >> kMemAddrBits != 0) {
    return tlm::TLM_ADDRESS_ERROR_RESPONSE;
  }
  if (trans.get_data_length() != kTexelBytes || trans.get_streaming_width() < kTexelBytes) {
    return tlm::TLM_BURST_ERROR_RESPONSE;
  }
  if (trans.get_byte_enable_ptr() != nullptr) return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
  *addr = static_cast<MemAddr>(a / kTexelBytes);
  return tlm::TLM_OK_RESPONSE;
}

void TexelMemory::access(tlm::tlm_generic_payload& trans, MemAddr addr, bool counted) {
  ref::Texel t;
  if (trans.is_read()) {
    t = counted ? mem_.read(addr) : mem_.peek(addr);
    std::memcpy(trans.get_data_ptr(), t.w.data(), kTexelBytes);
  } else {
    std::memcpy(t.w.data(), trans.get_data_ptr(), kTexelBytes);
    if (counted) {
      mem_.write(addr, t);
    } else {
      poke(addr, t);
    }
  }
}

void TexelMemory::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  MemAddr addr = 0;
  const tlm::tlm_response_status s = check(trans, &addr);
  if (s != tlm::TLM_OK_RESPONSE) {
    trans.set_response_status(s);
    return;
  }
  access(trans, addr, true);
  if (trans.is_read()) {
    delay += timing_.period * draw(timing_.read_min, timing_.read_max);
  } else {
    delay += timing_.period * draw(timing_.write_min, timing_.write_max);
  }
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned int TexelMemory::transport_dbg(tlm::tlm_generic_payload& trans) {
  MemAddr addr = 0;
  if (check(trans, &addr) != tlm::TLM_OK_RESPONSE) return 0;
  access(trans, addr, false);
  return kTexelBytes;
}

}  // namespace om::sim::systemc

// SPDX-License-Identifier: Apache-2.0
// The render-target memory (om::sim::Memory, the one of every simulation) as a TLM-2.0 target: one
// 128-bit texel per om_pkg::mem_addr_t address, at
// byte address mem_addr * 16 (kTexelBytes). Transactions are single texels: 16 bytes, the four
// 32-bit words w[0] (bits [31:0]) .. w[3] in host byte order, no byte enables. Never-written
// texels read as zero. Each access annotates a latency of whole clock periods drawn from a seeded
// engine (reads: [read_min, read_max] cycles, writes: [write_min, write_max]), which OmTopTlm turns
// into read-response latency and write-port stalls. Errors: TLM_COMMAND_ERROR_RESPONSE for
// anything but read/write, TLM_ADDRESS_ERROR_RESPONSE for an address that is not a multiple of 16
// or beyond mem_addr_t's width, TLM_BURST_ERROR_RESPONSE for another length or a streaming
// width, TLM_BYTE_ENABLE_ERROR_RESPONSE for byte enables. transport_dbg reads and writes without
// time. The host (tests, the driver backend) also reaches the storage directly: peek()/poke().
// Accesses take effect in call order (the initiator, OmTopTlm, issues them in om_top's order).
#pragma once

#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <random>
#include <systemc>
#include <tlm>

#include "om/ref/convert.h"
#include "om/sim/memory.h"

namespace om::sim::systemc {

inline constexpr unsigned kTexelBytes = 16;

struct MemoryTiming {
  sc_core::sc_time period = sc_core::sc_time(10, sc_core::SC_NS);  // of the latencies below
  unsigned read_min = 1, read_max = 1;                             // read latency in periods (>= 1)
  unsigned write_min = 1, write_max = 1;  // write occupancy in periods (>= 1)
  uint64_t seed = 1;
};

class TexelMemory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<TexelMemory> socket;

  /// Throws std::invalid_argument for a minimum of 0 or a maximum below its minimum.
  TexelMemory(const sc_core::sc_module_name& name, const MemoryTiming& timing = MemoryTiming{});

  /// Host access by texel address (om::mem_addr()).
  ref::Texel peek(MemAddr mem_addr) const;
  void poke(MemAddr mem_addr, const ref::Texel& t);
  /// Forgets every texel (all read zero) and restarts the latency engine from `seed`.
  void clear(uint64_t seed);
  void set_timing(const MemoryTiming& timing);

  uint64_t reads() const { return mem_.reads(); }
  uint64_t writes() const { return mem_.writes(); }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned int transport_dbg(tlm::tlm_generic_payload& trans);
  // Checks the payload; on success stores the texel address in *addr.
  tlm::tlm_response_status check(const tlm::tlm_generic_payload& trans, MemAddr* addr) const;
  // Performs the access (no time); `counted`: a transaction (reads(), writes()), not a debug one.
  void access(tlm::tlm_generic_payload& trans, MemAddr addr, bool counted);
  unsigned draw(unsigned lo, unsigned hi);

  MemoryTiming timing_;
  std::mt19937_64 rng_;
  Memory mem_;
};

}  // namespace om::sim::systemc

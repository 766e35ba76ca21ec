// SPDX-License-Identifier: Apache-2.0
// A minimal TLM platform around one OmTopTlm, for host code that is not a SystemC process (the
// driver's "tlm" backend, tests): a host initiator with sockets bound to the OM's register and
// pixel sockets, and a TexelMemory behind each of the OM's memory sockets (render targets: mem,
// the depth-stencil buffer: ds_mem). The host is temporally decoupled:
// it keeps its own time offset, passes it as the delay of every transaction and takes back the
// annotated delay, so simulation time need not run.
//
// SystemC elaborates a netlist once per process, so boards come from a pool elaborated on first use
// (BoardPool::acquire): that first use must precede any other elaboration (sc_start) in the
// process.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <memory>
#include <systemc>
#include <tlm>
#include <vector>

#include "om/sim/systemc/om_top_tlm.h"
#include "om/sim/systemc/texel_memory.h"

namespace om::sim::systemc {

class TlmBoard : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<TlmBoard> reg_init;
  tlm_utils::simple_initiator_socket<TlmBoard> pixel_init;
  OmTopTlm om;
  TexelMemory mem;
  TexelMemory ds_mem;

  explicit TlmBoard(const sc_core::sc_module_name& name);

  /// Resets the OM with the strap `cfg_index`, empties both memories, applies `timing` to both
  /// (each its own latency engine), and moves the host's time to the model's. Throws
  /// std::out_of_range / std::invalid_argument (bad arguments).
  void restart(int cfg_index, const MemoryTiming& timing);

  struct RegResult {
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    uint32_t data = 0;  // read data (TLM_OK_RESPONSE reads)
    bool ok() const { return status == tlm::TLM_OK_RESPONSE; }
  };
  /// One register transfer through reg_init (all byte lanes).
  RegResult read(uint32_t addr);
  RegResult write(uint32_t addr, uint32_t data);
  /// The pixels as one pixel_socket transaction through pixel_init.
  tlm::tlm_response_status send(const std::vector<Pixel>& pixels);
  /// Any payload through reg_init / pixel_init at the host's time (the delay is the host's).
  void reg_transport(tlm::tlm_generic_payload& t) { reg_init->b_transport(t, local_); }
  void pixel_transport(tlm::tlm_generic_payload& t) { pixel_init->b_transport(t, local_); }
  /// The host spends `t` (its next transaction starts that much later).
  void advance(const sc_core::sc_time& t) { local_ += t; }
  /// The host's current time (simulation time + its offset).
  sc_core::sc_time host_time() const { return sc_core::sc_time_stamp() + local_; }

 private:
  RegResult transfer(bool write, uint32_t addr, uint32_t data);

  sc_core::sc_time local_;
  tlm::tlm_generic_payload trans_;
};

class BoardPool {
 public:
  static constexpr int kBoards = 4;
  /// A free board, restarted with (cfg_index, timing); it returns to the pool when the last
  /// shared_ptr to it goes. Throws std::runtime_error when all kBoards are in use or when this
  /// process elaborated another SystemC netlist first.
  static std::shared_ptr<TlmBoard> acquire(int cfg_index, const MemoryTiming& timing);
};

}  // namespace om::sim::systemc

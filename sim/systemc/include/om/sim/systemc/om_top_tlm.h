// SPDX-License-Identifier: Apache-2.0
// om_top as a loosely-timed TLM-2.0 component for virtual platforms: the cycle model om::Top driven
// per transaction (no pins, no SystemC signals). Three sockets:
//   * reg_socket (target): the APB4 register file (docs/registers.md). One 32-bit word per
//     transaction at byte offset 0x000-0xFFF; byte enables become PSTRB of a write (reads are whole
//     words). The transfer runs on the model cycle by cycle (the platform's sim::ApbMaster: setup
//     phase, access phase until PREADY), so state writes wait while the pipeline is busy exactly
//     as in the RTL; the annotated delay grows by the cycles taken x the clock period. Responses:
//       TLM_OK_RESPONSE: PREADY without PSLVERR (reads: data = PRDATA);
//       TLM_ADDRESS_ERROR_RESPONSE: PSLVERR at an unmapped or misaligned offset, or offset >=
//         0x1000;
//       TLM_COMMAND_ERROR_RESPONSE: PSLVERR for a write to a read-only register or a read of the
//         write-only PERF_CLEAR; commands other than read/write;
//       TLM_BURST_ERROR_RESPONSE: data length other than 4, streaming width below 4;
//       TLM_GENERIC_ERROR_RESPONSE: no PREADY within the timeout (reset held, or a hang).
//     transport_dbg reads a register without time or side effects (om::Csr::read()).
//   * pixel_socket (target): the pixel stream. TLM_WRITE_COMMAND with n >= 1 packed pixel_t
//     images of kPixelBytes each (om::pack(const Pixel&)'s 32-bit words in host byte order, word 0
//     = bits [31:0]); the address is ignored (a stream). The transaction returns when the OM has
//     accepted the last of them (in_valid/in_ready handshakes), with the delay of those cycles;
//     the pipeline goes on draining afterwards (STATUS.BUSY tells when it is done). Errors:
//     TLM_COMMAND_ERROR_RESPONSE for reads, TLM_BURST_ERROR_RESPONSE for a length that is not a
//     positive multiple of kPixelBytes or a streaming width below the length,
//     TLM_BYTE_ENABLE_ERROR_RESPONSE for byte enables, TLM_GENERIC_ERROR_RESPONSE on timeout.
//   * mem_socket (initiator): render-target memory (TexelMemory's protocol): a 16-byte texel read
//     or write at byte address mem_addr * 16 for every memory handshake of the model, writes
//     before reads of the same cycle (om_top's ordering contract). A read's annotated latency,
//     rounded up to whole cycles (at least 1), is when its response returns (in order, at most one
//     per cycle: sim::ResponseQueue); a write's occupies the write port for that many cycles. An
//     error response is reported with SC_REPORT_ERROR (msg type "om/tlm").
//   * ds_mem_socket (initiator): the depth-stencil buffer (docs/interface.md §4.1), the same
//     protocol and rules for the model's ds_* handshakes (addresses with rt = 0). Bind it even
//     when no draw tests depth or stencil: the ports then stay idle.
// Time: the model runs ahead on its own clock (cycles() x clock period from time 0). A transaction
// at initiator time t = sc_time_stamp() + delay first runs the model up to t (idle stretches are
// skipped in one step), then does its cycles; a transaction that arrives while the model is ahead
// starts at the model's time. While a simulation runs, a background process keeps a busy pipeline
// in step with simulation time, so its memory writes happen when they would in the RTL (to within
// kBackgroundCycles).
#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <systemc>
#include <tlm>
#include <vector>

#include "om/sim/apb_master.h"
#include "om/sim/memory.h"
#include "om/top.h"

namespace om::sim::systemc {

class OmTopTlm : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<OmTopTlm> reg_socket;
  tlm_utils::simple_target_socket<OmTopTlm> pixel_socket;
  tlm_utils::simple_initiator_socket<OmTopTlm> mem_socket;
  tlm_utils::simple_initiator_socket<OmTopTlm> ds_mem_socket;

  static constexpr unsigned kPixelBytes = sizeof(PixelBits);  // 152
  static constexpr uint64_t kResetCycles = 4;                 // of reset()
  static constexpr uint64_t kResetTimeout = 64;  // cycles a transfer waits while reset is held
  static constexpr uint64_t kDefaultTimeout = 1000000;  // cycles a transfer or pixel may wait
  static constexpr uint64_t kBackgroundCycles = 64;     // step of the background process

  /// Starts in reset with the configuration strap `cfg_index` (a kConfigs index): the first
  /// transaction releases it after kResetCycles. `background`: register the process that keeps a
  /// busy pipeline in step with simulation time (hosts that never run simulation time, like
  /// TlmBoard, leave it out). Throws std::out_of_range for a bad index.
  OmTopTlm(const sc_core::sc_module_name& name, int cfg_index = kDefaultConfig,
           const sc_core::sc_time& clock_period = sc_core::sc_time(10, sc_core::SC_NS),
           bool background = true);

  /// Pulses rst_ni for kResetCycles cycles with the strap set to `cfg_index`, at the model's
  /// current time (in-flight work is lost, memory responses still due are dropped). Throws
  /// std::out_of_range for a bad index.
  void reset(int cfg_index);
  /// Holds (true: one cycle runs with it at once) or releases (false) rst_ni. While it is held,
  /// transfers and pixels time out after kResetTimeout cycles (pixels are not accepted).
  void hold_reset(bool asserted);
  /// Cycles a bus transfer may wait for PREADY, or a pixel for in_ready, before the transaction
  /// fails with TLM_GENERIC_ERROR_RESPONSE.
  void set_timeout(uint64_t cycles) { timeout_ = cycles; }

  /// Runs the model up to absolute time `t` (no-op when it is already there).
  void sync(const sc_core::sc_time& t);
  /// Runs the model until the pipeline is empty (STATUS.BUSY = 0, no read outstanding) or
  /// `max_cycles` pass; true when it emptied.
  bool drain(uint64_t max_cycles = kDefaultTimeout);

  /// Clock cycles run so far (skipped idle cycles included).
  uint64_t cycles() const { return cycles_; }
  /// Time of the model's next clock edge: cycles() x clock_period().
  sc_core::sc_time model_time() const;
  const sc_core::sc_time& clock_period() const { return period_; }
  /// Work in flight: STATUS.BUSY or a response of either memory outstanding.
  bool busy() const;
  const Top& model() const { return top_; }
  /// Idle cycles skipped without evaluating the model.
  uint64_t skipped_cycles() const { return skipped_; }

 private:
  struct Apb {
    bool done = false;  // PREADY seen
    bool err = false;   // PSLVERR
    uint32_t rdata = 0;
  };

  void reg_b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned int reg_transport_dbg(tlm::tlm_generic_payload& trans);
  void pixel_b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  void run_background();

  /// One clock cycle with the current bus/pixel inputs in in_; returns the cycle's outputs.
  const TopOut& step();
  Apb apb(bool write, uint32_t addr, uint32_t wdata, uint32_t strb);
  uint64_t wait_limit() const {
    return reset_held_ || cycles_ < reset_until_ ? kResetTimeout : timeout_;
  }
  /// The next cycles up to a sync() target may be skipped: nothing in flight, no inputs offered.
  bool skippable() const;
  /// The read responses and write-port occupancy of one memory socket.
  struct MemPort {
    ResponseQueue rsp;
    uint64_t wr_free = 0;  // first cycle the write port is ready again
  };
  /// The inputs of one memory port in this cycle: *wr_ready, *rsp_valid, *rsp_data.
  void mem_inputs(const MemPort& p, bool* wr_ready, bool* rsp_valid, ref::Texel* rsp_data) const;
  /// The handshakes of one memory port in this cycle: the write first, then the read.
  void mem_cycle(tlm_utils::simple_initiator_socket<OmTopTlm>& socket, MemPort& p, bool wr_fire,
                 MemAddr wr_addr, const ref::Texel& wr_data, bool rd_fire, MemAddr rd_addr,
                 bool rsp_delivered);
  void mem_access(tlm_utils::simple_initiator_socket<OmTopTlm>& socket, bool write, MemAddr addr,
                  ref::Texel* data, uint64_t* cycles);
  /// Before a transaction: runs the model to the initiator's time and past a reset pulse.
  void begin(const sc_core::sc_time& delay);
  /// After a transaction: the annotated delay that brings the initiator to the model's time.
  void finish(sc_core::sc_time& delay);

  Top top_;
  TopIn in_;
  TopOut out_;
  sc_core::sc_time period_;
  uint64_t cycles_ = 0;
  uint64_t reset_until_ = 0;    // rst_ni is low before this cycle (reset())
  bool reset_held_ = false;     // hold_reset(true)
  uint64_t held_since_ = 0;     // cycle of hold_reset(true)
  bool accepted_last_ = false;  // the last step() accepted a pixel (not yet seen in busy)
  uint64_t timeout_ = kDefaultTimeout;
  uint64_t skipped_ = 0;
  ApbMaster bus_;
  // Memory side: render targets (mem_socket) and the depth-stencil buffer (ds_mem_socket).
  MemPort rt_mem_;
  MemPort ds_mem_;
  tlm::tlm_generic_payload mem_trans_;
  sc_core::sc_event work_;  // wakes the background process
};

/// Packs pixels for pixel_socket (n x kPixelBytes bytes).
std::vector<unsigned char> pack_pixels(const std::vector<Pixel>& pixels);

}  // namespace om::sim::systemc

// SPDX-License-Identifier: Apache-2.0
// Cycle model of rtl/om_csr.sv: the output merger's register file (the PeakRDL register block
// om_csr_reg generated from rtl/regs/om_csr.rdl, the capability ROM of the strap-selected
// configuration, the state_t view of the state registers and the rule that state writes wait while
// the pipeline is busy). Ports, registers and names mirror the RTL; see its header for the bus
// timing. In short (APB4, zero wait states):
//   * the register block takes a request in the first cycle it sees PSEL (the setup phase) and
//     answers it in the next cycle with PREADY (and PSLVERR for an illegal access), whatever
//     PENABLE does; a taken write lands at the end of its answering cycle;
//   * PSLVERR, read data 0, nothing changed: writes to read-only registers, reads of the
//     write-only PERF_CLEAR, unmapped addresses; misaligned addresses (paddr[1:0] != 0) are
//     answered combinationally in the access phase (PREADY = PSLVERR = psel && penable);
//   * a write to the state window 0x200-0x2FF is not taken while busy (PREADY stays low);
//   * prdata is 0 except in the cycle a read completes without error (gated by the current pwrite);
//   * rst_n is asynchronous: while it is low every register except cfg_q reads as its reset value;
//     cfg_q samples the strap on each clock edge while rst_n is low.
// Stepping: comb(in) settles the outputs of the cycle from the registers and `in`; seq(in) is the
// rising clock edge with the same inputs. Only seq() changes registers.
#pragma once

#include <cstdint>
#include <optional>

#include "om/gen/csr_storage.h"
#include "om/pkg.h"
#include "om/top_ports.h"

namespace om {

/// om_csr inputs (RTL name without its _i / _ni suffix).
struct CsrIn {
  bool rst_n = true;  // rst_ni, asynchronous, active low
  uint32_t cfg = 0;   // cfg_i[2:0], the configuration strap
  bool psel = false;
  bool penable = false;
  bool pwrite = false;
  uint32_t paddr = 0;   // [11:0] byte address
  uint32_t pwdata = 0;  // [31:0]
  uint32_t pstrb = 0;   // [3:0] byte lanes of a write
  bool busy = false;    // busy_i: the pipeline holds pixels or memory requests
  bool init_done = true;
  regs::PerfIncr
      perf_incr;  // perf_incr_i: the counters' increment strobes, named as perf_t's members
};

/// om_csr outputs (RTL name without its _o suffix).
struct CsrOut {
  uint32_t cfg = 0;  // cfg_o[2:0]: the latched configuration index
  CfgInfo cfg_info;  // cfg_info(cfg)
  uint32_t prdata = 0;
  bool pready = false;
  bool pslverr = false;
  bool state_write_pending = false;
  State state;  // state_o
  Perf perf;    // perf_o (om_pkg::perf_t): busy_i and the counters as a read returns them now
};

/// Every flop of om_csr and its register block, RTL names.
struct CsrRegs {
  uint32_t cfg_q = 0;  // latched strap (not reset)
  // om_csr_reg request register.
  bool is_active = false;
  bool cpuif_req = false;
  bool cpuif_req_is_wr = false;
  uint32_t cpuif_addr = 0;  // word-aligned
  uint32_t cpuif_wr_data = 0;
  uint32_t cpuif_wr_biten = 0;       // pstrb expanded to bits
  regs::FieldStorage field_storage;  // generated from the register map (om/gen/csr_storage.h)
};

class Csr {
 public:
  /// Registers at their power-up value (all zero, as Verilator's --x-initial fast); apply rst_n
  /// before use.
  Csr() = default;

  /// Settles and returns the outputs of the current cycle (also kept in out()).
  const CsrOut& comb(const CsrIn& in) { return idle(in) ? comb_idle(in.busy) : settle(in); }
  /// Most cycles: no request answered (cpuif_req low) and none on the bus (psel low), so the
  /// register block answers nothing and no state write is pending; the state, the counters and
  /// cfg_q are as the last settle() put them out (seq() marks them otherwise): only busy changes.
  bool idle(const CsrIn& in) const { return in.rst_n && !in.psel && outputs_current_; }
  /// comb() of a cycle where idle(in) holds, for a caller that has checked it; `busy` = in.busy.
  const CsrOut& comb_idle(bool busy) {
    out_.pready = false;
    out_.pslverr = false;
    out_.prdata = 0;
    out_.state_write_pending = false;
    out_.perf.busy = busy;
    return out_;
  }
  /// Rising clock edge with the inputs of the current cycle (call comb(in) first).
  void seq(const CsrIn& in) {
    // Most cycles change no register but the counters: no request taken or answered (is_active
    // low means cpuif_req is low too), no bus select, no pending PERF_CLEAR pulse; cfg_q holds
    // while rst_n is high. count() does what commit() would then, and puts the counters out, so
    // that the next comb() keeps its early return.
    if (in.rst_n && !regs_.is_active && !in.psel && regs_.field_storage.perf_clear == 0) {
      if (in.perf_incr.any()) count(in.perf_incr);
      return;
    }
    edge(in);
  }

  const CsrOut& out() const { return out_; }
  const CsrRegs& regs() const { return regs_; }

  /// The value register `offset` holds now, like Spike's csr_t::read(): no side effects; nullopt
  /// where a bus read would end with PSLVERR (unmapped, misaligned, write-only). STATUS reflects
  /// in.busy and in.init_done; while in.rst_n is low the reset values are read.
  std::optional<uint32_t> read(uint32_t offset, const CsrIn& in) const;
  /// A bus write to `offset` would be accepted (a read-write register or PERF_CLEAR); writes to
  /// read-only, unmapped or misaligned offsets end with PSLVERR and change nothing.
  static bool writable(uint32_t offset);

  /// The registers after an asynchronous reset (cfg_q kept).
  static CsrRegs reset_regs(uint32_t cfg_q);

 private:
  // comb() and seq() for the other cycles; out of line, so that the inline early returns of the
  // quiet ones save no registers. commit(): seq() of a cycle that changes a register, rst_n high;
  // count(): seq() of one that only counts.
  [[gnu::noinline]] const CsrOut& settle(const CsrIn& in);
  [[gnu::noinline]] void edge(const CsrIn& in);
  [[gnu::noinline]] void count(const regs::PerfIncr& incr);
  void commit(const CsrIn& in);

  CsrRegs regs_;
  CsrRegs reset_view_;  // what comb() reads while rst_n is low (built only then)
  CsrOut out_;
  // out_.state and out_.cfg_info are decoded only when what they are decoded from changed: the
  // state registers (a bus write or reset) and cfg_q (reset); every other cycle keeps them. A bus
  // write decodes its own word into out_.state at once unless the state is stale anyway.
  bool state_stale_ = true;
  bool cfg_info_stale_ = true;
  // out_ is what settle() would put out for rst_n high and PSEL low: settle() put it out with
  // rst_n high and no request to answer, and seq() has not committed since (the state is decoded
  // then too: only a commit, a reset or a settle() with rst_n low makes it stale).
  bool outputs_current_ = false;
};

}  // namespace om

// SPDX-License-Identifier: Apache-2.0
// The testbench's shadow of the state window (0x200-0x2FF) of om_csr: what every read-write state
// register holds after the legal writes the bus completed (write masks and byte strobes applied),
// and the two conversions between that image and om::State (state_codec.h). Written from the
// register map (om/gen/regs.h) alone, independently of the RTL and of the host driver.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "om/gen/state_codec.h"
#include "om/ref/hw_state.h"

namespace om::sim {

class StateRegs {
 public:
  /// Every register at its reset value.
  StateRegs();

  /// True for a read-write register of the state window.
  static bool is_state_reg(uint32_t addr);
  /// Applies a completed write without PSLVERR: bits of `strb` lanes, masked to the register's
  /// writable bits. Writes outside the state window's read-write registers are ignored.
  void write(uint32_t addr, uint32_t data, uint32_t strb);
  uint32_t value(uint32_t addr) const;

  /// The state the registers hold, enum fields exactly as stored (illegal encodings included).
  /// RT_FORMAT values without an entry in the format table are kept; see bound_state().
  State decode() const;

  /// The (offset, value) pairs that program `s` (every state register, ascending offsets).
  static std::vector<std::pair<uint32_t, uint32_t>> encode(const State& s);

 private:
  static constexpr uint32_t kBase = regs::kStateBase;
  regs::StateWindow v_{};
};

/// `s` with every RT_FORMAT the hardware does not recognise (no format-table entry) turned into 0
/// (unbound): om_accept binds a slot only when fmt_info(format).valid.
State bound_state(const State& s);

}  // namespace om::sim

// SPDX-License-Identifier: Apache-2.0
// One transfer of the APB4 master (apb_master.h): what the stimulus queues and the master runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

namespace om::sim {

/// One APB4 transfer, issued `gap` idle cycles after the previous one completed.
struct BusOp {
  enum class Kind : uint8_t {
    kStateWrite,     // legal write of the state window (may be held while busy)
    kPartialWrite,   // state write with a partial PSTRB
    kRead,           // legal read (caps, state, status, perf)
    kPerfClear,      // PERF_CLEAR (only issued while idle, so counts stay checkable)
    kRoWrite,        // write to a read-only register: PSLVERR
    kWoRead,         // read of the write-only PERF_CLEAR: PSLVERR
    kUnmappedRead,   // PSLVERR
    kUnmappedWrite,  // PSLVERR
    kMisalignedRead,
    kMisalignedWrite,
    kStatusPoll,  // read STATUS until BUSY = 0 (drain)
  };
  Kind kind = Kind::kRead;
  bool write = false;
  uint16_t addr = 0;
  uint8_t strb = 0xF;
  uint16_t gap = 0;
  uint32_t data = 0;
};

/// What a kind of transfer is: its name (stimulus files, reports), its direction (BusOp::write) and
/// whether it must end with PSLVERR (the testbench checks it).
struct BusKindInfo {
  BusOp::Kind kind;
  const char* name;
  bool write;
  bool errs;
};

/// Every kind, in Kind's order.
inline constexpr BusKindInfo kBusKinds[] = {
    {BusOp::Kind::kStateWrite, "state_write", true, false},
    {BusOp::Kind::kPartialWrite, "partial_write", true, false},
    {BusOp::Kind::kRead, "read", false, false},
    {BusOp::Kind::kPerfClear, "perf_clear", true, false},
    {BusOp::Kind::kRoWrite, "ro_write", true, true},
    {BusOp::Kind::kWoRead, "wo_read", false, true},
    {BusOp::Kind::kUnmappedRead, "unmapped_read", false, true},
    {BusOp::Kind::kUnmappedWrite, "unmapped_write", true, true},
    {BusOp::Kind::kMisalignedRead, "misaligned_read", false, true},
    {BusOp::Kind::kMisalignedWrite, "misaligned_write", true, true},
    {BusOp::Kind::kStatusPoll, "status_poll", false, false},
};

constexpr bool bus_kinds_in_order() {
  for (size_t i = 0; i < std::size(kBusKinds); ++i) {
    if (static_cast<size_t>(kBusKinds[i].kind) != i) return false;
  }
  return static_cast<size_t>(BusOp::Kind::kStatusPoll) + 1 == std::size(kBusKinds);
}
static_assert(bus_kinds_in_order(), "kBusKinds: one entry per BusOp::Kind, in its order");

/// The entry of kind `k` (a value outside Kind: nullptr).
constexpr const BusKindInfo* info(BusOp::Kind k) {
  const auto i = static_cast<size_t>(k);
  return i < std::size(kBusKinds) ? &kBusKinds[i] : nullptr;
}

/// The kind's name; "?" for a value outside Kind.
constexpr const char* to_string(BusOp::Kind k) { return info(k) ? info(k)->name : "?"; }

}  // namespace om::sim

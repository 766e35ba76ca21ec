// SPDX-License-Identifier: Apache-2.0
// One transfer of the APB4 master (apb_master.h): what the stimulus queues and the master runs.
#pragma once

#include <cstdint>

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
const char* to_string(BusOp::Kind k);

}  // namespace om::sim

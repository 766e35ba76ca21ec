// SPDX-License-Identifier: Apache-2.0
// The decoded transaction scope of the cycle model's waves (om_top.txn): in the cycle an op leaves
// the datapath (dp_valid && wr_ready), valid = 1 and the pixel (x, y, rt, format) with its source
// colour s_*, destination d_* (as read, 0 when the op read none) and result_* (the texel written)
// as numbers: per component R, G, B, A as the blender sees it, reals for float and norm formats,
// integers for UINT and SINT formats. Values hold between transactions.
#pragma once

#include <array>
#include <cstdint>
#include <map>

#include "om/sim/fst_writer.h"
#include "om/top_ports.h"

namespace om::sim {

class TxnWaves {
 public:
  explicit TxnWaves(FstWriter& w) : w_(w) {}
  /// Declares the scope txn in the writer's current scope.
  void declare();
  /// One cycle's handshakes (taps of its settle) against the state they ran under.
  void dump(const TopTaps& t, const State& state);

 private:
  struct Entry {
    uint32_t format = 0;
    std::array<double, 4> s{}, d{};
  };

  FstWriter& w_;
  std::map<MemAddr, Entry> in_flight_;  // by mem_addr_t: om_hazard keeps one op per address
  FstWriter::Handle valid_ = 0, x_ = 0, y_ = 0, rt_ = 0, format_ = 0;
  std::array<FstWriter::Handle, 4> s_{}, d_{}, result_{};
  bool was_valid_ = false;
};

}  // namespace om::sim

// SPDX-License-Identifier: Apache-2.0
// FST of the cycle model with Verilator's hierarchical names: om_top's ports under both
// om_top.<port> (Verilator's top wrapper) and om_top.om_top.<port>, and the stage registers under
// om_top.om_top.u_<stage>.<reg>_q, packed exactly as the RTL packs them, so the model's file and
// the Verilated RTL's file load into the same GTKWave layout and compare signal by signal.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "om/sim/fst_writer.h"
#include "om/top.h"

namespace om::sim {

class ModelWaves {
 public:
  ModelWaves(const std::string& path, const Top& top);
  /// One half cycle at time `t`: clk_i = `clk`, the ports and the registers as they are now.
  void dump(uint64_t t, bool clk, const TopIn& in, const TopOut& out);

 private:
  void regs();

  FstWriter w_;
  const Top& top_;
  std::unique_ptr<PortTracer> outer_, inner_;
  std::vector<FstWriter::Handle> h_;
};

}  // namespace om::sim

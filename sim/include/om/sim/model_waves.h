// SPDX-License-Identifier: Apache-2.0
// FST of the cycle model with Verilator's hierarchical names: om_top's ports under both
// om_top.<port> (Verilator's top wrapper) and om_top.om_top.<port>, its stage-boundary wires and
// decoded state (om_top.om_top.acc_op.addr.x, ...state.rt_desc[0].src_blend, ...) field by field
// as --trace-structs writes them, and the stage registers under om_top.om_top.u_<stage>.<reg>_q,
// packed exactly as the RTL packs them, so the model's file and the Verilated RTL's file load into
// the same GTKWave layout and compare signal by signal. Fields with a value table (blend factors,
// ops, formats, write masks, the configuration, register names) carry it as an FST enum table.
// om_top.txn (the model's file only) decodes each op leaving the datapath (TxnWaves).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "om/sim/fst_writer.h"
#include "om/sim/txn_waves.h"
#include "om/top.h"

namespace om::sim {

class ModelWaves {
 public:
  ModelWaves(const std::string& path, const Top& top);
  /// One half cycle at time `t`: clk_i = `clk`, the ports and the registers as they are now.
  void dump(uint64_t t, bool clk, const TopIn& in, const TopOut& out);

 private:
  // A scalar register or wire: declared once with its width, then set by its index.
  struct Var {
    FstWriter::Handle h = 0;
    uint32_t width = 0;
  };
  void decl(size_t k, const std::string& name, uint32_t width,
            const gen::WaveEnum* values = nullptr);
  void put(size_t k, uint64_t value);
  void put_words(size_t k, const uint32_t* words);
  void wires();
  void regs();

  FstWriter w_;
  const Top& top_;
  std::unique_ptr<PortTracer> outer_, inner_;
  std::unique_ptr<SignalVars> taps_;       // om_top's stage-boundary taps (TopTaps)
  std::unique_ptr<SignalVars> top_wires_;  // and its other stage-boundary wires (TopWires)
  std::vector<Var> v_;
  std::vector<std::unique_ptr<StructVars>> wires_, tbl_;
  TxnWaves txn_;
};

}  // namespace om::sim

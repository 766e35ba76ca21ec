// SPDX-License-Identifier: Apache-2.0
// The "tlm" backend: the cycle model as a loosely-timed TLM-2.0 component
// (om::sim::systemc::OmTopTlm, testbenches/systemc) on a board from the process's board pool: every
// register transfer is one b_transport through the board's initiator socket into the OM's register
// socket (TLM responses mapped back to APB outcomes), each submit() one pixel-socket transaction
// followed by STATUS polls until BUSY clears, and the render-target memory and the depth-stencil
// buffer each a TexelMemory target with seeded random latencies.
#include <stdexcept>

#include "backends.h"
#include "om/gen/regs.h"
#include "om/sim/systemc/tlm_board.h"
#include "om/sim/top_harness.h"

namespace om::driver {
namespace {

constexpr int kDrainPolls = 1000000;  // STATUS reads before submit() gives up

class TlmBackend final : public Backend,
                         public RegisterBus,
                         public PixelPort,
                         public DepthStencilPort {
 public:
  explicit TlmBackend(const BackendOptions& o)
      : board_(sim::systemc::BoardPool::acquire(o.config, timing(o.seed))) {}

  std::string name() const override { return "tlm"; }
  RegisterBus& bus() override { return *this; }
  PixelPort* pixels() override { return this; }
  void hold_reset(bool asserted) override { board_->om.hold_reset(asserted); }
  uint64_t cycles() const override { return board_->om.cycles(); }

  BusResult read(uint32_t addr) override { return result(board_->read(addr)); }
  BusResult write(uint32_t addr, uint32_t data) override {
    return result(board_->write(addr, data));
  }

  bool submit(const std::vector<SampleTransfer>& transfers) override {
    std::vector<om::Pixel> px;
    px.reserve(transfers.size());
    for (const SampleTransfer& t : transfers) {
      px.push_back(sim::make_pixel(sim::TbPixel{t.x, t.y, t.px, t.z, t.front_face}));
    }
    if (!px.empty() && board_->send(px) != tlm::TLM_OK_RESPONSE) return false;
    for (int i = 0; i < kDrainPolls; ++i) {
      const sim::systemc::TlmBoard::RegResult r = board_->read(regs::kStatus);
      if (!r.ok()) return false;
      if (regs::status::kBusy.get(r.data) == 0) return true;
    }
    return false;
  }
  ref::Texel read_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s) const override {
    return board_->mem.peek(mem_addr(rt, y, x, s));
  }
  void write_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s, const ref::Texel& t) override {
    board_->mem.poke(mem_addr(rt, y, x, s), t);
  }
  DepthStencilPort* depth_stencil() override { return this; }
  ref::Texel read_ds_texel(uint32_t x, uint32_t y, uint32_t s) const override {
    return board_->ds_mem.peek(mem_addr(0, y, x, s));
  }
  void write_ds_texel(uint32_t x, uint32_t y, uint32_t s, const ref::Texel& t) override {
    board_->ds_mem.poke(mem_addr(0, y, x, s), t);
  }

 private:
  // Read latency 1..6 cycles and writes occupying the port 1..2 cycles, as the "rtl" backend's
  // memory model randomises its latency and stalls.
  static sim::systemc::MemoryTiming timing(uint64_t seed) {
    sim::systemc::MemoryTiming t;
    t.read_min = 1;
    t.read_max = 6;
    t.write_min = 1;
    t.write_max = 2;
    t.seed = seed;
    return t;
  }
  static BusResult result(const sim::systemc::TlmBoard::RegResult& r) {
    switch (r.status) {
      case tlm::TLM_OK_RESPONSE:
        return BusResult{BusStatus::kOk, r.data};
      case tlm::TLM_ADDRESS_ERROR_RESPONSE:
      case tlm::TLM_COMMAND_ERROR_RESPONSE:
        return BusResult{BusStatus::kSlaveError, 0};
      default:  // TLM_GENERIC_ERROR_RESPONSE: no PREADY (reset held)
        return BusResult{BusStatus::kTimeout, 0};
    }
  }

  std::shared_ptr<sim::systemc::TlmBoard> board_;
};

}  // namespace

std::unique_ptr<Backend> make_tlm_backend(const BackendOptions& options) {
  if (!options.waves.empty()) {
    throw std::invalid_argument("backend 'tlm' cannot write waves (only 'rtl' and 'model' trace)");
  }
  return std::make_unique<TlmBackend>(options);
}

}  // namespace om::driver

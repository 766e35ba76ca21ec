// SPDX-License-Identifier: Apache-2.0
// The "rtl" and "model" backends: the Verilated om_top or the cycle model om::Top, the same side of
// the co-simulation, through the platform's blocking harness (sim::TopHarness: APB4 master, pixel
// stream with random idle gaps, render-target and depth-stencil memories with random latency and
// stalls, all seeded). Both see the same inputs cycle by cycle for the same seed, so their cycle
// counts and perf counters agree. The depth-stencil buffer is the harness's ds_mem().
#include <stdexcept>
#include <string>

#include "backends.h"
#include "om/sim/memory.h"
#include "om/sim/top_harness.h"

namespace om::driver {
namespace {

constexpr int kBusTimeout = 64;  // cycles a transfer waits while the OM is held in reset

class HarnessBackend final : public Backend,
                             public RegisterBus,
                             public PixelPort,
                             public DepthStencilPort {
 public:
  HarnessBackend(sim::SideKind kind, const BackendOptions& o)
      : kind_(kind), h_(harness_config(o), kind) {
    h_.reset();
  }

  std::string name() const override { return kind_ == sim::SideKind::kRtl ? "rtl" : "model"; }
  RegisterBus& bus() override { return *this; }
  PixelPort* pixels() override { return this; }
  void hold_reset(bool asserted) override {
    in_reset_ = asserted;
    h_.set_reset(asserted);
    h_.run(2);
  }
  uint64_t cycles() const override { return h_.cycle(); }

  BusResult read(uint32_t addr) override {
    if (in_reset_) return timeout();
    bool err = false;
    const uint32_t data = h_.apb_read(addr, &err);
    return BusResult{err ? BusStatus::kSlaveError : BusStatus::kOk, err ? 0u : data};
  }
  BusResult write(uint32_t addr, uint32_t data) override {
    if (in_reset_) return timeout();
    const bool err = h_.apb_write(addr, data);
    return BusResult{err ? BusStatus::kSlaveError : BusStatus::kOk, 0};
  }

  bool submit(const std::vector<SampleTransfer>& transfers) override {
    if (in_reset_) return false;
    for (const SampleTransfer& t : transfers) {
      h_.push(sim::TbPixel{t.x, t.y, t.px, t.z, t.front_face});
    }
    h_.run_until_idle();  // throws when om_top stops making progress or an assertion fires
    return true;
  }
  ref::Texel read_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s) const override {
    return h_.mem().peek(mem_addr(rt, y, x, s));
  }
  void write_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s, const ref::Texel& t) override {
    h_.mem().image().set(mem_addr(rt, y, x, s), t);
  }
  DepthStencilPort* depth_stencil() override { return this; }
  ref::Texel read_ds_texel(uint32_t x, uint32_t y, uint32_t s) const override {
    return h_.ds_mem().peek(mem_addr(0, y, x, s));
  }
  void write_ds_texel(uint32_t x, uint32_t y, uint32_t s, const ref::Texel& t) override {
    h_.ds_mem().image().set(mem_addr(0, y, x, s), t);
  }

 private:
  static sim::HarnessConfig harness_config(const BackendOptions& o) {
    sim::HarnessConfig c;
    c.cfg_index = o.config;
    c.seed = o.seed;
    c.mem.latency_min = 1;
    c.mem.latency_max = 6;
    c.mem.rd_ready_p = 0.8;
    c.mem.wr_ready_p = 0.8;
    c.in_valid_p = 0.8;
    c.waves = o.waves;
    return c;
  }

  // No PREADY while the OM is in reset: the transfer is given up after kBusTimeout cycles.
  BusResult timeout() {
    h_.run(kBusTimeout);
    return BusResult{BusStatus::kTimeout, 0};
  }

  sim::SideKind kind_;
  mutable sim::TopHarness h_;  // mem() is not const
  bool in_reset_ = false;
};

}  // namespace

std::unique_ptr<Backend> make_rtl_backend(const BackendOptions& options) {
  return std::make_unique<HarnessBackend>(sim::SideKind::kRtl, options);
}

std::unique_ptr<Backend> make_model_backend(const BackendOptions& options) {
  return std::make_unique<HarnessBackend>(sim::SideKind::kModel, options);
}

}  // namespace om::driver

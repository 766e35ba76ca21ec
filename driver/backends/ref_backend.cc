// SPDX-License-Identifier: Apache-2.0
// The "ref" backend: the output merger as the clock-free reference model, D3D's reference device.
// Registers behave as the register map says (capability registers from ref::cap_register, the
// state window in sim::StateRegs, STATUS always initialised and idle, PSLVERR for unmapped,
// misaligned and wrong-direction accesses); each transfer (one sample of a pixel) is
// om::ref::process_pixel on the state the registers hold, after the depth/stencil test of
// om::ref::depth_stencil_sample on the state of the depth/stencil registers and that sample of the
// buffer behind DepthStencilPort. No clock: cycles() stays 0,
// and the counters that depend on timing or on the memory traffic (RT_READS, HAZARD_STALLS,
// MEM_STALLS) read 0.
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "backends.h"
#include "om/gen/csr_storage.h"
#include "om/gen/regs.h"
#include "om/ref/caps.h"
#include "om/ref/hw_state.h"
#include "om/ref/pixel.h"
#include "om/sim/image.h"
#include "om/sim/regfile.h"

namespace om::driver {
namespace {

class RefBackend final : public Backend,
                         public RegisterBus,
                         public PixelPort,
                         public DepthStencilPort {
 public:
  explicit RefBackend(const BackendOptions& o) : cfg_(kConfigs[o.config]) {}

  std::string name() const override { return "ref"; }
  RegisterBus& bus() override { return *this; }
  PixelPort* pixels() override { return this; }
  void hold_reset(bool asserted) override {
    in_reset_ = asserted;
    regs_ = sim::StateRegs();
    counters_ = {};
  }
  uint64_t cycles() const override { return 0; }

  BusResult read(uint32_t addr) override {
    if (in_reset_) return BusResult{BusStatus::kTimeout, 0};
    const regs::RegInfo* r = mapped(addr);
    if (r == nullptr || r->access == regs::Access::kW) return BusResult{BusStatus::kSlaveError, 0};
    return BusResult{BusStatus::kOk, value(*r)};
  }
  BusResult write(uint32_t addr, uint32_t data) override {
    if (in_reset_) return BusResult{BusStatus::kTimeout, 0};
    const regs::RegInfo* r = mapped(addr);
    if (r == nullptr || r->access == regs::Access::kR) return BusResult{BusStatus::kSlaveError, 0};
    if (addr == regs::kPerfClear) {
      if (regs::perf_clear::kClear.get(data) != 0) counters_ = {};
    } else {
      regs_.write(addr, data, 0xF);
    }
    return BusResult{BusStatus::kOk, 0};
  }

  bool submit(const std::vector<SampleTransfer>& transfers) override {
    if (in_reset_) return false;
    const State held = regs_.decode();
    const State st = sim::bound_state(held);
    const ref::DepthStencilDesc ds = ref::ds_desc(held);
    const ref::DsBinding binding = ref::ds_binding(held);
    const ref::PixelState draw = ref::draw_pixel_state(st, cfg_);
    for (const SampleTransfer& t : transfers) process(st, draw, ds, binding, t);
    return true;
  }
  ref::Texel read_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s) const override {
    return mem_.get(mem_addr(rt, y, x, s));
  }
  void write_texel(uint32_t rt, uint32_t x, uint32_t y, uint32_t s, const ref::Texel& t) override {
    mem_.set(mem_addr(rt, y, x, s), t);
  }
  DepthStencilPort* depth_stencil() override { return this; }

  ref::Texel read_ds_texel(uint32_t x, uint32_t y, uint32_t s) const override {
    return ds_mem_.get(mem_addr(0, y, x, s));
  }
  void write_ds_texel(uint32_t x, uint32_t y, uint32_t s, const ref::Texel& t) override {
    ds_mem_.set(mem_addr(0, y, x, s), t);
  }

 private:
  static const regs::RegInfo* mapped(uint32_t addr) {
    return (addr & 3u) != 0 || addr >= regs::kSpace ? nullptr : regs::find_reg(addr);
  }

  uint32_t value(const regs::RegInfo& r) const {
    if (ref::is_cap_register(r.offset)) {
      return ref::cap_register(cfg_, r.offset);
    }
    if (sim::StateRegs::is_state_reg(r.offset)) return regs_.value(r.offset);
    if (const regs::PerfCounter* c = regs::find_perf_counter(r.offset)) return counters_.*c->count;
    switch (r.offset) {
      case regs::kStatus:
        return regs::status::kInitialised.put(0, 1);
      default:
        return r.reset;
    }
  }

  // One transfer: sample p.px.sample of pixel (p.x, p.y); om::ref decides its coverage (sample
  // count, SampleMask, oMask, A2C) from the state the registers hold.
  void process(const State& st, const ref::PixelState& draw, const ref::DepthStencilDesc& ds,
               const ref::DsBinding& binding, const SampleTransfer& p) {
    const ref::PixelState ps = ref::pixel_state(draw, st, cfg_, p.x, p.y);
    ref::PixelIn px = p.px;
    const uint32_t s = px.sample;
    if (!px.clear && binding.format != nullptr && ref::pixel_covered(ps, px)) {
      depth_stencil(ds, binding, p, &px);
    }
    std::array<ref::Texel, ref::kMaxRts> dest{};
    for (int i = 0; i < ref::kMaxRts; ++i) {
      if (ps.rt_format[i] != nullptr) dest[i] = mem_.get(mem_addr(i, p.y, p.x, s));
    }
    const ref::PixelOut out = ref::process_pixel(ps, px, dest);
    ++counters_.pixels_in;
    if (!out.covered) ++counters_.killed;
    for (int i = 0; i < ref::kMaxRts; ++i) {
      if (!out.write[i]) continue;
      ++counters_.rt_writes;
      mem_.set(mem_addr(i, p.y, p.x, s), out.texel[i]);
    }
  }

  // docs/depth-stencil.md §2 on a covered pixel: the buffer is updated, a failing pixel leaves
  // the colour coverage.
  void depth_stencil(const ref::DepthStencilDesc& ds, const ref::DsBinding& binding,
                     const SampleTransfer& p, ref::PixelIn* px) {
    const uint32_t s = px->sample;
    const ref::DsTexelOut t =
        ref::depth_stencil_texel(ds, binding, p.z, p.front_face, read_ds_texel(p.x, p.y, s));
    if (t.sample.write_depth || t.sample.write_stencil) write_ds_texel(p.x, p.y, s, t.texel);
    if (!t.sample.pass) px->coverage = false;
  }

  const ConfigInfo& cfg_;
  sim::StateRegs regs_;
  sim::Image mem_;
  sim::Image ds_mem_;
  regs::PerfCounts counters_;  // those process() counts; the others stay 0
  bool in_reset_ = false;
};

}  // namespace

std::unique_ptr<Backend> make_ref_backend(const BackendOptions& options) {
  if (!options.waves.empty()) {
    throw std::invalid_argument("backend 'ref' cannot write waves (only 'rtl' and 'model' trace)");
  }
  return std::make_unique<RefBackend>(options);
}

}  // namespace om::driver

// The "model" backend: register bus = an APB4 master clocking the om_csr cycle model (om::Csr);
// pixels = the reference model's process_pixel over a memory image, one pixel at a time, with the
// state taken from the cycle model's state_t output and the capabilities from its capability
// registers. Perf-counter strobes are driven into the cycle model as om_top would (pixels in,
// killed, RT reads and writes), one clock cycle per event.
#include <stdexcept>
#include <unordered_map>

#include "backends.h"
#include "om/csr.h"
#include "om/gen/regs.h"
#include "om/ref/caps.h"
#include "om/ref/pixel.h"
#include "om/ref/rt_op.h"

namespace om::driver {
namespace {

constexpr int kBusTimeout = 64;  // access-phase cycles before a transfer is given up

uint32_t mem_addr(uint32_t rt, uint32_t y, uint32_t x) { return (rt << 28) | (y << 14) | x; }

class ModelBackend final : public Backend, public RegisterBus, public PixelPort {
 public:
  explicit ModelBackend(const BackendOptions& o) {
    in_.cfg = static_cast<uint32_t>(o.config);
    tick();  // power-up cycle
    in_.rst_n = false;
    tick();
    tick();
    in_.rst_n = true;
    tick();
  }

  std::string name() const override { return "model"; }
  RegisterBus& bus() override { return *this; }
  PixelPort* pixels() override { return this; }
  void hold_reset(bool asserted) override {
    in_.rst_n = !asserted;
    tick();
  }
  bool set_init_done(bool done) override {
    in_.init_done = done;
    return true;
  }
  uint64_t cycles() const override { return cycles_; }

  BusResult read(uint32_t addr) override { return transfer(false, addr, 0); }
  BusResult write(uint32_t addr, uint32_t data) override { return transfer(true, addr, data); }

  bool submit(const std::vector<Pixel>& pixels) override {
    if (!in_.rst_n) return false;
    for (const Pixel& p : pixels) process(p);
    return true;
  }
  ref::Texel read_texel(uint32_t rt, uint32_t x, uint32_t y) const override {
    const auto it = image_.find(mem_addr(rt, y, x));
    return it == image_.end() ? ref::Texel{} : it->second;
  }
  void write_texel(uint32_t rt, uint32_t x, uint32_t y, const ref::Texel& t) override {
    image_[mem_addr(rt, y, x)] = t;
  }

 private:
  void tick() {
    csr_.comb(in_);
    csr_.seq(in_);
    ++cycles_;
  }

  BusResult transfer(bool write, uint32_t addr, uint32_t data) {
    in_.psel = true;
    in_.penable = false;
    in_.pwrite = write;
    in_.paddr = addr;
    in_.pwdata = write ? data : 0;
    in_.pstrb = write ? 0xF : 0;
    tick();  // setup phase
    in_.penable = true;
    BusResult r{BusStatus::kTimeout, 0};
    for (int n = 0; n < kBusTimeout; ++n) {
      const CsrOut& o = csr_.comb(in_);
      const bool done = o.pready;
      if (done) r = BusResult{o.pslverr ? BusStatus::kSlaveError : BusStatus::kOk, o.prdata};
      csr_.seq(in_);
      ++cycles_;
      if (done) break;
    }
    in_.psel = in_.penable = in_.pwrite = false;
    in_.paddr = in_.pwdata = in_.pstrb = 0;
    return r;
  }

  // One clock cycle carrying perf-counter strobes.
  void strobe(bool pixel_in, bool killed, bool rt_read, bool rt_write) {
    in_.perf_pixel_in = pixel_in;
    in_.perf_killed = killed;
    in_.perf_rt_read = rt_read;
    in_.perf_rt_write = rt_write;
    tick();
    in_.perf_pixel_in = in_.perf_killed = in_.perf_rt_read = in_.perf_rt_write = false;
  }

  // The reference-model state pixel (x, y) sees, decoded from the state registers.
  ref::PixelState pixel_state(const State& s, uint32_t x, uint32_t y) const {
    ref::PixelState ps;
    ps.blend.independent_blend_enable = s.independent_blend_enable;
    ps.blend.alpha_to_coverage_enable = s.alpha_to_coverage_enable;
    for (int i = 0; i < kPkgMaxRts; ++i) {
      const RtDesc& d = s.rt_desc[i];
      ref::RtBlendDesc& r = ps.blend.render_target[i];
      r.blend_enable = d.blend_enable;
      r.src_blend = static_cast<Blend>(d.src_blend);
      r.dest_blend = static_cast<Blend>(d.dest_blend);
      r.blend_op = static_cast<BlendOp>(d.blend_op);
      r.src_blend_alpha = static_cast<Blend>(d.src_blend_alpha);
      r.dest_blend_alpha = static_cast<Blend>(d.dest_blend_alpha);
      r.blend_op_alpha = static_cast<BlendOp>(d.blend_op_alpha);
      r.logic_op_enable = d.logic_op_enable;
      r.logic_op = static_cast<LogicOp>(d.logic_op);
      r.render_target_write_mask = d.write_mask;
    }
    ps.blend_factor = s.blend_factor;
    ps.sample_mask = s.sample_mask;
    ps.ps_outputs = s.ps_outputs;
    ps.d3d9.alpha_test_enable = s.alpha_test_enable;
    ps.d3d9.alpha_func = static_cast<CmpFunc>(s.alpha_func);
    ps.d3d9.alpha_ref = s.alpha_ref;
    ps.d3d9.fog_enable = s.fog_enable;
    ps.d3d9.fog_color = s.fog_color;
    // A format that is not BLENDABLE at the configured FL is written with blending disabled.
    ps.fl_index =
        ref::feature_level_index(ref::decode_cap_fl(csr_.read(regs::kCapFl, in_).value_or(0)));
    const uint32_t cap_om = csr_.read(regs::kCapOm, in_).value_or(0);
    ps.gamma_space = (cap_om & ref::kCapOmLinearSrgbBlend) == 0;
    const uint32_t max_rts = cap_om & ref::kCapOmMaxRtsMask;
    for (uint32_t i = 0; i < static_cast<uint32_t>(kPkgMaxRts); ++i) {
      const RtBind& b = s.rt_bind[i];
      if (i >= max_rts || x >= b.width || y >= b.height) continue;
      ps.rt_format[i] = ref::find_format(b.format);  // nullptr: unbound or not implemented
    }
    return ps;
  }

  void process(const Pixel& p) {
    const State s = csr_.comb(in_).state;
    const ref::PixelState ps = pixel_state(s, p.x, p.y);
    std::array<ref::Texel, ref::kMaxRts> dest{};
    for (int i = 0; i < ref::kMaxRts; ++i) {
      if (ps.rt_format[i] != nullptr) dest[i] = read_texel(i, p.x, p.y);
    }
    const ref::PixelOut out = ref::process_pixel(ps, p.px, dest);
    strobe(true, !out.covered, false, false);
    if (!out.covered) return;
    const ref::RtBlendDesc& rt0 = ps.blend.render_target[0];
    for (int i = 0; i < ref::kMaxRts; ++i) {
      const FormatInfo* f = ps.rt_format[i];
      if (f == nullptr || (!p.px.clear && ((ps.ps_outputs >> i) & 1u) == 0)) continue;
      // om_top reads the destination when the op blends, applies a logic op or merges a partial
      // write mask (rtl/om_top_pkg.sv op_needs_read).
      const ref::RtBlendDesc& d = ref::select_rt_desc(ps.blend, i);
      const uint32_t wm = ref::effective_write_mask(*f, d.render_target_write_mask);
      const bool is_int = f->cls == FormatClass::UINT || f->cls == FormatClass::SINT;
      const bool reads =
          !p.px.clear && wm != 0 &&
          (rt0.logic_op_enable || (d.blend_enable && !is_int) || wm != ref::present_channels(*f));
      if (reads) strobe(false, false, true, false);
      if (out.write[i]) {
        write_texel(i, p.x, p.y, out.texel[i]);
        strobe(false, false, false, true);
      }
    }
  }

  Csr csr_;
  CsrIn in_;
  uint64_t cycles_ = 0;
  std::unordered_map<uint32_t, ref::Texel> image_;
};

}  // namespace

std::unique_ptr<Backend> make_model_backend(const BackendOptions& options) {
  if (!options.waves.empty()) {
    throw std::invalid_argument("backend 'model' cannot write waves (only 'rtl' traces)");
  }
  return std::make_unique<ModelBackend>(options);
}

}  // namespace om::driver

// SPDX-License-Identifier: Apache-2.0
// A minimal virtual platform around the output merger, at transaction level only (no pins):
//
//   Cpu (SC_THREAD, temporally decoupled with a quantum keeper)
//     reg  ──► OmTopTlm.reg_socket      capability reads, blend state, render-target binding
//     pix  ──► OmTopTlm.pixel_socket    a clear and a few blended pixels (packed pixel_t)
//   OmTopTlm.mem_socket ──► TexelMemory   the render target, 3-cycle reads
//   OmTopTlm.ds_mem_socket ──► TexelMemory   the depth-stencil buffer (idle: no view is bound)
//
// The CPU reads the caps, binds a 4x2 R8G8B8A8_UNORM target, clears it, draws half-transparent
// pixels with SRC_ALPHA / INV_SRC_ALPHA blending, spends 2 us elsewhere (the OM drains in the
// background meanwhile), checks STATUS.BUSY and reads the performance counters. sc_main then prints
// the target and checks every texel against the clock- free reference model
// (om::ref::process_pixel) applied to the same pixels in order.
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "om/gen/regs.h"
#include "om/ref/pixel.h"
#include "om/sim/systemc/om_top_tlm.h"
#include "om/sim/systemc/texel_memory.h"

namespace {

namespace rg = om::regs;
using om::sim::systemc::OmTopTlm;
using om::sim::systemc::TexelMemory;

constexpr uint32_t kW = 4, kH = 2;

uint32_t f32(float v) { return om::ref::f32_bits(v); }

// What the CPU draws, in order: a clear of every pixel, then blended pixels (two on one texel).
std::vector<om::Pixel> scene() {
  std::vector<om::Pixel> v;
  for (uint32_t y = 0; y < kH; ++y) {
    for (uint32_t x = 0; x < kW; ++x) {
      om::Pixel p;
      p.cmd = om::Cmd::kClear;
      p.x = x;
      p.y = y;
      p.oc[0] = {f32(0.0f), f32(0.0f), f32(0.25f), f32(1.0f)};  // dark blue
      v.push_back(p);
    }
  }
  const float colours[][4] = {{1.0f, 0.0f, 0.0f, 0.5f},
                              {0.0f, 1.0f, 0.0f, 0.75f},
                              {1.0f, 1.0f, 1.0f, 0.25f},
                              {0.2f, 0.4f, 0.6f, 1.0f}};
  const uint32_t at[][2] = {{0, 0}, {1, 0}, {1, 0}, {3, 1}, {2, 1}};
  for (int i = 0; i < 5; ++i) {
    om::Pixel p;
    p.x = at[i][0];
    p.y = at[i][1];
    p.coverage = true;
    p.fog = f32(1.0f);
    const float* c = colours[i % 4];
    p.oc[0] = {f32(c[0]), f32(c[1]), f32(c[2]), f32(c[3])};
    v.push_back(p);
  }
  return v;
}

uint32_t rt_blend_src_alpha() {
  uint32_t v = 0;
  v = rg::rt_blend::kSrcBlend.put(v, static_cast<uint32_t>(om::Blend::SRC_ALPHA));
  v = rg::rt_blend::kDestBlend.put(v, static_cast<uint32_t>(om::Blend::INV_SRC_ALPHA));
  v = rg::rt_blend::kBlendOp.put(v, static_cast<uint32_t>(om::BlendOp::ADD));
  v = rg::rt_blend::kSrcBlendAlpha.put(v, static_cast<uint32_t>(om::Blend::ONE));
  v = rg::rt_blend::kDestBlendAlpha.put(v, static_cast<uint32_t>(om::Blend::INV_SRC_ALPHA));
  v = rg::rt_blend::kBlendOpAlpha.put(v, static_cast<uint32_t>(om::BlendOp::ADD));
  return rg::rt_blend::kBlendEnable.put(v, 1);
}

class Cpu : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<Cpu> reg;
  tlm_utils::simple_initiator_socket<Cpu> pix;
  bool ok = true;
  uint64_t drawn_writes = 0;  // texels written by the draw before STATUS was read

  // `mem` only to show what a display controller would see there.
  Cpu(const sc_core::sc_module_name& name, const TexelMemory& mem)
      : sc_module(name), reg("reg"), pix("pix"), mem_(mem) {
    SC_HAS_PROCESS(Cpu);
    SC_THREAD(run);
    tlm_utils::tlm_quantumkeeper::set_global_quantum(sc_core::sc_time(1, sc_core::SC_US));
  }

 private:
  uint32_t access(bool write, uint32_t addr, uint32_t data = 0) {
    tlm::tlm_generic_payload t;
    unsigned char bytes[4];
    std::memcpy(bytes, &data, 4);
    t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    t.set_address(addr);
    t.set_data_ptr(bytes);
    t.set_data_length(4);
    t.set_streaming_width(4);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = qk_.get_local_time();
    reg->b_transport(t, d);
    qk_.set(d);
    if (qk_.need_sync()) qk_.sync();
    if (!t.is_response_ok()) {
      std::printf("cpu: %s 0x%03x failed: %s\n", write ? "write" : "read", addr,
                  t.get_response_string().c_str());
      ok = false;
    }
    std::memcpy(&data, bytes, 4);
    return data;
  }

  void run() {
    qk_.reset();
    const uint32_t id = access(false, rg::kCapId);
    const uint32_t fl = access(false, rg::kCapFl);
    const uint32_t om = access(false, rg::kCapOm);
    std::printf("cpu @ %s: CAP_ID 0x%08x (magic '%c%c', revision 0x%04x), CAP_FL 0x%02x, %u RTs\n",
                (sc_core::sc_time_stamp() + qk_.get_local_time()).to_string().c_str(), id,
                static_cast<char>(id >> 24), static_cast<char>(id >> 16),
                rg::cap_id::kRevision.get(id), fl, rg::cap_om::kMaxRts.get(om));
    const uint32_t fmt = static_cast<uint32_t>(om::Format::R8G8B8A8_UNORM);
    const uint32_t cap_fmt = access(false, rg::cap_fmt_offset(fmt));
    std::printf("cpu: R8G8B8A8_UNORM render target %u, blendable %u\n",
                rg::cap_fmt::kRenderTarget.get(cap_fmt), rg::cap_fmt::kBlendable.get(cap_fmt));

    // Blend state and render-target binding (RT 0).
    access(true, rg::rt_format_offset(0), fmt);
    access(true, rg::rt_size_offset(0),
           rg::rt_size::kHeight.put(rg::rt_size::kWidth.put(0, kW), kH));
    access(true, rg::rt_blend_offset(0), rt_blend_src_alpha());
    access(true, rg::kPsOutputs, rg::ps_outputs::kDeclared.put(0, 1));
    access(true, rg::kPerfClear, 1);

    // Draw: one pixel-stream transaction.
    const uint64_t writes0 = mem_.writes();
    std::vector<unsigned char> bytes = om::sim::systemc::pack_pixels(scene());
    tlm::tlm_generic_payload t;
    t.set_command(tlm::TLM_WRITE_COMMAND);
    t.set_data_ptr(bytes.data());
    t.set_data_length(static_cast<unsigned>(bytes.size()));
    t.set_streaming_width(static_cast<unsigned>(bytes.size()));
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = qk_.get_local_time();
    pix->b_transport(t, d);
    qk_.set(d);
    std::printf("cpu @ %s: %zu pixels accepted (%s)\n",
                (sc_core::sc_time_stamp() + d).to_string().c_str(),
                bytes.size() / OmTopTlm::kPixelBytes, t.get_response_string().c_str());
    ok = ok && t.is_response_ok();

    // The CPU does something else for 2 us: the OM's background process keeps its pipeline in
    // step with simulation time, so the render target fills without further OM transactions.
    qk_.sync();
    const uint64_t during = mem_.writes() - writes0;
    sc_core::wait(sc_core::sc_time(2, sc_core::SC_US));
    drawn_writes = mem_.writes() - writes0;
    std::printf(
        "cpu @ %s: the OM wrote %llu texels during the pixel transaction and %llu more "
        "while the CPU was busy elsewhere\n",
        sc_core::sc_time_stamp().to_string().c_str(), static_cast<unsigned long long>(during),
        static_cast<unsigned long long>(drawn_writes - during));
    qk_.reset();

    int polls = 0;
    while (rg::status::kBusy.get(access(false, rg::kStatus)) != 0) ++polls;
    std::printf("cpu @ %s: idle after %d STATUS polls; pixels in %u, RT reads %u, RT writes %u\n",
                (sc_core::sc_time_stamp() + qk_.get_local_time()).to_string().c_str(), polls,
                access(false, rg::kPerfPixelsIn), access(false, rg::kPerfRtReads),
                access(false, rg::kPerfRtWrites));
    qk_.sync();
  }

  tlm_utils::tlm_quantumkeeper qk_;
  const TexelMemory& mem_;
};

}  // namespace

int sc_main(int, char*[]) {
  const int cfg = om::kDefaultConfig;
  om::sim::systemc::MemoryTiming timing;
  timing.read_min = timing.read_max = 3;
  TexelMemory mem("mem", timing);
  TexelMemory ds_mem("ds_mem", timing);
  Cpu cpu("cpu", mem);
  OmTopTlm om_tlm("om", cfg);
  cpu.reg.bind(om_tlm.reg_socket);
  cpu.pix.bind(om_tlm.pixel_socket);
  om_tlm.mem_socket.bind(mem.socket);
  om_tlm.ds_mem_socket.bind(ds_mem.socket);
  sc_core::sc_start();

  // The same pixels through the reference model, in submission order.
  om::ref::PixelState ps;
  ps.blend.render_target[0].blend_enable = true;
  ps.blend.render_target[0].src_blend = om::Blend::SRC_ALPHA;
  ps.blend.render_target[0].dest_blend = om::Blend::INV_SRC_ALPHA;
  ps.blend.render_target[0].src_blend_alpha = om::Blend::ONE;
  ps.blend.render_target[0].dest_blend_alpha = om::Blend::INV_SRC_ALPHA;
  ps.ps_outputs = 1;
  ps.rt_format[0] = om::ref::find_format(static_cast<uint32_t>(om::Format::R8G8B8A8_UNORM));
  ps.fl_index = om::kConfigs[cfg].fl_index;
  ps.gamma_space = om::kConfigs[cfg].fl_index <= 2;
  om::ref::Texel want[kH][kW] = {};
  for (const om::Pixel& p : scene()) {
    om::ref::PixelIn in;
    in.clear = p.cmd == om::Cmd::kClear;
    in.coverage = p.coverage;
    in.fog = p.fog;
    in.oc1 = p.oc1;
    in.oc = p.oc;
    std::array<om::ref::Texel, om::ref::kMaxRts> dest{};
    dest[0] = want[p.y][p.x];
    want[p.y][p.x] = om::ref::process_pixel(ps, in, dest).texel[0];
  }

  bool ok = cpu.ok;
  size_t expected_writes = 0;  // every pixel of scene() writes (all covered, mask 0xF)
  for (const om::Pixel& p : scene()) expected_writes += p.cmd == om::Cmd::kClear || p.coverage;
  if (cpu.drawn_writes != expected_writes) {
    std::printf("expected %zu texel writes before STATUS was read, saw %llu\n", expected_writes,
                static_cast<unsigned long long>(cpu.drawn_writes));
    ok = false;
  }
  std::printf("render target 0 (R8G8B8A8_UNORM, %ux%u) after %llu OM cycles:\n", kW, kH,
              static_cast<unsigned long long>(om_tlm.cycles()));
  for (uint32_t y = 0; y < kH; ++y) {
    std::string line = " ";
    for (uint32_t x = 0; x < kW; ++x) {
      const om::ref::Texel t = mem.peek(om::mem_addr(0, y, x, 0));
      char buf[32];
      std::snprintf(buf, sizeof buf, " %08x%s", t.w[0], t == want[y][x] ? "" : "!");
      line += buf;
      ok = ok && t == want[y][x];
    }
    std::printf("%s\n", line.c_str());
  }
  std::printf("%s\n", ok ? "every texel matches om::ref" : "MISMATCH against om::ref (marked !)");
  return ok ? 0 : 1;
}

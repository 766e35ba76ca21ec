// SPDX-License-Identifier: Apache-2.0
// om_bench_throughput: sustained render-target operations per clock of the Verilated om_top, from
// its perf counters (PERF_RT_WRITES and PERF_RT_READS read over the bus at the start and end of a
// window), with an ideal memory (latency 1, always ready) and a random one (latency 1..16, each
// port ready with probability 0.8). Workload: the default configuration, eight R8G8B8A8_UNORM
// render targets blending SRC_ALPHA / INV_SRC_ALPHA (one read and one write per op, eight ops per
// pixel), pixels offered back to back at distinct addresses, so nothing but the pipeline and the
// memory limits the rate. And the depth-stencil path: one R8G8B8A8_UNORM target written whole (no
// reads) behind an active om_depth (a D24_UNORM_S8_UINT view, LESS_EQUAL depth with writes, stencil
// INCR_SAT on both faces), pixels at distinct addresses with decreasing depths so each passes and
// writes: cycles per pixel from PERF_PIXELS_IN.
//
// Usage: om_bench_throughput [--cycles N] [--json FILE]
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "om/gen/regs.h"
#include "om/ref/fp32.h"
#include "om/sim/top_harness.h"

namespace {

using namespace om;

struct Window {
  uint64_t cycles = 0;
  uint64_t rt_writes = 0;
  uint64_t rt_reads = 0;
  uint64_t pixels = 0;
};

// The blending workload of eight targets, or (depth) the depth-stencil one.
State workload(bool depth) {
  State s = ref::default_state();
  if (depth) {
    s.rt_bind[0] = {static_cast<uint32_t>(Format::R8G8B8A8_UNORM), 256, 256};
    s.ps_outputs = 0x1;
    ref::DsView view;
    view.valid = true;
    view.format = static_cast<uint32_t>(DsFormat::D24_UNORM_S8_UINT);
    ref::set_ds_view(s, view);
    ref::DepthStencilDesc ds;
    ds.depth_func = CmpFunc::LESS_EQUAL;
    ds.stencil_enable = true;
    ds.front_face.stencil_pass_op = StencilOp::INCR_SAT;
    ds.back_face.stencil_pass_op = StencilOp::INCR_SAT;
    ref::set_ds_desc(s, ds);
    return s;
  }
  ref::BlendDesc blend;
  for (int i = 0; i < ref::kMaxRts; ++i) {
    s.rt_bind[i] = {static_cast<uint32_t>(Format::R8G8B8A8_UNORM), 256, 256};
    ref::RtBlendDesc& d = blend.render_target[i];
    d.blend_enable = true;
    d.src_blend = Blend::SRC_ALPHA;
    d.dest_blend = Blend::INV_SRC_ALPHA;
  }
  blend.independent_blend_enable = true;
  ref::set_blend_desc(s, blend);
  s.ps_outputs = 0xFF;
  return s;
}

Window measure(const sim::MemConfig& mem, uint64_t cycles, bool depth) {
  sim::HarnessConfig hc;
  hc.cfg_index = kDefaultConfig;
  hc.mem = mem;
  sim::TopHarness h(hc);
  h.reset();
  sim::program_state(h, workload(depth));

  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  uint32_t n = 0;
  auto feed = [&] {
    if (!h.input_drained()) return;
    for (int i = 0; i < 64; ++i, ++n) {
      sim::TbPixel p;
      p.x = n % 256;
      p.y = (n / 256) % 256;
      for (auto& rt : p.px.oc) {
        for (auto& c : rt) c = ref::f32_bits(u(rng));
      }
      p.depth = ref::f32_bits(1.0f - static_cast<float>(n) * 1e-7f);
      h.push(p);
    }
  };
  auto counters = [&](Window* w) {
    w->rt_writes = h.apb_read(regs::kPerfRtWrites);
    w->rt_reads = h.apb_read(regs::kPerfRtReads);
    w->pixels = h.apb_read(regs::kPerfPixelsIn);
    w->cycles = h.cycle();
  };
  for (int i = 0; i < 4000; ++i) {  // fill the pipeline and the memory's queue
    feed();
    h.step();
  }
  Window a, b;
  counters(&a);
  const uint64_t end = h.cycle() + cycles;
  while (h.cycle() < end) {
    feed();
    h.step();
  }
  counters(&b);
  return {b.cycles - a.cycles, b.rt_writes - a.rt_writes, b.rt_reads - a.rt_reads,
          b.pixels - a.pixels};
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t cycles = 100000;
  std::string json_out;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cycles" && i + 1 < argc) {
      cycles = std::strtoull(argv[++i], nullptr, 0);
    } else if (a == "--json" && i + 1 < argc) {
      json_out = argv[++i];
    } else {
      std::fprintf(stderr, "usage: om_bench_throughput [--cycles N] [--json FILE]\n");
      return 2;
    }
  }
  sim::MemConfig ideal;
  sim::MemConfig random;
  random.latency_min = 1;
  random.latency_max = 16;
  random.rd_ready_p = 0.8;
  random.wr_ready_p = 0.8;
  nlohmann::json doc;
  for (const auto& [name, mem] : {std::pair{"ideal", ideal}, std::pair{"random", random}}) {
    const Window d = measure(mem, cycles, true);
    const double cpp = static_cast<double>(d.cycles) / static_cast<double>(d.pixels);
    std::printf(
        "om_top %s memory, depth-stencil active: %llu cycles, %llu pixels: %.4f cycles/pixel\n",
        name, static_cast<unsigned long long>(d.cycles), static_cast<unsigned long long>(d.pixels),
        cpp);
    doc["depth_stencil"][name] = {{"cycles", d.cycles},
                                  {"pixels_in", d.pixels},
                                  {"rt_writes", d.rt_writes},
                                  {"cycles_per_pixel", cpp}};
    const Window w = measure(mem, cycles, false);
    const double ops = static_cast<double>(w.rt_writes) / static_cast<double>(w.cycles);
    std::printf(
        "om_top %s memory: %llu cycles, %llu RT writes, %llu RT reads, %llu pixels: %.4f RT "
        "ops/clock\n",
        name, static_cast<unsigned long long>(w.cycles),
        static_cast<unsigned long long>(w.rt_writes), static_cast<unsigned long long>(w.rt_reads),
        static_cast<unsigned long long>(w.pixels), ops);
    doc[name] = {{"cycles", w.cycles},
                 {"rt_writes", w.rt_writes},
                 {"rt_reads", w.rt_reads},
                 {"pixels_in", w.pixels},
                 {"rt_ops_per_clock", ops}};
  }
  doc["random_memory"] = {{"latency", {random.latency_min, random.latency_max}},
                          {"rd_ready_p", random.rd_ready_p},
                          {"wr_ready_p", random.wr_ready_p}};
  if (!json_out.empty()) std::ofstream(json_out) << doc.dump(2) << "\n";
  return 0;
}

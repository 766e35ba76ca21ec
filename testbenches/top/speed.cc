// SPDX-License-Identifier: Apache-2.0
// Measures the simulation speed of the Verilated om_top with its testbench harness (memory model,
// pixel driver): one RGBA8 render target blending SRC_ALPHA / INV_SRC_ALPHA (one read and one
// write per pixel), memory latency 10, no stalls. Usage: om_top_speed [cycles [config]] (default
// 1e6, the default configuration).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>

#include "om/cosim/scoreboard.h"
#include "om/ref/fp32.h"
#include "om/sim/top_harness.h"

int main(int argc, char** argv) {
  using namespace om;
  const uint64_t cycles = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : 1000000ull;
  sim::HarnessConfig hc;
  hc.cfg_index = kDefaultConfig;
  if (argc > 2) {
    hc.cfg_index = -1;
    for (int i = 0; i < kNumConfigs; ++i) {
      if (std::string(argv[2]) == kConfigs[i].name) hc.cfg_index = i;
    }
    if (hc.cfg_index < 0) {
      std::fprintf(stderr, "om_top_speed: unknown configuration '%s'\n", argv[2]);
      return 2;
    }
  }
  hc.mem.latency_min = hc.mem.latency_max = 10;
  sim::TopHarness h(hc);
  h.reset();
  State s = ref::default_state();
  s.rt_bind[0] = {static_cast<uint32_t>(Format::R8G8B8A8_UNORM), 256, 256};
  s.ps_outputs = 1;
  ref::RtBlendDesc d;
  d.blend_enable = true;
  d.src_blend = Blend::SRC_ALPHA;
  d.dest_blend = Blend::INV_SRC_ALPHA;
  s.rt_desc[0] = ref::to_rt_desc(d);
  sim::program_state(h, s);

  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  uint32_t n = 0;
  const uint64_t start_cycle = h.cycle();
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  while (h.cycle() - start_cycle < cycles) {
    while (!h.input_drained() && h.cycle() - start_cycle < cycles) h.step();
    for (int i = 0; i < 64; ++i, ++n) {
      sim::TbPixel p;
      p.x = n % 256;
      p.y = (n / 256) % 256;
      for (auto& c : p.px.oc[0]) c = ref::f32_bits(u(rng));
      h.push(p);
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  const uint64_t done = h.cycle() - start_cycle;
  // CPU time is the fairer figure on a shared machine; wall time is what a user waits.
  std::printf(
      "om_top %s: %llu cycles, %llu writes; wall %.3f s: %.0f cycles/s; cpu %.3f s: %.0f "
      "cycles/s\n",
      kConfigs[hc.cfg_index].name, static_cast<unsigned long long>(done),
      static_cast<unsigned long long>(h.stats().rt_writes), secs, done / secs, cpu, done / cpu);
  return 0;
}

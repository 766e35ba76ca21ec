// SPDX-License-Identifier: Apache-2.0
// Simulation speed of the cycle model (om::Top) against the Verilated om_top on the same cycles:
// the lockstep test's stimulus is recorded once (inputs of every cycle: the lockstep loop with the
// model alone), then replayed into each side alone, timing only eval() + tick(). Prints cycles/s
// (CPU time) of both and their ratio. Usage: om_model_speed [cycles=200000] [config=4] [seed=1]
// [busy=0] busy=1: a saturated stream (pixel every cycle, memory latency 10 without stalls, few bus
// writes).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <vector>

#include "lockstep_driver.h"
#include "om/gen/defs.h"
#include "om/sim/lockstep_loop.h"
#include "om/sim/side.h"

namespace {

struct Timing {
  double cpu = 0;
  double wall = 0;
  uint32_t check = 0;  // folded outputs, so the work cannot be optimised away
};

Timing replay(om::sim::Side& side, const std::vector<om::TopIn>& trace) {
  Timing t;
  const auto w0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  for (const om::TopIn& in : trace) {
    const om::TopOut& o = side.eval(in);
    t.check += o.mem_wr_data.w[0] + o.prdata + o.mem_rd_addr + o.perf.rt_writes;
    side.tick();
  }
  t.cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  t.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace om;
  const uint64_t cycles = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : 200000ull;
  const int cfg = argc > 2 ? std::atoi(argv[2]) : kDefaultConfig;
  const uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 0) : 1ull;
  const bool busy = argc > 4 && std::atoi(argv[4]) != 0;
  tb::LockstepConfig lc = tb::lockstep_config(cfg, seed, cycles);
  if (busy) {
    lc.window = 16;
    lc.in_valid_p = 1.0;
    lc.bus_p = 0.02;
    lc.mem.latency_min = lc.mem.latency_max = 10;
    lc.mem.rd_ready_p = lc.mem.wr_ready_p = 1.0;
  }

  std::vector<TopIn> trace;
  trace.reserve(cycles);
  {
    const std::unique_ptr<sim::Side> model = sim::make_side(sim::SideKind::kModel, false);
    tb::Driver drv(lc);
    sim::LockstepLoop<TopIn, TopOut> loop(drv, *model, nullptr);
    loop.on_dump = [&](uint64_t, bool clk) {
      if (!clk) trace.push_back(*loop.inputs());
    };
    while (loop.cycle()) {
    }
    std::printf("stimulus: %llu cycles (%s, seed %llu%s): %llu pixels, %llu reads, %llu writes\n",
                static_cast<unsigned long long>(cycles), kConfigs[cfg].name,
                static_cast<unsigned long long>(seed), busy ? ", busy" : "",
                static_cast<unsigned long long>(drv.stats().pixels),
                static_cast<unsigned long long>(drv.stats().reads),
                static_cast<unsigned long long>(drv.stats().writes));
  }
  const Timing m = replay(*sim::make_side(sim::SideKind::kModel, false), trace);
  const Timing r = replay(*sim::make_side(sim::SideKind::kRtl, false), trace);
  if (m.check != r.check) {
    std::printf("outputs differ between model and RTL (run om_model_lockstep_tests)\n");
    return 1;
  }
  const double n = static_cast<double>(cycles);
  std::printf("model: cpu %.3f s = %.0f cycles/s (wall %.0f cycles/s)\n", m.cpu, n / m.cpu,
              n / m.wall);
  std::printf("rtl:   cpu %.3f s = %.0f cycles/s (wall %.0f cycles/s)\n", r.cpu, n / r.cpu,
              n / r.wall);
  std::printf("model_over_rtl: %.1f (cpu), %.1f (wall)\n", r.cpu / m.cpu, r.wall / m.wall);
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
// Reference-model throughput: the om::ref batch path on three workloads beside a
// memcpy of the same working set, in one process (bench/run.py turns them into bandwidth
// fractions). Byte accounting: see workloads.h. Pixels per array: OM_BENCH_PIXELS (default 4 Mi,
// i.e. arrays well beyond the last-level cache). Rates use CPU time, not wall time: on a shared
// machine the thread's own time is the stable measure (memory stalls count as CPU time; being
// descheduled does not).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "om/ref/batch.h"
#include "workloads.h"

namespace om::bench {
namespace {

int64_t env_pixels(const char* var, int64_t fallback) {
  const char* v = std::getenv(var);
  return v != nullptr ? std::strtoll(v, nullptr, 0) : fallback;
}

/// Workloads are built once per (name, size) and shared by every benchmark of the run.
Workload& workload(const std::string& name, int64_t pixels) {
  static std::map<std::pair<std::string, int64_t>, std::unique_ptr<Workload>> cache;
  auto& w = cache[{name, pixels}];
  if (!w) w = std::make_unique<Workload>(make_workload(name, pixels));
  return *w;
}

void set_counters(benchmark::State& state, const Workload& w, int64_t bytes_per_iteration) {
  state.SetItemsProcessed(state.iterations() * w.pixels());
  state.SetBytesProcessed(state.iterations() * bytes_per_iteration);
  state.counters["bytes_per_pixel"] =
      static_cast<double>(bytes_per_iteration) / static_cast<double>(w.pixels());
}

/// memcpy of source + destination arrays into a second buffer: traffic = 2 * working set.
void BM_Memcpy(benchmark::State& state, const std::string& name) {
  const Workload& w = workload(name, env_pixels("OM_BENCH_PIXELS", 1 << 22));
  const size_t src_bytes = w.src.size() * sizeof(om::ref::Vec4);
  std::vector<uint8_t> out(static_cast<size_t>(w.working_set()));
  for (auto _ : state) {
    std::memcpy(out.data(), w.src.data(), src_bytes);
    std::memcpy(out.data() + src_bytes, w.dest.data(), w.dest.size());
    benchmark::ClobberMemory();
  }
  set_counters(state, w, 2 * w.working_set());
}

om::ref::BatchRt batch_rt(const Workload& w) {
  om::ref::BatchRt rt;
  rt.format = w.format;
  rt.desc = w.desc;
  rt.logic_op_enable = w.desc.logic_op_enable;
  rt.logic_op = w.desc.logic_op;
  rt.blend_factor = w.k;
  return rt;
}

/// om::ref::blend_batch in place over the whole array (the kernel it dispatches to is the
/// benchmark's label).
void BM_RefBatch(benchmark::State& state, const std::string& name) {
  Workload& w = workload(name, env_pixels("OM_BENCH_PIXELS", 1 << 22));
  const om::ref::BatchRt rt = batch_rt(w);
  state.SetLabel(om::ref::blend_batch_kernel(rt));
  for (auto _ : state) {
    om::ref::blend_batch(rt, w.src.size(), w.src[0].data(), nullptr, w.dest.data(), w.dest.data());
    benchmark::ClobberMemory();
  }
  set_counters(state, w, w.traffic());
}

/// The same contract through rt_op() per pixel (om::ref::blend_batch_scalar), to show what the
/// kernels buy.
void BM_RefScalar(benchmark::State& state, const std::string& name) {
  Workload& w = workload(name, env_pixels("OM_BENCH_SCALAR_PIXELS", 1 << 16));
  const om::ref::BatchRt rt = batch_rt(w);
  for (auto _ : state) {
    om::ref::blend_batch_scalar(rt, w.src.size(), w.src[0].data(), nullptr, w.dest.data(),
                                w.dest.data());
    benchmark::ClobberMemory();
  }
  set_counters(state, w, w.traffic());
}

void register_all() {
  for (const char* name : kWorkloads) {
    benchmark::RegisterBenchmark((std::string("BM_Memcpy/") + name).c_str(), BM_Memcpy, name)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("BM_RefBatch/") + name).c_str(), BM_RefBatch, name)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("BM_RefScalar/") + name).c_str(), BM_RefScalar, name)
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace
}  // namespace om::bench

int main(int argc, char** argv) {
  om::bench::register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

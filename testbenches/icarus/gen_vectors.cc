// SPDX-License-Identifier: Apache-2.0
// Writes the vector files of the Icarus testbenches from the reference model (om::ref):
//   OUTDIR/fp32.hex      a b sub max func | add/sub mul min/max cmp          (tb_icarus_fp32.sv)
//   OUTDIR/datapath.hex  one om_rt_datapath op per line | write texel (tb_icarus_datapath.sv)
// usage: om_icarus_vectors OUTDIR [RANDOM_DATAPATH_OPS]   (OUTDIR is created; seed: OM_SEED,
// printed)
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "datapath_random.h"
#include "om/ref/fp32.h"
#include "seed.h"

namespace om::unit {
namespace {

std::string hex128(const std::array<uint32_t, 4>& w) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%08x%08x%08x%08x", w[3], w[2], w[1], w[0]);
  return buf;
}

uint64_t pack_rt_desc(const ref::RtBlendDesc& d) {
  uint64_t v = d.blend_enable ? 1 : 0;
  auto put = [&v](uint32_t x, int bits) { v = (v << bits) | (x & ((1u << bits) - 1)); };
  put(static_cast<uint32_t>(d.src_blend), 5);
  put(static_cast<uint32_t>(d.dest_blend), 5);
  put(static_cast<uint32_t>(d.blend_op), 3);
  put(static_cast<uint32_t>(d.src_blend_alpha), 5);
  put(static_cast<uint32_t>(d.dest_blend_alpha), 5);
  put(static_cast<uint32_t>(d.blend_op_alpha), 3);
  put(d.logic_op_enable ? 1 : 0, 1);
  put(static_cast<uint32_t>(d.logic_op), 4);
  put(d.render_target_write_mask, 4);
  return v;
}

void write_fp32(const std::string& path, std::mt19937_64& rng) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  const uint32_t mags[] = {0x00000000, 0x00000001, 0x007FFFFF, 0x00800000, 0x00800001,
                           0x3F000000, 0x3F7FFFFF, 0x3F800000, 0x3F800001, 0x33800000,
                           0x7F7FFFFF, 0x7F800000, 0x7FC00000, 0x7FA12345};
  std::vector<uint32_t> v;
  for (uint32_t m : mags) v.insert(v.end(), {m, m | 0x80000000u});
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  for (uint32_t a : v) {
    for (uint32_t b : v) pairs.emplace_back(a, b);
  }
  pairs.emplace_back(0x3F7FFFFF, 0x00800000);  // the product that rounds up to the minimum normal
  for (int i = 0; i < 4000; ++i) {
    const uint32_t a = static_cast<uint32_t>(rng());
    const uint32_t b = (i & 1) ? static_cast<uint32_t>(rng())
                               : (a ^ 0x80000000u) + (static_cast<uint32_t>(rng()) & 15);
    pairs.emplace_back(a, b);
  }
  uint32_t i = 0;
  for (const auto& [a, b] : pairs) {
    const bool sub = i & 1, max = (i >> 1) & 1;
    const uint32_t func = (i >> 2) % 10;
    ++i;
    const uint32_t add = sub ? ref::f32_sub(a, b) : ref::f32_add(a, b);
    const uint32_t mm = max ? ref::f32_max(a, b) : ref::f32_min(a, b);
    const bool cmp = func >= 1 && func <= 8 && ref::f32_compare(static_cast<CmpFunc>(func), a, b);
    char line[128];
    std::snprintf(line, sizeof line, "%08x %08x %x %x %x %08x %08x %08x %x\n", a, b, sub, max, func,
                  add, ref::f32_mul(a, b), mm, cmp);
    out << line;
  }
}

// Every format through each path once (pass-through, blend, logic op, clear; gamma space on the
// sRGB ones), then `n` random ops.
std::vector<DatapathOp> datapath_ops(int n, std::mt19937_64& rng) {
  std::vector<DatapathOp> ops;
  for (const FormatInfo& f : kFormatInfo) {
    for (int path = 0; path < 4; ++path) {
      DatapathOp op = random_op_for(&f, static_cast<uint32_t>(f.format), rng);
      op.in.clear = path == 3;
      op.in.logic_op_enable = path == 2;
      op.in.desc.blend_enable = path == 1;
      op.in.gamma_space = path == 1 && f.cls == FormatClass::UNORM_SRGB;
      op.in.desc.render_target_write_mask = 0xF;
      ops.push_back(op);
    }
  }
  for (int i = 0; i < n; ++i) ops.push_back(random_datapath_op(rng));
  return ops;
}

void write_datapath(const std::string& path, int n, std::mt19937_64& rng) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  for (const DatapathOp& op : datapath_ops(n, rng)) {
    const ref::RtOpOut exp = expected_output(op);
    char head[96];
    std::snprintf(head, sizeof head, "%02x %09" PRIx64 " %x %x %x %x ", op.dxgi,
                  pack_rt_desc(op.in.desc), op.in.logic_op_enable,
                  static_cast<unsigned>(op.in.logic_op), op.in.gamma_space, op.in.clear);
    out << head << hex128(op.in.s) << ' ' << hex128(op.in.s1) << ' ' << hex128(op.in.k) << ' '
        << hex128(op.in.dest.w) << ' ' << (exp.write ? 1 : 0) << ' ' << hex128(exp.texel.w) << '\n';
  }
}

}  // namespace
}  // namespace om::unit

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUTDIR [DATAPATH_OPS]\n", argv[0]);
    return 2;
  }
  try {
    const std::string dir = argv[1];
    std::filesystem::create_directories(dir);
    const int n = argc > 2 ? std::stoi(argv[2]) : 200;
    std::mt19937_64 rng(om::unit::test_seed());
    om::unit::write_fp32(dir + "/fp32.hex", rng);
    om::unit::write_datapath(dir + "/datapath.hex", n, rng);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "om_icarus_vectors: %s\n", e.what());
    return 1;
  }
  return 0;
}

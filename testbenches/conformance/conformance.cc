// SPDX-License-Identifier: Apache-2.0
#include "conformance.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "exact_ref.h"
#include "run.h"

namespace om::conformance {
namespace {

const char* const kChannel = "RGBA";
constexpr int64_t kSamplesPerClass = 4;

std::string hex(uint32_t x) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%x", x);
  return b;
}

/// The slot's inputs and both answers, for a reader chasing a difference.
std::string describe(const Vector& v, int slot, uint32_t model, uint32_t lavapipe) {
  const RtVector& rt = v.rt[slot];
  const om::ref::RtBlendDesc& d = rt.desc;
  std::string s = "model " + hex(model) + " lavapipe " + hex(lavapipe) + "; ";
  if (d.blend_enable) {
    s += std::string(to_string(d.src_blend)) + "/" + to_string(d.dest_blend) + "/" +
         to_string(d.blend_op) + " a " + to_string(d.src_blend_alpha) + "/" +
         to_string(d.dest_blend_alpha) + "/" + to_string(d.blend_op_alpha) + "; ";
  }
  s += "S";
  for (uint32_t x : rt.oc) s += " " + hex(x);
  s += " D";
  for (uint32_t x : rt.dest) s += " " + hex(x);
  s += " K";
  for (uint32_t x : v.blend_factor) s += " " + hex(x);
  if (v.oc1) {
    s += " S1";
    for (uint32_t x : *v.oc1) s += " " + hex(x);
  }
  return s;
}

void tally_ideal(IdealTally& t, uint32_t code, const mpq_class& x) {
  const double d = code_distance(code, x);
  ++t.components;
  t.correctly_rounded += correctly_rounded(code, x) ? 1 : 0;
  t.max_distance = std::max(t.max_distance, d);
  t.sum_distance += d;
}

/// The code nearest to x (ties up): what an exact-arithmetic implementation stores.
uint32_t nearest_code(const mpq_class& x) {
  mpz_class q = x.get_num() * 2 + x.get_den();
  mpz_class den = x.get_den() * 2;
  mpz_fdiv_q(q.get_mpz_t(), q.get_mpz_t(), den.get_mpz_t());
  return static_cast<uint32_t>(q.get_ui());
}

}  // namespace

FileTally run_file(const std::string& dir, const std::string& name, const DeviceInfo& dev) {
  const std::string vfile = name + ".vectors.jsonl.gz", rfile = name + ".lavapipe.jsonl.gz";
  const std::vector<Vector> vectors = read_vectors(dir + "/" + vfile);
  const std::vector<Result> results = read_results(dir + "/" + rfile);
  if (vectors.size() != results.size()) {
    throw std::invalid_argument(rfile + ": " + std::to_string(results.size()) + " results for " +
                                std::to_string(vectors.size()) + " vectors in " + vfile);
  }
  FileTally t;
  t.name = name;
  t.vectors = static_cast<int64_t>(vectors.size());
  for (size_t n = 0; n < vectors.size(); ++n) {
    const Vector& v = vectors[n];
    const Result& r = results[n];
    const std::string at = vfile + ":" + std::to_string(v.line) + " (id " + v.id + ")";
    if (r.line != v.line) {
      throw std::invalid_argument(rfile + ": result " + std::to_string(n + 1) + " answers line " +
                                  std::to_string(r.line) + ", expected " + std::to_string(v.line));
    }
    if (!r.error.empty()) throw std::invalid_argument(at + ": lavapipe reported: " + r.error);
    const std::string broken = check_rules(v, dev);
    if (!broken.empty()) throw std::invalid_argument(at + ": breaks the vector rules: " + broken);
    const std::array<std::optional<om::ref::Raw4>, 8> model = run_model(v);
    for (int slot = 0; slot < 8; ++slot) {
      const RtVector& rt = v.rt[slot];
      if (rt.format == nullptr) continue;
      if (!r.rt[slot] || r.format[slot] != rt.format) {
        throw std::invalid_argument(at + ": result slot " + std::to_string(slot) +
                                    " missing or of another format");
      }
      for (int ch = 0; ch < 4; ++ch) {
        if (rt.format->ch[ch].bits == 0) continue;
        const uint32_t m = (*model[slot])[ch], l = (*r.rt[slot])[ch];
        const Verdict verdict = judge(v, slot, ch, m, l);
        ClassTally& c = t.cls[static_cast<int>(verdict.tol)];
        ++c.components;
        c.exact += verdict.exact ? 1 : 0;
        c.within += verdict.within ? 1 : 0;
        c.max_distance = std::max(c.max_distance, verdict.distance);
        if (verdict.within && !verdict.exact && c.components - c.exact <= kSamplesPerClass) {
          t.samples.push_back(at + " rt[" + std::to_string(slot) + "]." + kChannel[ch] + " " +
                              rt.format->name + " [" + tol_name(verdict.tol) +
                              "]: " + describe(v, slot, m, l));
        }
        if (!verdict.within) {
          t.failures.push_back(at + " rt[" + std::to_string(slot) + "]." + kChannel[ch] + " " +
                               rt.format->name + " [" + tol_name(verdict.tol) +
                               "]: " + verdict.detail);
        }
        const bool srgb = srgb_ref_applies(v, slot, ch);
        if (srgb || exact_ref_applies(v, slot, ch)) {
          const mpq_class x = srgb ? ideal_srgb_code(v, slot, ch) : exact_unorm_code(v, slot, ch);
          std::array<IdealTally, 2>& sides =
              t.ideal[std::string(rt.format->name) + (srgb ? " RGB" : "") +
                      (rt.desc.blend_enable ? ", blend on" : ", blend off")];
          tally_ideal(sides[0], m, x);
          tally_ideal(sides[1], l, x);
          const Verdict ideal = judge(v, slot, ch, nearest_code(x), l);
          if (!ideal.within) {
            ++t.exact_model_outside;
            t.failures.push_back(
                at + " rt[" + std::to_string(slot) + "]." + kChannel[ch] +
                ": the exact model is outside tolerance of lavapipe: " + ideal.detail);
          }
        }
      }
    }
  }
  return t;
}

void FileTally::add(const FileTally& o) {
  vectors += o.vectors;
  for (size_t i = 0; i < cls.size(); ++i) {
    cls[i].components += o.cls[i].components;
    cls[i].exact += o.cls[i].exact;
    cls[i].within += o.cls[i].within;
    cls[i].max_distance = std::max(cls[i].max_distance, o.cls[i].max_distance);
  }
  auto add_ideal = [](IdealTally& a, const IdealTally& b) {
    a.components += b.components;
    a.correctly_rounded += b.correctly_rounded;
    a.max_distance = std::max(a.max_distance, b.max_distance);
    a.sum_distance += b.sum_distance;
  };
  for (const auto& [key, sides] : o.ideal) {
    for (int k = 0; k < 2; ++k) add_ideal(ideal[key][k], sides[k]);
  }
  exact_model_outside += o.exact_model_outside;
  failures.insert(failures.end(), o.failures.begin(), o.failures.end());
  samples.insert(samples.end(), o.samples.begin(), o.samples.end());
}

std::string format_tally(const FileTally& t) {
  std::string s;
  char line[200];
  std::snprintf(line, sizeof line, "%s: %lld vectors\n  %-14s %10s %16s %16s %9s\n", t.name.c_str(),
                static_cast<long long>(t.vectors), "class", "components", "exact (model==lvp)",
                "within tolerance", "max dist");
  s += line;
  for (int i = 0; i < static_cast<int>(Tol::kCount); ++i) {
    const ClassTally& c = t.cls[i];
    if (c.components == 0) continue;
    std::snprintf(line, sizeof line, "  %-14s %10lld %9lld %6.2f%% %9lld %6.2f%% %9.3g\n",
                  tol_name(static_cast<Tol>(i)), static_cast<long long>(c.components),
                  static_cast<long long>(c.exact), 100.0 * c.exact / c.components,
                  static_cast<long long>(c.within), 100.0 * c.within / c.components,
                  c.max_distance);
    s += line;
  }
  if (!t.ideal.empty()) {
    std::snprintf(line, sizeof line,
                  "  distance of stored codes to the exact result (sRGB: curves in long double):\n"
                  "  %-36s %7s %18s %18s %18s\n",
                  "format", "comps", "correctly rounded", "max |code-exact|", "mean |code-exact|");
    s += line;
    std::snprintf(line, sizeof line, "  %-36s %7s %9s %8s %9s %8s %9s %8s\n", "", "", "model",
                  "lavapipe", "model", "lavapipe", "model", "lavapipe");
    s += line;
  }
  for (const auto& [key, sides] : t.ideal) {
    const IdealTally& m = sides[0];
    const IdealTally& l = sides[1];
    std::snprintf(line, sizeof line, "  %-36s %7lld %8.2f%% %7.2f%% %9.3f %8.3f %9.3f %8.3f\n",
                  key.c_str(), static_cast<long long>(m.components),
                  100.0 * m.correctly_rounded / m.components,
                  100.0 * l.correctly_rounded / l.components, m.max_distance, l.max_distance,
                  m.sum_distance / m.components, l.sum_distance / l.components);
    s += line;
  }
  return s;
}

}  // namespace om::conformance
